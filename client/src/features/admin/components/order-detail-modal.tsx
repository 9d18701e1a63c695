import { Anchor, Button, Divider, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { OrderDto } from '#shared/api-types';
import { productCurrency } from '#shared/constants';
import { OrderStatusBadge } from '../../../components/order-status-badge';
import { OrderTimeline } from '../../../components/order-timeline';
import { WalletLabel } from '../../../components/wallet-label';
import { paths } from '../../../config/paths';
import { useFormat } from '../../../lib/format';
import { setOrderStatus } from '../api/admin-api';
import { showError, showSuccess } from '../../../lib/notify';

function Row({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text component="div" style={{ fontVariantNumeric: 'tabular-nums', wordBreak: 'break-all' }}>
        {value ?? '—'}
      </Text>
    </Stack>
  );
}

/** Every field of a queued order, its history, and Complete / Cancel (spec §2 admin orders, §4). */
export function OrderDetailModal({ order, onClose, onDone }: { order: OrderDto | null; onClose: () => void; onDone: (order: OrderDto) => void }) {
  const { t } = useTranslation('admin');
  const format = useFormat();
  const [busy, setBusy] = useState<'complete' | 'cancelled' | null>(null);

  const act = async (status: 'complete' | 'cancelled') => {
    if (!order) return;
    setBusy(status);
    try {
      const answer = await setOrderStatus(order.id, status);
      if (!answer.ok) showError(answer, 'errors.orderUpdate');
      else {
        showSuccess(status === 'complete' ? 'admin:orders.completed' : 'admin:orders.cancelled');
        onDone(answer.order);
      }
    } catch (error) {
      showError(error);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Modal opened={order !== null} onClose={onClose} title={t('orders.detailTitle')} size="lg" centered>
      {order ? (
        <Stack gap="md">
          <Group justify="space-between">
            <Text fw={700}>{t(`orders:product.${order.product_id}`)}</Text>
            <OrderStatusBadge status={order.status} detailed />
          </Group>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <Row label={t('orders.fields.id')} value={order.id} />
            <Row label={t('orders.fields.created')} value={format.date(order.created_at)} />
            <Row label={t('orders.fields.amount')} value={<b>{format.money(order.data.amount, productCurrency(order.product_id))}</b>} />
            <Row label={t('orders.fields.payAmount')} value={<b>{format.money(order.pm_amount, 'BDT')}</b>} />
            <Row label={t('orders.fields.rate')} value={format.number(order.data.rate)} />
            <Row label={t('orders.fields.method')} value={<WalletLabel wallet={order.pm_method} />} />
            <Row label={t('orders.fields.shopWallet')} value={format.digits(order.pm_wallet)} />
            <Row label={t('orders.fields.pmId')} value={order.pm_id} />
            <Row label={t('orders.fields.onexId')} value={order.data.onex_id} />
            <Row label={t('orders.fields.wCode')} value={order.data.w_code} />
            <Row label={t('orders.fields.wallet')} value={order.data.wallet ? format.digits(order.data.wallet) : null} />
            <Row label={t('orders.fields.email')} value={order.contact_email} />
            <Row label={t('orders.fields.expires')} value={format.date(order.last_time)} />
            <Row label={t('orders.fields.user')} value={
                order.user_id ? (
                  <Anchor component={Link} to={paths.admin.user.getHref(order.user_id)} onClick={onClose}>
                    {order.user_id}
                  </Anchor>
                ) : (
                  t('orders.guest')
                )
              }
            />
          </SimpleGrid>
          {order.data.note ? <Row label={t('orders.fields.note')} value={order.data.note} /> : null}
          <Divider />
          <Text fw={600}>{t('orders:timeline.title')}</Text>
          <OrderTimeline events={order.events} />
          <Divider />
          <Group justify="flex-end" gap="sm">
            <Button color="red" variant="light" loading={busy === 'cancelled'} disabled={busy !== null} onClick={() => void act('cancelled')}>
              {t('orders.cancel')}
            </Button>
            <Button color="green" loading={busy === 'complete'} disabled={busy !== null || order.status !== 'pending'} onClick={() => void act('complete')}>
              {t('orders.complete')}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
