import { Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Shown while the first lazy route of a fresh page load is fetched. */
export function RouteLoading() {
  return (
    <Center mih="60vh">
      <Loader />
    </Center>
  );
}

/** Route error boundary: usually a chunk that failed to load after a deploy. */
export function RouteError() {
  const { t } = useTranslation('common');
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" gap="sm">
        <Title order={1} size="h3">
          {t('routeError.title')}
        </Title>
        <Text c="dimmed">{t('routeError.body')}</Text>
        <Button onClick={() => window.location.reload()}>{t('routeError.reload')}</Button>
      </Stack>
    </Center>
  );
}
