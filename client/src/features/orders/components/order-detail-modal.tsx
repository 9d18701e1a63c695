// The admin's order popup: what staff act on first (status, amounts, 1xBet id or payout wallet,
// verification, the held decision), the details below, and the actions in a bar that stays at the bottom of the
// popup while it scrolls, so a live update above never moves them.
import {
  Alert,
  Anchor,
  Box,
  Button,
  Divider,
  Group,
  Modal,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useAtomValue } from 'jotai';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { OrderDto } from '#shared/api-types';
import type { OrderCustomerDto } from '#shared/order-filters';
import type { CancelReason } from '#shared/schemas';
import { OrderStatusBadge } from '../../../components/order-status-badge';
import { OrderTimeline } from '../../../components/order-timeline';
import { WalletLabel } from '../../../components/wallet-label';
import { paths } from '../../../config';
import { useProductName, useWalletName } from '../../../i18n/labels';
import { useFormat } from '../../../lib/format';
import { showError, showSuccess } from '../../../lib/notify';
import { useIsAdmin, userAtom } from '../../../lib/session';
import { translateRuntimeKey } from '../../../i18n/keys';
import { cancelOrderAsAdmin, completeOrder, reopenOrder, settleVerification } from '../api/admin-orders';
import { CancelConfirmModal } from './cancel-confirm-modal';
import { CompleteConfirmModal } from './complete-confirm-modal';
import { OrderStaffSteps } from './order-claim';
import { OrderCustomer } from './order-customer';
import { OrderEssentials } from './order-essentials';
import { VerificationBadge } from './verification-badge';
import text from '../../../styles/text.module.css';
import classes from './order-detail-modal.module.css';

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

/** A detail; a row without a value is not shown. */
function Row({ label, value }: { label: string; value: ReactNode }) {
  if (value === null || value === undefined || value === '') return null;
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text component="div" className={`${text.tabular} ${text.breakAll}`}>
        {value}
      </Text>
    </Stack>
  );
}

/** A reason the timeline keeps and the buttons it goes with: settling a held payment, reopening a late one. */
type Decision = 'accept' | 'reject' | 'reopenOrder';
const DECISION_COLOR = { accept: 'green', reject: 'red', reopenOrder: 'blue' } as const;

/**
 * A held payment or a late claim (decision 321): one choice per path, each saying what the customer will see after
 * it, then one reason and one button for the path chosen (no look-alike reason fields side by side).
 */
function DecisionChoice({
  order,
  choices,
  choice,
  onChoice,
  reason,
  onReason,
  error,
  busy,
  mayAccept,
  onRun,
}: {
  order: OrderDto;
  choices: Decision[];
  choice: Decision | null;
  onChoice: (choice: Decision) => void;
  reason: string;
  onReason: (reason: string) => void;
  error?: string;
  busy: AdminCommand | null;
  mayAccept: boolean;
  onRun: (command: Decision) => void;
}) {
  const { t } = useTranslation('sms');
  return (
    <Stack gap="sm" data-testid="order-decision">
      <Radio.Group
        label={t(order.status === 'timedout' ? 'decision.lateTitle' : 'decision.heldTitle')}
        value={choice}
        onChange={(value) => onChoice(value as Decision)}
      >
        <Stack gap="xs" mt={6}>
          {choices.map((name) => (
            <Radio
              key={name}
              value={name}
              label={t(`decision.${name}.label`)}
              description={t(`decision.${name}.customer`)}
              disabled={name === 'accept' && !mayAccept}
            />
          ))}
        </Stack>
      </Radio.Group>
      {choice ? (
        <ReasonAction label={t(`decision.${choice}.reason`)} value={reason} onChange={onReason} error={error}>
          <Button
            color={DECISION_COLOR[choice]}
            loading={busy === choice}
            disabled={busy !== null || (choice === 'accept' && !mayAccept)}
            onClick={() => onRun(choice)}
          >
            {t(`decision.${choice}.button`)}
          </Button>
        </ReasonAction>
      ) : null}
    </Stack>
  );
}

function ReasonAction({
  label,
  value,
  onChange,
  error,
  children,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  children: ReactNode;
}) {
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <Textarea
        label={label}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        error={error ? translateRuntimeKey(error) : undefined}
        autosize
        minRows={1}
        flex="1 1 220px"
      />
      <Group gap="sm" wrap="nowrap">
        {children}
      </Group>
    </Group>
  );
}

/** Whether this staff member may accept the held payment now (decision 315): an admin; an operator once someone else approved. */
function mayAccept(order: OrderDto, isAdmin: boolean, me: string | undefined): boolean {
  if (isAdmin) return true;
  return order.accept_rule === 'second_approval' && (order.approvals ?? []).some((a) => a.by !== me);
}

/**
 * Why a payment is held, as what to do (decision 320): a balance gap names the missing message's amount, the phone and
 * the times it came between (decision 303), with the ways to settle it there (find it in the SMS inbox, or set the
 * phone's balance).
 */
function HeldReason({ order }: { order: OrderDto }) {
  const { t } = useTranslation(['orders', 'sms']);
  const format = useFormat();
  const walletName = useWalletName();
  const isAdmin = useIsAdmin();
  const v = order.verification!;
  const gap =
    v.reason === 'balance_gap' && v.expected_balance !== null && v.stated_balance !== null
      ? Math.abs(v.stated_balance - v.expected_balance)
      : null;
  // The missing message came after the step the ledger expected from (the previous chained message, or the stated
  // balance) and before this one: "between" when that step is known and earlier (decision 303).
  const between = v.expected_since !== null && v.received_at !== null && v.expected_since < v.received_at;
  const values = {
    expected: v.expected_balance === null ? '—' : format.number(v.expected_balance),
    stated: v.stated_balance === null ? '—' : format.number(v.stated_balance),
  };
  return (
    <Stack gap={6} data-held-reason={v.reason}>
      <Text size="sm">
        {gap !== null
          ? t(between ? 'sms:verification.heldAction.balance_gap_between' : 'sms:verification.heldAction.balance_gap', {
              gap: format.number(gap),
              phone: walletName(order.pm_method),
              from: between ? format.date(v.expected_since!) : '',
              time: v.received_at === null ? '—' : format.date(v.received_at),
              ...values,
            })
          : t(`sms:verification.heldReason.${v.reason!}`, values)}
      </Text>
      {v.reason === 'balance_gap' || v.reason === 'no_anchor' ? (
        <Group gap="xs">
          <Button component={Link} to={paths.admin.sms.getHref()} size="compact-sm" variant="light">
            {t('sms:verification.heldAction.findSms')}
          </Button>
          {isAdmin ? (
            <Button component={Link} to={paths.admin.devices.getHref()} size="compact-sm" variant="light">
              {t('sms:verification.heldAction.setBalance')}
            </Button>
          ) : null}
        </Group>
      ) : null}
    </Stack>
  );
}

/** The SMS verification of the order: what the SMS said beside what the order asks. */
function VerificationPanel({ order }: { order: OrderDto }) {
  const { t } = useTranslation(['orders', 'sms']);
  const format = useFormat();
  const v = order.verification;
  if (!v || v.status === 'none') return null;
  return (
    <Alert
      color={VERIFICATION_COLOR[v.status as keyof typeof VERIFICATION_COLOR] ?? 'gray'}
      variant="light"
      p="sm"
      data-testid="order-verification"
    >
      <Stack gap={4}>
        <Group gap="xs" wrap="wrap">
          <VerificationBadge order={order} />
          {v.amount !== null ? (
            <Text size="sm">
              {t('sms:verification.smsAmount')}: <b>{format.money(v.amount, 'BDT')}</b>
            </Text>
          ) : null}
        </Group>
        {v.status === 'held' && v.reason ? <HeldReason order={order} /> : null}
        {order.payout ? (
          <Text size="sm" data-payout-trx={order.payout.trx_id}>
            {t('sms:payout.proved', { trx: order.payout.trx_id, time: format.date(order.payout.at) })}
          </Text>
        ) : null}
        {order.late_claim_at ? (
          <Text size="sm">{t('sms:verification.lateClaim', { time: format.date(order.late_claim_at) })}</Text>
        ) : null}
        {v.sender || v.received_at ? (
          <Text size="xs" c="dimmed">
            {[
              v.sender ? `${t('sms:verification.smsSender')}: ${format.wallet(v.sender)}` : null,
              v.received_at ? `${t('sms:verification.smsTime')}: ${format.date(v.received_at)}` : null,
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        ) : null}
      </Stack>
    </Alert>
  );
}

/** A queued order: the essentials and its actions first, then every other field, the customer and the history. */
export function OrderDetailModal({
  order,
  customer,
  onClose,
  onDone,
  onChanged,
}: {
  order: OrderDto | null;
  /** The customer of the order, from the list answer. */
  customer?: OrderCustomerDto;
  onClose: () => void;
  onDone: (order: OrderDto) => void;
  /** A claim, release or approval changed the order; the popup stays open. */
  onChanged?: (order: OrderDto) => void;
}) {
  const { t } = useTranslation(['orders', 'sms']);
  const { t: tc } = useTranslation('console');
  const isAdmin = useIsAdmin();
  const me = useAtomValue(userAtom)?.id;
  const phone = useMediaQuery('(max-width: 36em)');
  const [confirming, setConfirming] = useState<'cancel' | 'complete' | null>(null);
  const format = useFormat();
  const productName = useProductName();
  const [busy, setBusy] = useState<AdminCommand | null>(null);
  const [reason, setReason] = useState('');
  const [choice, setChoice] = useState<Decision | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    setReason('');
    setChoice(null);
    setFieldErrors({});
  }, [order?.id]);

  const send = (command: AdminCommand, id: string, why?: Why, checkedByHand = false, payout?: string) => {
    if (command === 'completeOrder') return completeOrder(id, payout, checkedByHand);
    if (command === 'reopenOrder') return reopenOrder(id, reason);
    if (command === 'accept' || command === 'reject') return settleVerification(id, command, reason);
    return cancelOrderAsAdmin(id, why);
  };
  const run = async (command: AdminCommand, why?: Why, checkedByHand = false, payout?: string) => {
    if (!order) return;
    setBusy(command);
    setFieldErrors({});
    try {
      const answer = await send(command, order.id, why, checkedByHand, payout);
      if (!answer.ok) {
        setFieldErrors(answer.errors ?? {});
        // A refused payout TrxID shows under its field in the confirmation, which stays open.
        if (!answer.errors?.payout_trx_id) showError(answer, 'errors.orderUpdate');
        if (answer.errors && !answer.errors.payout_trx_id) setConfirming(null);
      } else {
        showSuccess(DONE_KEY[command]);
        setConfirming(null);
        onDone(answer.order);
      }
    } catch (error) {
      showError(error);
    } finally {
      setBusy(null);
    }
  };

  const open = order !== null && (order.status === 'pending' || order.status === 'waiting');
  const reopenable = order !== null && order.status === 'timedout' && order.late_claim_at !== null;
  const decisions: Decision[] = [
    ...(order?.verification?.status === 'held' ? (['accept', 'reject'] as const) : []),
    ...(reopenable ? (['reopenOrder'] as const) : []),
  ];
  return (
    <Modal
      opened={order !== null}
      onClose={onClose}
      title={t('queue.detailTitle')}
      size="lg"
      centered={!phone}
      fullScreen={Boolean(phone)}
    >
      {order ? (
        <Stack gap="md">
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text fw={700}>{productName(order.product_id)}</Text>
            <OrderStatusBadge status={order.status} productId={order.product_id} detailed />
          </Group>
          <OrderEssentials order={order} />
          <VerificationPanel order={order} />
          {order.verification?.status === 'held' && !isAdmin && order.accept_rule === 'admin' ? (
            <Text size="sm" c="dimmed" data-testid="held-admin-only">
              {t('claims.heldAdminOnly')}
            </Text>
          ) : null}
          {decisions.length > 0 ? (
            <DecisionChoice
              order={order}
              choices={decisions}
              choice={choice}
              onChoice={setChoice}
              reason={reason}
              onReason={setReason}
              error={fieldErrors.reason}
              busy={busy}
              mayAccept={mayAccept(order, isAdmin, me)}
              onRun={(command) => void run(command)}
            />
          ) : null}
          <OrderStaffSteps order={order} onDone={onChanged ?? onDone} />
          <Divider label={t('queue.essentials.details')} labelPosition="left" />
          <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="sm" verticalSpacing="xs">
            <Row label={t('queue.fields.id')} value={order.id} />
            <Row label={t('queue.fields.created')} value={format.date(order.created_at)} />
            <Row label={t('queue.fields.method')} value={<WalletLabel wallet={order.pm_method} size="sm" />} />
            <Row label={t('queue.fields.shopWallet')} value={format.wallet(order.pm_wallet)} />
            {/* A TrxID reads as the wallet writes it, upper case, whatever the customer typed. */}
            <Row label={t('queue.fields.pmId')} value={order.pm_id?.toUpperCase() ?? null} />
            {order.product_id.endsWith('_usd') ? (
              <Row label={t('queue.fields.rate')} value={format.number(order.data.rate)} />
            ) : null}
            {order.status === 'waiting' ? (
              <Row label={t('queue.fields.expires')} value={format.date(order.last_time)} />
            ) : null}
            <Row label={t('queue.fields.email')} value={order.contact_email} />
            <Row
              label={t('queue.fields.user')}
              value={
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
          <Row label={t('queue.fields.note')} value={order.data.note} />
          <Row
            label={tc('cancel.reasonLabel')}
            value={order.cancel_reason ? tc(`cancel.reasons.${order.cancel_reason}`) : null}
          />
          <Row label={tc('cancel.noteLabel')} value={order.cancel_note} />
          <Text fw={600}>{tc('customer.title')}</Text>
          <OrderCustomer userId={order.user_id} customer={customer} onOpen={onClose} />
          <Divider />
          <Text fw={600}>{t('timeline.title')}</Text>
          <OrderTimeline events={order.events} productId={order.product_id} />
          {open ? (
            // Stays at the bottom of the popup while it scrolls (a phone's thumb), whatever arrives above it.
            <Box data-testid="order-actions" className={classes.actions}>
              <Group justify="flex-end" gap="sm" wrap="nowrap">
                <Button
                  color="red"
                  variant="light"
                  loading={busy === 'cancelOrderAsAdmin'}
                  disabled={busy !== null}
                  onClick={() => setConfirming('cancel')}
                >
                  {t('queue.cancel')}
                </Button>
                <Button
                  color="green"
                  loading={busy === 'completeOrder'}
                  disabled={busy !== null || order.status !== 'pending'}
                  onClick={() => setConfirming('complete')}
                >
                  {t('queue.complete')}
                </Button>
              </Group>
            </Box>
          ) : null}
        </Stack>
      ) : null}
      <CancelConfirmModal
        key={order?.id ?? 'none'}
        opened={confirming === 'cancel' && order !== null}
        busy={busy === 'cancelOrderAsAdmin'}
        onKeep={() => setConfirming(null)}
        onConfirm={(why) => void run('cancelOrderAsAdmin', why)}
      />
      <CompleteConfirmModal
        key={`complete-${order?.id ?? 'none'}`}
        order={order}
        opened={confirming === 'complete' && order !== null}
        busy={busy === 'completeOrder'}
        onKeep={() => setConfirming(null)}
        onConfirm={(_order, checkedByHand, payout) => void run('completeOrder', undefined, checkedByHand, payout)}
        payoutError={fieldErrors.payout_trx_id}
      />
    </Modal>
  );
}
