import { Anchor, Button, Divider, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { AdminOrderDto } from '#shared/api-types';
import { OrderStatusBadge } from '../../../components/order-status-badge';
import { OrderTimeline } from '../../../components/order-timeline';
import { WalletLabel } from '../../../components/wallet-label';
import { paths } from '../../../config';
import { useProductName } from '../../../i18n/labels';
import { useFormat } from '../../../lib/format';
import { showError, showSuccess } from '../../../lib/notify';
import { cancelOrderAsAdmin, completeOrder } from '../api/admin-orders';

const ADMIN_COMMANDS = {
  completeOrder: { send: completeOrder, doneKey: 'orders:queue.completed' },
  cancelOrderAsAdmin: { send: cancelOrderAsAdmin, doneKey: 'orders:queue.cancelled' },
} as const;
type AdminCommand = keyof typeof ADMIN_COMMANDS;

function Row({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text component="div" style={{ fontVariantNumeric: 'tabular-nums', wordBreak: 'break-all' }}>
        {value ?? '—'}
      </Text>
    </Stack>
  );
}

/** Every field of a queued order, its history, and Complete / Cancel (spec §2 admin orders, §4). */
export function OrderDetailModal({ order, onClose, onDone }: { order: AdminOrderDto | null; onClose: () => void; onDone: (order: AdminOrderDto) => void }) {
  const { t } = useTranslation('orders');
  const format = useFormat();
  const productName = useProductName();
  const [busy, setBusy] = useState<AdminCommand | null>(null);

  const run = async (command: AdminCommand) => {
    if (!order) return;
    setBusy(command);
    try {
      const answer = await ADMIN_COMMANDS[command].send(order.id);
      if (!answer.ok) showError(answer, 'errors.orderUpdate');
      else {
        showSuccess(ADMIN_COMMANDS[command].doneKey);
        onDone(answer.order);
      }
    } catch (error) {
      showError(error);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Modal opened={order !== null} onClose={onClose} title={t('queue.detailTitle')} size="lg" centered>
      {order ? (
        <Stack gap="md">
          <Group justify="space-between">
            <Text fw={700}>{productName(order.product_id)}</Text>
            <OrderStatusBadge status={order.status} detailed />
          </Group>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <Row label={t('queue.fields.id')} value={order.id} />
            <Row label={t('queue.fields.created')} value={format.date(order.created_at)} />
            <Row label={t('queue.fields.amount')} value={<b>{format.productMoney(order.data.amount, order.product_id)}</b>} />
            <Row label={t('queue.fields.payAmount')} value={<b>{format.money(order.pm_amount, 'BDT')}</b>} />
            <Row label={t('queue.fields.rate')} value={format.number(order.data.rate)} />
            <Row label={t('queue.fields.method')} value={<WalletLabel wallet={order.pm_method} />} />
            <Row label={t('queue.fields.shopWallet')} value={format.digits(order.pm_wallet)} />
            <Row label={t('queue.fields.pmId')} value={order.pm_id} />
            <Row label={t('queue.fields.onexId')} value={order.data.onex_id ? format.digits(order.data.onex_id) : null} />
            <Row label={t('queue.fields.wCode')} value={order.data.w_code} />
            <Row label={t('queue.fields.wallet')} value={order.data.wallet ? format.digits(order.data.wallet) : null} />
            <Row label={t('queue.fields.email')} value={order.contact_email} />
            <Row label={t('queue.fields.expires')} value={format.date(order.last_time)} />
            <Row label={t('queue.fields.user')} value={
                order.user_id ? (
                  <Anchor component={Link} to={paths.admin.user.getHref(order.user_id)} onClick={onClose}>
                    {order.user_id}
                  </Anchor>
                ) : (
                  t('queue.guest')
                )
              }
            />
          </SimpleGrid>
          {order.data.note ? <Row label={t('queue.fields.note')} value={order.data.note} /> : null}
          <Divider />
          <Text fw={600}>{t('timeline.title')}</Text>
          <OrderTimeline events={order.events} />
          <Divider />
          <Group justify="flex-end" gap="sm">
            <Button color="red" variant="light" loading={busy === 'cancelOrderAsAdmin'} disabled={busy !== null} onClick={() => void run('cancelOrderAsAdmin')}>
              {t('queue.cancel')}
            </Button>
            <Button color="green" loading={busy === 'completeOrder'} disabled={busy !== null || order.status !== 'pending'} onClick={() => void run('completeOrder')}>
              {t('queue.complete')}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
