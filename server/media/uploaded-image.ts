// Turns an uploaded file into a safe image (design §6, §10) for avatars and product pictures: JPEG or PNG by magic
// bytes and by sharp's own reading, a pixel limit checked from the header before decoding, EXIF rotation applied,
// at most 1000×1000, re-encoded without any metadata. PNG stays PNG (transparency), JPEG stays JPEG.
import sharp from 'sharp';
import { fileTypeFromBuffer } from 'file-type';
import { LIMITS } from '#shared/constants';
import { AppError } from '../http/app-error.js';

/** 40 megapixels: any real photo, far below a decompression bomb (a 748 KB PNG can declare 16000×16000). */
export const MAX_INPUT_PIXELS = 40_000_000;

export const badImageType = () =>
  new AppError(400, 'errors.badImageType', 'Only JPG and PNG are allowed', { errors: { pic: 'errors.badImageType' } });

export interface UploadedImage {
  data: Buffer;
  extension: 'jpg' | 'png';
  width: number;
  height: number;
}

/** `unreadable` is the answer for a file that is JPEG or PNG by its bytes but cannot be decoded within the limits. */
export async function processUploadedImage(input: Buffer, unreadable: () => AppError): Promise<UploadedImage> {
  const type = await fileTypeFromBuffer(input);
  if (!type || (type.mime !== 'image/jpeg' && type.mime !== 'image/png')) throw badImageType();
  const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' as const };
  let format: string | undefined;
  try {
    const meta = await sharp(input, options).metadata();
    format = meta.format;
    if (!meta.width || !meta.height || meta.width * meta.height > MAX_INPUT_PIXELS) throw unreadable();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw unreadable();
  }
  if (format !== 'jpeg' && format !== 'png') throw badImageType();
  const side = LIMITS.avatarSide;
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
