// How often every instance times out expired waiting orders. Safe with several instances: each sweep is one SQL
// statement (the loop itself is the kernel's `every`).

/** An order is at most this late to time out in the background (decision 010). */
export const SWEEP_INTERVAL_MS = 2_000;
