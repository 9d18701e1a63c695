// Sends leave through the outbox table (decision 172), never from a shop request: a request only adds rows (and
// not even awaits that), and a loop on every instance sends what is due. Telegram unreachable or answering 429:
// the row waits (retry_after as Telegram says, else exponential backoff) and the loop pauses, so an outage costs
// one probe per pause instead of a storm; attempts and the queue's size are bounded and the outage is logged once.
import { GrammyError } from 'grammy';
import type { Logger } from '../logger.js';
import { isOutage, retryAfterSeconds, type TelegramHealth } from './telegram-health.js';
import type { OutboxRow, TelegramRepository } from './telegram.repository.js';

export const OUTBOX_LIMITS = {
  /** Rows the table may hold; more are dropped at once (an outage of hours with a busy shop). */
  maxRows: 2_000,
  /** Tries of one row before it is dropped (a 429 wait is not a try). */
  maxAttempts: 8,
  /** Backoff of a row after a failed try: 2 s, 4 s, … up to 5 minutes. */
  baseBackoffMs: 2_000,
  maxBackoffMs: 300_000,
  /** The loop's pause during an outage grows the same way up to this: one probe per pause. */
  maxPauseMs: 30_000,
  /** How long a claimed row is held by its instance before another may take it (a crash mid-send). */
  lockMs: 60_000,
  /** Rows taken per round. */
  batch: 10,
  /** The loop looks for due rows (other instances' rows, retries) this often even when nothing kicks it. */
  pollMs: 5_000,
  /** News older than this is not worth sending any more. */
  maxAgeMs: 6 * 3_600_000,
};

/** Sends one row; throws what Telegram answered when it failed. */
export type DeliverRow = (row: OutboxRow) => Promise<void>;

/** A refusal that no retry will change (a chat that does not exist or blocked the bot, a bad request). */
const isPermanent = (error: unknown): boolean =>
  error instanceof GrammyError && error.error_code >= 400 && error.error_code < 500 && error.error_code !== 429;

export function createOutboxSender(deps: {
  repository: Pick<TelegramRepository, 'claimDue' | 'finish' | 'retryAt' | 'drop' | 'outboxSize' | 'prune' | 'dueNow'>;
  deliver: DeliverRow;
  /** A chat refused for good (403: the person blocked the bot or deleted the chat). */
  chatGone: (chatId: number, error: GrammyError) => Promise<void>;
  health: TelegramHealth;
  logger: Logger;
  clock: () => Date;
}) {
  const { repository, deliver, health, logger, clock } = deps;
  const limits = OUTBOX_LIMITS;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let stopped = true;
  let again = false;
  /** No sends before this (a 429's retry_after, an outage's backoff). */
  let pausedUntil = 0;
  let consecutiveOutages = 0;
  let droppedInOutage = 0;
  let fullLogged = false;

  const backoffMs = (tries: number) =>
    Math.min(limits.maxBackoffMs, limits.baseBackoffMs * 2 ** Math.max(0, tries - 1));

  async function handleFailure(row: OutboxRow, error: unknown): Promise<'pause' | 'next'> {
    const now = clock().getTime();
    const retryAfter = retryAfterSeconds(error);
    if (retryAfter !== null) {
      // Not health.answered(): were Telegram down, "recovered" would make every row due at once, this one too.
      pausedUntil = Math.max(pausedUntil, now + retryAfter * 1000);
      await repository.retryAt(row, new Date(now + retryAfter * 1000), false);
      return 'pause';
    }
    if (isPermanent(error)) {
      health.answered();
      await repository.drop(row);
      if (error instanceof GrammyError && error.error_code === 403) await deps.chatGone(row.chatId, error);
      else
        logger.warn('Telegram refused a message; it is dropped', {
          chatId: row.chatId,
          error: (error as GrammyError).description,
        });
      return 'next';
    }
    health.failed(error);
    if (row.attempts >= limits.maxAttempts) {
      await repository.drop(row);
      droppedInOutage += 1;
    } else {
      await repository.retryAt(row, new Date(now + backoffMs(row.attempts)), true);
    }
    if (!isOutage(error)) {
      // Not Telegram's fault (our own bug or the database): log it, go on with the next row.
      logger.error('Telegram send failed', error);
      return 'next';
    }
    consecutiveOutages += 1;
    pausedUntil = now + Math.min(limits.maxPauseMs, backoffMs(consecutiveOutages));
    return 'pause';
  }

  async function round(): Promise<void> {
    for (;;) {
      if (stopped || clock().getTime() < pausedUntil) return;
      const rows = await repository.claimDue(clock(), limits.batch, limits.lockMs);
      if (rows.length === 0) return;
      for (const [i, row] of rows.entries()) {
        if (stopped || clock().getTime() < pausedUntil) {
          // Paused mid-batch: the rest go back untried.
          for (const rest of rows.slice(i))
            await repository.retryAt(rest, new Date(Math.max(pausedUntil, clock().getTime())), false);
          return;
        }
        try {
          await deliver(row);
          await repository.finish(row, clock());
          if (droppedInOutage > 0)
            logger.warn('Telegram outbox dropped messages during the outage', { dropped: droppedInOutage });
          droppedInOutage = 0;
          health.answered();
        } catch (error) {
          await handleFailure(row, error);
        }
      }
    }
  }

  function run(): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = round()
      .catch((error: unknown) => logger.error('Telegram outbox round failed', error))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          schedule(0);
        }
      });
  }

  function schedule(ms: number): void {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      run();
      schedule(Math.max(limits.pollMs, pausedUntil - clock().getTime()));
    }, ms);
    timer.unref();
  }

  // Telegram answers again (a send, the poller, getMe): what waited in backoff goes now, not at its next try.
  health.onRecovered(() => {
    if (stopped) return;
    pausedUntil = 0;
    consecutiveOutages = 0;
    repository.dueNow(clock()).then(
      () => run(),
      (error: unknown) => logger.error('Telegram outbox resume failed', error),
    );
  });

  return {
    start(): void {
      stopped = false;
      schedule(0);
    },
    /** Something was queued: send it now rather than at the next poll (unless paused). */
    kick(): void {
      if (!stopped && clock().getTime() >= pausedUntil) run();
    },
    /** Whether the queue may take `n` more rows; logs once while it is full. */
    async hasRoom(n: number): Promise<boolean> {
      const size = await repository.outboxSize();
      if (size + n <= limits.maxRows) {
        fullLogged = false;
        return true;
      }
      if (!fullLogged) logger.warn('Telegram outbox full; new messages are dropped until it drains', { rows: size });
      fullLogged = true;
      return false;
    },
    /** Old rows, prompts and notices go (called by the desk's housekeeping). */
    prune: (before: Parameters<TelegramRepository['prune']>[0]) => repository.prune(before),
    async stop(): Promise<void> {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
export type OutboxSender = ReturnType<typeof createOutboxSender>;
