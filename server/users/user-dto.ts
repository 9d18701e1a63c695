import type { UserDto } from '#shared/api-types';
import type { UserRecord } from './users.repository.js';

export function mediaUrl(mediaBaseUrl: string, name: string | null): string | null {
  return name ? `${mediaBaseUrl}/${name}` : null;
}

export function toUserDto(user: UserRecord, mediaBaseUrl: string, jwt?: string): UserDto {
  return {
    id: user.id,
    num: user.num,
    name: user.name,
    email: user.email,
    role: user.role,
    logo: mediaUrl(mediaBaseUrl, user.logo),
    created_at: Math.floor(user.createdAt.getTime() / 1000),
    orders: user.orderCount,
    ...(jwt ? { jwt } : {}),
  };
}
