import type { UserDto } from '#shared/api-types';
import { mediaUrl } from '../http/media-url.js';
import type { UserRecord } from '../security/user-record.js';
import { unixSeconds } from '#shared/time';

/** A user as the API shows them; `jwt` only in login, register, recovery and password-change answers. */
export type UserPresenter = (user: UserRecord, jwt?: string) => UserDto;

export function toUserDto(user: UserRecord, mediaBaseUrl: string, jwt?: string): UserDto {
  return {
    id: user.id,
    num: user.num,
    name: user.name,
    email: user.email,
    role: user.role,
    logo: mediaUrl(mediaBaseUrl, user.logo),
    created_at: unixSeconds(user.createdAt),
    orders: user.orderCount,
    two_factor: user.twoFactor,
    mail_updates: user.mailUpdates,
    ...(jwt ? { jwt } : {}),
  };
}

export function createUserPresenter(mediaBaseUrl: string): UserPresenter {
  return (user, jwt) => toUserDto(user, mediaBaseUrl, jwt);
}
