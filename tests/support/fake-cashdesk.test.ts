// The shop's Cashdesk client against the fake desk: every outcome the client can report, and the fake's bookkeeping.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCashdeskClient, type CashdeskClient, type DeskCredentials } from '../../server/cashdesk/index.js';
import { startFakeCashdesk, type FakeCashdesk } from './fake-cashdesk.js';

let fake: FakeCashdesk;
let client: CashdeskClient;
let desk: DeskCredentials;

beforeEach(async () => {
  fake = await startFakeCashdesk({ limit: 1_000, balance: 5_000 });
  fake.addPlayer('3310001', { name: 'Rahim Uddin', currencyId: 87 });
  client = createCashdeskClient({ root: fake.root, timeoutMs: 1_500 });
  desk = fake.credentials;
});
afterEach(() => fake.close());

describe('cash desk client and fake desk', () => {
  it('reads Balance, finds players, deposits and redeems codes with the Limit moving', async () => {
    expect(await client.balance(desk, new Date())).toEqual({ outcome: 'ok', value: { balance: 5_000, limit: 1_000 } });
    expect(await client.findPlayer(desk, '3310001')).toEqual({
      outcome: 'ok',
      value: { userId: '3310001', name: 'Rahim Uddin', currencyId: 87 },
    });
    expect(await client.findPlayer(desk, '999')).toEqual({ outcome: 'notFound' });

    const deposit = await client.deposit(desk, '3310001', 300);
    expect(deposit).toMatchObject({ outcome: 'ok', value: { summa: 300, operationId: expect.any(String) } });
    expect(fake.limit()).toBe(700);

    fake.addCode('a2a3', 120, '3310001');
    expect(await client.payout(desk, '3310001', 'a2a3')).toMatchObject({ outcome: 'ok', value: { summa: 120 } });
    expect(fake.limit()).toBe(820);
    expect(fake.codeUsed('a2a3')).toBe(true);
    expect(fake.ledger.map((op) => [op.kind, op.summa, op.limitBefore, op.limitAfter])).toEqual([
      ['deposit', 300, 1_000, 700],
      ['payout', 120, 700, 820],
    ]);
  });

  it('refusals: used code, too much for the Limit, unknown player; nothing moves', async () => {
    fake.addCode('c1', 50);
    await client.payout(desk, '3310001', 'c1');
    expect(await client.payout(desk, '3310001', 'c1')).toEqual({ outcome: 'refused', message: 'Wrong or used code' });
    expect(await client.deposit(desk, '3310001', 5_000)).toEqual({
      outcome: 'refused',
      message: 'Not enough cash desk limit',
    });
    expect(await client.deposit(desk, '42', 10)).toEqual({ outcome: 'refused', message: 'User not found' });
    expect(fake.ledger).toHaveLength(1);
  });

  it('camelCase answers, string numbers, messageId and a negative Summa read alike', async () => {
    fake.answerCase('camel');
    fake.stringNumbers(true);
    fake.operationIdKey('messageId');
    fake.addCode('z9', 75);
    expect(await client.balance(desk, new Date())).toEqual({ outcome: 'ok', value: { balance: 5_000, limit: 1_000 } });
    const payout = await client.payout(desk, '3310001', 'z9');
    expect(payout).toEqual({
      outcome: 'ok',
      value: { summa: 75, operationId: fake.ledger[0]!.operationId, message: 'Payout completed' },
    });
    expect(await client.findPlayer(desk, '3310001')).toMatchObject({ outcome: 'ok', value: { currencyId: 87 } });
  });

  it('a wrong hash is 403 (confirm), a wrong cashier password 401 (sign), a blocked address 403 on every call', async () => {
    expect(await client.balance({ ...desk, hash: 'wrong' }, new Date())).toMatchObject({
      outcome: 'denied',
      status: 403,
    });
    expect(await client.balance({ ...desk, cashierPass: 'wrong' }, new Date())).toMatchObject({
      outcome: 'denied',
      status: 401,
    });
    expect(await client.balance({ ...desk, balanceVariant: 'cashdeskid' }, new Date())).toMatchObject({
      outcome: 'denied',
      status: 401,
    });
    expect(await client.deposit({ ...desk, cashierPass: 'wrong' }, '3310001', 10)).toMatchObject({
      outcome: 'denied',
      status: 401,
    });
    fake.denyAll(true);
    expect(await client.findPlayer(desk, '3310001')).toMatchObject({ outcome: 'denied', status: 403 });
    expect(await client.deposit(desk, '3310001', 10)).toMatchObject({ outcome: 'denied', status: 403 });
    expect(fake.ledger).toHaveLength(0);
  });

  it('each fault is unknown, made or not as the fault says, and the client never sends twice', async () => {
    const cases = [
      ['lostAnswer', 'reset', 1],
      ['resetAfter', 'reset', 1],
      ['error500Before', 'server', 0],
      ['malformed', 'unreadable', 1],
      ['hang', 'timeout', 1],
    ] as const;
    for (const [fault, reason, made] of cases) {
      const before = fake.ledger.length;
      const sent = fake.requests.filter((r) => r.call === 'deposit').length;
      fake.failNext(fault);
      const result = await client.deposit(desk, '3310001', 10);
      expect(result, fault).toMatchObject({ outcome: 'unknown', reason });
      expect(fake.ledger.length - before, fault).toBe(made);
      expect(fake.requests.filter((r) => r.call === 'deposit').length - sent, fault).toBe(1);
    }
    expect(fake.limit()).toBe(1_000 - 40);
  });

  it('a slow Balance beyond the timeout is unknown', async () => {
    fake.slowBalance(2_000);
    expect(await client.balance(desk, new Date())).toMatchObject({ outcome: 'unknown', reason: 'timeout' });
  });

  it('no secret travels outside the sign and confirm, and messages carry none', async () => {
    fake.failNext('lostAnswer');
    const result = await client.deposit(desk, '3310001', 10);
    const text = JSON.stringify(result) + JSON.stringify(await client.balance({ ...desk, hash: 'wrong' }, new Date()));
    for (const secret of [desk.hash, desk.cashierPass]) {
      expect(text).not.toContain(secret);
      for (const r of fake.requests) expect(r.path + r.body + JSON.stringify(r.headers)).not.toContain(secret);
    }
  });
});
