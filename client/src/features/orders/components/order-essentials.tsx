// What staff act on, first: the order's amounts worded by its kind ("customer pays" for a
// top-up, "you pay" for a withdrawal) and where the money goes (1xBet id or payout wallet), each with a copy button.
import { ActionIcon, Badge, Group, SimpleGrid, Stack, Text, Tooltip } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { productKind } from '#shared/constants';
import type { OrderDto } from '#shared/api-types';
import { WalletLabel } from '../../../components/wallet-label';
import { copyToClipboard } from '../../../lib/clipboard';
import { useFormat } from '../../../lib/format';

const tabular = { fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' } as const;

/** A labelled value with a copy button beside it; `copy` is what the clipboard gets (ASCII digits, no currency). */
export function CopyField({
  label,
  value,
  copy,
  strong = false,
}: {
  label: string;
  value: ReactNode;
  copy: string;
  strong?: boolean;
}) {
  const { t } = useTranslation('orders');
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs" align="center">
      <Stack gap={0} miw={0}>
        <Text size="xs" c="dimmed" fw={600}>
          {label}
        </Text>
        <Text component="div" fw={strong ? 700 : 600} fz={strong ? 'lg' : 'md'} style={tabular}>
          {value}
        </Text>
      </Stack>
      <Tooltip label={t('view.copy')}>
        <ActionIcon
          size={40}
          variant="light"
          onClick={() => void copyToClipboard(copy)}
          aria-label={t('view.copyLabel', { label })}
        >
          <IconCopy size={20} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

/** The plain figure for the clipboard: what a wallet app or 1xBet's cash desk accepts. */
const plainMoney = (value: number | string) => Number(value).toFixed(2);

/** Where the order's money goes: the customer's 1xBet id (top-up) or their wallet (withdrawal). */
export function orderTarget(order: OrderDto): { kind: 'topup' | 'withdraw'; value: string | null } {
  const kind = productKind(order.product_id);
  return { kind, value: kind === 'topup' ? order.data.onex_id : order.data.wallet };
}

/** The amounts and the target, each copyable; a row that does not apply to the order's kind is not shown. */
export function OrderEssentials({ order }: { order: OrderDto }) {
  const { t } = useTranslation('orders');
  const format = useFormat();
  const { kind, value: target } = orderTarget(order);
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="xs" data-testid="order-essentials">
      <CopyField
        label={t(kind === 'topup' ? 'queue.essentials.customerPays' : 'queue.essentials.youPay')}
        value={format.money(order.pm_amount, 'BDT')}
        copy={plainMoney(order.pm_amount)}
        strong
      />
      <CopyField
        label={t(kind === 'topup' ? 'queue.essentials.topupAmount' : 'queue.essentials.withdrawAmount')}
        value={format.productMoney(order.data.amount, order.product_id)}
        copy={plainMoney(order.data.amount)}
        strong
      />
      {target ? (
        <CopyField
          label={t(kind === 'topup' ? 'queue.fields.onexId' : 'queue.essentials.payoutWallet')}
          value={
            kind === 'topup' ? (
              format.digits(target)
            ) : (
              <Stack gap={2}>
                <Group gap={8} wrap="wrap">
                  <span>{format.wallet(target)}</span>
                  <WalletLabel wallet={order.pm_method} size="sm" />
                </Group>
                {/* The customer corrected it (decision 281): staff pay the number shown, and see that it changed. */}
                {order.payout_wallet_before ? (
                  <Badge
                    color="orange"
                    variant="light"
                    data-testid="payout-wallet-changed"
                    style={{ whiteSpace: 'normal', height: 'auto' }}
                  >
                    {t('queue.essentials.payoutWalletChanged', { before: format.wallet(order.payout_wallet_before) })}
                  </Badge>
                ) : null}
              </Stack>
            )
          }
          copy={target}
        />
      ) : null}
      {kind === 'withdraw' && order.data.w_code ? (
        <CopyField label={t('queue.fields.wCode')} value={order.data.w_code} copy={order.data.w_code} />
      ) : null}
    </SimpleGrid>
  );
}
