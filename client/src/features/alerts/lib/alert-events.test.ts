// Which pushes alert the admin (decision 119): a new order, a customer's payment, a customer's ticket message; each
// with a key that stays the same when the push is repeated.
import { describe, expect, it } from 'vitest';
import type { AdminOrderDto, PublicOrderDto } from '#shared/api-types';
import { alertOfNewOrder, alertOfOrderUpdate, alertOfTicketMessage } from './alert-events';

const event = (from: string | null, to: string, actor: string, kind = 'status') => ({
  from,
  to,
  actor,
  kind,
  time: 1,
  actor_id: null,
  note: null,
});
function order(status: string, events: ReturnType<typeof event>[]): AdminOrderDto {
  return {
    id: 'ord1',
    status,
    product_id: '1xbet_topup_bdt',
    user_id: null,
    events,
    data: { amount: 500 },
  } as unknown as AdminOrderDto;
}

describe('alerts of realtime pushes', () => {
  it('When a waiting order is created, then it is a new-order alert keyed by its id; a public view is none', () => {
    expect(alertOfNewOrder(order('waiting', [event(null, 'waiting', 'customer')]))).toMatchObject({
      kind: 'order',
      key: 'order:ord1',
      orderId: 'ord1',
    });
    const publicView = { id: 'ord1', status: 'waiting', events: [] } as unknown as PublicOrderDto;
    expect(alertOfNewOrder(publicView)).toBeNull();
  });

  it('When the customer submits a payment or claims a late one, then it is a payment alert; admin moves and timeouts are none', () => {
    const paid = order('pending', [event(null, 'waiting', 'customer'), event('waiting', 'pending', 'customer')]);
    expect(alertOfOrderUpdate(paid)).toMatchObject({ kind: 'payment', key: 'payment:ord1' });
    const late = order('timedout', [
      event('waiting', 'timedout', 'system'),
      event('timedout', 'timedout', 'customer', 'late_claim'),
    ]);
    expect(alertOfOrderUpdate(late)).toMatchObject({ kind: 'payment', key: 'late:ord1' });
    expect(alertOfOrderUpdate(order('pending', [event('timedout', 'pending', 'admin')]))).toBeNull();
    expect(
      alertOfOrderUpdate(
        order('complete', [event('waiting', 'pending', 'customer'), event('pending', 'complete', 'admin')]),
      ),
    ).toBeNull();
    expect(alertOfOrderUpdate(order('timedout', [event('waiting', 'timedout', 'system')]))).toBeNull();
    expect(alertOfOrderUpdate(order('user_cancelled', [event('waiting', 'user_cancelled', 'customer')]))).toBeNull();
  });

  it('When a customer writes in a ticket, then it is a ticket alert per message; the admin own reply is none', () => {
    const message = { id: 7, sender: 'user' as const, text: 'Where is my money?', time: 1, picture: null };
    expect(alertOfTicketMessage({ ticketId: 't1', message })).toEqual({
      kind: 'ticket',
      key: 'ticket:t1:7',
      ticketId: 't1',
      text: 'Where is my money?',
      picture: false,
    });
    expect(alertOfTicketMessage({ ticketId: 't1', message: { ...message, sender: 'admin' } })).toBeNull();
  });
});
