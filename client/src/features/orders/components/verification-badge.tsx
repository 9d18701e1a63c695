// An order's SMS verification at a glance: verified, amount differs (marked), awaiting SMS.
import { Badge } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconClockHour4 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { OrderDto } from '#shared/api-types';

const LOOK = {
  verified: { color: 'green', icon: <IconCircleCheck size={14} /> },
  amount_mismatch: { color: 'red', icon: <IconAlertTriangle size={14} /> },
  awaiting_sms: { color: 'gray', icon: <IconClockHour4 size={14} /> },
  held: { color: 'orange', icon: <IconAlertTriangle size={14} /> },
  rejected: { color: 'red', icon: <IconAlertTriangle size={14} /> },
} as const;

export function VerificationBadge({ order }: { order: OrderDto }) {
  const { t } = useTranslation('sms');
  const status = order.verification?.status ?? 'none';
  if (status === 'none') return null;
  const look = LOOK[status];
  return (
    <Badge
      color={look.color}
      variant={status === 'verified' ? 'filled' : 'light'}
      leftSection={look.icon}
      data-verification={status}
    >
      {t(`verification.${status}`)}
    </Badge>
  );
}
