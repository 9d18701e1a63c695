// Calls of the day's books (decision 290): a day, the 30-day chart, closing a day, the CSV of a range.
import type { BooksChartDayDto, BooksDayDto } from '#shared/books';
import { api, okOrThrow } from '../../../lib/api';
import { getCaptcha } from '../../../lib/captcha';
import { queryOptions } from '../../../lib/query';

export const booksKeys = {
  all: ['books'] as const,
  day: (date: string) => [...booksKeys.all, 'day', date] as const,
  chart: (to: string) => [...booksKeys.all, 'chart', to] as const,
};

export const booksDayQuery = (date: string) =>
  queryOptions({
    queryKey: booksKeys.day(date),
    queryFn: async () => okOrThrow(api.get<BooksDayDto>('/books', { date })),
  });
export const booksChartQuery = (to: string) =>
  queryOptions({
    queryKey: booksKeys.chart(to),
    queryFn: async () => (await okOrThrow(api.get<{ days: BooksChartDayDto[] }>('/books/chart', { to }))).days,
  });

export async function closeBooksDay(date: string, note: string) {
  const captcha = await getCaptcha();
  return api.post<BooksDayDto>(`/books/${encodeURIComponent(date)}/close`, { captcha, note });
}

export const downloadBooksCsv = (from: string, to: string) =>
  api.download('/books.csv', { from, to }, `books-${from}-${to}.csv`);
