// Times out expired waiting orders continuously. Safe with several instances: each sweep is one SQL statement.
import type { Logger } from '../logger.js';

/** How often every instance sweeps (decision 013): an order is at most this late to time out in the background. */
export const SWEEP_INTERVAL_MS = 2_000;

export interface Sweeper {
  start(): void;
  stop(): Promise<void>;
}

export function createSweeper(sweep: () => Promise<unknown>, logger: Logger, intervalMs = SWEEP_INTERVAL_MS): Sweeper {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  const tick = () => {
    if (running) return; // a slow sweep is still going: skip this beat
    running = sweep()
      .then(() => undefined)
      .catch((error: unknown) => logger.error('order timeout sweep failed', error))
      .finally(() => {
        running = undefined;
      });
  };

  return {
    start() {
      if (timer) return;
      timer = setInterval(tick, intervalMs);
      timer.unref();
      tick();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
