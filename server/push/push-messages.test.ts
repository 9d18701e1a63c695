// Which order changes push what, and in which words: pure rules, checked without a push service.
import { describe, expect, it } from 'vitest';
import { orderPushKinds, orderPushMessage, type PushedOrder } from './push-messages.js';

const withdrawal: PushedOrder = {
  id: 'AbCdEfGhIjKlMnOpQrStUv',
  productId: '1xbet_withdraw_bdt',
  status: 'waiting',
  verification: 'none',
  lang: 'bn',
  amount: '1000',
  pmAmount: '980',
  lastTime: new Date('2026-11-28T10:40:00Z'),
};

describe('Pushes of an order change', () => {
  it('When the cash desk refuses a withdrawal code (pending back to waiting), then the customer is asked for the right code before the new deadline', () => {
    expect(orderPushKinds(withdrawal, { status: 'pending', verification: 'none' })).toEqual(['codeRefused']);
    const message = orderPushMessage('codeRefused', withdrawal);
    expect(message.title).toBe('উইথড্র কোড ফেরত দেওয়া হয়েছে');
    // 10:40 UTC is 16:40 in Dhaka, in Bengali digits.
    expect(message.body).toContain('১৬:৪০');
    expect(message.url).toBe(`/orders/${withdrawal.id}`);
  });

  it('When a top-up goes from pending to waiting, or a withdrawal is placed, then nothing about a code is pushed', () => {
    expect(
      orderPushKinds({ ...withdrawal, productId: '1xbet_topup_bdt' }, { status: 'pending', verification: 'none' }),
    ).toEqual([]);
    expect(orderPushKinds(withdrawal, null)).toEqual([]);
  });

  it('When a withdrawal completes or a top-up is verified, then the push names what happened', () => {
    expect(orderPushKinds({ ...withdrawal, status: 'complete' }, { status: 'pending', verification: 'none' })).toEqual([
      'withdrawalPaid',
    ]);
    expect(
      orderPushKinds(
        { ...withdrawal, productId: '1xbet_topup_bdt', status: 'pending', verification: 'verified' },
        { status: 'pending', verification: 'awaiting_sms' },
      ),
    ).toEqual(['verified']);
  });
});
