import { Badge, type BadgeProps } from '@mantine/core';
import { IconCheck, IconClock, IconHourglassHigh, IconX, IconAlarmOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { productKind } from '#shared/constants';
import { statusGroup, type OrderStatus, type StatusGroup } from '#shared/order-status';

/**
 * The exact status's words key: a waiting withdrawal waits for the customer's withdrawal code, not for a payment
 * (the timeline, the badge and the timer say the same).
 */
export function statusLabelKey(status: OrderStatus, productId?: string) {
  return productId !== undefined && status === 'waiting' && productKind(productId) === 'withdraw'
    ? ('statusWithdraw.waiting' as const)
    : (`status.${status}` as const);
}

const LOOK: Record<StatusGroup, { color: string; icon: ReactNode }> = {
  waiting: { color: 'gray', icon: <IconClock size={14} aria-hidden /> },
  pending: { color: 'yellow', icon: <IconHourglassHigh size={14} aria-hidden /> },
  cancelled: { color: 'red', icon: <IconX size={14} aria-hidden /> },
  complete: { color: 'green', icon: <IconCheck size={14} aria-hidden /> },
  timeout: { color: 'orange', icon: <IconAlarmOff size={14} aria-hidden /> },
};

/**
 * Spec §4 status look: grey clock, yellow hourglass ('Processing'), red cross, green tick, timeout;
 * always with a text label. `detailed` labels the exact status (user/admin cancelled) instead of the list group.
 */
export function OrderStatusBadge({
  status,
  detailed = false,
  productId,
  ...props
}: { status: OrderStatus; detailed?: boolean; productId?: string } & BadgeProps) {
  const { t } = useTranslation('orders');
  const group = statusGroup(status);
  const look = LOOK[group];
  return (
    <Badge
      variant="light"
      color={look.color}
      leftSection={look.icon}
      radius="sm"
      size="lg"
      styles={{ root: { flexShrink: 0, minWidth: 'max-content' }, label: { textTransform: 'none', fontWeight: 600 } }}
      {...props}
    >
      {detailed ? t(statusLabelKey(status, productId)) : t(`statusGroup.${group}`)}
    </Badge>
  );
}
