// Stores a processed avatar under DATA_DIR/media/avatars with a server-made name and retires the previous one.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../http/app-error.js';
import { accountErrors, type AccountEvents, type UsersRepository } from '../accounts/index.js';
import type { Publisher } from '../event-bus.js';
import type { Logger } from '../logger.js';
import type { UserRecord } from '../security/user-record.js';
import { processUploadedImage } from './uploaded-image.js';
import type { AvatarsRepository } from './avatars.repository.js';

const OWN_AVATAR = /^avatars\/[a-f0-9]{32}\.(jpg|png)$/;
const unreadable = () => new AppError(400, 'errors.badImage', 'Could not update profile picture', { errors: { pic: 'errors.badImage' } });

export function createAvatarsService(deps: {
  avatars: AvatarsRepository;
  users: Pick<UsersRepository, 'findById'>;
  dataDir: string;
  logger: Logger;
  events: Publisher<AccountEvents>;
}) {
  const mediaDir = path.join(deps.dataDir, 'media');
  const avatarDir = path.join(mediaDir, 'avatars');

  async function removeFile(logo: string): Promise<void> {
    if (!OWN_AVATAR.test(logo)) return; // never touch a path we did not make (e.g. a seeded image)
    await fs.rm(path.join(mediaDir, logo), { force: true }).catch((error: unknown) => deps.logger.error(`Could not delete ${logo}`, error));
  }

  return {
    async changeAvatar(userId: string, upload: Buffer): Promise<UserRecord> {
      const image = await processUploadedImage(upload, unreadable);
      const logo = `avatars/${crypto.randomBytes(16).toString('hex')}.${image.extension}`;
      await fs.mkdir(avatarDir, { recursive: true });
      await fs.writeFile(path.join(mediaDir, logo), image.data, { flag: 'wx' });
      let swapped: { previous: string | null } | null;
      try {
        swapped = await deps.avatars.swapLogo(userId, logo);
      } catch (error) {
        await removeFile(logo);
        throw error;
      }
      if (!swapped) {
        await removeFile(logo);
        throw accountErrors.userNotFound();
      }
      if (swapped.previous && swapped.previous !== logo) await removeFile(swapped.previous);
      await deps.events.publish('profile.changed', { userId });
      return (await deps.users.findById(userId))!;
    },
  };
}
export type AvatarsService = ReturnType<typeof createAvatarsService>;
