// The shop's client of the brand's Cashdesk API (decision 260). It says exactly what it knows of each call:
// done (`ok`), refused by the desk (200 with Success false), denied (401 sign, 403 confirm or this server's address),
// or `unknown` when the call may have been made but no readable answer came. It never sends a call twice: a deposit
// or payout has no idempotency key at the desk, so a second send can pay twice; settling an unknown one is the
// engine's work (Balance). Answers are read case-insensitively (brands answer `Success` or `success`, `OperationId`
// or `messageId`) and numbers may come as strings. Nothing here logs, and no message carries a secret.
import type { UnknownReason } from '#shared/fulfilment-notes';
import {
  confirm,
  formatDt,
  signBalance,
  signDeposit,
  signFindPlayer,
  signPayout,
  summaText,
  type BalanceVariant,
} from './signer.js';

export interface DeskCredentials {
  cashdeskId: string;
  login: string;
  cashierPass: string;
  hash: string;
  /** The desk's language, the same in the body and the sign (`en` by default). */
  lng: string;
  balanceVariant: BalanceVariant;
}

/** Why a call's outcome is not known (its words on the timeline: decision 302). */
export type { UnknownReason };

export type DeskCall<T> =
  | { outcome: 'ok'; value: T }
  /** 200 with Success false: the desk said no (too small, not enough limit, wrong or used code). */
  | { outcome: 'refused'; message: string }
  /** 401: the sign is wrong; 403: the confirm is wrong or this server's address is not on the brand's allow-list. */
  | { outcome: 'denied'; status: 401 | 403; message: string }
  /** The call may have been made: no answer in time, the connection cut, a 5xx or another status, an unreadable body. */
  | { outcome: 'unknown'; reason: UnknownReason; message: string };

/**
 * A failed call in one line for the desk's `last_error`, its alerts and the log: what kind of failure, with the HTTP
 * status of a denial (401: the sign; 403: the confirm or this server's address). Never a secret: the client's
 * messages carry none.
 */
export function deskFailureText(call: Exclude<DeskCall<unknown>, { outcome: 'ok' }>): string {
  switch (call.outcome) {
    case 'denied':
      return `denied (HTTP ${call.status}): ${call.message}`;
    case 'refused':
      return call.message;
    case 'unknown':
      return `${call.reason}: ${call.message}`;
  }
}

export interface DeskOperation {
  /** Deposit: the amount deposited; payout: |Summa|, the amount the code redeemed. */
  summa: number;
  operationId: string | null;
  message: string;
}

export interface DeskPlayer {
  userId: string;
  name: string;
  currencyId: number;
}

export interface CashdeskClient {
  balance(desk: DeskCredentials, now: Date): Promise<DeskCall<{ balance: number; limit: number }>>;
  findPlayer(desk: DeskCredentials, userId: string): Promise<DeskCall<DeskPlayer> | { outcome: 'notFound' }>;
  deposit(desk: DeskCredentials, userId: string, summa: number): Promise<DeskCall<DeskOperation>>;
  payout(desk: DeskCredentials, userId: string, code: string): Promise<DeskCall<DeskOperation>>;
}

export interface CashdeskClientOptions {
  /** CASHDESK_API_ROOT: the brand's base URL. */
  root: string;
  /** A call without an answer by then is `unknown` (its connection is cut). */
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
}

export const CASHDESK_TIMEOUT_MS = 30_000;

type Raw =
  { kind: 'answer'; status: number; body: unknown } | { kind: 'unknown'; reason: UnknownReason; message: string };

/** A key of an answer, whatever its case; the first of `names` present wins. */
function field(body: unknown, ...names: string[]): unknown {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const entries = Object.entries(body as Record<string, unknown>);
  for (const name of names) {
    const hit = entries.find(([key]) => key.toLowerCase() === name.toLowerCase());
    if (hit) return hit[1];
  }
  return undefined;
}

/** A number, or a string that is one (`"1500.50"`); anything else is null. */
export function deskNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value)) return Number(value);
  return null;
}

function deskBoolean(value: unknown): boolean | null {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string' && /^(true|false)$/i.test(value.trim())) return value.trim().toLowerCase() === 'true';
  return null;
}

function deskText(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

/** Node's fetch hides the socket's fate in `cause`; the message names only the kind (never the URL: it has `confirm`). */
function failureOf(error: unknown): { reason: UnknownReason; message: string } {
  const e = error as { name?: string; cause?: { code?: string; name?: string } };
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError' || e?.cause?.name === 'TimeoutError') {
    return { reason: 'timeout', message: 'the desk did not answer in time' };
  }
  const code = typeof e?.cause?.code === 'string' ? e.cause.code : 'connection failed';
  return { reason: 'reset', message: `the connection to the desk failed (${code})` };
}

const deniedMessage = (status: 401 | 403, body: unknown) =>
  deskText(field(body, 'Message', 'message')) ??
  (status === 401
    ? '401: the desk refused the sign (check the hash and cashier password)'
    : "403: the desk refused the confirm or this server's address");

export function createCashdeskClient(options: CashdeskClientOptions): CashdeskClient {
  const root = options.root.endsWith('/') ? options.root : `${options.root}/`;
  const timeoutMs = options.timeoutMs ?? CASHDESK_TIMEOUT_MS;
  const fetchImpl = options.fetchImpl ?? fetch;

  async function call(method: 'GET' | 'POST', path: string, sign: string, body?: object): Promise<Raw> {
    let response: Response;
    let text: string;
    const signal = AbortSignal.timeout(timeoutMs);
    try {
      response = await fetchImpl(new URL(path, root), {
        method,
        headers: { sign, accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
        redirect: 'manual',
        signal,
      });
      text = await response.text();
    } catch (error) {
      return { kind: 'unknown', ...failureOf(signal.aborted ? { name: 'TimeoutError' } : error) };
    }
    let parsed: unknown = undefined;
    try {
      parsed = text.trim() === '' ? undefined : JSON.parse(text);
    } catch {
      parsed = undefined;
      if (response.status >= 200 && response.status < 300)
        return { kind: 'unknown', reason: 'unreadable', message: 'the desk answered something that is not JSON' };
    }
    return { kind: 'answer', status: response.status, body: parsed };
  }

  /** What every call shares: denied, unknown for any status that does not say what happened, else the 2xx body. */
  function common(raw: Raw): { settled: DeskCall<never> } | { body: unknown } {
    if (raw.kind === 'unknown') return { settled: { outcome: 'unknown', reason: raw.reason, message: raw.message } };
    if (raw.status === 401 || raw.status === 403)
      return { settled: { outcome: 'denied', status: raw.status, message: deniedMessage(raw.status, raw.body) } };
    if (raw.status < 200 || raw.status >= 300) {
      // A 5xx, a redirect or another 4xx does not tell whether the desk acted: only its Limit can.
      return { settled: { outcome: 'unknown', reason: 'server', message: `the desk answered HTTP ${raw.status}` } };
    }
    if (raw.body === undefined || raw.body === null || typeof raw.body !== 'object') {
      return {
        settled: { outcome: 'unknown', reason: 'unreadable', message: 'the desk answered without a JSON object' },
      };
    }
    return { body: raw.body };
  }

  /** Deposit and payout answer alike: `{Success, Message, Summa, OperationId|messageId}`. */
  function operation(raw: Raw, fallbackSumma: number | null): DeskCall<DeskOperation> {
    const c = common(raw);
    if ('settled' in c) return c.settled;
    const success = deskBoolean(field(c.body, 'Success'));
    const message = deskText(field(c.body, 'Message')) ?? '';
    if (success === null)
      return { outcome: 'unknown', reason: 'unreadable', message: 'the desk answered without Success' };
    if (!success) return { outcome: 'refused', message: message || 'refused by the desk' };
    const read = deskNumber(field(c.body, 'Summa'));
    const summa = read === null ? fallbackSumma : Math.abs(read);
    // A payout's amount is only ever the desk's |Summa|: without it the redeemed amount is not known.
    if (summa === null)
      return { outcome: 'unknown', reason: 'unreadable', message: 'the desk confirmed without Summa' };
    const operationId = deskText(field(c.body, 'OperationId', 'messageId'));
    return { outcome: 'ok', value: { summa, operationId: operationId === '' ? null : operationId, message } };
  }

  return {
    async balance(desk, now) {
      const dt = formatDt(now);
      const sign = signBalance(desk, { dt, variant: desk.balanceVariant });
      const query = new URLSearchParams({ confirm: confirm(desk.cashdeskId, desk.hash), dt });
      const c = common(await call('GET', `Cashdesk/${encodeURIComponent(desk.cashdeskId)}/Balance?${query}`, sign));
      if ('settled' in c) return c.settled;
      const balance = deskNumber(field(c.body, 'Balance'));
      const limit = deskNumber(field(c.body, 'Limit'));
      if (balance === null || limit === null)
        return { outcome: 'unknown', reason: 'unreadable', message: 'the desk answered without Balance and Limit' };
      return { outcome: 'ok', value: { balance, limit } };
    },

    async findPlayer(desk, userId) {
      const sign = signFindPlayer(desk, { userId });
      const query = new URLSearchParams({ confirm: confirm(userId, desk.hash), cashdeskid: desk.cashdeskId });
      const raw = await call('GET', `Users/${encodeURIComponent(userId.trim().toLowerCase())}?${query}`, sign);
      if (raw.kind === 'answer' && raw.status === 404) return { outcome: 'notFound' };
      const c = common(raw);
      if ('settled' in c) return c.settled;
      const id = deskText(field(c.body, 'UserId', 'Id'));
      // Some desks answer 200 with an empty player (`UserId: 0`) for an id they do not know.
      if (id === null || id === '' || id === '0') return { outcome: 'notFound' };
      const currencyId = deskNumber(field(c.body, 'CurrencyId'));
      if (currencyId === null)
        return { outcome: 'unknown', reason: 'unreadable', message: 'the desk answered a player without CurrencyId' };
      return { outcome: 'ok', value: { userId: id, name: deskText(field(c.body, 'Name')) ?? '', currencyId } };
    },

    async deposit(desk, userId, summa) {
      const text = summaText(summa);
      const sign = signDeposit(desk, { userId, lng: desk.lng, summa });
      const body = {
        cashdeskId: Number(desk.cashdeskId) || desk.cashdeskId,
        lng: desk.lng,
        summa: Number(text),
        confirm: confirm(userId, desk.hash),
      };
      return operation(
        await call('POST', `Deposit/${encodeURIComponent(userId.trim().toLowerCase())}/Add`, sign, body),
        summa,
      );
    },

    async payout(desk, userId, code) {
      const sign = signPayout(desk, { userId, lng: desk.lng, code });
      const body = {
        cashdeskId: Number(desk.cashdeskId) || desk.cashdeskId,
        lng: desk.lng,
        code,
        confirm: confirm(userId, desk.hash),
      };
      return operation(
        await call('POST', `Deposit/${encodeURIComponent(userId.trim().toLowerCase())}/Payout`, sign, body),
        null,
      );
    },
  };
}
