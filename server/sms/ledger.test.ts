// The ledger's rules (decision 144) on hand-made cases, and two properties: any order of arrival of a consistent
// set of messages chains every one of them; one forged balance is held and never changes what the others are.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chainInto, runLedger, type LedgerEntry } from './ledger.js';

const T0 = 1_795_000_000;
const credit = (id: number, amount: string, balance: string | null, minute: number, fee = '0.00'): LedgerEntry => ({
  id,
  direction: 'credit',
  amount,
  fee,
  balance,
  time: T0 + minute * 60,
});
const debit = (id: number, amount: string, balance: string, minute: number, fee = '0.00'): LedgerEntry => ({
  ...credit(id, amount, balance, minute, fee),
  direction: 'debit',
});
const stateOf = (r: ReturnType<typeof runLedger>, id: number) => r.states.get(id);

describe('ledger', () => {
  it('When credits and debits chain from the anchor to the paisa, then all are chained and the balance is the last one', () => {
    const r = runLedger({ balance: '1000.00', at: T0 }, [
      credit(1, '200.00', '1200.00', 1),
      debit(2, '500.00', '695.00', 2, '5.00'),
      credit(3, '0.50', '695.50', 3),
    ]);
    expect([...r.states.values()]).toEqual([{ state: 'chained' }, { state: 'chained' }, { state: 'chained' }]);
    expect(r.balance).toBe('695.50');
    expect(r.gap).toBeNull();
  });

  it('When a forged credit states an invented balance between genuine ones, then it alone is held with what was expected', () => {
    const r = runLedger({ balance: '1000.00', at: T0 }, [
      credit(1, '200.00', '1200.00', 1),
      credit(2, '25000.00', '26500.00', 2),
      credit(3, '100.00', '1300.00', 3),
    ]);
    expect(stateOf(r, 1)).toEqual({ state: 'chained' });
    expect(stateOf(r, 2)).toEqual({ state: 'held', reason: 'balance_gap', expected: '26200.00', stated: '26500.00' });
    expect(stateOf(r, 3)).toEqual({ state: 'chained' });
    expect(r.gap).toBeNull();
  });

  it('When a debit is missing, then the next credit is held with the gap and the late debit closes it', () => {
    const seen = [credit(1, '200.00', '1200.00', 2), credit(3, '100.00', '100.00', 15)];
    const open = runLedger({ balance: '1000.00', at: T0 }, seen);
    expect(stateOf(open, 3)).toEqual({ state: 'held', reason: 'balance_gap', expected: '1300.00', stated: '100.00' });
    expect(open.gap).toEqual({ from: T0 + 120, to: T0 + 900, sms_id: 3, unexplained: '1200.00' });
    // The held credit's expected balance follows the chain's step at minute 2: the debit came after it (decision 303).
    expect(open.since.get(3)).toBe(T0 + 120);
    expect(open.since.has(1)).toBe(false);
    // With nothing chained before it, the step is the anchor.
    expect(runLedger({ balance: '1000.00', at: T0 }, [credit(5, '100.00', '50.00', 4)]).since.get(5)).toBe(T0);
    expect(open.balance).toBe('1200.00');
    const closed = runLedger({ balance: '1000.00', at: T0 }, [...seen, debit(4, '1200.00', '0.00', 10)]);
    expect(stateOf(closed, 3)).toEqual({ state: 'chained' });
    expect(closed.gap).toBeNull();
    expect(closed.balance).toBe('100.00');
  });

  it('When messages in one minute arrive out of order, then their balances order them', () => {
    const r = runLedger({ balance: '0.00', at: T0 }, [
      credit(2, '50.00', '150.00', 1),
      credit(1, '100.00', '100.00', 1),
    ]);
    expect(stateOf(r, 1)).toEqual({ state: 'chained' });
    expect(stateOf(r, 2)).toEqual({ state: 'chained' });
  });

  it('When the device has no anchor, then every message is held no_anchor, a chain of its own included, and no balance is known', () => {
    // The attack of the audit: a seed stating a balance, then a forged payment stepping from it.
    const r = runLedger(null, [
      credit(1, '10.00', '5010.00', 1),
      credit(2, '900.00', '5910.00', 2),
      credit(3, '70.00', null, 3),
    ]);
    expect(stateOf(r, 1)).toEqual({ state: 'held', reason: 'no_anchor', expected: null, stated: '5010.00' });
    expect(stateOf(r, 2)).toEqual({ state: 'held', reason: 'no_anchor', expected: null, stated: '5910.00' });
    expect(stateOf(r, 3)).toEqual({ state: 'held', reason: 'no_balance', expected: null, stated: null });
    expect(r.balance).toBeNull();
    expect(r.gap).toBeNull();
    expect(runLedger(null, []).balance).toBeNull();
  });

  it('When an admin states the balance, then the messages leading into it chain backwards and a forged chain does not', () => {
    const genuine = [
      credit(1, '500.00', '2500.00', 1),
      credit(3, '700.00', '3200.00', 4),
      debit(4, '1000.00', '2180.00', 6, '20.00'),
    ];
    const forged = [credit(2, '10.00', '5010.00', 2), credit(5, '900.00', '5910.00', 7)];
    expect(chainInto({ balance: '2180.00', at: T0 + 600 }, [...genuine, ...forged]).sort()).toEqual([1, 3, 4]);
    // Stated as the forger's figure would need the wallet to hold it: nothing genuine leads there.
    expect(chainInto({ balance: '5910.00', at: T0 + 600 }, [...genuine, ...forged]).sort()).toEqual([2, 5]);
    // A balance nothing leads into proves nothing; a message stating none never joins.
    expect(chainInto({ balance: '100.00', at: T0 + 600 }, [...genuine, credit(6, '5.00', null, 8)])).toEqual([]);
  });
});

/** A consistent history: steps from an anchor, each stating the balance it leaves, one or more minutes apart. */
const historyArb = fc
  .array(
    fc.record({
      credit: fc.boolean(),
      paisa: fc.integer({ min: 1, max: 5_000_000 }),
      fee: fc.integer({ min: 0, max: 2_000 }),
      gap: fc.integer({ min: 0, max: 30 }),
    }),
    { minLength: 1, maxLength: 25 },
  )
  .map((steps) => {
    let balance = 100_000_000;
    let minute = 0;
    const entries: LedgerEntry[] = [];
    for (const [i, s] of steps.entries()) {
      // Debits never go below zero: a step the wallet would refuse becomes a credit.
      const credit = s.credit || balance - s.paisa - s.fee < 0;
      balance += credit ? s.paisa - s.fee : -s.paisa - s.fee;
      minute += s.gap;
      const money = (p: number) => (p / 100).toFixed(2);
      entries.push({
        id: i + 1,
        direction: credit ? 'credit' : 'debit',
        amount: money(s.paisa),
        fee: money(s.fee),
        balance: money(balance),
        time: T0 + minute * 60,
      });
    }
    return entries;
  });

/** The same messages as they might arrive: any order, ids given by arrival. */
const arrival = (entries: LedgerEntry[], order: number[]) => order.map((i, n) => ({ ...entries[i], id: n + 1 }));
const shuffled = (entries: LedgerEntry[]) =>
  fc
    .shuffledSubarray([...entries.keys()], { minLength: entries.length, maxLength: entries.length })
    .map((order) => arrival(entries, order));

describe('ledger properties', () => {
  it('When a consistent set arrives in any order, then every message chains once all have arrived', () => {
    fc.assert(
      fc.property(
        historyArb.chain((h) => shuffled(h)),
        (arrived) => {
          const final = runLedger({ balance: '1000000.00', at: T0 }, arrived);
          for (const e of arrived) expect(final.states.get(e.id)).toEqual({ state: 'chained' });
          expect(final.gap).toBeNull();
        },
      ),
      { numRuns: 200 },
    );
  });

  it('When one credit states a forged balance, then it is held and every genuine message still chains', () => {
    fc.assert(
      fc.property(
        historyArb.chain((h) =>
          fc.tuple(
            fc.constant(h),
            fc.integer({ min: 0, max: h.length }),
            fc.integer({ min: 1, max: 9_999_999 }),
            fc.integer({ min: 1, max: 99 }),
          ),
        ),
        ([history, at, paisa, oddPaisa]) => {
          // Genuine balances are whole paisa of a consistent history; the forged one is off by a fraction no step
          // explains (an invented figure), dated among them.
          const time = history[Math.min(at, history.length - 1)].time;
          const forged: LedgerEntry = {
            id: 999,
            direction: 'credit',
            amount: (paisa / 100).toFixed(2),
            fee: '0.00',
            balance: `${7_777_777 + at}.${String(oddPaisa).padStart(2, '0')}`,
            time,
          };
          const r = runLedger({ balance: '1000000.00', at: T0 }, [
            ...history.slice(0, at),
            forged,
            ...history.slice(at),
          ]);
          expect(r.states.get(999)).toMatchObject({ state: 'held', reason: 'balance_gap' });
          for (const e of history) expect(r.states.get(e.id)).toEqual({ state: 'chained' });
        },
      ),
      { numRuns: 200 },
    );
  });

  it('When a consistent set arrived before the balance was stated, then every message chains into the stated balance', () => {
    fc.assert(
      fc.property(
        historyArb.chain((h) => shuffled(h)),
        (arrived) => {
          const last = [...arrived].sort((a, b) => b.time - a.time || b.id - a.id)[0];
          // The history's final balance: the latest message's (ties in a minute: the one no other steps from).
          const final = runLedger({ balance: '1000000.00', at: T0 }, arrived).balance!;
          const into = chainInto({ balance: final, at: last.time + 60 }, arrived);
          expect(into.sort((a, b) => a - b)).toEqual(arrived.map((e) => e.id).sort((a, b) => a - b));
        },
      ),
      { numRuns: 200 },
    );
  });
});
