// Orders that deliver themselves at the betting cash desk, exactly once (decision 265). A verified top-up is deposited
// and completed; a withdrawal's code is redeemed; each operation runs alone on its desk (a lease in the database, on
// every instance), is marked `sending` in a committed write before the call, and is never sent again by the shop: an
// answer that cannot be known is settled by the desk's Limit, or by a person. Only the operation holds the desk
// (decision 301): the player is checked before its turn, its Limit before is the one the last operation left, and the
// desk's Limit is compared with the shop's by the minute's watch.
import crypto from 'node:crypto';
import Decimal from 'decimal.js';
import { productCurrency, productKind, productsOfKind } from '#shared/constants';
import type { Clock } from '../clock.js';
import type { AnyTransaction, SqlRunner } from '../db/database.js';
import type { Logger } from '../logger.js';
import type { OrderRecord } from '../orders/index.js';
import { deskFailureText, type CashdeskClient, type DeskCall, type DeskOperation } from './client.js';
import type { Desk, DeskCurrency, DeskSummary, DesksRepository } from './desks.repository.js';
import type { FulfilmentKind, FulfilmentRepository, OperationRow } from './fulfilment.repository.js';
import { FULFILMENT_MESSAGES, fulfilmentNote, type DepositProof } from '#shared/fulfilment-notes';

/** The desks' records the engine reads and writes (the desks repository). */
export type DeskRecords = Pick<DesksRepository, 'readDesk' | 'recordBalance' | 'recordFailure' | 'recordOk'>;

/** What the engine asks of the orders domain, the only writer of orders (decision 130). */
export interface FulfilmentOrders {
  read(id: string): Promise<OrderRecord | null>;
  /**
   * pending → complete by the shop; a withdrawal's proven TrxID goes along (the four-eyes rule still applies); `note`
   * (what the desk did) on the move's timeline entry, for staff.
   */
  completeByShop(id: string, payoutTrxId?: string, note?: string): Promise<boolean>;
  /**
   * pending → waiting: the desk refused the code; the customer may send another. `recordRefusal` (the engine's record
   * of the refusal) commits in the same transaction as the move, or neither does.
   */
  refuseCode(id: string, message: string, recordRefusal: (tx: AnyTransaction) => Promise<void>): Promise<boolean>;
  /** The desk redeemed the code: the order's amount is what it redeemed. */
  recordRedemption(id: string, amount: string): Promise<boolean>;
  /**
   * A timeline entry about the delivery, announced (pushed); `change` (the engine's write it tells of) commits in the
   * same transaction, or neither does.
   */
  noteFulfilment(id: string, note: string, change?: (tx: AnyTransaction) => Promise<void>): Promise<void>;
}

/** What the cashdesk domain tells the rest of the shop (decision 130). */
export interface CashdeskEvents {
  /** Three 401/403/unknown answers in a row: the desk's automation stops; staff are told live, in Telegram, by webhook. */
  'cashdesk.failing': { currency: DeskCurrency; message: string };
  /** The desk's Limit is not what the shop's operations say it should be. */
  'cashdesk.drift': { currency: DeskCurrency; drift: OperationRow };
}

/** What the staff hear of a desk (live, Telegram, webhook `cashdesk.failing`). */
export interface DeskAlerts {
  drift(currency: DeskCurrency, drift: OperationRow): void;
  failing(currency: DeskCurrency, message: string): void;
}

export const FULFILMENT = {
  /** The desk's own timeout is 30 s; the lease outlives a call by this much more. */
  leaseMarginMs: 30_000,
  /**
   * How long a delivery waits here for its desk before it is handed back to the job queue to retry: under the job's
   * 5-minute claim, and long, because the queue's backoff (10 s, then 40 s, 160 s…) would leave a busy desk idle.
   */
  waitForDeskMs: 4 * 60_000,
  /** Withdrawal codes the desk may refuse before the order stays with staff. */
  maxCodeRefusals: 3,
  /** How long checkout trusts its copy of the desks (createDeskRoom); a write of this process drops it at once. */
  deskRoomKeptMs: 1_000,
  /**
   * How often the desk is watched (Balance, unknowns settled, stranded deliveries swept). The watch is also where the
   * desk's Limit is compared with the one the shop's operations left it at (drift): an operation reads no Balance.
   */
  watchMs: 60_000,
  /**
   * How long a player the desk confirmed is taken as checked (a run of top-ups for one 1xBet id checks it once). A
   * player gone since is refused by the desk's Deposit itself (a refusal: no money moves).
   */
  playerKeptMs: 60_000,
  /** Players kept at most (oldest dropped first). */
  playersKept: 5_000,
  /**
   * How far back the sweep looks for a top-up that turned deliverable and was never queued: a crash and a restart,
   * not the staff's queue of the day (an order that waited there longer may be in someone's hands).
   */
  sweepWindowMs: 15 * 60_000,
};

export const FULFILMENT_JOBS = { deposit: 'cashdesk.deposit', payout: 'cashdesk.payout' } as const;

/** Why a delivery is refused before anything is sent (its words: `FULFILMENT_MESSAGES`). */
type Refusal = 'noPlayer' | 'otherCurrency' | 'noLimit';

class DeskBusy extends Error {}

/** A desk's lease held by this process; `limitAfter` as `withDesk` hands it from one operation to the next. */
interface DeskLease {
  holder: string;
  until: number;
  limitAfter?: string;
  /**
   * The write recording the answer of the operation that set `limitAfter`, still under way: the next operation is
   * marked meanwhile, but its call waits for it and is not made unless it landed.
   */
  settling?: Promise<boolean>;
}

/** What an operation hands to the next one with the desk's lease (`DeskLease`). */
type Handed = { limit: string; settling?: Promise<boolean> } | undefined;
/** A write meant to commit with another domain's found its row moved on: the whole transaction is rolled back. */
class MovedOn extends Error {}

const dec = (n: number | string) => new Decimal(String(n));

const productsOf = (currency: DeskCurrency) => ({
  topup: productsOfKind('topup').filter((id) => productCurrency(id) === currency),
  withdraw: productsOfKind('withdraw').filter((id) => productCurrency(id) === currency),
});

/** A top-up the desk may deposit by itself: verified, pending, unclaimed, a whole amount within auto_max. */
export function depositsByItself(order: OrderRecord, desk: Desk | null): boolean {
  if (!desk || !desk.topupAuto || desk.paused || desk.state !== 'ok') return false;
  if (productKind(order.productId) !== 'topup' || order.status !== 'pending' || order.verification !== 'verified')
    return false;
  if (order.assigneeId !== null || !order.onexId) return false;
  const amount = dec(order.amount);
  return amount.isInteger() && (desk.autoMax === null || amount.lessThanOrEqualTo(desk.autoMax));
}

/** A withdrawal whose code the desk may redeem by itself: pending with its code, unclaimed. */
export function redeemsByItself(order: OrderRecord, desk: Desk | null): boolean {
  if (!desk || !desk.withdrawAuto || desk.paused || desk.state !== 'ok') return false;
  return (
    productKind(order.productId) === 'withdraw' &&
    order.status === 'pending' &&
    order.assigneeId === null &&
    Boolean(order.wCode && order.onexId)
  );
}

/**
 * Whether the desk of a currency can still cover a top-up of `amount`: its last read Limit less the deposits queued or
 * in flight. True when no desk is connected, its Limit was never read, or it is failing (staff deliver, as before).
 */
export function createDeskRoom(deps: {
  desks: Pick<DesksRepository, 'listDesks' | 'writes'>;
  repo: Pick<FulfilmentRepository, 'promisedDeposits' | 'lastExpectedLimit'>;
}) {
  // The desks are read at most once a second per process, and again at once after a write of this process: a Prisma
  // read of them in every checkout took a third of `POST /orders`' throughput (860 against 560 orders a second on
  // PostgreSQL, bench). Another instance's change (a Balance read, a desk failing) is seen within the second.
  let kept: { writes: number; at: number; desks: Promise<DeskSummary[]> } | undefined;
  const summaries = (): Promise<DeskSummary[]> => {
    const writes = deps.desks.writes();
    const now = Date.now();
    if (!kept || kept.writes !== writes || now - kept.at >= FULFILMENT.deskRoomKeptMs) {
      const desks = deps.desks.listDesks();
      kept = { writes, at: now, desks };
      desks.catch(() => {
        if (kept?.desks === desks) kept = undefined;
      });
    }
    return kept.desks;
  };
  return async (currency: DeskCurrency, amount: string): Promise<boolean> => {
    // The summaries: no secret is opened on the way to placing an order.
    const desk = (await summaries()).find((d) => d.currency === currency);
    if (!desk || desk.limit === null || desk.state === 'failing') return true;
    return (await knownLimit(deps.repo, desk))!
      .minus(await deps.repo.promisedDeposits(currency))
      .greaterThanOrEqualTo(amount);
  };
}

/**
 * The desk's Limit as the shop knows it now: its last Balance read, or, when the shop has operated on it since, the
 * Limit its last operation left (operations read no Balance; the minute's watch compares the two). Null: never read.
 */
async function knownLimit(
  repo: Pick<FulfilmentRepository, 'lastExpectedLimit'>,
  desk: { currency: DeskCurrency; limit: number | null; checkedAt: Date | null },
): Promise<Decimal | null> {
  const expected = await repo.lastExpectedLimit(desk.currency);
  if (expected && (desk.checkedAt === null || expected.at.getTime() >= desk.checkedAt.getTime()))
    return dec(expected.limit);
  return desk.limit === null ? null : dec(desk.limit);
}

export function createFulfilmentEngine(deps: {
  repo: FulfilmentRepository;
  desks: DeskRecords;
  client: CashdeskClient;
  orders: FulfilmentOrders;
  jobs: {
    enqueue(
      jobs: { kind: string; payload: unknown; dedupeKey?: string }[],
      tx?: Parameters<FulfilmentRepository['queue']>[0],
    ): Promise<number>;
    kick(): void;
  };
  sql: Pick<SqlRunner, 'transaction'>;
  alerts: DeskAlerts;
  clock: Clock;
  logger: Logger;
  timeoutMs?: number;
}) {
  const { repo, desks, client, orders, clock, logger } = deps;
  const leaseMs = (deps.timeoutMs ?? 30_000) + FULFILMENT.leaseMarginMs;
  const instance = crypto.randomBytes(6).toString('hex');
  /** One operation at a time per desk in this process too: the others wait here rather than poll the lease. */
  const local = new Map<DeskCurrency, Promise<unknown>>();
  /** The lease this process holds on a desk between two of its operations (handed from one to the next). */
  const held = new Map<DeskCurrency, DeskLease>();
  /** Players the desk confirmed lately, per desk and 1xBet id, with their account's currency. */
  const players = new Map<string, { at: number; currencyId: number }>();

  /**
   * Runs `work` holding the desk's lease: alone on this desk on every instance. `handed` is the Limit the operation
   * that handed the lease over left the desk at (nothing else ran on the desk since), with the write recording it when
   * still under way; `work` may set `lease.limitAfter` and `lease.settling` likewise for the next one.
   */
  async function withDesk<T>(
    currency: DeskCurrency,
    work: (lease: DeskLease, handed: Handed) => Promise<T>,
    waitMs = FULFILMENT.waitForDeskMs,
  ): Promise<T> {
    const previous = local.get(currency) ?? Promise.resolve();
    const mine = previous
      .catch(() => undefined)
      .then(async () => {
        const lease = await acquire(currency, waitMs);
        const handed: Handed =
          lease.limitAfter === undefined ? undefined : { limit: lease.limitAfter, settling: lease.settling };
        lease.limitAfter = undefined;
        lease.settling = undefined;
        try {
          return await work(lease, handed);
        } finally {
          // The write before this turn has landed or failed by now (an operation's call waits for it); a turn that
          // ended early waits for it here, so that nobody reads the desk's operations in the middle of it.
          await handed?.settling?.catch(() => false);
          if (local.get(currency) !== mine) {
            // The next operation waits here: the lease passes to it as it is (no release and take in between).
            held.set(currency, lease);
          } else {
            held.delete(currency);
            // Nothing runs on the desk anywhere before the last answer is recorded.
            // (`work` set it: the compiler still sees the `undefined` written above.)
            await (lease.settling as Promise<boolean> | undefined)?.catch(() => false);
            await repo.releaseLease(currency, lease.holder);
            // Nobody here waits for the desk: a delivery queued meanwhile (by another instance, or beyond the queue's
            // parallel jobs) is claimed now rather than at the queue's next poll.
            deps.jobs.kick();
          }
        }
      });
    local.set(currency, mine);
    try {
      return await mine;
    } finally {
      if (local.get(currency) === mine) local.delete(currency);
    }
  }

  /**
   * The desk's lease for one operation: the one handed over by the operation before it here while it still outlasts
   * a call by the margin (else renewed), or a new one once nobody else's holds it. Throws `DeskBusy` after `waitMs`.
   */
  async function acquire(currency: DeskCurrency, waitMs: number): Promise<DeskLease> {
    const kept = held.get(currency);
    held.delete(currency);
    const now = () => clock.now().getTime();
    if (kept) {
      if (kept.until - now() > leaseMs - FULFILMENT.leaseMarginMs / 2) return kept;
      const until = now() + leaseMs;
      if (await repo.renewLease(currency, kept.holder, leaseMs)) return { ...kept, until };
    }
    const holder = `${instance}:${crypto.randomBytes(4).toString('hex')}`;
    const deadline = Date.now() + waitMs;
    for (;;) {
      const until = now() + leaseMs;
      if (await repo.takeLease(currency, holder, leaseMs)) return { holder, until };
      if (Date.now() >= deadline) throw new DeskBusy(`the ${currency} desk is busy`);
      await new Promise((resolve) => setTimeout(resolve, 25 + Math.random() * 50));
    }
  }

  /** Reads the desk's Balance, records it; null when the desk did not answer (counted as a failure when it should have). */
  async function readLimit(desk: Desk): Promise<Decimal | null> {
    const at = clock.now();
    const read = await client.balance(desk, at);
    if (read.outcome !== 'ok') {
      await failure(desk.currency, deskFailureText(read), read.outcome !== 'refused');
      return null;
    }
    await desks.recordBalance(desk.currency, { balance: read.value.balance, limit: read.value.limit, at });
    return dec(read.value.limit);
  }

  /** 401/403/unknown count towards `failing` (three in a row); anything the desk answered properly resets the count. */
  async function failure(currency: DeskCurrency, message: string, counts: boolean): Promise<void> {
    if (!counts) return;
    const recorded = await desks.recordFailure(currency, message);
    if (recorded?.becameFailing) deps.alerts.failing(currency, message);
  }

  /** The Limit the shop's operations left against the one the desk shows (read now); any difference is drift. */
  async function checkDrift(desk: Desk, expected: Decimal): Promise<void> {
    const read = await readLimit(desk);
    if (read !== null) await compareLimit(desk, expected, read);
  }

  /** A Limit read that is not the one the shop expected is drift: recorded (the read then counts), logged, alerted. */
  async function compareLimit(desk: Desk, expected: Decimal, read: Decimal): Promise<void> {
    if (read.equals(expected)) return;
    const drift = await repo.recordDrift(
      desk.currency,
      expected.toFixed(2),
      read.toFixed(2),
      `expected ${expected.toFixed(2)}, the desk shows ${read.toFixed(2)}`,
    );
    logger.warn('cash desk limit drift', {
      currency: desk.currency,
      expected: expected.toFixed(2),
      read: read.toFixed(2),
    });
    deps.alerts.drift(desk.currency, drift);
  }

  /**
   * Settles an operation whose outcome is not known by the desk's Limit, with nothing else run on the desk since:
   * a deposit whose Limit fell by exactly its amount, or a payout whose Limit rose (by the redeemed amount), was
   * made; a Limit that did not move says it was not; anything else waits for a person. True when settled.
   */
  async function settleByLimit(desk: Desk, op: OperationRow): Promise<boolean> {
    const limit = await readLimit(desk);
    if (limit === null || op.limitBefore === null || op.orderId === null) return false;
    const moved = limit.minus(op.limitBefore);
    const from = ['unknown', 'sending'] as const;
    if (moved.isZero()) {
      if (
        !(await repo.settle(op.id, from, {
          status: 'refused',
          fulfilment: 'refused',
          limitAfter: limit.toFixed(2),
          message: FULFILMENT_MESSAGES.notDelivered,
        }))
      )
        return false;
      await orders.noteFulfilment(op.orderId, fulfilmentNote.said(op.kind as FulfilmentKind, 'notDelivered'));
      return true;
    }
    const made = op.kind === 'deposit' ? op.amount !== null && moved.negated().equals(op.amount) : moved.greaterThan(0);
    if (!made) {
      const message = FULFILMENT_MESSAGES.staff(moved.toFixed(2));
      await repo.settle(op.id, from, { status: 'staff', fulfilment: 'unknown', limitAfter: limit.toFixed(2), message });
      await orders.noteFulfilment(op.orderId, fulfilmentNote.limitMoved(op.kind as FulfilmentKind, moved.toFixed(2)));
      return true;
    }
    const amount = op.kind === 'deposit' ? dec(op.amount!) : moved;
    const landed = await repo.settle(op.id, from, {
      status: 'done',
      fulfilment: 'done',
      amount: amount.toFixed(2),
      limitAfter: limit.toFixed(2),
      message: FULFILMENT_MESSAGES.confirmedByLimit,
    });
    if (landed) await delivered(op.orderId, op.kind as FulfilmentKind, amount, 'limit');
    return landed;
  }

  /** What follows a delivery the desk made: a top-up completes; a withdrawal takes the redeemed amount and waits for its payout. */
  async function delivered(orderId: string, kind: FulfilmentKind, amount: Decimal, proof: DepositProof): Promise<void> {
    if (kind === 'deposit') {
      // The completion says what the desk did (one commit, one announcement); an order that did not move is told apart.
      const note = fulfilmentNote.deposited(amount.toFixed(2), proof);
      if (!(await orders.completeByShop(orderId, undefined, note))) await orders.noteFulfilment(orderId, note);
      return;
    }
    await orders.recordRedemption(orderId, amount.toFixed(2));
    const order = await orders.read(orderId);
    if (order) await completeIfPaidOut(order);
  }

  /**
   * The desk's operations whose outcome is still open, settled before anything else runs on it. Throws `DeskBusy`
   * while one stays open (nothing may run until the Limit or a person has spoken).
   */
  async function settleOpen(desk: Desk, open?: OperationRow[]): Promise<void> {
    for (const op of open ?? (await repo.unsettled(desk.currency))) {
      if (!(await settleByLimit(desk, op)))
        throw new DeskBusy(`operation ${op.id} on the ${desk.currency} desk is not settled`);
    }
  }

  /** Sends one queued delivery, under the desk's lease. Never sends a delivery that is not `queued`. */
  async function send(orderId: string, kind: FulfilmentKind): Promise<void> {
    const queued = await repo.find(orderId);
    if (!queued || queued.status !== 'queued' || queued.kind !== kind) return;
    const currency = queued.currency;
    const desk = await desks.readDesk(currency);
    const order = await orders.read(orderId);
    const fit = order && (kind === 'deposit' ? depositsByItself(order, desk) : redeemsByItself(order, desk));
    // The order moved on (claimed, completed, cancelled) or the desk stopped: it is the staff's, as before.
    if (!fit || !order || !desk) return leftToStaff(orderId, kind);
    // The player is only read: checked before the desk's turn, so that only the operation itself holds the desk.
    if (kind === 'deposit') {
      const refusal = await checkPlayer(desk, order.onexId!);
      if (refusal) return refuseBeforeSending(orderId, kind, refusal);
    }
    const next = await withDesk(currency, async (lease, handed) => {
      // Under the lease every round trip delays the next delivery. Handed over by an operation that was just answered,
      // the desk has nothing open but that one (whose write this operation's call waits for) and its Limit is the one
      // that operation left; else both are read (together). Whether
      // the desk still delivers by itself (paused or failing while this waited its turn) and whether the delivery is
      // still queued (a job run twice) is asked by `markSending` itself.
      let expected = handed === undefined ? null : { limit: handed.limit };
      if (handed === undefined) {
        const [open, last] = await Promise.all([repo.unsettled(currency), repo.lastExpectedLimit(currency)]);
        expected = last;
        if (open.length > 0) {
          await settleOpen(desk, open);
          expected = await repo.lastExpectedLimit(currency);
        }
      }
      const previous = handed?.settling;
      const sent =
        kind === 'deposit'
          ? await sendDeposit(desk, order, expected, previous)
          : await sendPayout(desk, order, expected, previous);
      lease.limitAfter = sent?.limitAfter;
      lease.settling = sent?.settling;
      return sent?.after;
    });
    // The order's side of a delivery the desk made needs no desk: it runs after the lease, so the next operation
    // need not wait for it (a crash in between is the sweep's, decision 300).
    await next?.();
  }

  async function leftToStaff(orderId: string, kind: FulfilmentKind): Promise<undefined> {
    if (await repo.withdrawQueued(orderId))
      await orders.noteFulfilment(orderId, fulfilmentNote.said(kind, 'leftToStaff'));
    return undefined;
  }

  /** A delivery refused before anything was sent, and its timeline entry saying why: one commit, or neither. */
  async function refuseBeforeSending(orderId: string, kind: FulfilmentKind, why: Refusal): Promise<undefined> {
    const message = FULFILMENT_MESSAGES[why];
    try {
      await orders.noteFulfilment(orderId, fulfilmentNote.said(kind, why), async (tx) => {
        if (!(await repo.refuseQueued(tx, orderId, message))) throw new MovedOn();
      });
    } catch (error) {
      // No longer queued (sent or withdrawn meanwhile): nothing to refuse, nothing to say.
      if (!(error instanceof MovedOn)) throw error;
    }
    return undefined;
  }

  /**
   * Whether the player may be paid (read-only, outside the desk's lease): null when so, else why not. A player the
   * desk confirmed is taken as checked for a minute. Throws when the desk did not answer (the job tries again).
   */
  async function checkPlayer(desk: Desk, onexId: string): Promise<Refusal | null> {
    const key = `${desk.currency}:${onexId.trim().toLowerCase()}`;
    const at = clock.now().getTime();
    let kept = players.get(key);
    if (!kept || at - kept.at >= FULFILMENT.playerKeptMs) {
      const player = await client.findPlayer(desk, onexId);
      if (player.outcome === 'notFound') {
        players.delete(key);
        return 'noPlayer';
      }
      if (player.outcome !== 'ok') {
        await failure(desk.currency, deskFailureText(player), player.outcome !== 'refused');
        throw new Error(`player not checked: ${player.message}`);
      }
      kept = { at, currencyId: player.value.currencyId };
      players.delete(key);
      if (players.size >= FULFILMENT.playersKept) players.delete(players.keys().next().value as string);
      players.set(key, kept);
    }
    return desk.currencyId !== null && kept.currencyId !== desk.currencyId ? 'otherCurrency' : null;
  }

  /**
   * The desk's Limit before an operation: the one the shop's last operation left (no Balance call: the minute's watch
   * compares it with the desk, and a drift it records is the Limit from then on), read from the desk when none is
   * known or when it would not cover `amount` (the desk may have been given more since; a difference is drift).
   * An unknown outcome is still settled by a Limit read at once; one that does not match exactly waits for a person.
   */
  async function limitBefore(desk: Desk, amount: Decimal, expected: { limit: string } | null): Promise<Decimal> {
    if (expected !== null && dec(expected.limit).greaterThanOrEqualTo(amount)) return dec(expected.limit);
    const read = await readLimit(desk);
    if (read === null) throw new Error("the desk's limit was not read");
    if (expected !== null) await compareLimit(desk, dec(expected.limit), read);
    return read;
  }

  /**
   * An operation the desk answered and the shop settled: what is left to do once the desk's lease is released (the
   * order's side of a delivery the desk made), and the Limit it left the desk at.
   */
  type Sent = { after?: () => Promise<void>; limitAfter: string; settling?: Promise<boolean> } | undefined;

  /**
   * Marks an operation `sending`, and waits for the write recording the one before it when it is still under way
   * (the two go together). Null when it was not marked; throws, leaving it `sending` without a call (the Limit settles
   * both), when the one before did not land.
   */
  async function markAfter(
    previous: Promise<boolean> | undefined,
    ...args: Parameters<FulfilmentRepository['markSending']>
  ): Promise<{ id: number; deskFailures: number } | null> {
    const [op, landed] = await Promise.all([repo.markSending(...args), previous?.catch(() => false) ?? true]);
    if (op !== null && !landed) throw new Error("the desk's previous answer was not recorded: nothing is sent");
    return op;
  }

  async function sendDeposit(
    desk: Desk,
    order: OrderRecord,
    expected: { limit: string } | null,
    previous?: Promise<boolean>,
  ): Promise<Sent> {
    const amount = dec(order.amount);
    const limit = await limitBefore(desk, amount, expected);
    if (limit.lessThan(amount)) {
      await previous?.catch(() => false);
      return refuseBeforeSending(order.id, 'deposit', 'noLimit');
    }
    const op = await markAfter(previous, order.id, {
      currency: desk.currency,
      kind: 'deposit',
      amount: amount.toFixed(2),
      limitBefore: limit.toFixed(2),
    });
    if (op === null) return leftToStaff(order.id, 'deposit');
    const answer = await client.deposit(desk, order.onexId!, amount.toNumber());
    return answered(desk, order.id, 'deposit', op, limit, answer, amount);
  }

  async function sendPayout(
    desk: Desk,
    order: OrderRecord,
    expected: { limit: string } | null,
    previous?: Promise<boolean>,
  ): Promise<Sent> {
    const limit = await limitBefore(desk, dec(0), expected);
    const op = await markAfter(previous, order.id, {
      currency: desk.currency,
      kind: 'payout',
      amount: null,
      limitBefore: limit.toFixed(2),
    });
    if (op === null) return leftToStaff(order.id, 'payout');
    const answer = await client.payout(desk, order.onexId!, order.wCode!);
    return answered(desk, order.id, 'payout', op, limit, answer, null);
  }

  /** Writes the desk's answer to an operation committed as `sending`; an unknown one is settled by the Limit at once. */
  async function answered(
    desk: Desk,
    orderId: string,
    kind: FulfilmentKind,
    { id: op, deskFailures }: { id: number; deskFailures: number },
    limitBefore: Decimal,
    answer: DeskCall<DeskOperation>,
    asked: Decimal | null,
  ): Promise<Sent> {
    switch (answer.outcome) {
      case 'ok': {
        // The desk's run of failures ends (no write when there was none: this runs under the lease).
        if (deskFailures > 0) await desks.recordOk(desk.currency);
        const amount = kind === 'deposit' ? asked! : dec(Math.abs(answer.value.summa));
        const expected = kind === 'deposit' ? limitBefore.minus(amount) : limitBefore.plus(amount);
        // Under way while the lease passes on: the next operation is marked meanwhile, its call waits for this write.
        const settling = repo.settle(op, ['sending'], {
          status: 'done',
          fulfilment: 'done',
          amount: amount.toFixed(2),
          limitAfter: expected.toFixed(2),
          deskOperationId: answer.value.operationId,
          message: answer.value.message || null,
        });
        settling.catch(() => undefined);
        const made: DepositProof = answer.value.operationId ? { operation: answer.value.operationId } : 'made';
        return {
          after: async () => {
            if (await settling) await delivered(orderId, kind, amount, made);
          },
          limitAfter: expected.toFixed(2),
          settling,
        };
      }
      case 'refused':
      case 'denied': {
        // A refusal is a proper answer; 401/403 say the call was not accepted at all: no money moved either way.
        if (answer.outcome === 'denied') await failure(desk.currency, deskFailureText(answer), true);
        else if (deskFailures > 0) await desks.recordOk(desk.currency);
        const codeRefused = kind === 'payout' && answer.outcome === 'refused';
        const refusal = {
          status: 'refused',
          fulfilment: 'refused',
          limitAfter: limitBefore.toFixed(2),
          message: answer.message,
          refused: codeRefused,
        } as const;
        // Under the lease nobody else moves a `sending` delivery: its refusals count read here is the one settled.
        const before = codeRefused ? await repo.find(orderId) : null;
        let recorded = false;
        if (before && before.refusals + 1 <= FULFILMENT.maxCodeRefusals) {
          // The order goes back to waiting exactly when its refusal is recorded: one transaction.
          try {
            recorded = await orders.refuseCode(orderId, answer.message, async (tx) => {
              if (!(await repo.settle(op, ['sending'], refusal, tx))) throw new MovedOn();
            });
          } catch (error) {
            if (!(error instanceof MovedOn)) throw error;
            return undefined;
          }
        }
        // Not moved (the fourth refusal, the order no longer pending, or not a code): the refusal alone.
        if (!recorded && !(await repo.settle(op, ['sending'], refusal))) return undefined;
        return {
          after: () => orders.noteFulfilment(orderId, fulfilmentNote.refused(kind, answer.message)),
          limitAfter: limitBefore.toFixed(2),
        };
      }
      case 'unknown': {
        await failure(desk.currency, deskFailureText(answer), true);
        await repo.settle(op, ['sending'], {
          status: 'unknown',
          fulfilment: 'unknown',
          message: `${answer.reason}: ${answer.message}`,
        });
        await orders.noteFulfilment(orderId, fulfilmentNote.unknown(kind, answer.reason));
        const row = await repo.operation(op);
        // Nothing else runs on the desk until the Limit has settled it; the watch tries again each minute.
        if (row) await settleByLimit(desk, row);
        return undefined;
      }
    }
  }

  /** A withdrawal whose code the desk redeemed and whose payout the phone's Send Money SMS proved completes itself. */
  async function completeIfPaidOut(order: OrderRecord): Promise<void> {
    if (productKind(order.productId) !== 'withdraw' || order.status !== 'pending') return;
    if (order.fulfilment?.status !== 'done' || order.fulfilment.kind !== 'payout' || order.payoutSmsTrxId === null)
      return;
    await orders.completeByShop(order.id, order.payoutSmsTrxId);
  }

  /**
   * Deliveries a crash may have lost (decisions 300, 301): an order is queued after the commit that made it
   * deliverable, and completed after the commit that recorded the desk's answer; a process that stops in between
   * leaves it. Each stranded top-up, and each withdrawal whose customer's code was never queued, is offered again
   * (queueing is keyed per order and code, so an offer that did land is not doubled; the code as just sent), and each
   * delivery the desk made whose order is still pending is completed.
   */
  async function sweep(currency: DeskCurrency): Promise<void> {
    const since = new Date(clock.now().getTime() - FULFILMENT.sweepWindowMs);
    const {
      offer: toOffer,
      redeem,
      complete,
    } = await repo.stranded(productsOf(currency), since, FULFILMENT.maxCodeRefusals);
    for (const id of toOffer) {
      const order = await orders.read(id);
      if (order) await engine.offer(order, null);
    }
    for (const id of redeem) {
      const order = await orders.read(id);
      if (order) await engine.offer(order, { status: 'waiting' });
    }
    for (const id of complete) {
      const order = await orders.read(id);
      if (!order) continue;
      if (productKind(order.productId) === 'topup') await orders.completeByShop(order.id);
      else await completeIfPaidOut(order);
    }
  }

  const engine = {
    /**
     * Looks at an order that just changed: a verified top-up or a withdrawal's new code that the desk may deliver is
     * queued (its delivery row and its job in one transaction, the job's key one per order and code); a redeemed
     * withdrawal whose payout was proven completes.
     */
    async offer(order: OrderRecord, before: { status: string } | null): Promise<boolean> {
      const kind: FulfilmentKind = productKind(order.productId) === 'topup' ? 'deposit' : 'payout';
      if (kind === 'payout' && order.fulfilment?.status === 'done') {
        await completeIfPaidOut(order);
        return false;
      }
      if (order.status !== 'pending') return false;
      // A code is sent when the customer has just sent it (waiting → pending), never again on a later change.
      if (kind === 'payout' && before?.status !== 'waiting') return false;
      const current = order.fulfilment;
      if (
        current &&
        !(
          kind === 'payout' &&
          current.status === 'refused' &&
          current.refusals > 0 &&
          current.refusals <= FULFILMENT.maxCodeRefusals
        )
      )
        return false;
      const currency = productCurrency(order.productId);
      const desk = await desks.readDesk(currency);
      if (!(kind === 'deposit' ? depositsByItself(order, desk) : redeemsByItself(order, desk))) return false;
      let queued: boolean;
      try {
        queued = await deps.sql.transaction(async (q) => {
          if (
            !(await repo.queue(q, {
              orderId: order.id,
              kind,
              currency,
              amount: kind === 'deposit' ? order.amount : null,
            }))
          )
            return false;
          const key =
            kind === 'deposit'
              ? `cashdesk:deposit:${order.id}`
              : `cashdesk:payout:${order.id}:${current?.refusals ?? 0}`;
          const jobs = [{ kind: FULFILMENT_JOBS[kind], payload: { orderId: order.id }, dedupeKey: key }];
          // Its key was queued before (a delivery since left to staff, offered again by the sweep): it is the
          // staff's; a row queued without its job would never be sent.
          if ((await deps.jobs.enqueue(jobs, q)) === 0) throw new MovedOn();
          return true;
        });
      } catch (error) {
        if (!(error instanceof MovedOn)) throw error;
        queued = false;
      }
      // No timeline entry of its own: the delivery's status is on the order's views, and its outcome is noted.
      if (queued) deps.jobs.kick();
      return queued;
    },

    /** The job queue's handler of both kinds: sends the delivery if it is still queued, never otherwise. */
    async run(kind: FulfilmentKind, payload: unknown): Promise<void> {
      const orderId = (payload as { orderId?: unknown }).orderId;
      if (typeof orderId !== 'string') return;
      await send(orderId, kind);
    },

    /**
     * The minute's watch of one desk, by whichever instance takes its lease: the Balance read and recorded, open
     * operations settled by the Limit, and a Limit that moved since the shop's last operation recorded as drift.
     */
    async watch(currency: DeskCurrency): Promise<void> {
      const desk = await desks.readDesk(currency);
      if (!desk) return;
      try {
        await withDesk(
          currency,
          async (_lease, handed) => {
            await handed?.settling?.catch(() => false);
            await sweep(currency);
            const open = await repo.unsettled(currency);
            if (open.length > 0) {
              for (const op of open) if (!(await settleByLimit(desk, op))) return;
              return;
            }
            // Another instance read it within the minute: one read a minute is enough.
            if (desk.checkedAt && clock.now().getTime() - desk.checkedAt.getTime() < FULFILMENT.watchMs * 0.8) return;
            const expected = await repo.lastExpectedLimit(currency);
            if (expected === null) {
              await readLimit(desk);
              return;
            }
            await checkDrift(desk, dec(expected.limit));
          },
          0,
        );
      } catch (error) {
        if (!(error instanceof DeskBusy)) throw error;
      }
    },

    /**
     * Staff decide an operation the Limit could not settle, or send a refused one again (decision 265). `record`
     * writes the staff member's timeline entry and audit entry and runs the decision's own write (`change`) in the
     * same transaction: the decision lands with its record, or neither does. A confirmed delivery then follows as
     * one the desk made (a top-up completes; a withdrawal takes the redeemed amount).
     */
    async decide(
      orderId: string,
      action: 'confirm' | 'deny' | 'retry',
      record: (change: (tx: AnyTransaction) => Promise<void>) => Promise<boolean>,
    ): Promise<'done' | 'notFound' | 'conflict'> {
      const f = await repo.find(orderId);
      if (!f) return 'notFound';
      const recorded = async (
        change: (tx: AnyTransaction) => Promise<boolean>,
      ): Promise<'done' | 'notFound' | 'conflict'> => {
        try {
          const landed = await record(async (tx) => {
            if (!(await change(tx))) throw new MovedOn();
          });
          return landed ? 'done' : 'notFound';
        } catch (error) {
          if (error instanceof MovedOn) return 'conflict';
          throw error;
        }
      };
      if (action === 'retry') {
        if (f.status !== 'refused') return 'conflict';
        const order = await orders.read(orderId);
        if (!order || order.status !== 'pending') return 'conflict';
        const outcome = await recorded(async (tx) => {
          if (!(await repo.requeue(tx, orderId))) return false;
          await deps.jobs.enqueue(
            [
              {
                kind: FULFILMENT_JOBS[f.kind],
                payload: { orderId },
                dedupeKey: `cashdesk:${f.kind}:${orderId}:retry:${f.attempts}`,
              },
            ],
            tx,
          );
          return true;
        });
        if (outcome === 'done') deps.jobs.kick();
        return outcome;
      }
      if (f.status !== 'unknown') return 'conflict';
      const op = await repo.lastOperationOf(orderId);
      if (!op || (op.status !== 'unknown' && op.status !== 'staff')) return 'conflict';
      if (action === 'deny') {
        return recorded((tx) =>
          repo.settle(
            op.id,
            ['unknown', 'staff'],
            { status: 'refused', fulfilment: 'refused', message: FULFILMENT_MESSAGES.notDelivered },
            tx,
          ),
        );
      }
      // A payout's amount is what the Limit rose by when it says so, else what the order asked.
      const rose = op.limitAfter !== null && op.limitBefore !== null ? dec(op.limitAfter).minus(op.limitBefore) : null;
      const order = await orders.read(orderId);
      const amount =
        op.kind === 'deposit'
          ? dec(op.amount ?? f.amount ?? order?.amount ?? '0')
          : rose?.greaterThan(0)
            ? rose
            : dec(order?.amount ?? '0');
      const outcome = await recorded((tx) =>
        repo.settle(
          op.id,
          ['unknown', 'staff'],
          {
            status: 'done',
            fulfilment: 'done',
            amount: amount.toFixed(2),
            message: FULFILMENT_MESSAGES.confirmedByStaff,
          },
          tx,
        ),
      );
      // What follows is the delivery's own consequence; a crash before it is caught by the minute's sweep.
      if (outcome === 'done') await delivered(orderId, op.kind as FulfilmentKind, amount, 'staff');
      return outcome;
    },

    /** Deposits queued or in flight on the desk of `currency`: checkout does not sell what its Limit cannot cover. */
    async spareLimit(currency: DeskCurrency): Promise<Decimal | null> {
      const desk = await desks.readDesk(currency);
      if (!desk || !desk.topupAuto || desk.paused || desk.state !== 'ok' || desk.limit === null) return null;
      return (await knownLimit(repo, desk))!.minus(await repo.promisedDeposits(currency));
    },

    completeIfPaidOut,
  };
  return engine;
}
export type FulfilmentEngine = ReturnType<typeof createFulfilmentEngine>;
