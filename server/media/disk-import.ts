// The start-up step that follows the SQL migrations (decision 250): pictures an older shop kept on disk
// (DATA_DIR/media/avatars, DATA_DIR/media/products, DATA_DIR/tickets) move into the media store under the same names.
// Each file is deleted only once its picture is stored and its row committed, so a crash anywhere loses nothing; an
// import run again, or by several instances at once, stores each picture once (MediaStore.adopt). Only names the
// shop made are moved; anything else is left where it is and named in the log.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from '../logger.js';
import { failureFields, type MediaStore } from './media-store.js';

interface DiskFolder {
  /** Under DATA_DIR. */
  dir: string;
  /** The media folder its pictures go to. */
  folder: 'avatars' | 'products' | 'tickets';
  file: RegExp;
}

const FOLDERS: readonly DiskFolder[] = [
  { dir: 'media/avatars', folder: 'avatars', file: /^[a-f0-9]{32}\.(jpg|png)$/ },
  { dir: 'media/products', folder: 'products', file: /^[a-f0-9]{32}\.(jpg|png)$/ },
  { dir: 'tickets', folder: 'tickets', file: /^[a-f0-9]{32}(\.thumb)?\.jpg$/ },
];
/** Emptied, these go too: DATA_DIR keeps only PGlite's files and the mail outbox. */
const EMPTIED = ['media/avatars', 'media/products', 'media', 'tickets'];

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

export interface DiskImportResult {
  moved: number;
  /** Files left on disk: not the shop's names, or not moved because storing failed (tried again at the next start). */
  left: string[];
}

export async function importDiskMedia(deps: {
  dataDir: string;
  media: MediaStore;
  logger: Logger;
}): Promise<DiskImportResult> {
  const { dataDir, media, logger } = deps;
  let moved = 0;
  const left: string[] = [];
  let failure: unknown;

  for (const { dir, folder, file } of FOLDERS) {
    const from = path.join(dataDir, dir);
    let entries: string[];
    try {
      entries = (await fs.readdir(from, { withFileTypes: true }))
        .filter((e) => e.isFile())
        .map((e) => e.name)
        .sort();
    } catch (error) {
      if (isMissing(error)) continue;
      throw error;
    }
    for (const entry of entries) {
      const where = path.join(dir, entry);
      if (!file.test(entry) || failure) {
        left.push(where);
        continue;
      }
      let data: Buffer;
      try {
        data = await fs.readFile(path.join(from, entry));
      } catch (error) {
        if (isMissing(error)) continue; // another instance moved it meanwhile
        throw error;
      }
      try {
        await media.adopt(`${folder}/${entry}`, data, entry.endsWith('.png') ? 'image/png' : 'image/jpeg');
      } catch (error) {
        // The store is down: the rest stays on disk for the next start, one error logged rather than one per file.
        failure = error;
        left.push(where);
        continue;
      }
      await fs.rm(path.join(from, entry), { force: true });
      moved += 1;
    }
  }
  for (const dir of EMPTIED) await fs.rmdir(path.join(dataDir, dir)).catch(() => undefined);

  if (moved > 0)
    logger.info(
      `media: moved ${moved} picture(s) from ${dataDir} into the ${media.kind === 's3' ? 'S3 bucket' : 'database'}`,
    );
  if (failure) logger.error(`media: pictures left under ${dataDir} (moved at the next start)`, failureFields(failure));
  const foreign = left.filter(
    (where) => !FOLDERS.some((f) => where.startsWith(f.dir) && f.file.test(path.basename(where))),
  );
  if (foreign.length > 0)
    logger.warn(
      `media: files the shop did not make were left under ${dataDir}: ${foreign.slice(0, 10).join(', ')}${foreign.length > 10 ? ', …' : ''}`,
    );
  return { moved, left };
}
