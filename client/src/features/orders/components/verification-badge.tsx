// An order's SMS verification at a glance: verified, amount differs (marked), awaiting SMS; a payment staff accepted
// by hand says who (decision 316), never that an SMS verified it.
import { Badge } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconClockHour4, IconUserCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { OrderDto } from '#shared/api-types';

const LOOK = {
  verified: { color: 'green', icon: <IconCircleCheck size={14} /> },
  amount_mismatch: { color: 'red', icon: <IconAlertTriangle size={14} /> },
  awaiting_sms: { color: 'gray', icon: <IconClockHour4 size={14} /> },
  held: { color: 'orange', icon: <IconAlertTriangle size={14} /> },
  rejected: { color: 'red', icon: <IconAlertTriangle size={14} /> },
} as const;

/** A badge keeps its whole word in a narrow table column ("AMOUNT DIF…" told nothing). */
const NEVER_CUT = { root: { flexShrink: 0, minWidth: 'max-content' } };

export function VerificationBadge({ order }: { order: OrderDto }) {
  const { t } = useTranslation('sms');
  const status = order.verification?.status ?? 'none';
  if (status === 'none') return null;
  const acceptedBy = order.verification?.accepted_by;
  if (acceptedBy) {
    const label = t('verification.acceptedBy', { name: acceptedBy.name });
    return (
      <Badge
        color="teal"
        variant="light"
        leftSection={<IconUserCheck size={14} />}
        data-verification="accepted"
        tt="none"
        styles={NEVER_CUT}
      >
        {label}
      </Badge>
    );
  }
  const look = LOOK[status];
  return (
    <Badge
      color={look.color}
      variant={status === 'verified' ? 'filled' : 'light'}
      leftSection={look.icon}
      data-verification={status}
      styles={NEVER_CUT}
    >
      {t(`verification.${status}`)}
    </Badge>
  );
}
