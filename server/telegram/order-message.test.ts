import { describe, expect, it } from 'vitest';
import type { AdminOrderDto } from '#shared/api-types';
import { callbackData, parseCallbackData, renderOrderMessage, whyNotActionable } from './order-message.js';

const NOW = new Date('2026-11-27T04:42:00Z'); // 10:42 in Dhaka
const at = (iso: string) => Math.floor(new Date(iso).getTime() / 1000);

function order(overrides: Partial<AdminOrderDto> = {}): AdminOrderDto {
  return {
    id: 'AbCdEfGhIjKlMnOpQrStUv',
    ref: 'A7K-392',
    created_at: at('2026-11-27T04:00:00Z'),
    product_id: '1xbet_topup_bdt',
    status: 'pending',
    last_time: at('2026-11-27T04:30:00Z'),
    pm_method: 'bkash',
    pm_wallet: '01800000002',
    pm_amount: 1500,
    pm_id: 'TRX123',
    pm_coin: 'BDT',
    contact_email: 'buyer@example.com',
    data: { amount: 1500, rate: 1, onex_id: '123456789', wallet: null, note: null, w_code: null },
    cancel_reason: null,
    cancel_note: null,
    events: [
      {
        from: 'waiting',
        to: 'pending',
        actor: 'customer',
        actor_id: null,
        kind: 'status',
        note: null,
        time: at('2026-11-27T04:05:00Z'),
      },
    ],
    payment_received: false,
    payment_held: null,
    payment_state: 'awaiting',
    received_amount: null,
    late_claim_at: null,
    payout_trx_id: null,
    user_id: null,
    verification: {
      status: 'awaiting_sms',
      sms_id: null,
      amount: null,
      sender: null,
      received_at: null,
      reason: null,
      expected_balance: null,
      stated_balance: null,
      expected_since: null,
      accepted_by: null,
    },
    payout: null,
    assignee: null,
    approvals: [],
    approval_required: false,
    accept_rule: null,
    fulfilment: null,
    payout_wallet_before: null,
    ...overrides,
  };
}

describe('The order message', () => {
  it('When a top-up waits for a decision with its payment verified, then the message shows the queue id, product, money, method, verification and three buttons', () => {
    const verified = order({ verification: { ...order().verification, status: 'verified', sms_id: 1 } });
    const { text, keyboard } = renderOrderMessage(verified, 'en', new Map(), NOW);
    expect(text.split('\n')).toEqual([
      '🟡 Order AbCdEfGhIj',
      '1xBet Topup (BDT)',
      'Amount: 1,500.00 BDT',
      'Customer pays: 1,500.00 BDT by bKash',
      '1xBet account ID: 123456789',
      '✅ Payment verified by SMS',
      'Status: Processing',
    ]);
    expect(keyboard?.inline_keyboard[0].map((b) => [b.text, b.callback_data])).toEqual([
      ['Claim', 'o:claim:AbCdEfGhIj'],
      ['Complete', 'o:complete:AbCdEfGhIj'],
      ['Cancel', 'o:cancel:AbCdEfGhIj'],
    ]);
  });

  it("When a top-up's payment is not verified (awaiting, held, rejected), then the chat offers no Complete and says to complete it on the website", () => {
    for (const status of ['awaiting_sms', 'held', 'rejected', 'amount_mismatch'] as const) {
      const { text, keyboard } = renderOrderMessage(
        order({ verification: { ...order().verification, status } }),
        'en',
        new Map(),
        NOW,
      );
      expect([status, keyboard?.inline_keyboard[0].map((b) => b.callback_data)]).toEqual([
        status,
        ['o:claim:AbCdEfGhIj', 'o:cancel:AbCdEfGhIj'],
      ]);
      expect(text.split('\n').at(-1)).toBe('⚠️ Payment not verified: complete it from the Queue on the website');
    }
    const bn = renderOrderMessage(order(), 'bn', new Map(), NOW);
    expect(bn.text).toContain('অপেক্ষমাণ তালিকা থেকে সম্পন্ন করুন');
    // A withdrawal has no payment to verify: it offers Complete once a Send Money SMS proved its payout (the TrxID
    // the completion needs); before, it says to complete it on the website, with the payout TrxID.
    const unproved = order({
      product_id: '1xbet_withdraw_bdt',
      verification: { ...order().verification, status: 'none' },
    });
    const waiting = renderOrderMessage(unproved, 'en', new Map(), NOW);
    expect(waiting.keyboard?.inline_keyboard[0].map((b) => b.text)).toEqual(['Claim', 'Cancel']);
    expect(waiting.text.split('\n').at(-1)).toBe(
      '⚠️ No Send Money SMS proves the payout yet: complete it from the Queue on the website, with the payout TrxID',
    );
    const withdrawal = renderOrderMessage(
      { ...unproved, payout: { trx_id: 'PAYOUT1', sms_id: 7, at: at('2026-11-27T04:30:00Z') } },
      'en',
      new Map(),
      NOW,
    );
    expect(withdrawal.keyboard?.inline_keyboard[0].map((b) => b.text)).toEqual(['Claim', 'Complete', 'Cancel']);
  });

  it('When it was completed, then it says by whom and when (Dhaka time) in Bengali digits for BN, and has no buttons', () => {
    const completed = order({
      status: 'complete',
      verification: {
        status: 'verified',
        sms_id: 1,
        amount: 1500,
        sender: '017',
        received_at: at('2026-11-27T04:06:00Z'),
        reason: null,
        expected_balance: null,
        stated_balance: null,
        expected_since: null,
        accepted_by: null,
      },
      events: [
        ...order().events,
        {
          from: 'pending',
          to: 'complete',
          actor: 'admin',
          actor_id: 'u1',
          kind: 'status',
          note: null,
          time: at('2026-11-27T04:42:00Z'),
        },
      ],
    });
    const en = renderOrderMessage(completed, 'en', new Map([['u1', 'Rahim']]), NOW);
    expect(en.text).toContain('Completed by Rahim at 10:42');
    expect(en.text).toContain('✅ Payment verified by SMS');
    expect(en.keyboard).toBeUndefined();
    const bn = renderOrderMessage(completed, 'bn', new Map([['u1', 'Rahim']]), NOW);
    expect(bn.text).toContain('Rahim ১০:৪২-এ সম্পন্ন করেছেন');
    expect(bn.text).toContain('১,৫০০.০০ টাকা');
    expect(bn.text).toContain('১২৩৪৫৬৭৮৯');
    expect(bn.text).toContain('অর্ডার AbCdEfGhIj');
    expect(bn.hash).not.toBe(en.hash);
    expect(whyNotActionable(completed, 'en', new Map([['u1', 'Rahim']]), NOW)).toBe('Already completed by Rahim 10:42');
  });

  it('When the same order is rendered twice, then the hash is the same (no edit), and any change alters it', () => {
    const a = renderOrderMessage(order(), 'en', new Map(), NOW);
    expect(renderOrderMessage(order(), 'en', new Map(), NOW).hash).toBe(a.hash);
    expect(
      renderOrderMessage(
        order({ verification: { ...order().verification, status: 'amount_mismatch' } }),
        'en',
        new Map(),
        NOW,
      ).hash,
    ).not.toBe(a.hash);
  });

  it('When a button is pressed, then its data is parsed back, and anything else is refused', () => {
    expect(parseCallbackData(callbackData('complete', 'AbCdEfGhIjKlMnOpQrStUv'))).toEqual({
      action: 'complete',
      shortId: 'AbCdEfGhIj',
    });
    for (const data of [
      'o:delete:AbCdEfGhIj',
      'o:complete:',
      'o:complete:AbCdEfGhIjK',
      'complete:AbCdEfGhIj',
      'o:complete:Ab/Cd',
    ])
      expect(parseCallbackData(data)).toBeNull();
  });
});
