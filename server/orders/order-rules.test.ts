// The pure order rules (a method's daily caps, the fleet's rotation, four eyes) tested on their own, in milliseconds:
// a change to a rule is checked here before the API files that place and complete orders run it end to end.
import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fitsCap, hasCap, NO_USAGE, type MethodCap } from './order-caps.js';
import { isLimited, rankNumbers, type FleetNumber, type FleetUsage } from './order-rotation.js';
import { amountInBdt, needsSecondApproval } from './four-eyes.js';

const taka = fc.integer({ min: 0, max: 1_000_000 }).map((paisa) => new Decimal(paisa).div(100).toFixed(2));

describe('A method’s daily caps', () => {
  it('When neither cap is set, then the method has no cap and every payment fits', () => {
    const cap: MethodCap = { dailyCountLimit: null, dailyAmountLimit: null };
    expect(hasCap(cap)).toBe(false);
    expect(fitsCap(cap, { count: 10_000, amount: '99999999.99' }, '50000')).toBe(true);
  });

  it('When the count cap is 3, then the third payment of the day fits and the fourth does not', () => {
    const cap: MethodCap = { dailyCountLimit: 3, dailyAmountLimit: null };
    expect(fitsCap(cap, { count: 2, amount: '0' }, '1')).toBe(true);
    expect(fitsCap(cap, { count: 3, amount: '0' }, '1')).toBe(false);
  });

  it('When a payment reaches the amount cap to the paisa, then it fits; one paisa more does not', () => {
    const cap: MethodCap = { dailyCountLimit: null, dailyAmountLimit: '10000.00' };
    expect(fitsCap(cap, { count: 5, amount: '9000.50' }, '999.50')).toBe(true);
    expect(fitsCap(cap, { count: 5, amount: '9000.50' }, '999.51')).toBe(false);
  });

  it('When payments are added one by one while they fit, then the day never passes either cap (property)', () => {
    fc.assert(
      fc.property(
        fc.option(fc.integer({ min: 0, max: 20 }), { nil: null }),
        fc.option(taka, { nil: null }),
        fc.array(taka, { maxLength: 40 }),
        (count, amount, payments) => {
          const cap: MethodCap = { dailyCountLimit: count, dailyAmountLimit: amount };
          let used = NO_USAGE;
          for (const pay of payments) {
            if (fitsCap(cap, used, pay))
              used = { count: used.count + 1, amount: new Decimal(used.amount).plus(pay).toFixed(2) };
          }
          if (count !== null) expect(used.count).toBeLessThanOrEqual(count);
          if (amount !== null) expect(new Decimal(used.amount).lessThanOrEqualTo(amount)).toBe(true);
        },
      ),
    );
  });
});

const number = (id: number, limits: Partial<FleetNumber> = {}): FleetNumber => ({
  id,
  wallet: `0171100000${id}`,
  active: true,
  dailyCountLimit: null,
  dailyAmountLimit: null,
  monthlyAmountLimit: null,
  ...limits,
});
const used = (today: string, count = 0, month = today): FleetUsage => ({
  today: { count, amount: today },
  month: { count, amount: month },
});

describe('The wallet fleet’s rotation', () => {
  it('When two limited numbers have room, then the one with more taka left today goes first', () => {
    const a = number(1, { dailyAmountLimit: '10000' });
    const b = number(2, { dailyAmountLimit: '10000' });
    const ranked = rankNumbers(
      [a, b],
      new Map([
        [1, used('8000')],
        [2, used('2000')],
      ]),
      '500',
    );
    expect(ranked.map((n) => n.id)).toEqual([2, 1]);
  });

  it('When this month’s limit is tighter than today’s, then the tighter one is the room', () => {
    const a = number(1, { dailyAmountLimit: '10000', monthlyAmountLimit: '100000' });
    const b = number(2, { dailyAmountLimit: '10000' });
    // a has 10,000 left today but only 1,000 this month; b has 5,000 left today.
    const ranked = rankNumbers(
      [a, b],
      new Map([
        [1, used('0', 0, '99000')],
        [2, used('5000')],
      ]),
      '500',
    );
    expect(ranked.map((n) => n.id)).toEqual([2, 1]);
  });

  it('When a number has no room for this payment, or is inactive, then it is not offered at all', () => {
    const full = number(1, { dailyAmountLimit: '1000' });
    const countedOut = number(2, { dailyCountLimit: 2 });
    const off = number(3, { active: false });
    const ranked = rankNumbers(
      [full, countedOut, off],
      new Map([
        [1, used('600')],
        [2, used('0', 2)],
      ]),
      '500',
    );
    expect(ranked).toEqual([]);
  });

  it('When a number is unlimited, then it has more room than any limited one; equal room keeps the admin’s order', () => {
    const limited = number(1, { dailyAmountLimit: '1000000' });
    const free = number(2);
    const alsoFree = number(3);
    expect(isLimited(free)).toBe(false);
    expect(rankNumbers([limited, alsoFree, free], new Map(), '10').map((n) => n.id)).toEqual([2, 3, 1]);
  });

  it('When any fleet is ranked, then every offered number fits the payment and none left out would have (property)', () => {
    const limits = fc.record({
      active: fc.boolean(),
      dailyCountLimit: fc.option(fc.integer({ min: 0, max: 5 }), { nil: null }),
      dailyAmountLimit: fc.option(taka, { nil: null }),
      monthlyAmountLimit: fc.option(taka, { nil: null }),
      today: taka,
      count: fc.integer({ min: 0, max: 6 }),
    });
    fc.assert(
      fc.property(fc.array(limits, { maxLength: 6 }), taka, (fleet, pay) => {
        const numbers = fleet.map((l, i) => number(i + 1, l));
        const usage = new Map(fleet.map((l, i) => [i + 1, used(l.today, l.count)]));
        const fits = (n: FleetNumber, u: FleetUsage): boolean =>
          n.active &&
          (n.dailyCountLimit === null || u.today.count + 1 <= n.dailyCountLimit) &&
          (n.dailyAmountLimit === null ||
            new Decimal(u.today.amount).plus(pay).lessThanOrEqualTo(n.dailyAmountLimit)) &&
          (n.monthlyAmountLimit === null ||
            new Decimal(u.month.amount).plus(pay).lessThanOrEqualTo(n.monthlyAmountLimit));
        const offered = new Set(rankNumbers(numbers, usage, pay).map((n) => n.id));
        for (const n of numbers) expect(offered.has(n.id), `number ${n.id}`).toBe(fits(n, usage.get(n.id)!));
      }),
    );
  });
});

describe('Four eyes', () => {
  it('When a BDT withdrawal reaches the threshold, then it needs a second approval; one taka less does not', () => {
    expect(needsSecondApproval({ productId: '1xbet_withdraw_bdt', amount: '50000', pmAmount: '49000' }, 50_000)).toBe(
      true,
    );
    expect(needsSecondApproval({ productId: '1xbet_withdraw_bdt', amount: '49999', pmAmount: '49999' }, 50_000)).toBe(
      false,
    );
  });

  it('When a USD withdrawal is weighed, then its amount in BDT is the converted pay amount', () => {
    const order = { productId: '1xbet_withdraw_usd', amount: '400', pmAmount: '50000' };
    expect(amountInBdt(order).toString()).toBe('50000');
    expect(needsSecondApproval(order, 50_000)).toBe(true);
  });

  it('When the order is a top-up, or no threshold is set, then no second approval is needed', () => {
    expect(needsSecondApproval({ productId: '1xbet_topup_bdt', amount: '900000', pmAmount: '900000' }, 1)).toBe(false);
    expect(needsSecondApproval({ productId: '1xbet_withdraw_bdt', amount: '900000', pmAmount: '900000' }, null)).toBe(
      false,
    );
  });
});
