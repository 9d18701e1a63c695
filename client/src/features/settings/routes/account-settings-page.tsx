import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { userAtom } from '../../../lib/session';
import { AvatarEditor } from '../components/avatar-editor';
import { NameForm, PasswordForm } from '../components/profile-forms';
import { TwoFactorCard } from '../components/two-factor-card';

export default function AccountSettingsPage() {
  const { t } = useTranslation('settings');
  const user = useAtomValue(userAtom);
  if (!user) return null;
  return (
    <Stack gap="md" maw={960}>
      <Stack gap={2}>
        <Title order={1} size="h2">
          {t('title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('subtitle')}
        </Text>
      </Stack>
      <AvatarEditor user={user} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <NameForm key={user.id} user={user} />
        <PasswordForm user={user} />
      </SimpleGrid>
      <TwoFactorCard user={user} />
    </Stack>
  );
}
