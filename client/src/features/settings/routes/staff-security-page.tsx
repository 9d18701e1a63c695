import { Stack } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { userAtom } from '../../../lib/session';
import { TelegramCard } from '../components/telegram-card';
import { TwoFactorCard } from '../components/two-factor-card';

/**
 * /admin/security — a staff member's own two-factor sign-in (STAFF_2FA=required leads here first) and
 * their link to the Telegram desk.
 */
export default function StaffSecurityPage() {
  const { t } = useTranslation('common');
  const user = useAtomValue(userAtom);
  if (!user) return null;
  return (
    <Stack gap="md" maw={640}>
      <PageHeader title={t('nav.security')} />
      <TwoFactorCard user={user} />
      <TelegramCard user={user} />
    </Stack>
  );
}
