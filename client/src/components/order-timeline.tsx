import { Text, Timeline } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PublicOrderEventDto } from '#shared/api-types';
import { readFulfilmentNote } from '#shared/fulfilment-notes';
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
  // The cash desk's notes are written in one English form (decision 302): said in the reader's language when read
  // back, as written otherwise (an older wording). A refused code's note on the move back to waiting is the desk's
  // own words, for the customer too: it is not one of them.
  const deskNote = (note: string) => {
    const read = readFulfilmentNote(note);
    if (!read) return note;
    const { kind, amount, moved, reason, message, operation } = read.values;
    return t(`timeline.fulfilmentNotes.${read.key}`, {
      kind: kind ? t(`timeline.fulfilmentNotes.kinds.${kind}`) : '',
      amount: amount === undefined ? '' : format.amount(amount),
      moved: moved === undefined ? '' : format.amount(moved),
      reason: reason ? t(`timeline.fulfilmentNotes.reasons.${reason}`) : '',
      message,
      operation,
    });
  };
  const isDeskNote = (event: PublicOrderEventDto) =>
    event.actor === 'system' && (event.kind === 'fulfilment' || (event.kind === 'status' && event.to === 'complete'));
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
              {event.kind === 'payout_wallet_changed'
                ? payoutChange(event.note)
                : isDeskNote(event)
                  ? deskNote(event.note)
                  : event.note}
            </Text>
          ) : null}
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
