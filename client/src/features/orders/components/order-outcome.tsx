import { Alert, Anchor, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlarmOff, IconCircleCheck, IconCircleX, IconHourglassHigh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { OrderStatus } from '#shared/order-status';
import type { CancelReason } from '#shared/schemas';
import { GUEST_SUPPORT_ANCHOR, paths, SUPPORT } from '../../../config';
import classes from '../../../styles/text.module.css';

const LOOK: Partial<Record<OrderStatus, { color: string; icon: ReactNode }>> = {
  pending: { color: 'yellow', icon: <IconHourglassHigh size={30} /> },
  complete: { color: 'green', icon: <IconCircleCheck size={30} /> },
  timedout: { color: 'orange', icon: <IconAlarmOff size={30} /> },
  cancelled: { color: 'red', icon: <IconCircleX size={30} /> },
  user_cancelled: { color: 'red', icon: <IconCircleX size={30} /> },
  admin_cancelled: { color: 'red', icon: <IconCircleX size={30} /> },
};

/** Every status after waiting: a headline and the product.md §2.6 message (with the contact advice where it applies). */
export function OrderOutcome({
  status,
  loggedIn,
  cancelReason,
  cancelNote,
  orderId,
  detail,
}: {
  status: Exclude<OrderStatus, 'waiting'>;
  loggedIn: boolean;
  /** The ticket the advice links to is about this order. */
  orderId?: string;
  /** Why the admin cancelled, and their note. */
  cancelReason?: CancelReason | null;
  cancelNote?: string | null;
  /** Said instead of the status's own words: what happened to a pending order's payment. */
  detail?: ReactNode;
}) {
  const { t } = useTranslation('orders');
  const { t: tc } = useTranslation('console');
  const look = LOOK[status] ?? LOOK.cancelled!;
  const advise = status === 'timedout' || status === 'cancelled' || status === 'admin_cancelled';
  // A guest asks on this page ("Need help?" beside the order, decision 282).
  const ticketLink = loggedIn ? (
    <Anchor fz="inherit" component={Link} to={paths.account.newSupport.getHref(orderId)} />
  ) : (
    <Anchor fz="inherit" component={Link} to={{ hash: GUEST_SUPPORT_ANCHOR }} />
  );
  return (
    <Stack gap="md" align="center" ta="center" py="md">
      <ThemeIcon size={64} radius="xl" variant="light" color={look.color}>
        {look.icon}
      </ThemeIcon>
      <Text fw={700} fz={24} role="status">
        {t(`outcome.${status}.title`)}
      </Text>
      {detail ?? (
        <Text c="dimmed" maw={460}>
          {t(`outcome.${status}.body`)}
        </Text>
      )}
      {cancelReason ? (
        <Text fw={600} maw={460} data-testid="cancel-reason">
          {tc('outcome.reason', { reason: tc(`cancel.reasons.${cancelReason}`) })}
        </Text>
      ) : null}
      {cancelNote ? (
        <Text maw={460} className={classes.breakWord}>
          {tc('outcome.note', { note: cancelNote })}
        </Text>
      ) : null}
      {advise ? (
        <Alert color="gray" variant="light" w="100%" ta="left">
          {/* The e-mail advice only when the operator set SUPPORT_EMAIL (decision 007). */}
          {SUPPORT.email ? (
            <Trans
              t={t}
              i18nKey="outcome.contact"
              values={{ email: SUPPORT.email }}
              components={{ ticket: ticketLink, mail: <Anchor fz="inherit" href={`mailto:${SUPPORT.email}`} /> }}
            />
          ) : (
            <Trans t={t} i18nKey="outcome.contactNoEmail" components={{ ticket: ticketLink }} />
          )}
        </Alert>
      ) : null}
    </Stack>
  );
}
