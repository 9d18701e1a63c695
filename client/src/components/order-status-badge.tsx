import { Badge, type BadgeProps } from '@mantine/core';
import { IconCheck, IconClock, IconHourglassHigh, IconX, IconAlarmOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { statusGroup, type OrderStatus, type StatusGroup } from '#shared/order-status';

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
export function OrderStatusBadge({ status, detailed = false, ...props }: { status: OrderStatus; detailed?: boolean } & BadgeProps) {
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
      styles={{ root: { flexShrink: 0 }, label: { textTransform: 'none', fontWeight: 600 } }}
      {...props}
    >
      {detailed ? t(`status.${status}`) : t(`statusGroup.${group}`)}
    </Badge>
  );
}
