// A clock the test moves, handed to the shop when it is composed (useTestServer({ clock })): time-dependent rules
// (caps, statistics, expiry, late claims) read it, and nothing changes a running service.
import type { Clock } from '../../server/clock.js';

export interface TestClock extends Clock {
  /** From now on the shop's time is `at` (standing still). */
  set(at: Date | string | number): void;
  /** From now on the shop's time runs `offsetMs` ahead of (or behind) the real time. */
  shift(offsetMs: number): void;
  /** Back to the real time. */
  reset(): void;
}

export function testClock(): TestClock {
  let read: () => Date = () => new Date();
  return {
    now: () => read(),
    set(at) {
      const fixed = new Date(at).getTime();
      read = () => new Date(fixed);
    },
    shift(offsetMs) {
      read = () => new Date(Date.now() + offsetMs);
    },
    reset() {
      read = () => new Date();
    },
  };
}
