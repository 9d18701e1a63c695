// Completing asks first (issue 22 point 3, decision 198): amount, 1xBet id or payout wallet, and the verification.
// Not verified by SMS, the button waits for a second, deliberate tap on "I checked the payment myself". The slot of
// that check is always there, so neither a live update nor the check itself moves the buttons under a thumb.
import { Alert, Box, Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderDto } from '#shared/api-types';
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
}: {
  /** The order as it is now; null once it left the list (done elsewhere): the last one seen stays shown, disabled. */
  order: OrderDto | null;
  opened: boolean;
  busy: boolean;
  onKeep: () => void;
  onConfirm: (order: OrderDto) => void;
}) {
  const { t } = useTranslation(['orders', 'sms']);
  const format = useFormat();
  const [seen, setSeen] = useState(order);
  if (order && order !== seen) setSeen(order);
  const shown = order ?? seen;
  // The check counts for the verification it was given under: a live change asks for it again.
  const [checkedFor, setCheckedFor] = useState<string | null>(null);
  if (!shown) return null;
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
                <Text size="sm">{t('queue.confirm.verified')}</Text>
              </Stack>
            </Alert>
          ) : (
            <Alert color="orange" variant="light" p="xs">
              <Stack gap={6}>
                <Group gap="xs" wrap="wrap">
                  {verification === 'none' ? null : <VerificationBadge order={shown} />}
                  <Text size="sm">
                    {verification === 'amount_mismatch' && smsAmount != null
                      ? t('queue.confirm.amountDiffers', { sms: format.money(smsAmount, 'BDT'), order: format.money(shown.pm_amount, 'BDT') })
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
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onKeep} disabled={busy}>
            {t('queue.confirm.keep')}
          </Button>
          <Button color="green" loading={busy} disabled={!stillPending || (!verified && !checked)} onClick={() => onConfirm(shown)}>
            {t('queue.confirm.yes')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
