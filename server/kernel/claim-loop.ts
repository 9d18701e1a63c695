// A durable queue's claiming, written once (the job queue and the webhooks' sender): one claim round at a time; a kick
// while a round runs makes exactly one more round after it, so what was queued meanwhile does not wait for the poll;
// the poll's beat kicks when nothing else did (a row whose backoff ran out, another instance's crash).
import type { Logger } from '../logger.js';

export interface ClaimLoop {
  /** Starts claiming: a round now, then one each `pollMs`. Starting a running loop does nothing. */
  start(): void;
  /** Something was queued or made due: claim now rather than at the next beat. */
  kick(): void;
  /** True before start and after stop: a round in progress stops claiming more. */
  stopped(): boolean;
  /** Stops the beat and waits for the round in progress (not for the work it handed out). */
  stop(): Promise<void>;
}

export function claimLoop(name: string, round: () => Promise<void>, options: { pollMs: number; logger: Logger }) {
  let stopped = true;
  let claiming: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | undefined;

  function kick(): void {
    if (stopped) return;
    if (claiming) {
      again = true;
      return;
    }
    claiming = round()
      .catch((error: unknown) => options.logger.error(`${name} round failed`, error))
      .finally(() => {
        claiming = null;
        if (again) {
          again = false;
          kick();
        }
      });
  }

  function schedule(): void {
    if (stopped) return;
    timer = setTimeout(() => {
      kick();
      schedule();
    }, options.pollMs);
    timer.unref();
  }

  const loop: ClaimLoop = {
    start() {
      if (!stopped) return;
      stopped = false;
      kick();
      schedule();
    },
    kick,
    stopped: () => stopped,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await claiming;
    },
  };
  return loop;
}
