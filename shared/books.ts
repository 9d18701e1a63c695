// The day's books (decision 290): one Asia/Dhaka day's money as the wallet phones, the cash desks and the orders tell
// it, and the checks that put them side by side. `GET /books?date=`, `POST /books/{date}/close`, `GET /books.csv`.
import { z } from 'zod';
import { VALIDATION_KEYS as V } from './error-keys.js';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A real calendar day `YYYY-MM-DD` (2026-02-30 is not one). */
export function isBooksDate(value: string): boolean {
  if (!DAY.test(value)) return false;
  const at = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === value;
}
const booksDate = z.string({ error: V.booksDate }).trim().refine(isBooksDate, V.booksDate);
const blankIsUnset = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** `GET /books?date=`: left out, the day that holds now. */
export const booksQuerySchema = z.object({ date: z.preprocess(blankIsUnset, booksDate.optional()) });

/** `POST /books/{date}/close`: the note explains each difference, one line per failing check (`name: why`). */
export const BOOKS_NOTE_MAX = 4000;
export const booksCloseBodySchema = z.object({
  captcha: z.string().max(20_000).optional(),
  note: z.string({ error: V.invalid }).trim().max(BOOKS_NOTE_MAX, V.invalid).default(''),
});
export type BooksCloseBody = z.infer<typeof booksCloseBodySchema>;

/** The longest range of `GET /books.csv` and of the page's chart. */
export const BOOKS_RANGE_MAX_DAYS = 92;
export const BOOKS_CHART_DAYS = 30;

/** `GET /books.csv?from=&to=`: whole days, both included, `from` not after `to`, at most BOOKS_RANGE_MAX_DAYS. */
export const booksCsvQuerySchema = z
  .object({ from: booksDate, to: booksDate })
  .refine((q) => q.from <= q.to, { message: V.booksRange, path: ['to'] })
  .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < BOOKS_RANGE_MAX_DAYS, {
    message: V.booksRange,
    path: ['to'],
  });

/** `GET /books/chart?to=`: the 30 days that end with `to` (default today). */
export const booksChartQuerySchema = z.object({ to: z.preprocess(blankIsUnset, booksDate.optional()) });

/** What a difference is made of: an order, a forwarded SMS, a desk operation or a wallet phone (its gap). */
export const BOOK_ITEM_TYPES = ['order', 'sms', 'operation', 'device'] as const;
export type BookItemType = (typeof BOOK_ITEM_TYPES)[number];
export interface BookItemDto {
  type: BookItemType;
  id: string;
  /** The money it brings to the difference (signed as the check's `actual − expected`), when it has one. */
  amount: number | null;
  /** Why it is listed: `unclaimed`, `no_credit`, `not_chained`, `gap`, `no_proof`, `unproven_debit`, `no_deposit`, ... */
  reason: string;
  /** What finds it on its own page: an SMS's TrxID (the inbox's search); null for the others. */
  ref: string | null;
}

/** A check: `expected` is what the books compute, `actual` what the other side says; `difference = actual − expected`. */
export interface BookCheckDto {
  name: string;
  expected: number | null;
  actual: number | null;
  difference: number | null;
  ok: boolean;
  items: BookItemDto[];
  /** How many items there are in all (`items` holds at most BOOK_ITEMS_MAX). */
  items_total: number;
}
export const BOOK_ITEMS_MAX = 100;

export interface BookGapDto {
  from: number;
  to: number;
  sms_id: number;
  unexplained: number;
}
export interface BookPhoneDto {
  device_id: string;
  name: string;
  account: string;
  number: string | null;
  opening: number | null;
  credits: { count: number; amount: number };
  debits: { count: number; amount: number; fees: number };
  closing: number | null;
  stated_closing: number | null;
  gaps: BookGapDto[];
}
export interface BookCashdeskDto {
  currency: string;
  opening_limit: number | null;
  deposits: { count: number; amount: number };
  payouts: { count: number; amount: number };
  drift: { count: number; amount: number };
  closing_limit: number | null;
  read_limit: number | null;
}
export type ByCurrency = { BDT: number; USD: number };
export interface BookOrdersDto {
  topups: { count: number; paid_bdt: number; delivered: ByCurrency };
  withdrawals: { count: number; redeemed: ByCurrency; paid_bdt: number };
  by_hand: { count: number };
}
/** The brand's expected commission on the desks' volumes (shop settings; a null percentage: not shown). */
export interface BookCommissionDto {
  deposit_pct: number | null;
  payout_pct: number | null;
  deposits: ByCurrency | null;
  payouts: ByCurrency | null;
}
/** Something of a closed day that changed after the close: shown beside the frozen figures, never in them. */
export interface BookAdjustmentDto {
  type: BookItemType;
  id: string;
  at: number;
  /** `order_event:<kind>:<to_status>`, `late_sms`, `late_operation`. */
  what: string;
}

export interface BooksDayDto {
  date: string;
  /** Unix seconds; null while the day is open. */
  closed_at: number | null;
  closed_by: { id: string | null; name: string } | null;
  note: string | null;
  phones: BookPhoneDto[];
  cashdesks: BookCashdeskDto[];
  orders: BookOrdersDto;
  commission: BookCommissionDto | null;
  checks: BookCheckDto[];
  /** A closed day: what changed after the close, and the checks as they stand now where they moved. */
  adjustments: { changes: BookAdjustmentDto[]; checks: BookCheckDto[] } | null;
}

/** One day of the chart: money in (top-ups paid), out (withdrawals paid) and the sum of the checks' |differences|. */
export interface BooksChartDayDto {
  date: string;
  money_in: number;
  money_out: number;
  differences: number;
  closed: boolean;
}

/** The CSV's columns: one row per day and check. */
export const BOOKS_CSV_COLUMNS = [
  'date',
  'check',
  'expected',
  'actual',
  'difference',
  'ok',
  'items',
  'closed_at',
  'closed_by',
] as const;
