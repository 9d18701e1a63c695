import { Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PublicOrderDto } from '#shared/api-types';
import { productCurrency, productKind } from '#shared/constants';
import { OrderStatusBadge } from '../../../components/order-status-badge';
import { WalletLabel } from '../../../components/wallet-label';
import { useFormat } from '../../../lib/format';
import classes from '../../../styles/text.module.css';

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <div>{children}</div>
    </Stack>
  );
}

/** The actual order (product.md §2.6: the confirmation page shows the actual amount). */
export function OrderSummary({ order }: { order: PublicOrderDto }) {
  const { t } = useTranslation('orders');
  const format = useFormat();
  const kind = productKind(order.product_id);
  const tabular = { fontVariantNumeric: 'tabular-nums' } as const;
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="xs">
        {/* The short reference to quote (decision 284) beside the whole id, which stays the order's key. */}
        <Stack gap={0} miw={0}>
          {order.ref ? (
            <Text size="sm" fw={700} data-testid="order-ref">
              {t('view.ref')}: <span style={tabular}>{format.digits(order.ref)}</span>
            </Text>
          ) : null}
          <Text size="sm" c="dimmed" className={classes.breakAll}>
            {t('view.orderId')}: <span style={tabular}>{order.id}</span>
          </Text>
        </Stack>
        <OrderStatusBadge status={order.status} productId={order.product_id} detailed />
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md" verticalSpacing="md">
        <Field label={t('view.amount')}>
          <Text fw={700} fz="lg" style={tabular}>
            {format.money(order.data.amount, productCurrency(order.product_id))}
          </Text>
        </Field>
        <Field label={t(kind === 'topup' ? 'view.payAmount' : 'view.receiveAmount')}>
          <Text fw={700} fz="lg" style={tabular}>
            {format.money(order.pm_amount, 'BDT')}
          </Text>
        </Field>
        <Field label={t('view.method')}>
          <WalletLabel wallet={order.pm_method} />
        </Field>
        <Field label={t('view.created')}>
          <Text style={tabular}>{format.date(order.created_at)}</Text>
        </Field>
        {kind === 'topup' && order.data.onex_id ? (
          <Field label={t('view.onexId')}>
            <Text style={tabular}>{format.digits(order.data.onex_id)}</Text>
          </Field>
        ) : null}
        {kind === 'withdraw' && order.data.wallet ? (
          <Field label={t('view.customerWallet')}>
            <Text style={tabular}>{format.wallet(order.data.wallet)}</Text>
          </Field>
        ) : null}
        {order.pm_id ? (
          <Field label={t('view.pmId')}>
            <Text className={classes.breakAll}>{order.pm_id}</Text>
          </Field>
        ) : null}
      </SimpleGrid>
    </Stack>
  );
}
