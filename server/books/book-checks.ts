// The books' rule (decision 290), as a pure function: one day's figures (books.repository.ts) in, the answer's
// phones, desks, orders and checks out. Each check is `expected` (what the books compute) against `actual` (what the
// other side says), `difference = actual − expected`, exact to the paisa, with the orders, messages and operations
// behind the difference. A figure that cannot be known (a phone without a stated balance, a desk nobody read) is
// null, and a check with a null side is not ok.
import Decimal from 'decimal.js';
import { productCurrency, productKind } from '#shared/constants';
import type {
  BookCashdeskDto,
  BookCheckDto,
  BookCommissionDto,
  BookItemDto,
  BookItemType,
  BookOrdersDto,
  BookPhoneDto,
  ByCurrency,
} from '#shared/books';
import type { BookDayFigures, BookWindow, DeskMatch, ItemRow, PhoneRow } from './books.repository.js';
import { DESK_CURRENCIES } from './cashdesk-figures.js';

const money = (v: Decimal.Value): number => Number(new Decimal(v).toFixed(2));
const moneyOrNull = (v: Decimal.Value | null): number | null => (v === null ? null : money(v));
const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

function check(
  name: string,
  expected: Decimal | null,
  actual: Decimal | null,
  items: BookItemDto[],
  itemsTotal: number,
): BookCheckDto {
  const difference = expected !== null && actual !== null ? actual.minus(expected) : null;
  return {
    name,
    expected: moneyOrNull(expected),
    actual: moneyOrNull(actual),
    difference: moneyOrNull(difference),
    ok: difference !== null && difference.isZero(),
    items,
    items_total: itemsTotal,
  };
}

const items = (type: BookItemType, rows: readonly ItemRow[], reason: string, sign = 1): BookItemDto[] =>
  rows.map((r) => ({
    type,
    id: String(r.id),
    amount: r.amount === null ? null : money(new Decimal(r.amount).times(sign)),
    reason,
    ref: r.ref ?? null,
  }));

/** Where a phone's day starts: the anchor stated that day, else the later of the anchor and the last chained balance before the day. */
function openingOf(p: PhoneRow, w: BookWindow): Decimal | null {
  if (p.anchorInDay && p.anchorBalance !== null) return new Decimal(p.anchorBalance);
  const anchorBefore = p.anchorBalance !== null && p.anchorAt !== null && p.anchorAt < seconds(w.from);
  if (anchorBefore && (p.prevAt === null || p.anchorAt! > p.prevAt)) return new Decimal(p.anchorBalance!);
  return p.prevBalance === null ? null : new Decimal(p.prevBalance);
}

function phoneOf(p: PhoneRow, w: BookWindow): { phone: BookPhoneDto; check: BookCheckDto } {
  const opening = openingOf(p, w);
  const steps = p.creditCount + p.debitCount;
  const expected = opening === null ? null : opening.plus(p.creditAmount).minus(p.debitAmount).minus(p.fees);
  // A day without a message: the balance stands where it opened.
  const stated = p.statedClosing !== null ? new Decimal(p.statedClosing) : steps === 0 ? opening : null;
  const closing = p.chainedClosing !== null ? new Decimal(p.chainedClosing) : opening;
  const gapInDay = p.gap !== null && p.gap.to < seconds(w.to);
  const phoneItems: BookItemDto[] = [
    ...p.notChained.map((m) => ({
      type: 'sms' as const,
      id: String(m.id),
      amount: money(new Decimal(m.amount ?? 0).times(m.direction === 'credit' ? -1 : 1)),
      reason: 'not_chained',
      ref: m.ref,
    })),
    ...(gapInDay
      ? [{ type: 'device' as const, id: p.id, amount: money(p.gap!.unexplained), reason: 'gap', ref: null }]
      : []),
  ];
  return {
    phone: {
      device_id: p.id,
      name: p.name,
      account: p.account,
      number: p.number,
      opening: moneyOrNull(opening),
      credits: { count: p.creditCount, amount: money(p.creditAmount) },
      debits: { count: p.debitCount, amount: money(p.debitAmount), fees: money(p.fees) },
      closing: moneyOrNull(closing),
      stated_closing: moneyOrNull(stated),
      gaps: gapInDay ? [{ ...p.gap!, unexplained: money(p.gap!.unexplained) }] : [],
    },
    check: check(
      `phone:${p.id}`,
      steps === 0 && opening === null ? new Decimal(0) : expected,
      steps === 0 && opening === null ? new Decimal(0) : stated,
      phoneItems,
      p.notChainedTotal + (gapInDay ? 1 : 0),
    ),
  };
}

function deskCheck(name: string, m: DeskMatch, orderReason: string): BookCheckDto {
  return check(
    name,
    new Decimal(m.orders),
    new Decimal(m.desk),
    [...items('order', m.orphanOrders, orderReason), ...items('operation', m.orphanOperations, 'no_order')],
    m.orphanOrdersTotal + m.orphanOperationsTotal,
  );
}

export interface CommissionRates {
  deposit_pct: number | null;
  payout_pct: number | null;
}

export interface BookParts {
  phones: BookPhoneDto[];
  cashdesks: BookCashdeskDto[];
  orders: BookOrdersDto;
  commission: BookCommissionDto | null;
  checks: BookCheckDto[];
}

export function bookParts(f: BookDayFigures, w: BookWindow, rates: CommissionRates): BookParts {
  const zero = (): ByCurrency => ({ BDT: 0, USD: 0 });
  const orders: BookOrdersDto = {
    topups: { count: 0, paid_bdt: 0, delivered: zero() },
    withdrawals: { count: 0, redeemed: zero(), paid_bdt: 0 },
    by_hand: { count: 0 },
  };
  for (const row of f.completed) {
    const currency = productCurrency(row.productId);
    if (productKind(row.productId) === 'topup') {
      orders.topups.count += row.count;
      orders.topups.paid_bdt = money(new Decimal(orders.topups.paid_bdt).plus(row.pmAmount));
      orders.topups.delivered[currency] = money(new Decimal(orders.topups.delivered[currency]).plus(row.amount));
    } else {
      orders.withdrawals.count += row.count;
      orders.withdrawals.paid_bdt = money(new Decimal(orders.withdrawals.paid_bdt).plus(row.pmAmount));
      orders.withdrawals.redeemed[currency] = money(
        new Decimal(orders.withdrawals.redeemed[currency]).plus(row.amount),
      );
    }
    orders.by_hand.count += row.byHand;
  }

  const phones = f.phones.map((p) => phoneOf(p, w));
  const desk = f.cashdesks;
  const cashdesks: BookCashdeskDto[] = desk.desks.map((d) => {
    const opening = d.openingLimit === null ? null : new Decimal(d.openingLimit);
    return {
      currency: d.currency,
      opening_limit: moneyOrNull(opening),
      deposits: { count: d.depositCount, amount: money(d.depositAmount) },
      payouts: { count: d.payoutCount, amount: money(d.payoutAmount) },
      drift: { count: d.driftCount, amount: money(d.driftAmount) },
      closing_limit: opening === null ? null : money(opening.minus(d.depositAmount).plus(d.payoutAmount)),
      read_limit: moneyOrNull(d.readLimit),
    };
  });

  const checks: BookCheckDto[] = [
    ...phones.map((p) => p.check),
    check(
      'topups_paid',
      new Decimal(f.topups.orders),
      new Decimal(f.topups.phones),
      [...items('order', f.topups.missing, 'no_credit'), ...items('sms', f.topups.extra, 'unclaimed')],
      f.topups.missingTotal + f.topups.extraTotal,
    ),
    ...DESK_CURRENCIES.map((c) =>
      deskCheck(
        `topups_delivered:${c}`,
        f.deposits.find((m) => m.currency === c)!,
        'no_deposit',
      ),
    ),
    ...DESK_CURRENCIES.map((c) =>
      deskCheck(
        `withdrawals_redeemed:${c}`,
        f.payouts.find((m) => m.currency === c)!,
        'no_payout',
      ),
    ),
    check(
      'withdrawals_paid',
      new Decimal(f.withdrawals.orders),
      new Decimal(f.withdrawals.phones),
      [...items('order', f.withdrawals.missing, 'no_proof'), ...items('sms', f.withdrawals.extra, 'unproven_debit')],
      f.withdrawals.missingTotal + f.withdrawals.extraTotal,
    ),
    ...desk.desks.map((d) => {
      const opening = d.openingLimit === null ? null : new Decimal(d.openingLimit);
      return check(
        `cashdesk:${d.currency}`,
        opening === null ? null : opening.minus(d.depositAmount).plus(d.payoutAmount),
        d.readLimit === null ? null : new Decimal(d.readLimit),
        items('operation', d.drift, 'drift'),
        d.driftCount,
      );
    }),
  ];

  const volume = (kind: 'depositAmount' | 'payoutAmount', pct: number | null): ByCurrency | null => {
    if (pct === null) return null;
    const out = zero();
    for (const d of desk.desks)
      if (d.currency === 'BDT' || d.currency === 'USD')
        out[d.currency] = money(new Decimal(d[kind]).times(pct).dividedBy(100));
    return out;
  };
  const commission: BookCommissionDto | null =
    rates.deposit_pct === null && rates.payout_pct === null
      ? null
      : {
          ...rates,
          deposits: volume('depositAmount', rates.deposit_pct),
          payouts: volume('payoutAmount', rates.payout_pct),
        };

  return { phones: phones.map((p) => p.phone), cashdesks, orders, commission, checks };
}

/**
 * The failing checks a closing note does not explain: each needs a line of its own `name: why` (the page writes the
 * names; the admin writes the why, at least 3 characters).
 */
export function unexplainedChecks(checks: readonly BookCheckDto[], note: string): string[] {
  const explained = new Set<string>();
  for (const line of note.split(/\r?\n/)) {
    const m = /^\s*([\w:.-]+)\s*:\s*(.*)$/.exec(line);
    if (m && m[2].trim().length >= 3) explained.add(m[1]);
  }
  return checks.filter((c) => !c.ok && !explained.has(c.name)).map((c) => c.name);
}
