import { Alert, Anchor, Button, Paper, Radio, SimpleGrid, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import type { ProductDto, ProductPmDto } from '#shared/api-types';
import { productCurrency, productKind } from '#shared/constants';
import { toAsciiDigits } from '#shared/digits';
import { AMOUNT_PATTERN, compareAmounts, computePayAmount, feeAmount } from '#shared/money';
import { isOpenAt } from '#shared/money-controls';
import { topupOrderSchema, withdrawOrderSchema, type PlaceOrderInput } from '#shared/schemas';
import type { z } from 'zod';
import { walletAccent, WalletLabel } from '../../../components/wallet-label';
import { paths } from '../../../config';
import { useFormat } from '../../../lib/format';
import { focusFirstInvalid, zodResolver } from '../../../lib/form';
import { useRateText } from '../../../lib/rate-text';
import { TranslatedError } from '../../../lib/notify';
import { SubmitFailureAlert } from '../../../lib/submit-failure';
import { useSubmit } from '../../../lib/use-submit';
import { readStored, writeStored } from '../../../lib/storage';
import { placeOrder } from '../api/orders-api';
import { PlayerName } from './player-name';
import classes from '../../../styles/text.module.css';

const FIELDS = ['pm_method', 'amount', 'onex_id', 'wallet', 'contact_email', 'payer'] as const;

interface Values {
  pm_method: string;
  amount: string;
  onex_id: string;
  wallet: string;
  contact_email: string;
  payer: string;
}

/** A signed-in customer's payer number is remembered on this device. */
const payerStorageKey = (userId: string) => `payer:${userId}`;

/** Top-up or withdraw form of /new/:id (product.md §2.5, §5): method, amount within the method's range, account, e-mail. */
export function NewOrderForm({
  product,
  defaultEmail,
  userId,
}: {
  product: ProductDto;
  defaultEmail: string;
  userId?: string;
}) {
  const { t } = useTranslation('orders');
  const format = useFormat();
  const rateText = useRateText();
  const navigate = useNavigate();
  const kind = productKind(product.id);
  const currency = productCurrency(product.id);
  // A method whose daily cap is full shows, unselectable, until midnight Dhaka (decision 112); one the server refused
  // as full while this page was open joins them.
  const [fullNow, setFullNow] = useState<ReadonlySet<string>>(new Set());
  // A refusal by the customer's own limits or break (decisions 271-272): the form links to where they stand.
  const [ownLimitRefusal, setOwnLimitRefusal] = useState(false);
  const methods = product.pms.filter((pm) => pm.available);
  // A method outside its business hours (Asia/Dhaka) shows unselectable with its opening time.
  const [now] = useState(() => new Date());
  // A withdrawal is placed from a confirmation step that shows the payout number grouped (decision 281).
  const [confirming, setConfirming] = useState<z.output<typeof withdrawOrderSchema> | null>(null);
  const isClosed = (pm: ProductPmDto) => !isOpenAt(pm.hours, now);
  const isFull = (pm: ProductPmDto, full: ReadonlySet<string> = fullNow) =>
    pm.limit_reached || full.has(pm.account) || isClosed(pm);
  const open = methods.filter((pm) => !isFull(pm));

  const form = useForm<Values>({
    initialValues: {
      pm_method: open[0]?.account ?? '',
      amount: '',
      onex_id: '',
      wallet: '',
      contact_email: defaultEmail,
      payer: (userId && readStored(payerStorageKey(userId))) || '',
    },
    validateInputOnBlur: true,
    validate: (values) => {
      const payload = kind === 'topup' ? topupFields(values) : withdrawFields(values);
      const errors = zodResolver(kind === 'topup' ? topupOrderSchema : withdrawOrderSchema)(payload);
      const method = methods.find((pm) => pm.account === values.pm_method);
      // The method's own limits, in the reader's digits: "Minimum ৳১০০" rather than "invalid amount".
      const outside = method ? outOfRange(values.amount, method) : null;
      if (!errors.amount && method && outside) {
        errors.amount =
          outside === 'low'
            ? t('validation.amountMin', { min: format.money(method.min, currency) })
            : t('validation.amountMax', { max: format.money(method.max, currency) });
      }
      return errors;
    },
  });

  const method = methods.find((pm) => pm.account === form.values.pm_method);
  // The note in the reader's language, as the product's description; the English one when none.
  const note = method ? (format.language === 'BN' && method.note_bn) || method.note : '';
  // '৫০০' and '500' alike (decision 090); the schemas normalise the same way when the form is sent.
  const amount = toAsciiDigits(form.values.amount.trim());
  // Nothing for an amount the method does not take: an estimate would promise an order that cannot be placed.
  const estimate =
    method && AMOUNT_PATTERN.test(amount) && outOfRange(amount, method) === null
      ? computePayAmount(amount, method.rate)
      : null;

  const submitter = useSubmit({
    send: (order: PlaceOrderInput) => placeOrder(product.id, order),
    form,
    fields: FIELDS,
    fallbackKey: 'errors.orderCreate',
    inline: true,
    onFailure: (answer) => {
      setOwnLimitRefusal(answer.key === 'errors.playerLimit' || answer.key === 'errors.selfExcluded');
      // One neutral answer, whichever value the shop refuses.
      if (answer.key === 'errors.blocked') return { key: 'errors.orderRefused' };
      if (answer.key === 'errors.methodLimitReached') {
        const full = new Set(fullNow).add(form.values.pm_method);
        setFullNow(full);
        form.setFieldValue('pm_method', methods.find((pm) => !isFull(pm, full))?.account ?? '');
      }
    },
    onDone: (answer, order) => {
      if (userId && 'payer' in order && order.payer) writeStored(payerStorageKey(userId), order.payer);
      if (!answer.id) throw new TranslatedError('errors.orderCreate');
      navigate(paths.order.getHref(answer.id));
    },
  });
  // The form validated these values with the same schemas: parsing gives the normalised input the API takes.
  const submitOrder = form.onSubmit((values) => {
    if (kind === 'topup') void submitter.submit(topupOrderSchema.parse(topupFields(values)));
    else setConfirming(withdrawOrderSchema.parse(withdrawFields(values)));
  }, focusFirstInvalid);

  if (!product.available || methods.length === 0) {
    return (
      <Alert color="yellow" icon={<IconInfoCircle />} title={t('new.unavailableTitle')}>
        {t('new.unavailable')}
      </Alert>
    );
  }
  if (open.length === 0) {
    return (
      <Alert color="yellow" icon={<IconInfoCircle />} title={t('methodCap.allFullTitle')} data-testid="methods-full">
        {t('methodCap.allFull')}
      </Alert>
    );
  }

  if (confirming) {
    return (
      <Paper
        withBorder
        p="md"
        radius="md"
        component="section"
        aria-labelledby="withdraw-confirm-title"
        data-testid="withdraw-confirm"
      >
        <Stack gap="md">
          <Text id="withdraw-confirm-title" fw={700} size="lg">
            {t('new.confirmTitle')}
          </Text>
          <Stack gap={2}>
            <Text size="sm" c="dimmed">
              {t('new.confirmWallet')}
            </Text>
            <Text fw={800} fz={26} className={classes.tabular} data-testid="confirm-payout">
              {t('new.confirmWalletValue', {
                wallet: format.wallet(confirming.wallet),
                method: t(`wallets.${confirming.pm_method}`),
              })}
            </Text>
          </Stack>
          <Stack gap={2}>
            <Text size="sm" c="dimmed">
              {t('new.confirmAmount')}
            </Text>
            <Text fw={700} className={classes.tabular}>
              {format.money(confirming.amount, currency)}
            </Text>
          </Stack>
          <Text size="sm">{t('new.confirmHint')}</Text>
          <SubmitFailureAlert submitter={submitter} />
          <Button size="lg" fullWidth loading={submitter.pending} onClick={() => void submitter.submit(confirming)}>
            {t('new.confirmPlace')}
          </Button>
          <Button variant="default" fullWidth disabled={submitter.pending} onClick={() => setConfirming(null)}>
            {t('new.confirmEdit')}
          </Button>
        </Stack>
      </Paper>
    );
  }

  const rangeHint = method
    ? t('new.range', { min: format.money(method.min, currency), max: format.money(method.max, currency) })
    : undefined;

  return (
    <form onSubmit={submitOrder} noValidate>
      <Stack gap="lg">
        <Radio.Group
          {...form.getInputProps('pm_method')}
          label={t('new.method')}
          description={t('new.methodHint')}
          required
        >
          <SimpleGrid cols={{ base: 1, xs: methods.length }} spacing="sm" mt="xs">
            {methods.map((pm) => {
              const selected = form.values.pm_method === pm.account;
              const full = isFull(pm);
              const hintId = `method-full-${pm.account}`;
              return (
                <UnstyledButton
                  key={pm.account}
                  component="label"
                  data-method={pm.account}
                  data-full={full || undefined}
                  style={{
                    border: `2px solid ${selected ? walletAccent(pm.account) : 'var(--mantine-color-gray-3)'}`,
                    borderRadius: 'var(--mantine-radius-md)',
                    padding: '12px 14px',
                    minHeight: 56,
                    display: 'flex',
                    alignItems: 'center',
                    gap: 12,
                    background: full
                      ? 'var(--mantine-color-gray-1)'
                      : selected
                        ? 'var(--mantine-color-gray-0)'
                        : undefined,
                    cursor: full ? 'not-allowed' : undefined,
                  }}
                >
                  <Radio
                    value={pm.account}
                    color={walletAccent(pm.account)}
                    aria-label={
                      full
                        ? `${t(`wallets.${pm.account}`)}: ${t(isClosed(pm) ? 'methodHours.closed' : 'methodCap.unavailable')}`
                        : t(`wallets.${pm.account}`)
                    }
                    aria-describedby={full ? hintId : undefined}
                    disabled={full}
                  />
                  <Stack gap={2} miw={0}>
                    <WalletLabel wallet={pm.account} />
                    {full && isClosed(pm) && pm.hours ? (
                      <Text size="xs" c="dark.6" id={hintId} data-testid={`method-closed-${pm.account}`}>
                        <Text span fw={700} inherit display="block">
                          {t('methodHours.closed')}
                        </Text>
                        {t('methodHours.opensAt', { time: format.digits(pm.hours.open) })}
                      </Text>
                    ) : full ? (
                      <Text size="xs" c="dark.6" id={hintId}>
                        <Text span fw={700} inherit display="block">
                          {t('methodCap.unavailable')}
                        </Text>
                        {t('methodCap.until')}
                      </Text>
                    ) : null}
                  </Stack>
                </UnstyledButton>
              );
            })}
          </SimpleGrid>
        </Radio.Group>

        {/* The method's note from the shop: how to pay with it; a withdrawal is paid by the shop. */}
        {kind === 'topup' && note ? (
          <Text
            size="sm"
            c="dark.6"
            className={classes.preLine}
            lang={note === method?.note_bn ? 'bn' : 'en'}
            data-testid="method-note"
          >
            {note}
          </Text>
        ) : null}

        <TextInput
          {...form.getInputProps('amount')}
          label={t(kind === 'topup' ? 'new.amountTopup' : 'new.amountWithdraw', {
            currency: t(`currency.${currency}`),
          })}
          description={rangeHint}
          inputMode="decimal"
          autoComplete="off"
          placeholder={format.digits('0.00')}
          required
          size="lg"
          styles={{ input: { fontVariantNumeric: 'tabular-nums', fontWeight: 700 } }}
        />

        {kind === 'topup' ? (
          <TextInput
            {...form.getInputProps('payer')}
            label={t('new.payer', { method: method ? t(`wallets.${method.account}`) : '' })}
            description={t('new.payerHint')}
            inputMode="tel"
            maxLength={20}
            autoComplete="tel"
          />
        ) : null}

        {kind === 'topup' ? (
          <Stack gap={4}>
            <TextInput
              {...form.getInputProps('onex_id')}
              label={t('new.onexId')}
              description={t('new.onexIdHint')}
              inputMode="numeric"
              maxLength={9}
              autoComplete="off"
              required
            />
            <PlayerName onexId={form.values.onex_id} currency={currency} />
          </Stack>
        ) : (
          <TextInput
            {...form.getInputProps('wallet')}
            label={t('new.wallet', { method: method ? t(`wallets.${method.account}`) : '' })}
            description={t('new.walletHint')}
            inputMode="tel"
            maxLength={20}
            autoComplete="tel"
            required
          />
        )}

        <TextInput
          {...form.getInputProps('contact_email')}
          label={t('new.contactEmail')}
          description={t('new.contactEmailHint')}
          type="email"
          inputMode="email"
          autoComplete="email"
          required
        />

        <Paper withBorder p="md" radius="md" bg="gray.0" aria-live="polite">
          <Text size="sm" c="dimmed">
            {t(kind === 'topup' ? 'new.estimateTopup' : 'new.estimateWithdraw')}
          </Text>
          <Text fw={800} fz={28} className={classes.tabular} data-testid="estimate">
            {estimate ? format.money(estimate, 'BDT') : '—'}
          </Text>
          <Text size="xs" c="dimmed">
            {method ? rateText(currency, method.rate, estimate ? feeAmount(amount, method.rate) : null) + ' · ' : ''}
            {t('new.estimateNote')}
          </Text>
        </Paper>

        <SubmitFailureAlert submitter={submitter} />
        {userId && ownLimitRefusal && submitter.failure ? (
          <Anchor component={Link} to={paths.account.limits.getHref()} size="sm" data-testid="own-limits-link">
            {t('new.seeLimits')}
          </Anchor>
        ) : null}

        <Button type="submit" size="lg" fullWidth loading={submitter.pending}>
          {t(kind === 'topup' ? 'new.submitTopup' : 'new.reviewWithdraw')}
        </Button>
      </Stack>
    </form>
  );
}

function topupFields(values: Values) {
  return {
    pm_method: values.pm_method,
    amount: values.amount.trim(),
    onex_id: values.onex_id.trim(),
    contact_email: values.contact_email.trim(),
    // Always asked; sent when given (the API requires it only when the shop's payer_required is on).
    ...(values.payer.trim() === '' ? {} : { payer: values.payer.trim() }),
  };
}
function withdrawFields(values: Values) {
  return {
    pm_method: values.pm_method,
    amount: values.amount.trim(),
    wallet: values.wallet.trim(),
    contact_email: values.contact_email.trim(),
  };
}
/** Below the method's minimum or above its maximum; null inside the range or when it is no amount at all. */
function outOfRange(amount: string, method: ProductPmDto): 'low' | 'high' | null {
  const value = toAsciiDigits(amount.trim());
  if (!AMOUNT_PATTERN.test(value)) return null;
  if (compareAmounts(value, method.min) < 0) return 'low';
  return compareAmounts(value, method.max) > 0 ? 'high' : null;
}
