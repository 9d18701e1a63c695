import { Alert, Anchor, Button, Divider, Group, Modal, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useEffect, useState } from 'react';
import { productKind } from '#shared/constants';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { OrderDto } from '#shared/api-types';
import type { OrderCustomerDto } from '#shared/order-filters';
import type { CancelReason } from '#shared/schemas';
import { OrderStatusBadge } from '../../../components/order-status-badge';
import { OrderTimeline } from '../../../components/order-timeline';
import { WalletLabel } from '../../../components/wallet-label';
import { paths } from '../../../config';
import { useProductName } from '../../../i18n/labels';
import { useFormat } from '../../../lib/format';
import { showError, showSuccess } from '../../../lib/notify';
import { useIsAdmin } from '../../../lib/session';
import { translateRuntimeKey } from '../../../i18n/keys';
import { cancelOrderAsAdmin, completeOrder, reopenOrder, settleVerification } from '../api/admin-orders';
import { CancelConfirmModal } from './cancel-confirm-modal';
import { OrderStaffSteps } from './order-claim';
import { OrderCustomer } from './order-customer';
import { VerificationBadge } from './verification-badge';

type Why = { reason?: CancelReason; note?: string };
type AdminCommand = 'completeOrder' | 'cancelOrderAsAdmin' | 'reopenOrder' | 'accept' | 'reject';
const DONE_KEY = {
  completeOrder: 'orders:queue.completed',
  cancelOrderAsAdmin: 'orders:queue.cancelled',
  reopenOrder: 'sms:reopen.done',
  accept: 'sms:verification.settled',
  reject: 'sms:verification.settled',
} as const;
const VERIFICATION_COLOR = { verified: 'green', amount_mismatch: 'red', held: 'orange', rejected: 'red' } as const;

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
export function OrderDetailModal({
  order,
  customer,
  onClose,
  onDone,
  onChanged,
}: {
  order: OrderDto | null;
  /** The customer of the order, from the list answer (issue 10). */
  customer?: OrderCustomerDto;
  onClose: () => void;
  onDone: (order: OrderDto) => void;
  /** A claim, release or approval changed the order; the popup stays open (issue 20). */
  onChanged?: (order: OrderDto) => void;
}) {
  const { t } = useTranslation(['orders', 'sms']);
  const { t: tc } = useTranslation('console');
  const isAdmin = useIsAdmin();
  const [confirming, setConfirming] = useState(false);
  const format = useFormat();
  const productName = useProductName();
  const [busy, setBusy] = useState<AdminCommand | null>(null);
  const [payoutTrxId, setPayoutTrxId] = useState('');
  const [reason, setReason] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    setPayoutTrxId('');
    setReason('');
    setFieldErrors({});
  }, [order?.id]);

  const send = (command: AdminCommand, id: string, why?: Why) => {
    if (command === 'completeOrder') return completeOrder(id, payoutTrxId.trim() || undefined);
    if (command === 'reopenOrder') return reopenOrder(id, reason);
    if (command === 'accept' || command === 'reject') return settleVerification(id, command, reason);
    return cancelOrderAsAdmin(id, why);
  };
  const run = async (command: AdminCommand, why?: Why) => {
    if (!order) return;
    setBusy(command);
    setFieldErrors({});
    try {
      const answer = await send(command, order.id, why);
      if (!answer.ok) {
        setFieldErrors(answer.errors ?? {});
        showError(answer, 'errors.orderUpdate');
      } else {
        showSuccess(DONE_KEY[command]);
        setConfirming(false);
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
          <OrderStaffSteps order={order} onDone={onChanged ?? onDone} />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <Row label={t('queue.fields.id')} value={order.id} />
            <Row label={t('queue.fields.created')} value={format.date(order.created_at)} />
            <Row label={t('queue.fields.amount')} value={<b>{format.productMoney(order.data.amount, order.product_id)}</b>} />
            <Row label={t('queue.fields.payAmount')} value={<b>{format.money(order.pm_amount, 'BDT')}</b>} />
            <Row label={t('queue.fields.rate')} value={format.number(order.data.rate)} />
            <Row label={t('queue.fields.method')} value={<WalletLabel wallet={order.pm_method} />} />
            <Row label={t('queue.fields.shopWallet')} value={format.wallet(order.pm_wallet)} />
            <Row label={t('queue.fields.pmId')} value={order.pm_id} />
            <Row label={t('queue.fields.onexId')} value={order.data.onex_id ? format.digits(order.data.onex_id) : null} />
            <Row label={t('queue.fields.wCode')} value={order.data.w_code} />
            <Row label={t('queue.fields.wallet')} value={order.data.wallet ? format.wallet(order.data.wallet) : null} />
            <Row label={t('queue.fields.email')} value={order.contact_email} />
            <Row label={t('queue.fields.expires')} value={format.date(order.last_time)} />
            <Row label={t('queue.fields.user')} value={
                order.user_id && !isAdmin ? (
                  order.user_id
                ) : order.user_id ? (
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
          {order.cancel_reason ? <Row label={tc('cancel.reasonLabel')} value={tc(`cancel.reasons.${order.cancel_reason}`)} /> : null}
          {order.cancel_note ? <Row label={tc('cancel.noteLabel')} value={order.cancel_note} /> : null}
          <Text fw={600}>{tc('customer.title')}</Text>
          <OrderCustomer userId={order.user_id} customer={customer} onOpen={onClose} />
          {order.verification && order.verification.status !== 'none' ? (
            <Alert color={VERIFICATION_COLOR[order.verification.status as keyof typeof VERIFICATION_COLOR] ?? 'gray'} variant="light" title={t('sms:verification.title')}>
              <Stack gap={4}>
                <VerificationBadge order={order} />
                {order.verification.status === 'held' && order.verification.reason ? (
                  <Text size="sm" data-held-reason={order.verification.reason}>
                    {t(`sms:verification.heldReason.${order.verification.reason}`, {
                      expected: order.verification.expected_balance === null ? '—' : format.number(order.verification.expected_balance),
                      stated: order.verification.stated_balance === null ? '—' : format.number(order.verification.stated_balance),
                    })}
                  </Text>
                ) : null}
                {order.payout ? (
                  <Text size="sm" data-payout-trx={order.payout.trx_id}>
                    {t('sms:payout.proved', { trx: order.payout.trx_id, time: format.date(order.payout.at) })}
                  </Text>
                ) : null}
                {order.late_claim_at ? <Text size="sm">{t('sms:verification.lateClaim', { time: format.date(order.late_claim_at) })}</Text> : null}
                {order.verification.amount !== null ? (
                  <Text size="sm">
                    {t('sms:verification.smsAmount')}: <b>{format.money(order.verification.amount, 'BDT')}</b> · {t('queue.fields.payAmount')}: <b>{format.money(order.pm_amount, 'BDT')}</b>
                  </Text>
                ) : null}
                {order.verification.sender ? <Text size="sm">{t('sms:verification.smsSender')}: {format.wallet(order.verification.sender)}</Text> : null}
                {order.verification.received_at ? <Text size="sm">{t('sms:verification.smsTime')}: {format.date(order.verification.received_at)}</Text> : null}
              </Stack>
            </Alert>
          ) : null}
          {order.verification?.status === 'held' ? (
            <Group align="flex-end" gap="sm" wrap="wrap">
              <Textarea
                label={t('sms:verification.settleReason')}
                value={reason}
                onChange={(e) => setReason(e.currentTarget.value)}
                error={fieldErrors.reason ? translateRuntimeKey(fieldErrors.reason) : undefined}
                autosize
                minRows={1}
                style={{ flex: '1 1 220px' }}
              />
              <Button color="green" loading={busy === 'accept'} disabled={busy !== null} onClick={() => void run('accept')}>
                {t('sms:verification.settleAccept')}
              </Button>
              <Button color="red" variant="light" loading={busy === 'reject'} disabled={busy !== null} onClick={() => void run('reject')}>
                {t('sms:verification.settleReject')}
              </Button>
            </Group>
          ) : null}
          <Divider />
          <Text fw={600}>{t('timeline.title')}</Text>
          <OrderTimeline events={order.events} />
          <Divider />
          {order.status === 'pending' && productKind(order.product_id) === 'withdraw' ? (
            <TextInput
              label={t('sms:payout.label')}
              placeholder={order.payout?.trx_id}
              value={payoutTrxId}
              onChange={(e) => setPayoutTrxId(e.currentTarget.value)}
              error={fieldErrors.payout_trx_id ? translateRuntimeKey(fieldErrors.payout_trx_id) : undefined}
              ff="monospace"
            />
          ) : null}
          {order.status === 'timedout' && order.late_claim_at ? (
            <Group align="flex-end" gap="sm" wrap="wrap">
              <Textarea
                label={t('sms:reopen.reason')}
                value={reason}
                onChange={(e) => setReason(e.currentTarget.value)}
                error={fieldErrors.reason ? translateRuntimeKey(fieldErrors.reason) : undefined}
                autosize
                minRows={1}
                style={{ flex: '1 1 220px' }}
              />
              <Button loading={busy === 'reopenOrder'} disabled={busy !== null} onClick={() => void run('reopenOrder')}>
                {t('sms:reopen.button')}
              </Button>
            </Group>
          ) : (
            <Group justify="flex-end" gap="sm">
              <Button color="red" variant="light" loading={busy === 'cancelOrderAsAdmin'} disabled={busy !== null || (order.status !== 'pending' && order.status !== 'waiting')} onClick={() => setConfirming(true)}>
                {t('queue.cancel')}
              </Button>
              <Button color="green" loading={busy === 'completeOrder'} disabled={busy !== null || order.status !== 'pending'} onClick={() => void run('completeOrder')}>
                {t('queue.complete')}
              </Button>
            </Group>
          )}
        </Stack>
      ) : null}
      <CancelConfirmModal
        key={order?.id ?? 'none'}
        opened={confirming && order !== null}
        busy={busy === 'cancelOrderAsAdmin'}
        onKeep={() => setConfirming(false)}
        onConfirm={(why) => void run('cancelOrderAsAdmin', why)}
      />
    </Modal>
  );
}
