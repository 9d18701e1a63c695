// A fake betting cash desk for the tests (never a real one): the brand's Cashdesk API as its public clients show it,
// on a local HTTP server. It checks every call's `sign` header (401) and `confirm` (403) with its own hashing (not the
// shop's signer, so a signer mistake fails the tests), keeps players, single-use withdrawal codes with their amounts
// and the desk's Limit/Balance (a deposit lowers both, a payout raises both), and a ledger of the operations it made
// so a test can assert "deposited exactly once". Faults are armed for the next call of a kind: the answer lost after
// the operation was made, a reset mid-answer, 500 before anything is made, malformed JSON after it was made, a call
// that never answers; plus a 403-to-everything mode, latency and a slow Balance. Answers come in PascalCase or
// camelCase, with numbers or numeric strings, `OperationId` or `messageId`, as real brands vary.
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { AdminOrderDto } from '#shared/api-types';

export type FakeDeskCall = 'balance' | 'findPlayer' | 'deposit' | 'payout';

/**
 * - `lostAnswer`: the operation is made, then the connection is destroyed before any byte of the answer.
 * - `resetAfter`: the operation is made, the status line and half the body are sent, then the connection is destroyed.
 * - `error500Before`: 500, nothing made.
 * - `malformed`: the operation is made, the answer is 200 with a body that is not JSON.
 * - `hang`: the operation is made and no answer ever comes (the client's timeout decides).
 */
export type FakeDeskFault = 'lostAnswer' | 'resetAfter' | 'error500Before' | 'malformed' | 'hang';

export interface FakeDeskOperation {
  kind: 'deposit' | 'payout';
  userId: string;
  /** Positive: the amount deposited or redeemed. */
  summa: number;
  operationId: string;
  code?: string;
  limitBefore: number;
  limitAfter: number;
  /** Whether the client was sent a readable answer (false under lostAnswer, resetAfter, malformed, hang). */
  answered: boolean;
}

export interface FakeDeskRequest {
  call: FakeDeskCall | 'other';
  method: string;
  path: string;
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface FakeDeskOptions {
  cashdeskId?: string;
  login?: string;
  cashierPass?: string;
  hash?: string;
  /** Which Balance A string this desk checks. */
  balanceVariant?: 'cashierpass' | 'cashdeskid';
  limit?: number;
  balance?: number;
  /** Smallest deposit the desk takes. */
  minDeposit?: number;
}

export interface FakeCashdesk {
  /** The CASHDESK_API_ROOT to point the shop at (ends with `/`). */
  root: string;
  /** The credentials this desk accepts, in the shop's DeskCredentials shape. */
  credentials: {
    cashdeskId: string;
    login: string;
    cashierPass: string;
    hash: string;
    lng: string;
    balanceVariant: 'cashierpass' | 'cashdeskid';
  };
  /** Every operation made, in order, answered or not. */
  ledger: FakeDeskOperation[];
  requests: FakeDeskRequest[];
  addPlayer(userId: string, player: { name: string; currencyId: number }): void;
  /** The player is gone from the brand (closed, merged): Users answers 404 and a deposit to them is refused. */
  removePlayer(userId: string): void;
  /** A withdrawal code worth `amount`, single use; bound to `userId` when given. */
  addCode(code: string, amount: number, userId?: string): void;
  codeUsed(code: string): boolean;
  limit(): number;
  balance(): number;
  setLimit(limit: number): void;
  /** Arms `fault` for the next call of `on` (default: the next deposit or payout). Faults queue in order. */
  failNext(fault: FakeDeskFault, on?: FakeDeskCall | 'operation'): void;
  /** Every call answers 403 (the shop's address is not on the brand's allow-list). */
  denyAll(on: boolean): void;
  /** `pascal`: `Success`, `Summa`…; `camel`: `success`, `summa`… */
  answerCase(style: 'pascal' | 'camel'): void;
  /** Numbers in answers as strings (`"100"`). */
  stringNumbers(on: boolean): void;
  /** The operation id's key: `OperationId` (default) or `messageId`. */
  operationIdKey(key: 'OperationId' | 'messageId'): void;
  /** Every call waits this long before it is handled. */
  latency(ms: number): void;
  /** Balance calls wait this long (on top of latency). */
  slowBalance(ms: number): void;
  /** Operations made for `userId` (or all). */
  operations(userId?: string): FakeDeskOperation[];
  close(): Promise<void>;
}

/** The credentials a fake desk accepts unless told others (tests that connect a desk without holding the fake). */
export const FAKE_DESK_DEFAULTS = {
  cashdeskId: '1177',
  login: 'cashier77',
  cashierPass: 'pass-123123',
  hash: 'fhd.ncbf9hf2ythr-test',
} as const;

const md5 = (s: string) => crypto.createHash('md5').update(s).digest('hex');
const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('hex');
const expectedSign = (a: string, b: string) => sha256(sha256(a) + md5(b));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function startFakeCashdesk(options: FakeDeskOptions = {}): Promise<FakeCashdesk> {
  const desk = {
    cashdeskId: options.cashdeskId ?? FAKE_DESK_DEFAULTS.cashdeskId,
    login: options.login ?? FAKE_DESK_DEFAULTS.login,
    cashierPass: options.cashierPass ?? FAKE_DESK_DEFAULTS.cashierPass,
    hash: options.hash ?? FAKE_DESK_DEFAULTS.hash,
    lng: 'en',
    balanceVariant: options.balanceVariant ?? 'cashierpass',
  } as const;
  const minDeposit = options.minDeposit ?? 1;
  let limit = options.limit ?? 100_000;
  let balance = options.balance ?? 250_000;
  let deny = false;
  let pascal = true;
  let strings = false;
  let opKey: 'OperationId' | 'messageId' = 'OperationId';
  let latencyMs = 0;
  let slowBalanceMs = 0;
  let nextOperation = 5_000_001;
  const players = new Map<string, { name: string; currencyId: number }>();
  const codes = new Map<string, { amount: number; userId?: string; used: boolean }>();
  const faults: { fault: FakeDeskFault; on: FakeDeskCall | 'operation' }[] = [];
  const ledger: FakeDeskOperation[] = [];
  const requests: FakeDeskRequest[] = [];
  const sockets = new Set<Socket>();

  const key = (name: string) => (pascal ? name : name[0]!.toLowerCase() + name.slice(1));
  const num = (n: number) => (strings ? String(n) : n);
  const takeFault = (call: FakeDeskCall): FakeDeskFault | null => {
    const i = faults.findIndex(
      (f) => f.on === call || (f.on === 'operation' && (call === 'deposit' || call === 'payout')),
    );
    if (i < 0) return null;
    return faults.splice(i, 1)[0]!.fault;
  };

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => void handle(req, res, raw));
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  async function handle(req: http.IncomingMessage, res: http.ServerResponse, raw: string) {
    const url = new URL(req.url ?? '/', 'http://desk');
    const parts = url.pathname.split('/').filter(Boolean);
    const call: FakeDeskCall | 'other' =
      req.method === 'GET' && parts.length === 3 && parts[0] === 'Cashdesk' && parts[2] === 'Balance'
        ? 'balance'
        : req.method === 'GET' && parts.length === 2 && parts[0] === 'Users'
          ? 'findPlayer'
          : req.method === 'POST' && parts.length === 3 && parts[0] === 'Deposit' && parts[2] === 'Add'
            ? 'deposit'
            : req.method === 'POST' && parts.length === 3 && parts[0] === 'Deposit' && parts[2] === 'Payout'
              ? 'payout'
              : 'other';
    const entry: FakeDeskRequest = {
      call,
      method: req.method ?? '',
      path: url.pathname + url.search,
      status: 0,
      headers: req.headers,
      body: raw,
    };
    requests.push(entry);
    const send = (status: number, body: unknown) => {
      entry.status = status;
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    };
    if (latencyMs > 0) await sleep(latencyMs);
    if (call === 'balance' && slowBalanceMs > 0) await sleep(slowBalanceMs);
    if (deny) return send(403, { [key('Message')]: 'Access denied' });
    if (call === 'other') return send(404, { [key('Message')]: 'Not found' });

    const sign = String(req.headers.sign ?? '');
    const fault = takeFault(call);
    if (fault === 'error500Before') return send(500, { [key('Message')]: 'Internal server error' });

    let body: Record<string, unknown> = {};
    if (req.method === 'POST') {
      try {
        body = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        return send(400, { [key('Message')]: 'Bad request' });
      }
    }
    const userId = (parts[1] ?? '').toLowerCase();
    const lng = String(body.lng ?? '');

    // The checks a real desk makes: the desk's id, confirm (403), then the sign over the values actually sent (401).
    if (call === 'balance') {
      const dt = url.searchParams.get('dt') ?? '';
      if (parts[1] !== desk.cashdeskId || url.searchParams.get('confirm') !== md5(`${desk.cashdeskId}:${desk.hash}`))
        return send(403, { [key('Message')]: 'Invalid confirm' });
      const a =
        desk.balanceVariant === 'cashdeskid'
          ? `hash=${desk.hash}&cashdeskid=${desk.cashdeskId}&dt=${dt}`
          : `hash=${desk.hash}&cashierpass=${desk.cashierPass}&dt=${dt}`;
      if (
        !/^\d{4}\.\d{2}\.\d{2} \d{2}:\d{2}:\d{2}$/.test(dt) ||
        sign !== expectedSign(a, `dt=${dt}&cashierpass=${desk.cashierPass}&cashdeskid=${desk.cashdeskId}`)
      ) {
        return send(401, { [key('Message')]: 'Invalid sign' });
      }
      return answer(call, fault, res, entry, () => ({ [key('Balance')]: num(balance), [key('Limit')]: num(limit) }));
    }
    if (call === 'findPlayer') {
      if (
        url.searchParams.get('cashdeskid') !== desk.cashdeskId ||
        url.searchParams.get('confirm') !== md5(`${userId}:${desk.hash}`)
      ) {
        return send(403, { [key('Message')]: 'Invalid confirm' });
      }
      if (
        sign !==
        expectedSign(
          `hash=${desk.hash}&userid=${userId}&cashdeskid=${desk.cashdeskId}`,
          `userid=${userId}&cashierpass=${desk.cashierPass}&hash=${desk.hash}`,
        )
      ) {
        return send(401, { [key('Message')]: 'Invalid sign' });
      }
      const player = players.get(userId);
      if (!player) return send(404, { [key('Message')]: 'User not found' });
      return answer(call, fault, res, entry, () => ({
        [key('UserId')]: /^\d+$/.test(userId) ? num(Number(userId)) : userId,
        [key('Name')]: player.name,
        [key('CurrencyId')]: num(player.currencyId),
      }));
    }
    // Deposit and Payout.
    if (String(body.cashdeskId ?? '') !== desk.cashdeskId || body.confirm !== md5(`${userId}:${desk.hash}`))
      return send(403, { [key('Message')]: 'Invalid confirm' });
    const bText = call === 'deposit' ? `summa=${String(body.summa)}` : `code=${String(body.code)}`;
    if (
      sign !==
      expectedSign(
        `hash=${desk.hash}&lng=${lng}&userid=${userId}`,
        `${bText}&cashierpass=${desk.cashierPass}&cashdeskid=${desk.cashdeskId}`,
      )
    ) {
      return send(401, { [key('Message')]: 'Invalid sign' });
    }
    const refuse = (message: string) =>
      send(200, {
        [key('Success')]: false,
        [key('Message')]: message,
        [key('Summa')]: num(0),
        [opKey === 'OperationId' ? key('OperationId') : 'messageId']: null,
      });
    if (!players.has(userId)) return refuse('User not found');
    let summa: number;
    let code: string | undefined;
    if (call === 'deposit') {
      summa = Number(body.summa);
      if (!Number.isFinite(summa) || summa < minDeposit) return refuse('Amount is too small');
      if (summa > limit) return refuse('Not enough cash desk limit');
    } else {
      code = String(body.code ?? '');
      const stored = codes.get(code);
      if (!stored || stored.used || (stored.userId !== undefined && stored.userId !== userId))
        return refuse('Wrong or used code');
      stored.used = true;
      summa = stored.amount;
    }
    const limitBefore = limit;
    const sign1 = call === 'deposit' ? -1 : 1;
    limit += sign1 * summa;
    balance += sign1 * summa;
    const operation: FakeDeskOperation = {
      kind: call,
      userId,
      summa,
      operationId: String(nextOperation++),
      code,
      limitBefore,
      limitAfter: limit,
      answered: false,
    };
    ledger.push(operation);
    return answer(
      call,
      fault,
      res,
      entry,
      () => ({
        [key('Success')]: true,
        [key('Message')]: call === 'deposit' ? 'Deposit completed' : 'Payout completed',
        [key('Summa')]: num(call === 'deposit' ? summa : -summa),
        [opKey === 'OperationId' ? key('OperationId') : 'messageId']: num(Number(operation.operationId)),
      }),
      operation,
    );
  }

  /** The answer of a call that was made: sent, or lost as the armed fault says. */
  function answer(
    call: FakeDeskCall,
    fault: FakeDeskFault | null,
    res: http.ServerResponse,
    entry: FakeDeskRequest,
    body: () => Record<string, unknown>,
    operation?: FakeDeskOperation,
  ) {
    void call;
    if (fault === 'lostAnswer') {
      entry.status = -1;
      res.socket?.destroy();
      return;
    }
    if (fault === 'hang') {
      entry.status = -1;
      return;
    }
    const text = JSON.stringify(body());
    if (fault === 'resetAfter') {
      entry.status = -1;
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(text.length) });
      res.write(text.slice(0, Math.floor(text.length / 2)), () => res.socket?.destroy());
      return;
    }
    if (fault === 'malformed') {
      entry.status = 200;
      res.writeHead(200, { 'content-type': 'application/json' }).end(`{"${pascal ? 'Success' : 'success'}":tru`);
      return;
    }
    entry.status = 200;
    if (operation) operation.answered = true;
    res.writeHead(200, { 'content-type': 'application/json' }).end(text);
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    root: `http://127.0.0.1:${port}/`,
    credentials: { ...desk },
    ledger,
    requests,
    addPlayer: (userId, player) => void players.set(userId.toLowerCase(), player),
    removePlayer: (userId) => void players.delete(userId.toLowerCase()),
    addCode: (code, amount, userId) => void codes.set(code, { amount, userId: userId?.toLowerCase(), used: false }),
    codeUsed: (code) => codes.get(code)?.used ?? false,
    limit: () => limit,
    balance: () => balance,
    setLimit: (value) => void (limit = value),
    failNext: (fault, on = 'operation') => void faults.push({ fault, on }),
    denyAll: (on) => void (deny = on),
    answerCase: (style) => void (pascal = style === 'pascal'),
    stringNumbers: (on) => void (strings = on),
    operationIdKey: (k) => void (opKey = k),
    latency: (ms) => void (latencyMs = ms),
    slowBalance: (ms) => void (slowBalanceMs = ms),
    operations: (userId) => ledger.filter((op) => userId === undefined || op.userId === userId.toLowerCase()),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/**
 * Whether the shop has settled an order's delivery: done or refused, or unknown and handed to a person. Queued, in
 * flight, or unknown until the Limit is read (at once after the answer) are not settled yet.
 */
export const deliverySettled = (o: AdminOrderDto): boolean =>
  o.fulfilment !== null &&
  (['done', 'refused'].includes(o.fulfilment.status) ||
    (o.fulfilment.status === 'unknown' && Boolean(o.fulfilment.message?.includes('a person decides'))));
