import { Avatar, type AvatarProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { UserDto } from '#shared/api-types';
import { isStaffRole } from '#shared/constants';
import adminAvatarUrl from '../assets/avatar-admin.svg';
import userAvatarUrl from '../assets/avatar-user.svg';

interface UserAvatarProps extends Omit<AvatarProps, 'src' | 'alt'> {
  user: Pick<UserDto, 'name' | 'role' | 'logo'>;
}

/**
 * A circle at every size, as the picture was cropped (avatar-editor's round crop): the theme's `xl` radius left a
 * rounded square at 56 px and up.
 */
export const AVATAR_ROUND = 9999;

/** The user's picture, or the default admin/generic image. */
export function UserAvatar({ user, ...props }: UserAvatarProps) {
  const { t } = useTranslation('common');
  const fallback = isStaffRole(user.role) ? adminAvatarUrl : userAvatarUrl;
  return (
    <Avatar
      src={user.logo || fallback}
      alt={t('header.avatarAlt', { name: user.name })}
      radius={AVATAR_ROUND}
      {...props}
    />
  );
}
