import { describe, expect, it } from 'vitest';
import type { TicketMessageDto } from '#shared/api-types';
import { mergeMessages } from './tickets';

const msg = (id: number, time: number, sender: 'user' | 'admin' = 'user'): TicketMessageDto => ({
  id,
  time,
  sender,
  text: `m${id}`,
  picture: null,
});

describe('mergeMessages', () => {
  it('When the same reply arrives from the answer and the push, then it is shown once', () => {
    const once = mergeMessages([msg(1, 10)], [msg(2, 20)]);
    const twice = mergeMessages(once, [msg(2, 20)]);
    expect(twice.map((m) => m.id)).toEqual([1, 2]);
    expect(twice).toBe(once);
  });

  it('When messages arrive out of order, then they are sorted by time', () => {
    expect(mergeMessages([msg(3, 30)], [msg(1, 10), msg(2, 20)]).map((m) => m.id)).toEqual([1, 2, 3]);
  });
});
