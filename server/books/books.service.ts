// The day's books (decision 290): read a Dhaka day (live, or as it was closed with what changed since beside it),
// close it, export days as CSV and chart the last 30 days.
import { BOOKS_CHART_DAYS, type BookCheckDto, type BooksChartDayDto, type BooksDayDto } from '#shared/books';
import { DAY_SECONDS, dhakaDate, dhakaDayStartOf } from '#shared/dhaka';
import { unixSeconds } from '#shared/time';
import type { AuditRecorder } from '../audit/index.js';
import type { Clock } from '../clock.js';
import { AppError, errors } from '../http/app-error.js';
import type { UserRecord } from '../security/user-record.js';
import { bookParts, unexplainedChecks, type CommissionRates } from './book-checks.js';
import type { BooksRepository, BookWindow, StoredBookDay } from './books.repository.js';

const DAY_MS = DAY_SECONDS * 1000;
export const windowOf = (date: string): BookWindow => {
  const from = dhakaDayStartOf(date);
  return { from, to: new Date(from.getTime() + DAY_MS) };
};
const addDays = (date: string, days: number) => dhakaDate(new Date(dhakaDayStartOf(date).getTime() + days * DAY_MS));

export const booksErrors = {
  closed: () => errors.conflict('errors.booksClosed', 'This day is closed already'),
  futureDay: () => errors.conflict('errors.booksFutureDay', 'This day has not begun yet'),
  unexplained: (names: string[]) =>
    new AppError(
      409,
      'errors.booksUnexplained',
      `Explain each difference in the note, one line each: ${names.join(', ')}`,
      { params: { checks: names.join(', ') } },
    ),
};

/** The frozen part of a closed day: the answer as it was, without who closed it (stored beside it). */
type FrozenDay = Omit<BooksDayDto, 'closed_at' | 'closed_by' | 'note' | 'adjustments'>;

const OPEN = { closed_at: null, closed_by: null, note: null, adjustments: null } as const;

const sameFigures = (a: BookCheckDto, b: BookCheckDto | undefined) =>
  b !== undefined && a.expected === b.expected && a.actual === b.actual;

export function createBooksService(deps: {
  books: BooksRepository;
  audit: AuditRecorder;
  clock: Clock;
  commission: () => Promise<CommissionRates>;
}) {
  const { books, audit, clock, commission } = deps;

  const today = () => dhakaDate(clock.now());

  async function liveDay(date: string, recompute = false): Promise<FrozenDay> {
    const w = windowOf(date);
    const [figures, rates] = await Promise.all([
      recompute ? books.recomputeDay(w, date) : books.readDay(w, date),
      commission(),
    ]);
    return { date, ...bookParts(figures, w, rates) };
  }

  async function closedDay(stored: StoredBookDay): Promise<BooksDayDto> {
    const frozen = stored.figures as FrozenDay;
    const [live, changes] = await Promise.all([
      liveDay(stored.date),
      books.lateChanges(windowOf(stored.date), stored.closedAt),
    ]);
    const before = new Map(frozen.checks.map((c) => [c.name, c]));
    const moved = live.checks.filter((c) => !sameFigures(c, before.get(c.name)));
    return {
      ...frozen,
      closed_at: unixSeconds(stored.closedAt),
      closed_by: { id: stored.closedBy, name: stored.closedByName },
      note: stored.note,
      adjustments: {
        changes: changes.map((c) => ({ type: c.type, id: c.id, at: Number(c.at), what: c.what })),
        checks: moved,
      },
    };
  }

  async function readDay(date: string): Promise<BooksDayDto> {
    const stored = await books.find(date);
    if (stored) return closedDay(stored);
    return { ...(await liveDay(date)), ...OPEN };
  }

  return {
    today,
    /** One day's books; left out, today's. */
    readDay: (date?: string) => readDay(date ?? today()),

    /**
     * The day as if open, recomputed from its rows and never kept: what `readDay` of a day not closed must always
     * equal (the property tests compare the two).
     */
    recomputeDay: async (date: string): Promise<BooksDayDto> => ({ ...(await liveDay(date, true)), ...OPEN }),

    /** Freezes a day's figures as they are now; refused while a failing check is not explained in the note. */
    async closeDay(date: string, note: string, admin: UserRecord): Promise<BooksDayDto> {
      if (date > today()) throw booksErrors.futureDay();
      if (await books.find(date)) throw booksErrors.closed();
      const live = await liveDay(date);
      const unexplained = unexplainedChecks(live.checks, note);
      if (unexplained.length > 0) throw booksErrors.unexplained(unexplained);
      const failing = live.checks.filter((c) => !c.ok).map((c) => c.name);
      const closed = await books.close(
        { date, figures: live, note, closedBy: admin.id, closedByName: admin.name, closedAt: clock.now() },
        (tx) =>
          audit(tx, {
            actorId: admin.id,
            action: 'books.close',
            targetType: 'book_day',
            targetId: date,
            before: null,
            after: { note, failing },
          }),
      );
      if (closed === 'closed') throw booksErrors.closed();
      return closedDay(closed);
    },

    /** Each day of [from, to] and each of its checks (closed days as they were closed). */
    async *csvRows(from: string, to: string): AsyncIterable<readonly (string | number | null)[]> {
      for (let date = from; date <= to; date = addDays(date, 1)) {
        const day = await readDay(date);
        for (const c of day.checks) {
          yield [
            date,
            c.name,
            c.expected,
            c.actual,
            c.difference,
            c.ok ? 'yes' : 'no',
            c.items.map((i) => `${i.type}:${i.id}`).join(' '),
            day.closed_at === null ? null : new Date(day.closed_at * 1000).toISOString(),
            day.closed_by?.name ?? null,
          ];
        }
      }
    },

    /** The 30 days ending with `to`: money in and out (the orders' pay amounts) and the sum of the differences. */
    async chart(to?: string): Promise<BooksChartDayDto[]> {
      const last = to ?? today();
      const days: BooksChartDayDto[] = [];
      for (let i = BOOKS_CHART_DAYS - 1; i >= 0; i -= 1) {
        const date = addDays(last, -i);
        if (date > today()) continue;
        const day = await readDay(date);
        days.push({
          date,
          money_in: day.orders.topups.paid_bdt,
          money_out: day.orders.withdrawals.paid_bdt,
          differences: Number(
            day.checks.reduce((sum, c) => sum + Math.round(Math.abs(c.difference ?? 0) * 100), 0) / 100,
          ),
          closed: day.closed_at !== null,
        });
      }
      return days;
    },
  };
}
export type BooksService = ReturnType<typeof createBooksService>;
