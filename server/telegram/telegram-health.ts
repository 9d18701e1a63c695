// Whether Telegram answers (GET /health's `telegram`), from the outcome of every call the desk makes: a network
// failure or a 5xx marks it down with one log line, the next answer marks it up with one more (decision 172).
// A 429 is Telegram answering (slow down), not an outage; a 4xx is our request's fault.
import { GrammyError, HttpError } from 'grammy';
import type { Logger } from '../logger.js';

export type TelegramState = 'up' | 'down';

/** A failure that says Telegram (or the way to it) is not working, as opposed to refusing one request. */
export function isOutage(error: unknown): boolean {
  if (error instanceof HttpError) return true;
  // 401/404: the token is refused (revoked at @BotFather): nothing works until it is fixed.
  if (error instanceof GrammyError)
    return error.error_code >= 500 || error.error_code === 401 || error.error_code === 404;
  return false;
}

/** The seconds Telegram asked us to wait (429 `parameters.retry_after`), if it did. */
export function retryAfterSeconds(error: unknown): number | null {
  if (error instanceof GrammyError && error.error_code === 429) return Math.max(1, error.parameters.retry_after ?? 1);
  return null;
}

const describe = (error: unknown): string =>
  error instanceof GrammyError
    ? `${error.error_code} ${error.description}`
    : error instanceof Error
      ? error.message
      : String(error);

export function createTelegramHealth(logger: Logger, clock: () => Date) {
  // Down until Telegram has answered once (getMe at start): "up" is a fact, not a hope.
  let state: TelegramState = 'down';
  let reachedOnce = false;
  let downSince: Date | null = null;
  let failures = 0;
  const recoveredListeners: (() => void)[] = [];
  /** Telegram answered (any answer that is not an outage). */
  function answered(): void {
    if (state === 'up') return;
    state = 'up';
    if (downSince)
      logger.info('Telegram reachable again', {
        downForSeconds: Math.round((clock().getTime() - downSince.getTime()) / 1000),
        failedCalls: failures,
      });
    else if (!reachedOnce) logger.info('Telegram reachable');
    reachedOnce = true;
    downSince = null;
    failures = 0;
    for (const listener of recoveredListeners) listener();
  }

  return {
    state: (): TelegramState => state,
    answered,
    /** A call failed: an outage is logged once, when it starts. */
    failed(error: unknown): void {
      if (!isOutage(error)) {
        answered();
        return;
      }
      failures += 1;
      if (downSince) return;
      downSince = clock();
      state = 'down';
      logger.warn('Telegram unreachable; sends wait in the outbox and are retried', { error: describe(error) });
    },
    /** Called each time Telegram answers again after being down (or at first contact). */
    onRecovered(listener: () => void): void {
      recoveredListeners.push(listener);
    },
  };
}
export type TelegramHealth = ReturnType<typeof createTelegramHealth>;
