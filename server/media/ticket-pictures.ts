// Pictures in ticket messages (issue 22 point 5, decision 183): through the avatar pipeline's checks (type by its
// bytes, size and pixel limits, re-encoded without metadata), always JPEG, at most LIMITS.ticketPictureSide, with a
// thumbnail. Stored under DATA_DIR/tickets, outside the public /media folder: only the tickets domain hands them out.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { LIMITS } from '#shared/constants';
import { AppError } from '../http/app-error.js';
import type { Logger } from '../logger.js';
import { imageQueue } from './image-queue.js';
import { processUploadedImage } from './uploaded-image.js';

/** A stored name: `<32 hex>.jpg`; the thumbnail sits beside it as `<32 hex>.thumb.jpg`. */
const STORED_NAME = /^[a-f0-9]{32}\.jpg$/;
const unreadable = () => new AppError(400, 'errors.badImage', 'Could not read this picture', { errors: { pic: 'errors.badImage' } });

export interface StoredTicketPicture {
  name: string;
  width: number;
  height: number;
}
export type TicketPictureSize = 'full' | 'thumb';

export function createTicketPictureStore(deps: { dataDir: string; logger: Logger }) {
  const dir = path.join(deps.dataDir, 'tickets');
  const fileOf = (name: string, size: TicketPictureSize) => path.join(dir, size === 'thumb' ? name.replace(/\.jpg$/, '.thumb.jpg') : name);

  return {
    /** Checks and re-encodes an upload and writes it with its thumbnail; refusals are AppErrors (pic field). */
    async save(upload: Buffer): Promise<StoredTicketPicture> {
      const image = await processUploadedImage(upload, unreadable, { side: LIMITS.ticketPictureSide, output: 'jpeg' });
      const side = LIMITS.ticketThumbSide;
      // The re-encoded picture is ours and small; its thumbnail still waits its turn with the other image work.
      const thumb = await imageQueue.run(() =>
        sharp(image.data).resize(side, side, { fit: 'inside', withoutEnlargement: true }).jpeg({ quality: 78, mozjpeg: true }).toBuffer(),
      );
      const name = `${crypto.randomBytes(16).toString('hex')}.jpg`;
      await fs.mkdir(dir, { recursive: true });
      await fs.writeFile(fileOf(name, 'full'), image.data, { flag: 'wx' });
      await fs.writeFile(fileOf(name, 'thumb'), thumb, { flag: 'wx' });
      return { name, width: image.width, height: image.height };
    },

    /** The bytes of a stored picture, or null when the name is not one we made or the file is gone. */
    async read(name: string, size: TicketPictureSize): Promise<Buffer | null> {
      if (!STORED_NAME.test(name)) return null;
      return fs.readFile(fileOf(name, size)).catch(() => null);
    },

    /** Deletes a picture whose message was never stored. */
    async remove(name: string): Promise<void> {
      if (!STORED_NAME.test(name)) return;
      for (const size of ['full', 'thumb'] as const) {
        await fs.rm(fileOf(name, size), { force: true }).catch((error: unknown) => deps.logger.error(`Could not delete ticket picture ${name}`, error));
      }
    },
  };
}
export type TicketPictureStore = ReturnType<typeof createTicketPictureStore>;
