// Time is a dependency (conventions 18): one clock, made where the shop is composed and handed to every rule that
// depends on time (expiry, late claims, caps, statistics, SMS windows). Tests pass a clock of their own to the
// composition (AppOptions.clock) instead of changing a running service.
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
