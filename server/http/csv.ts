// CSV answers (RFC 4180, UTF-8 with a BOM so spreadsheet programs read Bengali): a header row, then rows
// written as they are read, with the response's back-pressure respected.
import type { Response } from 'express';

/**
 * Text a spreadsheet would run as a formula (OWASP "CSV injection"): a cell starting with = + - @, a tab or a
 * carriage return. Such a cell gets a leading apostrophe, which spreadsheets show as plain text.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A cell holding one of these is quoted (RFC 4180, and `;` for spreadsheets set to read semicolon-separated files). */
const NEEDS_QUOTES = /[",;\r\n]/;

/**
 * Kept for callers that mark text people wrote (names, e-mails, notes): every text cell is defused now,
 * whoever wrote it (a transaction id, a 1xBet id or an SMS sender is typed by a customer or a phone too).
 */
export interface UserText {
  userText: string;
}
export const userText = (text: string | null | undefined): UserText | null =>
  text == null ? null : { userText: text };

/**
 * An identifier the server generated itself (an order id: base64url letters only). It cannot hold a formula's
 * call or reference operators, so it is written as it is: a leading apostrophe would make `-6Ei…` a different id
 * from the one the list, the API and the support chat show. Anything outside that alphabet is defused as text.
 */
export interface ServerId {
  serverId: string;
}
export const serverId = (id: string): ServerId => ({ serverId: id });
const SERVER_ID = /^[A-Za-z0-9_-]+$/;

export type CsvValue = string | number | null | undefined | UserText | ServerId;

/** One cell: numbers as they are; every text defused when it starts like a formula, and quoted when needed. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'object' && 'serverId' in value && SERVER_ID.test(value.serverId)) return value.serverId;
  const raw = typeof value === 'object' ? ('serverId' in value ? value.serverId : value.userText) : value;
  const text = FORMULA_START.test(raw) ? `'${raw}` : raw;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(cells: readonly CsvValue[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** Streams `rows` as a CSV attachment named `filename`. A failure after the first byte ends the connection. */
export async function sendCsv(
  res: Response,
  filename: string,
  header: readonly string[],
  rows: AsyncIterable<readonly CsvValue[]>,
): Promise<void> {
  const iterator = rows[Symbol.asyncIterator]();
  // Read the first row before answering, so a failing query still answers as an error (JSON), not a cut file.
  const first = await iterator.next();
  res.status(200);
  res.setHeader('content-type', 'text/csv; charset=utf-8');
  res.setHeader('content-disposition', `attachment; filename="${filename}"`);
  res.setHeader('cache-control', 'no-store');
  const write = async (chunk: string) => {
    if (res.write(chunk)) return;
    // Wait for the buffer to empty, or for the client to go away.
    await new Promise<void>((resolve) => {
      const done = () => {
        res.off('drain', done);
        res.off('close', done);
        resolve();
      };
      res.on('drain', done);
      res.on('close', done);
    });
  };
  try {
    await write(`\uFEFF${csvLine(header)}`);
    if (!first.done) {
      await write(csvLine(first.value));
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
        if (res.destroyed) return;
        await write(csvLine(next.value));
      }
    }
    res.end();
  } catch (error) {
    res.destroy(error instanceof Error ? error : new Error(String(error)));
  }
}
