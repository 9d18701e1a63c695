// "Notify me on this phone" on the order page (decision 276): a card while something is still to come, once; after
// it, a line that says this phone is notified (with a way to stop), or how to allow notifications again.
import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconBell, IconBellOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/notify';
import { usePushOffer } from '../hooks/use-push-offer';

/** `accountOf`: the signed-in customer's id (the account is followed), null for a guest (this order is). */
export function PushOffer({ orderId, accountOf }: { orderId: string; accountOf: string | null }) {
  const { t } = useTranslation('orders');
  const { state, failure, turnOn, turnOff, dismiss } = usePushOffer(orderId, accountOf);
  const account = accountOf !== null;
  if (state === 'unsupported' || state === 'dismissed') return null;

  if (state === 'on') {
    return (
      <Group gap="xs" wrap="nowrap" data-testid="push-on">
        <IconBell size={18} aria-hidden />
        <Text size="sm" flex={1}>
          {t(account ? 'push.onAccount' : 'push.on')}
        </Text>
        <Button variant="subtle" size="compact-sm" onClick={() => void turnOff()}>
          {t('push.turnOff')}
        </Button>
      </Group>
    );
  }

  if (state === 'denied') {
    return (
      <Alert
        color="yellow"
        icon={<IconBellOff size={20} aria-hidden />}
        title={t('push.title')}
        withCloseButton
        onClose={dismiss}
        data-testid="push-denied"
      >
        {t('push.denied')}
      </Alert>
    );
  }

  return (
    <Paper withBorder radius="lg" p="md" data-testid="push-offer">
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap">
          <IconBell size={20} aria-hidden />
          <Text fw={600}>{t('push.title')}</Text>
        </Group>
        <Text size="sm">{t('push.text')}</Text>
        {failure ? (
          <Text size="sm" c="red" role="alert">
            {errorMessage(failure, 'orders:push.failed')}
          </Text>
        ) : null}
        <Group gap="sm">
          <Button
            onClick={() => void turnOn()}
            loading={state === 'working'}
            leftSection={<IconBell size={18} aria-hidden />}
          >
            {t('push.turnOn')}
          </Button>
          <Button variant="subtle" onClick={dismiss} disabled={state === 'working'}>
            {t('push.notNow')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
