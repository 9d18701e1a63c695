import { describe, expect, it } from 'vitest';
import { ORDER_COMMANDS, ORDER_STATUSES, ORDER_TRANSITIONS, type OrderTransition } from './order-status.js';

describe('order transitions (design §6)', () => {
  it('When a command is sent, then a rule of the same name moves the order', () => {
    for (const name of ORDER_COMMANDS) expect(ORDER_TRANSITIONS[name].by).not.toBe('system');
    expect(ORDER_TRANSITIONS.expireOrder).toEqual({ from: ['waiting'], to: 'timedout', by: 'system' });
    // The cash desk's answers are the shop's own moves (decision 265), never a command anyone sends.
    expect(ORDER_TRANSITIONS.codeRefused).toEqual({ from: ['pending'], to: 'waiting', by: 'system' });
    expect(ORDER_TRANSITIONS.completeByShop).toEqual({ from: ['pending'], to: 'complete', by: 'system' });
    expect(ORDER_COMMANDS).not.toContain('codeRefused');
    for (const rule of Object.values(ORDER_TRANSITIONS)) {
      expect(ORDER_STATUSES).toContain(rule.to);
      for (const from of rule.from) expect(ORDER_STATUSES).toContain(from);
    }
  });

  it('When a transition name is misspelt, then it does not compile', () => {
    // @ts-expect-error the admin's cancel is named cancelOrderAsAdmin from the button to the table
    const misspelt: OrderTransition = 'cancelByAdmin';
    // @ts-expect-error no rule of that name in the table
    const rule = ORDER_TRANSITIONS.cancelByAdmin;
    expect([misspelt in ORDER_TRANSITIONS, rule]).toEqual([false, undefined]);
  });
});
