// Completing asks first (decision 198): amount, 1xBet id or payout wallet, and the verification.
// A top-up not verified by SMS waits for a second, deliberate tap on "I checked the payment myself"; the server asks
// the same (decision 241): a ticked check is sent as `unverified` with its reason. A withdrawal asks its own question
// (code redeemed, Tk N sent to that number): with a Send Money SMS proving the payout it is one tap and the TrxID is
// filled in; without, the payout TrxID is required and the dialog says no proof was seen. The slot of that check is
// always there, so neither a live update nor the check itself moves the buttons under a thumb.
import { Alert, Box, Button, Checkbox, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderDto } from '#shared/api-types';
import { productKind } from '#shared/constants';
import { payoutTrxIdSchema } from '#shared/schemas';
import { translateRuntimeKey } from '../../../i18n/keys';
import { useFormat } from '../../../lib/format';
import { OrderEssentials } from './order-essentials';
import { VerificationBadge } from './verification-badge';

/** The height the verification slot keeps whatever it holds (two lines of text and the check). */
const SLOT_HEIGHT = 104;

export function CompleteConfirmModal({
  order,
  opened,
  busy,
  onKeep,
  onConfirm,
  payoutError,
}: {
  /** The order as it is now; null once it left the list (done elsewhere): the last one seen stays shown, disabled. */
  order: OrderDto | null;
  opened: boolean;
  busy: boolean;
  onKeep: () => void;
  /**
   * `checkedByHand`: a top-up's payment is not verified and "I checked the payment myself" is ticked; `payoutTrxId`:
   * a withdrawal's payout TrxID (typed, or the one its Send Money SMS proved).
   */
  onConfirm: (order: OrderDto, checkedByHand: boolean, payoutTrxId?: string) => void;
  /** The server's refusal of the typed payout TrxID (an i18n key). */
  payoutError?: string;
}) {
  const { t } = useTranslation(['orders', 'sms']);
  const format = useFormat();
  const [seen, setSeen] = useState(order);
  if (order && order !== seen) setSeen(order);
  const shown = order ?? seen;
  // The check counts for the verification it was given under: a live change asks for it again.
  const [checkedFor, setCheckedFor] = useState<string | null>(null);
  const [trxId, setTrxId] = useState('');
  if (!shown) return null;
  if (productKind(shown.product_id) === 'withdraw') {
    const stillPendingW = order !== null && order.status === 'pending';
    const proof = shown.payout;
    const stampW = `${shown.id}:payout:${proof?.sms_id ?? ''}:${shown.data.wallet ?? ''}`;
    const typed = payoutTrxIdSchema.safeParse(trxId);
    const ready = stillPendingW && (proof !== null || (typed.success && checkedFor === stampW));
    const words = {
      amount: format.money(shown.pm_amount, 'BDT'),
      wallet: format.wallet(shown.data.wallet ?? ''),
      method: t(`wallets.${shown.pm_method}`),
    };
    return (
      <Modal opened={opened} onClose={onKeep} title={t('queue.confirm.title')} centered zIndex={300}>
        <Stack gap="sm">
          <OrderEssentials order={shown} />
          <Text fw={600}>{t('queue.confirm.withdrawQuestion', words)}</Text>
          <Box mih={SLOT_HEIGHT} data-testid="complete-confirm-check">
            {!stillPendingW ? (
              <Alert color="red" variant="light" p="xs" role="status">
                {t('queue.confirm.gone')}
              </Alert>
            ) : proof ? (
              <Alert
                color="green"
                variant="light"
                p="xs"
                icon={<IconCircleCheck size={18} />}
                data-testid="payout-proof"
              >
                <Text size="sm">
                  {t('queue.confirm.payoutProved', { ...words, trx: proof.trx_id, time: format.date(proof.at) })}
                </Text>
              </Alert>
            ) : (
              <Alert color="orange" variant="light" p="xs" data-testid="payout-no-proof">
                <Stack gap={6}>
                  <Text size="sm">{t('queue.confirm.payoutNoProof')}</Text>
                  <TextInput
                    label={t('queue.confirm.payoutTrxId')}
                    value={trxId}
                    onChange={(e) => setTrxId(e.currentTarget.value.toUpperCase())}
                    error={
                      payoutError
                        ? translateRuntimeKey(payoutError)
                        : trxId !== '' && !typed.success
                          ? translateRuntimeKey(typed.error.issues[0].message)
                          : undefined
                    }
                    required
                    autoComplete="off"
                    ff="monospace"
                  />
                  <Checkbox
                    label={t('queue.confirm.payoutDone', words)}
                    checked={checkedFor === stampW}
                    onChange={(event) => setCheckedFor(event.currentTarget.checked ? stampW : null)}
                  />
                </Stack>
              </Alert>
            )}
          </Box>
          <ConfirmButtons
            busy={busy}
            ready={ready}
            onKeep={onKeep}
            onConfirm={() => onConfirm(shown, false, proof ? proof.trx_id : typed.success ? typed.data : undefined)}
          />
        </Stack>
      </Modal>
    );
  }
  const verification = shown.verification?.status ?? 'none';
  const verified = verification === 'verified';
  const stamp = `${shown.id}:${verification}:${shown.verification?.sms_id ?? ''}`;
  const checked = checkedFor === stamp;
  const stillPending = order !== null && order.status === 'pending';
  const smsAmount = shown.verification?.amount;
  return (
    <Modal opened={opened} onClose={onKeep} title={t('queue.confirm.title')} centered zIndex={300}>
      <Stack gap="sm">
        <OrderEssentials order={shown} />
        <Box mih={SLOT_HEIGHT} data-testid="complete-confirm-check">
          {!stillPending ? (
            <Alert color="red" variant="light" p="xs" role="status">
              {t('queue.confirm.gone')}
            </Alert>
          ) : verified ? (
            <Alert color="green" variant="light" p="xs" icon={<IconCircleCheck size={18} />}>
              <Stack gap={4}>
                <VerificationBadge order={shown} />
                <Text size="sm">
                  {shown.verification?.accepted_by
                    ? t('queue.confirm.acceptedByHand', { name: shown.verification.accepted_by.name })
                    : t('queue.confirm.verified')}
                </Text>
              </Stack>
            </Alert>
          ) : (
            <Alert color="orange" variant="light" p="xs">
              <Stack gap={6}>
                <Group gap="xs" wrap="wrap">
                  {verification === 'none' ? null : <VerificationBadge order={shown} />}
                  <Text size="sm">
                    {verification === 'amount_mismatch' && smsAmount != null
                      ? t('queue.confirm.amountDiffers', {
                          sms: format.money(smsAmount, 'BDT'),
                          order: format.money(shown.pm_amount, 'BDT'),
                        })
                      : t('queue.confirm.notVerified')}
                  </Text>
                </Group>
                <Checkbox
                  label={t('queue.confirm.checkedMyself')}
                  checked={checked}
                  onChange={(event) => setCheckedFor(event.currentTarget.checked ? stamp : null)}
                />
              </Stack>
            </Alert>
          )}
        </Box>
        <ConfirmButtons
          busy={busy}
          ready={stillPending && (verified || checked)}
          onKeep={onKeep}
          onConfirm={() => onConfirm(shown, !verified && checked)}
        />
      </Stack>
    </Modal>
  );
}

/** Keep / Complete under either question (a top-up's or a withdrawal's). */
function ConfirmButtons({
  busy,
  ready,
  onKeep,
  onConfirm,
}: {
  busy: boolean;
  ready: boolean;
  onKeep: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation('orders');
  return (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" onClick={onKeep} disabled={busy}>
        {t('queue.confirm.keep')}
      </Button>
      <Button color="green" loading={busy} disabled={!ready} onClick={onConfirm}>
        {t('queue.confirm.yes')}
      </Button>
    </Group>
  );
}
