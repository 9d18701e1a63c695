// Turns an uploaded file into a safe image (product.md §6.6, §10) for avatars, product pictures and ticket pictures: JPEG
// or PNG by magic bytes and by sharp's own reading, a pixel limit checked from the header before decoding, EXIF
// rotation applied, at most 1000×1000 (or the caller's side), re-encoded without any metadata. PNG stays PNG
// (transparency), JPEG stays JPEG, unless the caller asks for JPEG (ticket pictures, decision 022).
import sharp from 'sharp';
import { fileTypeFromBuffer } from 'file-type';
import { LIMITS } from '#shared/constants';
import { AppError } from '../http/app-error.js';
import { imageQueue } from './image-queue.js';

/**
 * 16 megapixels: any phone photo, far below a decompression bomb (a 748 KB PNG can declare
 * 16000×16000); checked from the header before anything is decoded, and enforced by sharp's limitInputPixels.
 */
export const MAX_INPUT_PIXELS = 16_000_000;

// Decoded images are not kept between uploads: each is seen once.
sharp.cache(false);

const tooManyPixels = () =>
  new AppError(400, 'errors.imageTooManyPixels', 'This picture is too large (more than 16 megapixels)', {
    errors: { pic: 'errors.imageTooManyPixels' },
  });

export const badImageType = () =>
  new AppError(400, 'errors.badImageType', 'Only JPG and PNG are allowed', { errors: { pic: 'errors.badImageType' } });

export interface UploadedImage {
  data: Buffer;
  extension: 'jpg' | 'png';
  width: number;
  height: number;
}

export interface ImageOptions {
  /** The longest side kept (pixels); LIMITS.avatarSide unless said. */
  side?: number;
  /** `jpeg`: every picture leaves as JPEG (a PNG's transparency on white). */
  output?: 'same' | 'jpeg';
}

/** `unreadable` is the answer for a file that is JPEG or PNG by its bytes but cannot be decoded within the limits. */
export async function processUploadedImage(
  input: Buffer,
  unreadable: () => AppError,
  options: ImageOptions = {},
): Promise<UploadedImage> {
  const type = await fileTypeFromBuffer(input);
  if (!type || (type.mime !== 'image/jpeg' && type.mime !== 'image/png')) throw badImageType();
  let format: string | undefined;
  try {
    // The header only (nothing is decoded): the declared size decides before any pixel work.
    const meta = await sharp(input, { limitInputPixels: false, failOn: 'error' }).metadata();
    format = meta.format;
    if (!meta.width || !meta.height) throw unreadable();
    if (meta.width * meta.height > MAX_INPUT_PIXELS) throw tooManyPixels();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw unreadable();
  }
  if (format !== 'jpeg' && format !== 'png') throw badImageType();
  const output = format === 'png' && options.output !== 'jpeg' ? 'png' : 'jpeg';
  return imageQueue.run(() => reencode(input, output, options.side ?? LIMITS.avatarSide, unreadable));
}

/** The costly part: decode, rotate, resize, encode; run through the bounded queue. */
async function reencode(
  input: Buffer,
  format: 'png' | 'jpeg',
  side: number,
  unreadable: () => AppError,
): Promise<UploadedImage> {
  const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' as const };
  try {
    const pipeline = sharp(input, options).rotate().resize(side, side, { fit: 'inside', withoutEnlargement: true });
    const encoded =
      format === 'png'
        ? pipeline.png({ compressionLevel: 9, adaptiveFiltering: true })
        : pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: 85, mozjpeg: true });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { data, extension: format === 'png' ? 'png' : 'jpg', width: info.width, height: info.height };
  } catch {
    throw unreadable();
  }
}
