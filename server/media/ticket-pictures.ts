// Pictures in ticket messages (decision 022): through the avatar pipeline's checks (type by its bytes, size and pixel
// limits, re-encoded without metadata), always JPEG, at most LIMITS.ticketPictureSide, with a thumbnail. Kept in the
// media store as tickets/<hex>.jpg and tickets/<hex>.thumb.jpg, a folder the public /media route never serves: only
// the tickets domain hands them out.
import crypto from 'node:crypto';
import sharp from 'sharp';
import { LIMITS } from '#shared/constants';
import { AppError } from '../http/app-error.js';
import { imageQueue } from './image-queue.js';
import type { MediaStore, StoredMedia } from './media-store.js';
import { processUploadedImage } from './uploaded-image.js';

/** A message's picture name: `<32 hex>.jpg`; its thumbnail is the media `tickets/<32 hex>.thumb.jpg`. */
const STORED_NAME = /^[a-f0-9]{32}\.jpg$/;
const unreadable = () =>
  new AppError(400, 'errors.badImage', 'Could not read this picture', { errors: { pic: 'errors.badImage' } });

export interface StoredTicketPicture {
  name: string;
  width: number;
  height: number;
}
export type TicketPictureSize = 'full' | 'thumb';

/** The media name of a message's picture or of its thumbnail. */
export function ticketPictureMediaName(name: string, size: TicketPictureSize): string {
  return `tickets/${size === 'thumb' ? name.replace(/\.jpg$/, '.thumb.jpg') : name}`;
}

export function createTicketPictureStore(deps: { media: MediaStore }) {
  const { media } = deps;

  async function remove(name: string): Promise<void> {
    if (!STORED_NAME.test(name)) return;
    for (const size of ['full', 'thumb'] as const) await media.remove(ticketPictureMediaName(name, size));
  }

  return {
    /** Checks and re-encodes an upload and stores it with its thumbnail; refusals are AppErrors (pic field). */
    async save(upload: Buffer): Promise<StoredTicketPicture> {
      const image = await processUploadedImage(upload, unreadable, { side: LIMITS.ticketPictureSide, output: 'jpeg' });
      const side = LIMITS.ticketThumbSide;
      // The re-encoded picture is ours and small; its thumbnail still waits its turn with the other image work.
      const thumb = await imageQueue.run(() =>
        sharp(image.data)
          .resize(side, side, { fit: 'inside', withoutEnlargement: true })
          .jpeg({ quality: 78, mozjpeg: true })
          .toBuffer(),
      );
      const name = `${crypto.randomBytes(16).toString('hex')}.jpg`;
      await media.put(ticketPictureMediaName(name, 'full'), image.data, 'image/jpeg');
      try {
        await media.put(ticketPictureMediaName(name, 'thumb'), thumb, 'image/jpeg');
      } catch (error) {
        await media.remove(ticketPictureMediaName(name, 'full'));
        throw error;
      }
      return { name, width: image.width, height: image.height };
    },

    /** A stored picture (its bytes read when answered), or null when the name is not one we made or it is gone. */
    async find(name: string, size: TicketPictureSize): Promise<StoredMedia | null> {
      if (!STORED_NAME.test(name)) return null;
      return media.find(ticketPictureMediaName(name, size));
    },

    /** Deletes a picture whose message was never stored. */
    remove,
  };
}
export type TicketPictureStore = ReturnType<typeof createTicketPictureStore>;
