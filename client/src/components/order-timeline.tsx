import { Text, Timeline } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PublicOrderEventDto } from '#shared/api-types';
import { useFormat } from '../lib/format';
import classes from '../styles/text.module.css';

/** The order's history: from → to, who (customer/admin/system) and when; the admin's view adds each note. */
export function OrderTimeline({ events }: { events: (PublicOrderEventDto & { note?: string | null })[] }) {
  const { t } = useTranslation('orders');
  const format = useFormat();
  if (events.length === 0) return null;
  return (
    <Timeline active={events.length - 1} bulletSize={14} lineWidth={2} aria-label={t('timeline.title')}>
      {events.map((event, index) => (
        <Timeline.Item
          key={`${event.time}-${index}`}
          title={
            event.kind !== 'status'
              ? t(`timeline.kinds.${event.kind}`)
              : event.from
                ? t('timeline.move', { from: t(`status.${event.from}`), to: t(`status.${event.to}`) })
                : t('timeline.created', { to: t(`status.${event.to}`) })
          }
        >
          <Text size="sm" c="dimmed">
            {t(`actor.${event.actor}`)} · {format.date(event.time)}
          </Text>
          {event.note ? (
            <Text size="sm" className={classes.breakWord}>
              {event.note}
            </Text>
          ) : null}
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
