// The day's books (decision 290):
//   GET  /books?date=YYYY-MM-DD → {ok, date, closed_at, phones, cashdesks, orders, checks, ...}  (staff)
//   GET  /books/chart?to=        → {ok, days}  the 30 days ending with `to`                       (staff)
//   POST /books/{date}/close {captcha, note} → the closed day                                    (admin, audited)
//   GET  /books.csv?from=&to=    → one row per day and check                                     (admin)
import { Router } from 'express';
import {
  BOOKS_CSV_COLUMNS,
  booksChartQuerySchema,
  booksCloseBodySchema,
  booksCsvQuerySchema,
  booksQuerySchema,
  isBooksDate,
} from '#shared/books';
import { errors } from '../http/app-error.js';
import { sendCsv, userText } from '../http/csv.js';
import type { RateLimits } from '../http/rate-limits.js';
import { parseInput } from '../http/validate.js';
import type { CaptchaVerifier } from '../security/captcha.js';
import { currentAdmin, requireAdmin, requireStaff } from '../security/guards.js';
import type { BooksService } from './books.service.js';

export function booksRoutes(deps: {
  books: BooksService;
  captcha: CaptchaVerifier;
  limits: Pick<RateLimits, 'write' | 'report' | 'export'>;
}): Router {
  const { books, captcha, limits } = deps;
  const router = Router();

  router.get('/books', requireStaff, ...limits.report, async (req, res) => {
    const { date } = parseInput(booksQuerySchema, req.query);
    res.json({ ok: true, ...(await books.readDay(date)) });
  });

  router.get('/books/chart', requireStaff, ...limits.report, async (req, res) => {
    const { to } = parseInput(booksChartQuerySchema, req.query);
    res.json({ ok: true, days: await books.chart(to) });
  });

  router.get('/books.csv', requireAdmin, ...limits.export, async (req, res) => {
    const { from, to } = parseInput(booksCsvQuerySchema, req.query);
    async function* rows() {
      for await (const [date, name, expected, actual, difference, ok, items, closedAt, closedBy] of books.csvRows(
        from,
        to,
      )) {
        yield [date, name, expected, actual, difference, ok, items, closedAt, userText(closedBy as string | null)];
      }
    }
    await sendCsv(res, `books-${from}-${to}.csv`, BOOKS_CSV_COLUMNS, rows());
  });

  router.post('/books/:date/close', requireAdmin, ...limits.write, async (req, res) => {
    const date = String(req.params.date);
    if (!isBooksDate(date)) throw errors.validation('Give the day as YYYY-MM-DD', { date: 'validation.booksDate' });
    const body = parseInput(booksCloseBodySchema, req.body ?? {});
    await captcha.verify(body.captcha);
    res.json({ ok: true, ...(await books.closeDay(date, body.note, currentAdmin(req))) });
  });

  return router;
}
