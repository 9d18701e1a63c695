import { SimpleGrid, Stack } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { userAtom } from '../../../lib/session';
import { AvatarEditor } from '../components/avatar-editor';
import { MailUpdatesCard, NameForm, PasswordForm } from '../components/profile-forms';
import { TwoFactorCard } from '../components/two-factor-card';

export default function AccountSettingsPage() {
  const { t } = useTranslation('settings');
  const user = useAtomValue(userAtom);
  if (!user) return null;
  return (
    <Stack gap="md" maw={960}>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <AvatarEditor user={user} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <NameForm key={user.id} user={user} />
        <PasswordForm user={user} />
      </SimpleGrid>
      {user.role === 'user' ? <MailUpdatesCard user={user} /> : null}
      <TwoFactorCard user={user} />
    </Stack>
  );
}
