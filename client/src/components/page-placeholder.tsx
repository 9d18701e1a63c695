import { Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Stand-in for a route whose screen is not built yet. */
export function PagePlaceholder({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation('common');
  return (
    <Container size="sm" py="xl">
      <Stack gap="xs">
        <Title order={1} size="h2">
          {t(titleKey)}
        </Title>
        <Text c="dimmed">{t('placeholder.body')}</Text>
      </Stack>
    </Container>
  );
}
