import {
  Alert,
  Button,
  Divider,
  Group,
  List,
  Modal,
  Paper,
  RingProgress,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconClock } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { PublicOrderDto } from '#shared/api-types';
import { productCurrency, productKind } from '#shared/constants';
import { WalletLabel } from '../../../components/wallet-label';
import { useFormat } from '../../../lib/format';
import { useSubmit } from '../../../lib/use-submit';
import { cancelOrder } from '../api/orders-api';
import { useSecondsLeft } from '../hooks/use-live-order';
import { CopyValue } from './copy-value';
import { PayoutWalletCorrection } from './payout-wallet-correction';
import { TopupPaymentForm, WithdrawPaymentForm } from './payment-forms';
import { WITHDRAW_ADDRESS } from './withdraw-address';
import classes from '../../../styles/text.module.css';

/** Waiting for the customer: countdown, where to pay, the payment form and Cancel (product.md §2.6 waiting). */
export function WaitingView({
  order,
  onChange,
  onExpired,
}: {
  order: PublicOrderDto;
  onChange: (order: PublicOrderDto) => void;
  onExpired: () => void;
}) {
  const { t } = useTranslation('orders');
  const format = useFormat();
  const kind = productKind(order.product_id);
  const secondsLeft = useSecondsLeft(order.last_time);
  const total = Math.max(1, order.last_time - order.created_at);
  const method = t(`wallets.${order.pm_method}`);

  // At zero the server times the order out on read: fetch it once.
  const expiredFor = useRef<number | null>(null);
  useEffect(() => {
    if (secondsLeft === 0 && expiredFor.current !== order.last_time) {
      expiredFor.current = order.last_time;
      onExpired();
    }
  }, [secondsLeft, order.last_time, onExpired]);

  return (
    <Stack gap="lg">
      <Group gap="md" wrap="nowrap" align="center">
        <RingProgress
          size={84}
          thickness={8}
          roundCaps
          sections={[{ value: (secondsLeft / total) * 100, color: secondsLeft < 120 ? 'red' : 'brand' }]}
          label={
            <Group justify="center">
              <IconClock size={22} aria-hidden />
            </Group>
          }
        />
        <div>
          <Text size="sm" c="dimmed">
            {t(kind === 'withdraw' ? 'waiting.withdraw.timeLeft' : 'waiting.timeLeft')}
          </Text>
          <Text
            fw={800}
            fz={34}
            lh={1.1}
            className={classes.tabular}
            role="timer"
            aria-live="off"
            data-testid="countdown"
          >
            {format.countdown(secondsLeft)}
          </Text>
          <CountdownAnnouncement secondsLeft={secondsLeft} withdraw={kind === 'withdraw'} />
        </div>
      </Group>

      <Paper withBorder radius="md" p="md">
        <Stack gap="md">
          <Group justify="space-between">
            <Text fw={600}>{t('waiting.payWith')}</Text>
            <WalletLabel wallet={order.pm_method} size="lg" />
          </Group>
          {kind === 'topup' ? (
            <>
              <CopyValue
                label={t('waiting.shopWallet', { method })}
                value={order.pm_wallet}
                display={format.wallet(order.pm_wallet)}
                nowrap
              />
              <Divider />
              <CopyValue
                label={t('waiting.payAmount')}
                value={order.pm_amount.toFixed(2)}
                display={format.money(order.pm_amount, 'BDT')}
              />
            </>
          ) : (
            <>
              <CopyValue
                label={t('waiting.withdrawAmount')}
                value={order.data.amount.toFixed(2)}
                display={format.money(order.data.amount, productCurrency(order.product_id))}
              />
              <Divider />
              <CopyValue label={t('waiting.city')} value={WITHDRAW_ADDRESS.city} />
              <CopyValue label={t('waiting.street')} value={WITHDRAW_ADDRESS.street} />
              <Divider />
              <CopyValue
                label={t('waiting.youGet')}
                value={order.pm_amount.toFixed(2)}
                display={format.money(order.pm_amount, 'BDT')}
                copy={false}
              />
            </>
          )}
        </Stack>
      </Paper>

      <div>
        <Title order={2} size="h4" mb="xs">
          {t('waiting.howTitle')}
        </Title>
        {kind === 'topup' ? (
          <List type="ordered" spacing="xs">
            <List.Item>{t('waiting.topupStep1', { method })}</List.Item>
            <List.Item>
              {t('waiting.topupStep2', {
                amount: format.money(order.pm_amount, 'BDT'),
                wallet: format.wallet(order.pm_wallet),
              })}
            </List.Item>
            <List.Item>{t('waiting.topupStep3')}</List.Item>
          </List>
        ) : (
          <List type="ordered" spacing="xs">
            <List.Item>{t('waiting.withdrawStep1', { method })}</List.Item>
            <List.Item>
              {t('waiting.withdrawStep2', { city: WITHDRAW_ADDRESS.city, street: WITHDRAW_ADDRESS.street })}
            </List.Item>
            <List.Item>
              {t('waiting.withdrawStep3', {
                amount: format.money(order.data.amount, productCurrency(order.product_id)),
              })}
            </List.Item>
            <List.Item>
              {t('waiting.withdrawStep4', {
                amount: format.money(order.pm_amount, 'BDT'),
                wallet: format.wallet(order.data.wallet ?? ''),
              })}
            </List.Item>
          </List>
        )}
      </div>

      {/* A withdrawal is paid out to the customer's own wallet, which they may still correct (decision 281). */}
      {kind === 'withdraw' ? <PayoutWalletCorrection order={order} onChange={onChange} /> : null}

      {kind === 'topup' ? (
        <TopupPaymentForm orderId={order.id} onDone={onChange} />
      ) : (
        <WithdrawPaymentForm orderId={order.id} onDone={onChange} />
      )}

      <CancelOrderButton orderId={order.id} onDone={onChange} />
    </Stack>
  );
}

/**
 * What a screen reader hears about the time left: a polite message that changes once a minute, then at one minute
 * and at 30 seconds; the visible timer ticks every second but is not live (client/README.md, "Accessibility").
 */
function CountdownAnnouncement({ secondsLeft, withdraw }: { secondsLeft: number; withdraw: boolean }) {
  const { t } = useTranslation('orders');
  const format = useFormat();
  // A withdrawal waits for the customer's withdrawal code, not for a payment.
  const words = withdraw
    ? ({
        minutes: 'waiting.withdraw.announceMinutes',
        lastMinute: 'waiting.withdraw.announceLastMinute',
        lastSeconds: 'waiting.withdraw.announceLastSeconds',
      } as const)
    : ({
        minutes: 'waiting.announceMinutes',
        lastMinute: 'waiting.announceLastMinute',
        lastSeconds: 'waiting.announceLastSeconds',
      } as const);
  let message = '';
  if (secondsLeft > 60) message = t(words.minutes, { minutes: format.number(Math.ceil(secondsLeft / 60)) });
  else if (secondsLeft > 30) message = t(words.lastMinute);
  else if (secondsLeft > 0) message = t(words.lastSeconds);
  return (
    <VisuallyHidden aria-live="polite" aria-atomic="true" data-testid="countdown-announcement">
      {message}
    </VisuallyHidden>
  );
}

function CancelOrderButton({ orderId, onDone }: { orderId: string; onDone: (order: PublicOrderDto) => void }) {
  const { t } = useTranslation('orders');
  const [opened, dialog] = useDisclosure(false);
  // A failure stays as a notification with Retry (decision 180); the dialog closes either way.
  const { submit, pending } = useSubmit({
    send: () => cancelOrder(orderId),
    onDone: (answer) => onDone(answer.order),
    fallbackKey: 'errors.orderUpdate',
  });
  const confirm = async () => {
    await submit(undefined);
    dialog.close();
  };
  return (
    <>
      <Button variant="subtle" color="red" size="md" onClick={dialog.open} data-testid="cancel-order">
        {t('waiting.cancel')}
      </Button>
      <Modal opened={opened} onClose={dialog.close} title={t('waiting.cancelTitle')} centered>
        <Stack>
          <Alert color="red" variant="light">
            {t('waiting.cancelBody')}
          </Alert>
          <Group justify="flex-end">
            <Button variant="default" onClick={dialog.close}>
              {t('waiting.cancelKeep')}
            </Button>
            <Button color="red" loading={pending} onClick={() => void confirm()}>
              {t('waiting.cancelConfirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
