// Waits that a stop can cut short: the desk's retry loops sleep for up to a minute, and stopping the shop must not.
export function createSleeper() {
  const wakers = new Set<() => void>();
  return {
    sleep(ms: number): Promise<void> {
      return new Promise((resolve) => {
        const done = () => {
          clearTimeout(timer);
          wakers.delete(done);
          resolve();
        };
        const timer = setTimeout(done, ms);
        timer.unref();
        wakers.add(done);
      });
    },
    /** Ends every sleep now. */
    wakeAll(): void {
      for (const wake of [...wakers]) wake();
    },
  };
}
export type Sleeper = ReturnType<typeof createSleeper>;
