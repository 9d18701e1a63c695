import { Badge, Button, Card, Checkbox, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WEBHOOK_EVENTS, type WebhookDto, type WebhookEventType } from '#shared/webhooks';
import { ConfirmModal } from '../../../components/confirm-modal';
import { translateRuntimeKey } from '../../../i18n/keys';
import { useFormat } from '../../../lib/format';
import { showError, showSuccess } from '../../../lib/notify';
import { addWebhook, changeWebhook, deleteWebhook, listWebhooks, sendTestEvent } from '../api/webhooks-api';
import { DeliveryLog } from '../components/delivery-log';
import { useEventName } from '../components/event-name';
import { WebhookSecretModal } from '../components/webhook-secret-modal';
import classes from '../../../styles/text.module.css';

const URL_EXAMPLE = 'https://partner.example.com/shop-events';

/** /admin/webhooks — the partners' endpoints: add (secret once), turn on/off, delete, test event, delivery log. */
export default function AdminWebhooksPage() {
  const { t } = useTranslation('admin');
  const format = useFormat();
  const eventName = useEventName();
  const [webhooks, setWebhooks] = useState<WebhookDto[] | null>(null);
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>(['order.paid']);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const [logOf, setLogOf] = useState<string | null>(null);

  const load = useCallback(async () => {
    const answer = await listWebhooks();
    if (!answer.ok) showError(answer);
    setWebhooks(answer.ok ? answer.webhooks : []);
    // The first webhook's log is open on arrival (closed again by its button).
    if (answer.ok && answer.webhooks.length > 0) setLogOf((open) => open ?? answer.webhooks[0].id);
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const add = async () => {
    setBusy(true);
    setErrors({});
    try {
      const answer = await addWebhook({ url, events });
      if (!answer.ok) {
        setErrors(answer.errors ?? {});
        showError(answer);
        return;
      }
      showSuccess('admin:webhooks.added');
      setSecret(answer.secret);
      setUrl('');
      await load();
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  };

  const toggle = async (webhook: WebhookDto) => {
    const answer = await changeWebhook(webhook.id, { enabled: !webhook.enabled });
    if (!answer.ok) showError(answer);
    else showSuccess('admin:webhooks.saved');
    await load();
  };

  const [removing, setRemoving] = useState<WebhookDto | null>(null);
  const remove = async (webhook: WebhookDto) => {
    const answer = await deleteWebhook(webhook.id);
    if (!answer.ok) showError(answer);
    else showSuccess('admin:webhooks.deleted');
    if (logOf === webhook.id) setLogOf(null);
    await load();
  };

  const test = async (webhook: WebhookDto) => {
    const answer = await sendTestEvent(webhook.id);
    if (!answer.ok) showError(answer);
    else {
      showSuccess('admin:webhooks.testQueued');
      setLogOf(webhook.id);
    }
  };

  const fieldError = (field: string) => (errors[field] ? translateRuntimeKey(errors[field]) : undefined);
  const eventsError = Object.entries(errors).find(([field]) => field.startsWith('webhook.events'))?.[1];

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('webhooks.title')}
      </Title>
      <Text c="dimmed">{t('webhooks.intro')}</Text>
      <Card withBorder radius="md">
        <Stack gap="sm">
          <TextInput
            label={t('webhooks.url')}
            placeholder={URL_EXAMPLE}
            value={url}
            onChange={(e) => setUrl(e.currentTarget.value)}
            error={fieldError('webhook.url') ?? fieldError('url')}
            inputMode="url"
          />
          <Checkbox.Group
            label={t('webhooks.events')}
            value={events}
            onChange={(value) => setEvents(value as WebhookEventType[])}
            error={eventsError ? translateRuntimeKey(eventsError) : undefined}
          >
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={6} mt={6}>
              {WEBHOOK_EVENTS.map((event) => (
                <Checkbox key={event} value={event} label={eventName(event)} />
              ))}
            </SimpleGrid>
          </Checkbox.Group>
          <Group justify="flex-end">
            <Button onClick={() => void add()} loading={busy}>
              {t('webhooks.add')}
            </Button>
          </Group>
        </Stack>
      </Card>
      {webhooks !== null && webhooks.length === 0 ? <Text c="dimmed">{t('webhooks.empty')}</Text> : null}
      {(webhooks ?? []).map((webhook) => (
        <Card key={webhook.id} withBorder radius="md" data-testid="webhook-card">
          <Stack gap="xs">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Text fw={700} className={classes.breakAll}>
                {webhook.url}
              </Text>
              <Badge color={webhook.enabled ? 'green' : 'gray'} variant="light" flex="none">
                {webhook.enabled ? t('webhooks.enabled') : t('webhooks.disabled')}
              </Badge>
            </Group>
            <Group gap={6}>
              {webhook.events.map((event) => (
                <Badge key={event} variant="outline" size="sm" tt="none">
                  {eventName(event)}
                </Badge>
              ))}
            </Group>
            <Group gap="md">
              <Text size="sm">{t('webhooks.pending', { n: format.number(webhook.pending) })}</Text>
              <Text size="sm" c={webhook.failed > 0 ? 'red' : undefined}>
                {t('webhooks.failed', { n: format.number(webhook.failed) })}
              </Text>
            </Group>
            <Group gap="xs" justify="flex-end">
              <Button size="xs" variant="light" onClick={() => void test(webhook)}>
                {t('webhooks.sendTest')}
              </Button>
              <Button size="xs" variant="default" onClick={() => setLogOf(logOf === webhook.id ? null : webhook.id)}>
                {logOf === webhook.id ? t('webhooks.hideLog') : t('webhooks.showLog')}
              </Button>
              <Button size="xs" variant="default" onClick={() => void toggle(webhook)}>
                {webhook.enabled ? t('webhooks.disable') : t('webhooks.enable')}
              </Button>
              <Button size="xs" color="red" variant="light" onClick={() => setRemoving(webhook)}>
                {t('webhooks.delete')}
              </Button>
            </Group>
            {logOf === webhook.id ? <DeliveryLog webhookId={webhook.id} onChanged={() => void load()} /> : null}
          </Stack>
        </Card>
      ))}
      <WebhookSecretModal secret={secret} onClose={() => setSecret(null)} />
      <ConfirmModal
        opened={removing !== null}
        title={t('webhooks.deleteTitle')}
        body={removing ? t('webhooks.deleteConfirm', { url: removing.url }) : null}
        confirmLabel={t('webhooks.delete')}
        onConfirm={() => (removing ? remove(removing) : undefined)}
        onClose={() => setRemoving(null)}
      />
    </Stack>
  );
}
