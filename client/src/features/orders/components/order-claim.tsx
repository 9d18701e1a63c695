// Who holds an order and the second pair of eyes: the queue row's Claim / Release, and the order popup's
// holder, approvals and Approve. Each answers the changed order to `onDone`, as the popup's other commands do.
import { Alert, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderDto } from '#shared/api-types';
import { shortOrderId } from '../../../components/order-columns';
import { useFormat } from '../../../lib/format';
import { showError, showSuccess } from '../../../lib/notify';
import { useIsAdmin, userAtom } from '../../../lib/session';
import { approveOrder, claimOrder, releaseOrder } from '../api/order-claims';

type Step = 'claim' | 'release' | 'approve';
const SEND = { claim: claimOrder, release: releaseOrder, approve: approveOrder } as const;
const DONE = {
  claim: 'orders:claims.claimed',
  release: 'orders:claims.released',
  approve: 'orders:claims.approved',
} as const;

/** Whether the order can still be claimed: the queue's orders (and timed-out ones claimed paid late). */
const claimable = (order: OrderDto) =>
  order.status === 'pending' ||
  order.status === 'waiting' ||
  (order.status === 'timedout' && order.late_claim_at !== null);

function useStep(onDone: (order: OrderDto) => void) {
  const [busy, setBusy] = useState<Step | null>(null);
  const run = async (step: Step, order: OrderDto) => {
    setBusy(step);
    try {
      const answer = await SEND[step](order.id);
      if (!answer.ok) showError(answer, 'errors.orderUpdate');
      else {
        showSuccess(DONE[step]);
        onDone(answer.order);
      }
    } catch (error) {
      showError(error);
    } finally {
      setBusy(null);
    }
  };
  return { busy, run };
}

/**
 * The holder as the viewer reads it ("You" for their own claims): the name alone under a "Claimed by" heading, or
 * "Claimed by …" where nothing says it (`labelled`, the phone card).
 */
export function AssigneeName({ order, labelled = false }: { order: OrderDto; labelled?: boolean }) {
  const { t } = useTranslation('orders');
  const me = useAtomValue(userAtom)?.id;
  if (!order.assignee) return null;
  const name = order.assignee.id === me ? t('claims.you') : order.assignee.name;
  return (
    <Badge variant="light" color={order.assignee.id === me ? 'teal' : 'grape'} radius="sm" tt="none" maw="100%">
      {labelled ? t('claims.claimedBy', { name }) : name}
    </Badge>
  );
}

/** The queue row's action: Claim when nobody holds the order, Release for its holder (and admins), else nothing. */
export function ClaimAction({ order, onDone }: { order: OrderDto; onDone: (order: OrderDto) => void }) {
  const { t } = useTranslation('orders');
  const me = useAtomValue(userAtom)?.id;
  const isAdmin = useIsAdmin();
  const { busy, run } = useStep(onDone);
  const id = shortOrderId(order.id);
  if (!order.assignee) {
    if (!claimable(order)) return null;
    return (
      <Button
        size="compact-sm"
        variant="light"
        loading={busy === 'claim'}
        aria-label={t('claims.claimOrder', { id })}
        onClick={() => void run('claim', order)}
      >
        {t('claims.claim')}
      </Button>
    );
  }
  if (order.assignee.id !== me && !isAdmin) return null;
  return (
    <Button
      size="compact-sm"
      variant="subtle"
      color="gray"
      loading={busy === 'release'}
      aria-label={t('claims.releaseOrder', { id })}
      onClick={() => void run('release', order)}
    >
      {t('claims.release')}
    </Button>
  );
}

/** The popup's part: who holds the order, Claim / Release, and for a large withdrawal the approvals and Approve. */
export function OrderStaffSteps({ order, onDone }: { order: OrderDto; onDone: (order: OrderDto) => void }) {
  const { t } = useTranslation('orders');
  const format = useFormat();
  const me = useAtomValue(userAtom)?.id;
  const isAdmin = useIsAdmin();
  const { busy, run } = useStep(onDone);
  const approvals = order.approvals ?? [];
  const approvedByMe = approvals.some((a) => a.by === me);
  const approvedByOther = approvals.some((a) => a.by !== me);
  // A large withdrawal's completion (four eyes), or a held payment's acceptance by an operator (decision 315).
  const heldApproval = order.accept_rule === 'second_approval' && !isAdmin;
  const asksApproval = (order.status === 'pending' && order.approval_required) || heldApproval;
  return (
    <Stack gap="xs">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs">
          <Text size="sm" fw={600}>
            {t('claims.holder')}:
          </Text>
          {order.assignee ? <AssigneeName order={order} /> : <Text size="sm">{t('claims.nobody')}</Text>}
        </Group>
        <ClaimAction order={order} onDone={onDone} />
      </Group>
      {asksApproval && !approvedByOther ? (
        <Alert color="yellow" variant="light" p="xs">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Text size="sm">
              {heldApproval
                ? approvedByMe
                  ? t('claims.heldOwnApproval')
                  : t('claims.heldNeedsApproval')
                : approvedByMe
                  ? t('claims.ownApproval')
                  : t('claims.needsApproval')}
            </Text>
            {approvedByMe ? null : (
              <Button
                size="compact-sm"
                color="yellow"
                loading={busy === 'approve'}
                onClick={() => void run('approve', order)}
              >
                {t('claims.approve')}
              </Button>
            )}
          </Group>
        </Alert>
      ) : null}
      {approvals.length > 0 ? (
        <Group gap="xs">
          <Text size="sm" fw={600}>
            {t('claims.approvals')}:
          </Text>
          {approvals.map((a) => (
            <Text key={`${a.by}-${a.at}`} size="sm">
              ✓ {t('claims.approvedBy', { name: a.by === me ? t('claims.you') : a.name, time: format.date(a.at) })}
            </Text>
          ))}
        </Group>
      ) : null}
    </Stack>
  );
}
