import { describe, expect, it } from 'vitest';
import { exclusionEnd, isStricter, limitsInForce, NO_LIMITS, splitLimitChange } from './player-limits.js';

describe('the customer’s own limits', () => {
  it('When a wish is stricter in every window, then it all counts now and nothing waits', () => {
    expect(
      splitLimitChange(
        { daily_bdt: 1000, weekly_bdt: null, monthly_bdt: 9000 },
        { daily_bdt: 500, weekly_bdt: 3000, monthly_bdt: 9000 },
      ),
    ).toEqual({
      now: { daily_bdt: 500, weekly_bdt: 3000, monthly_bdt: 9000 },
      later: null,
    });
  });

  it('When one window gets looser (raised or removed), then the stricter ones count now and the whole wish waits', () => {
    expect(
      splitLimitChange(
        { daily_bdt: 1000, weekly_bdt: 5000, monthly_bdt: null },
        { daily_bdt: null, weekly_bdt: 3000, monthly_bdt: null },
      ),
    ).toEqual({
      now: { daily_bdt: 1000, weekly_bdt: 3000, monthly_bdt: null },
      later: { daily_bdt: null, weekly_bdt: 3000, monthly_bdt: null },
    });
    expect(splitLimitChange(NO_LIMITS, NO_LIMITS).later).toBeNull();
  });

  it('When null means none, then none is the loosest value', () => {
    expect(isStricter(null, null)).toBe(true);
    expect(isStricter(null, 10)).toBe(false);
    expect(isStricter(10, null)).toBe(true);
    expect(isStricter(10, 10)).toBe(true);
    expect(isStricter(11, 10)).toBe(false);
  });

  it('When a pending change’s time has come, then it is the limits, exactly from that instant', () => {
    const at = new Date('2030-01-02T00:00:00Z');
    const stored = { limits: { ...NO_LIMITS, daily_bdt: 100 }, pending: { limits: NO_LIMITS, at } };
    expect(limitsInForce(stored, new Date(at.getTime() - 1))).toEqual(stored);
    expect(limitsInForce(stored, at)).toEqual({ limits: NO_LIMITS, pending: null });
  });

  it('When an exclusion starts, then hours and days end exactly, months and years on the calendar', () => {
    const from = new Date('2030-08-31T10:00:00Z');
    expect(exclusionEnd('24h', from).toISOString()).toBe('2030-09-01T10:00:00.000Z');
    expect(exclusionEnd('7d', from).toISOString()).toBe('2030-09-07T10:00:00.000Z');
    expect(exclusionEnd('30d', from).toISOString()).toBe('2030-09-30T10:00:00.000Z');
    expect(exclusionEnd('6m', new Date('2030-01-15T10:00:00Z')).toISOString()).toBe('2030-07-15T10:00:00.000Z');
    expect(exclusionEnd('1y', from).toISOString()).toBe('2031-08-31T10:00:00.000Z');
    expect(exclusionEnd('5y', from).toISOString()).toBe('2035-08-31T10:00:00.000Z');
  });
});
