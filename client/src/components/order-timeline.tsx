import { Text, Timeline } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PublicOrderEventDto } from '#shared/api-types';
import { useFormat } from '../lib/format';
import { statusLabelKey } from './order-status-badge';
import classes from '../styles/text.module.css';

/** The order's history: from → to, who (customer/admin/system) and when; the admin's view adds each note. */
export function OrderTimeline({
  events,
  productId,
}: {
  events: (PublicOrderEventDto & { note?: string | null })[];
  productId?: string;
}) {
  const { t } = useTranslation('orders');
  const format = useFormat();
  if (events.length === 0) return null;
  // A payout correction's note is "<before> <after>" (decision 281).
  const payoutChange = (note: string) => {
    const [before = '', after = ''] = note.split(' ');
    return t('timeline.payoutWalletChange', { before: format.wallet(before), after: format.wallet(after) });
  };
  return (
    <Timeline active={events.length - 1} bulletSize={14} lineWidth={2} aria-label={t('timeline.title')}>
      {events.map((event, index) => (
        <Timeline.Item
          key={`${event.time}-${index}`}
          title={
            event.kind !== 'status'
              ? t(`timeline.kinds.${event.kind}`)
              : event.from
                ? t('timeline.move', {
                    from: t(statusLabelKey(event.from, productId)),
                    to: t(statusLabelKey(event.to, productId)),
                  })
                : t('timeline.created', { to: t(statusLabelKey(event.to, productId)) })
          }
        >
          <Text size="sm" c="dimmed">
            {t(`actor.${event.actor}`)} · {format.date(event.time)}
          </Text>
          {event.note ? (
            <Text size="sm" className={classes.breakWord}>
              {event.kind === 'payout_wallet_changed' ? payoutChange(event.note) : event.note}
            </Text>
          ) : null}
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
