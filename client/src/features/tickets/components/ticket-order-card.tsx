// The order a ticket is about, beside the chat: what the admin needs to answer without leaving the
// conversation, with a link to the order in the admin console (the customer's side links to their order page).
import { ActionIcon, Anchor, Box, Card, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconCopy, IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { TicketOrderDto } from '#shared/api-types';
import { productCurrency, productKind } from '#shared/constants';
import { OrderStatusBadge } from '../../../components/order-status-badge';
import { WalletLabel } from '../../../components/wallet-label';
import { paths } from '../../../config';
import { useProductName } from '../../../i18n/labels';
import { copyToClipboard } from '../../../lib/clipboard';
import { useFormat } from '../../../lib/format';
import classes from '../../../styles/text.module.css';

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
      <Text size="sm" c="dimmed" flex="none">
        {label}
      </Text>
      <Box miw={0} ta="end">
        {children}
      </Box>
    </Group>
  );
}

export function TicketOrderCard({ order, viewer }: { order: TicketOrderDto; viewer: 'user' | 'admin' }) {
  const { t } = useTranslation(['tickets', 'orders']);
  const format = useFormat();
  const productName = useProductName();
  const kind = productKind(order.product_id);
  const tabular = `${classes.tabular} ${classes.anywhere}`;
  const href =
    viewer === 'admin'
      ? `${paths.admin.orders.getHref()}?q=${encodeURIComponent(order.id)}`
      : paths.order.getHref(order.id);
  return (
    <Card
      withBorder
      radius="lg"
      p="md"
      component="section"
      aria-labelledby="ticket-order-title"
      data-testid="ticket-order"
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} size="h5" id="ticket-order-title">
            {t('orderLink.title')}
          </Title>
          <OrderStatusBadge status={order.status} detailed size="md" />
        </Group>
        <Row label={t('orderLink.id')}>
          <Group gap={4} wrap="nowrap" justify="flex-end">
            <Text size="sm" ff="monospace" className={tabular}>
              {order.id}
            </Text>
            <Tooltip label={t('orders:view.copy')}>
              <ActionIcon
                variant="subtle"
                size="md"
                onClick={() => void copyToClipboard(order.id)}
                aria-label={t('orderLink.copyId')}
              >
                <IconCopy size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Row>
        <Row label={t('orderLink.product')}>
          <Text size="sm" fw={600}>
            {productName(order.product_id)}
          </Text>
        </Row>
        <Row label={t('orders:view.amount')}>
          <Text size="sm" fw={700} className={tabular}>
            {format.money(order.amount, productCurrency(order.product_id))}
          </Text>
        </Row>
        <Row
          label={
            viewer === 'admin'
              ? t(kind === 'topup' ? 'orderLink.customerPays' : 'orderLink.customerReceives')
              : t(kind === 'topup' ? 'orders:view.payAmount' : 'orders:view.receiveAmount')
          }
        >
          <Text size="sm" className={tabular}>
            {format.money(order.pm_amount, 'BDT')}
          </Text>
        </Row>
        <Row label={t('orders:view.method')}>
          <WalletLabel wallet={order.pm_method} size="sm" />
        </Row>
        {viewer === 'admin' ? (
          <Row label={t('orderLink.shopWallet')}>
            <Text size="sm" className={tabular}>
              {format.wallet(order.pm_wallet)}
            </Text>
          </Row>
        ) : null}
        {kind === 'withdraw' && order.wallet ? (
          <Row label={viewer === 'admin' ? t('orderLink.customerWallet') : t('orders:view.customerWallet')}>
            <Text size="sm" className={tabular}>
              {format.wallet(order.wallet)}
            </Text>
          </Row>
        ) : null}
        <Row label={t('orders:view.pmId')}>
          <Text size="sm" className={tabular}>
            {order.pm_id ?? t('orderLink.none')}
          </Text>
        </Row>
        <Row label={t('orderLink.created')}>
          <Text size="sm" className={tabular}>
            {format.date(order.created_at)}
          </Text>
        </Row>
        <Anchor component={Link} to={href} fw={600} size="sm" mt={4}>
          <Group gap={6} wrap="nowrap">
            <IconExternalLink size={16} aria-hidden />
            {viewer === 'admin' ? t('orderLink.openAdmin') : t('orderLink.openCustomer')}
          </Group>
        </Anchor>
      </Stack>
    </Card>
  );
}
