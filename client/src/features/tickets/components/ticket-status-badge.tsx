import { Badge } from '@mantine/core';
import { IconCircleCheck, IconMessageCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TicketDto } from '#shared/api-types';

/** Open (teal) or Closed (grey), always with its word. */
export function TicketStatusBadge({ status }: { status: TicketDto['status'] }) {
  const { t } = useTranslation('tickets');
  const open = status === 'open';
  return (
    <Badge
      color={open ? 'teal' : 'gray'}
      variant="light"
      size="lg"
      leftSection={open ? <IconMessageCircle size={14} /> : <IconCircleCheck size={14} />}
      tt="none"
    >
      {t(`status.${status}`)}
    </Badge>
  );
}
