// Periodic background work, written once: every loop of the shop (order timeouts, silent phones, staff presence,
// the cash desks' watch, the picture sweep, the timeout warnings) runs through `every`, so a failure is logged under
// the loop's own name and a slow round is never overlapped by the next.
import type { Logger } from '../logger.js';

export interface Periodic {
  start(): void;
  /** Stops the beat and waits for a round in flight, at most `stopWaitMs` (a query stuck on a dead connection must not hold a shutdown). */
  stop(): Promise<void>;
}

export interface EveryOptions {
  logger: Logger;
  /** Run one round as soon as the loop starts rather than one interval later. */
  atStart?: boolean;
  stopWaitMs?: number;
}

/** Runs `task` every `ms` milliseconds; a round still running when the next beat comes makes that beat skip. */
export function every(name: string, ms: number, task: () => Promise<unknown>, options: EveryOptions): Periodic {
  const { logger, atStart = false, stopWaitMs = 2_000 } = options;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;

  const round = () => {
    if (running) return;
    running = task()
      .then(() => undefined)
      .catch((error: unknown) => logger.error(`${name} failed`, error))
      .finally(() => {
        running = null;
      });
  };

  return {
    start() {
      if (timer) return;
      timer = setInterval(round, ms);
      timer.unref();
      if (atStart) round();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await Promise.race([running, new Promise((resolve) => setTimeout(resolve, stopWaitMs).unref())]);
    },
  };
}
