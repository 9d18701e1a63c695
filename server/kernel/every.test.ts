import { afterEach, describe, expect, it, vi } from 'vitest';
import { every } from './every.js';
import type { Logger } from '../logger.js';

function recordingLogger() {
  const errors: string[] = [];
  const logger = {
    error: (message: string) => errors.push(message),
    warn() {},
    info() {},
    debug() {},
  } as unknown as Logger;
  return { logger, errors };
}

describe('every', () => {
  afterEach(() => vi.useRealTimers());

  it('When a round is still running at the next beat, then that beat is skipped rather than overlapped', async () => {
    vi.useFakeTimers();
    const { logger } = recordingLogger();
    let started = 0;
    let finish!: () => void;
    const loop = every(
      'slow loop',
      100,
      () => {
        started += 1;
        return new Promise<void>((resolve) => (finish = resolve));
      },
      { logger },
    );
    loop.start();
    await vi.advanceTimersByTimeAsync(350);
    expect(started).toBe(1);
    finish();
    await vi.advanceTimersByTimeAsync(100);
    expect(started).toBe(2);
    finish();
    await loop.stop();
  });

  it('When a round fails, then the failure is logged under the loop own name and the loop goes on', async () => {
    vi.useFakeTimers();
    const { logger, errors } = recordingLogger();
    let rounds = 0;
    const loop = every(
      'presence watch',
      50,
      async () => {
        rounds += 1;
        throw new Error('boom');
      },
      { logger, atStart: true },
    );
    loop.start();
    await vi.advanceTimersByTimeAsync(120);
    expect(rounds).toBe(3);
    expect(errors).toEqual(['presence watch failed', 'presence watch failed', 'presence watch failed']);
    await loop.stop();
  });

  it('When stopped while a round hangs, then stop returns after its wait instead of hanging the shutdown', async () => {
    const { logger } = recordingLogger();
    const loop = every('stuck', 10_000, () => new Promise(() => {}), { logger, atStart: true, stopWaitMs: 20 });
    loop.start();
    const began = Date.now();
    await loop.stop();
    expect(Date.now() - began).toBeLessThan(5_000);
  });
});
