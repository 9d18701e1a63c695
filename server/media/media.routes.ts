// GET /media/{folder}/{file}: the public pictures (users' avatars, products' pictures) at the URLs MEDIA_BASE_URL
// names, from the media store with a strong ETag and immutable caching (a name is never reused for other bytes).
// Ticket pictures are media too, but never here: only the tickets domain hands them out, to the ticket's people.
import { pipeline } from 'node:stream/promises';
import { Router, type Request, type Response } from 'express';
import { errors } from '../http/app-error.js';
import type { RateLimits } from '../http/rate-limits.js';
import type { Logger } from '../logger.js';
import type { MediaStore, StoredMedia } from './media-store.js';

/** The public folders and the names the shop makes in them. */
const PUBLIC_NAME = /^(avatars|products)\/[a-f0-9]{32}\.(jpg|png)$/;

/** A year: the longest a cache is asked to keep anything, for bytes that never change under their name. */
export const PUBLIC_MEDIA_CACHE = 'public, max-age=31536000, immutable';

/**
 * Answers a stored picture: 304 when the caller's ETag is the picture's, else its bytes streamed as they are read.
 * `notFound` answers a picture that went away between finding and reading it.
 */
export async function sendMedia(
  req: Request,
  res: Response,
  media: StoredMedia,
  options: { cacheControl: string; notFound: () => Error; logger: Logger },
): Promise<void> {
  res.set({ 'Content-Type': media.contentType, ETag: media.etag, 'Cache-Control': options.cacheControl });
  if (req.fresh) {
    res.status(304).end();
    return;
  }
  // HEAD is answered from the row: no byte of the picture is read.
  if (req.method === 'HEAD') {
    res.set('Content-Length', String(media.size)).end();
    return;
  }
  let body;
  try {
    body = await media.open();
    if (!body) throw options.notFound();
  } catch (error) {
    // The failure answer must not be kept by a cache as if it were the picture.
    res.removeHeader('ETag');
    res.set('Cache-Control', 'no-store');
    throw error;
  }
  res.set('Content-Length', String(media.size));
  await pipeline(body, res).catch((error: unknown) => {
    // The headers are gone: the cut answer (shorter than its Content-Length) is all the client can be told.
    const code = (error as { code?: string }).code;
    if (code !== 'ERR_STREAM_PREMATURE_CLOSE') options.logger.error(`media ${media.name}: the answer was cut`, error);
    res.destroy();
  });
}

export function mediaRoutes(deps: { media: MediaStore; limits: Pick<RateLimits, 'media'>; logger: Logger }): Router {
  const { media, limits, logger } = deps;
  const router = Router();
  const notFound = () => errors.notFound('errors.notFound', 'Not found');

  router.get('/media/:folder/:file', ...limits.media, async (req, res) => {
    const name = `${req.params.folder}/${req.params.file}`;
    const found = PUBLIC_NAME.test(name) ? await media.find(name) : null;
    if (!found) throw notFound();
    await sendMedia(req, res, found, { cacheControl: PUBLIC_MEDIA_CACHE, notFound, logger });
  });

  return router;
}
