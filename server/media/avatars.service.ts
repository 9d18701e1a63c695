// Stores a processed avatar in the media store with a server-made name and retires the previous one.
import crypto from 'node:crypto';
import { AppError } from '../http/app-error.js';
import { accountErrors, type AccountEvents, type UsersRepository } from '../accounts/index.js';
import type { Publisher } from '../event-bus.js';
import type { UserRecord } from '../security/user-record.js';
import { processUploadedImage } from './uploaded-image.js';
import type { AvatarsRepository } from './avatars.repository.js';
import type { MediaStore } from './media-store.js';

const OWN_AVATAR = /^avatars\/[a-f0-9]{32}\.(jpg|png)$/;
const unreadable = () =>
  new AppError(400, 'errors.badImage', 'Could not update profile picture', { errors: { pic: 'errors.badImage' } });

export function createAvatarsService(deps: {
  avatars: AvatarsRepository;
  users: Pick<UsersRepository, 'findById'>;
  media: MediaStore;
  events: Publisher<AccountEvents>;
}) {
  const { media } = deps;
  /** Never touches a name the shop did not make. */
  const retire = async (logo: string) => {
    if (OWN_AVATAR.test(logo)) await media.remove(logo);
  };

  return {
    async changeAvatar(userId: string, upload: Buffer): Promise<UserRecord> {
      const image = await processUploadedImage(upload, unreadable);
      const logo = `avatars/${crypto.randomBytes(16).toString('hex')}.${image.extension}`;
      await media.put(logo, image.data, image.extension === 'png' ? 'image/png' : 'image/jpeg');
      let swapped: { previous: string | null } | null;
      try {
        swapped = await deps.avatars.swapLogo(userId, logo);
      } catch (error) {
        await retire(logo);
        throw error;
      }
      if (!swapped) {
        await retire(logo);
        throw accountErrors.userNotFound();
      }
      if (swapped.previous && swapped.previous !== logo) await retire(swapped.previous);
      await deps.events.publish('profile.changed', { userId });
      return (await deps.users.findById(userId))!;
    },
  };
}
export type AvatarsService = ReturnType<typeof createAvatarsService>;
