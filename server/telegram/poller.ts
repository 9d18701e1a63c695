// Long polling (no TELEGRAM_WEBHOOK_URL): the instance holding the poll lock asks getUpdates in a loop, hands each
// update to the bot, and confirms it by asking for the next offset. The others wait for the lock (decision 172).
import type { Api } from 'grammy';
import type { Update } from 'grammy/types';
import { GrammyError } from 'grammy';
import type { Logger } from '../logger.js';
import type { PollLock } from './poll-lock.js';
import { createSleeper } from './sleeper.js';
import type { TelegramHealth } from './telegram-health.js';

export const POLL_TIMEOUT_S = 25;
/** How often an instance without the lock tries to take it. */
const LOCK_RETRY_MS = 10_000;
const ALLOWED_UPDATES = ['message', 'callback_query'] as const;

export function createPoller(deps: {
  /** An API client whose request timeout exceeds POLL_TIMEOUT_S. */
  api: Api;
  lock: PollLock;
  handleUpdate: (update: Update) => Promise<void>;
  health: TelegramHealth;
  logger: Logger;
  /** Ran once each time this instance becomes the poller (e.g. drop a webhook left from webhook mode). */
  onPolling?: () => Promise<void>;
  lockRetryMs?: number;
}) {
  const { api, lock, health, logger } = deps;
  let stopped = true;
  let abort: AbortController | null = null;
  let loop: Promise<void> = Promise.resolve();
  let conflictLogged = false;
  const sleeper = createSleeper();
  const pause = (ms: number) => sleeper.sleep(ms);

  lock.onLost(() => abort?.abort());

  async function run(): Promise<void> {
    let offset = 0;
    let failures = 0;
    let polling = false;
    while (!stopped) {
      if (!(await lock.acquire())) {
        polling = false;
        await pause(deps.lockRetryMs ?? LOCK_RETRY_MS);
        continue;
      }
      abort = new AbortController();
      try {
        if (!polling) {
          await deps.onPolling?.();
          polling = true;
          logger.info('Telegram: this instance polls for updates');
        }
        // grammY types the signal as its abort-controller polyfill's; Node's own is what it uses at run time.
        const signal = abort.signal as unknown as Parameters<Api['getUpdates']>[1];
        const updates = await api.getUpdates(
          { offset, timeout: POLL_TIMEOUT_S, allowed_updates: [...ALLOWED_UPDATES] },
          signal,
        );
        health.answered();
        failures = 0;
        conflictLogged = false;
        for (const update of updates) {
          offset = update.update_id + 1;
          await deps.handleUpdate(update).catch((error: unknown) => logger.error('Telegram update failed', error));
        }
      } catch (error) {
        if (stopped || abort.signal.aborted) continue;
        if (error instanceof GrammyError && error.error_code === 409) {
          // Another poller (an instance of another deployment, or a webhook set): say so once, keep trying.
          if (!conflictLogged)
            logger.warn("Telegram: another process is receiving this bot's updates", { error: error.description });
          conflictLogged = true;
          polling = false;
          await pause(5_000);
          continue;
        }
        if (error instanceof GrammyError && error.error_code === 401) {
          logger.error('Telegram refused the bot token (TELEGRAM_BOT_TOKEN); no updates are received');
          health.failed(error);
          await pause(60_000);
          continue;
        }
        health.failed(error);
        failures += 1;
        await pause(Math.min(30_000, 1_000 * 2 ** Math.min(failures, 5)));
      }
    }
  }

  return {
    start(): void {
      stopped = false;
      loop = run().catch((error: unknown) => logger.error('Telegram poller stopped', error));
    },
    async stop(): Promise<void> {
      stopped = true;
      abort?.abort();
      sleeper.wakeAll();
      await loop;
      await lock.release();
    },
  };
}
