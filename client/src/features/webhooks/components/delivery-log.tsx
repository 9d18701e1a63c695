// One webhook's delivery log: the newest deliveries, each with its attempts (time, status code, duration, error),
// and "send again".
import { Badge, Button, Code, Group, Paper, Stack, Text } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WebhookDeliveryDto, WebhookDeliveryStatus } from '#shared/webhooks';
import { useFormat } from '../../../lib/format';
import { showError, showSuccess } from '../../../lib/notify';
import { listDeliveries, retryDelivery } from '../api/webhooks-api';
import { useEventName } from './event-name';
import classes from '../../../styles/text.module.css';

const STATUS_COLOR: Record<WebhookDeliveryStatus, string> = { pending: 'yellow', delivered: 'green', failed: 'red' };

export function DeliveryLog({ webhookId, onChanged }: { webhookId: string; onChanged: () => void }) {
  const { t } = useTranslation('admin');
  const format = useFormat();
  const eventName = useEventName();
  const [deliveries, setDeliveries] = useState<WebhookDeliveryDto[] | null>(null);

  const load = useCallback(async () => {
    const answer = await listDeliveries(webhookId);
    if (!answer.ok) showError(answer);
    setDeliveries(answer.ok ? answer.deliveries : []);
  }, [webhookId]);
  useEffect(() => {
    void load();
  }, [load]);

  const statusLabel = (status: WebhookDeliveryStatus) =>
    status === 'pending'
      ? t('webhooks.status.pending')
      : status === 'delivered'
        ? t('webhooks.status.delivered')
        : t('webhooks.status.failed');

  const retry = async (delivery: WebhookDeliveryDto) => {
    const answer = await retryDelivery(webhookId, delivery.id);
    if (!answer.ok) showError(answer);
    else showSuccess('admin:webhooks.retried');
    await load();
    onChanged();
  };

  return (
    <Stack gap="xs" data-testid="delivery-log">
      <Group justify="space-between">
        <Title2>{t('webhooks.logTitle')}</Title2>
        <Button size="xs" variant="subtle" onClick={() => void load()}>
          {t('webhooks.refresh')}
        </Button>
      </Group>
      {deliveries !== null && deliveries.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('webhooks.logEmpty')}
        </Text>
      ) : null}
      {(deliveries ?? []).map((delivery) => (
        <Paper key={delivery.id} withBorder radius="sm" p="xs">
          <Stack gap={4}>
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Group gap="xs" wrap="wrap">
                <Badge color={STATUS_COLOR[delivery.status]} variant="light">
                  {statusLabel(delivery.status)}
                </Badge>
                <Text size="sm" fw={600}>
                  {eventName(delivery.type)}
                </Text>
                <Text size="xs" c="dimmed">
                  {format.date(delivery.created_at)}
                </Text>
              </Group>
              {delivery.status !== 'pending' ? (
                <Button size="compact-xs" variant="light" onClick={() => void retry(delivery)}>
                  {t('webhooks.retry')}
                </Button>
              ) : null}
            </Group>
            <Text size="xs" c="dimmed" className={classes.breakAll}>
              {t('webhooks.eventId')}: <Code>{delivery.event_id}</Code>
            </Text>
            {delivery.next_at !== null ? (
              <Text size="xs">
                {t('webhooks.nextAt')}: {format.date(delivery.next_at)}
              </Text>
            ) : null}
            {delivery.attempts.map((attempt, i) => (
              <Group key={`${delivery.id}-${attempt.at}-${i}`} gap="xs" wrap="wrap">
                <Text size="xs" c="dimmed">
                  {t('webhooks.attempt')} {format.number(delivery.attempts.length - i)} · {format.date(attempt.at)}
                </Text>
                <Badge size="xs" variant="outline" color={attempt.error === null ? 'green' : 'red'}>
                  {attempt.status_code !== null ? format.number(attempt.status_code) : t('webhooks.noAnswer')}
                </Badge>
                <Text size="xs">{t('webhooks.durationMs', { ms: format.number(attempt.duration_ms) })}</Text>
                {attempt.error !== null ? (
                  <Text size="xs" c="red" className={classes.breakWord}>
                    {attempt.error}
                  </Text>
                ) : null}
              </Group>
            ))}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

function Title2({ children }: { children: string }) {
  return (
    <Text fw={700} size="sm">
      {children}
    </Text>
  );
}
