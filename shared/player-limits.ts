// Limits the customer sets on their own top-ups (decisions 271-272): deposit limits over rolling windows, raised only
// after a delay, and self-exclusion. The windows, the delay and the periods live here, once, for server and client.
import { z } from 'zod';
import { captchaField } from './schemas.js';
import { VALIDATION_KEYS as V } from './error-keys.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The windows a limit counts top-ups over, rolling back from now. */
export const LIMIT_WINDOWS = { daily_bdt: DAY_MS, weekly_bdt: 7 * DAY_MS, monthly_bdt: 30 * DAY_MS } as const;
export type LimitName = keyof typeof LIMIT_WINDOWS;
export const LIMIT_NAMES = Object.keys(LIMIT_WINDOWS) as LimitName[];

/** How long a raised or removed limit waits before it counts (lowering counts at once). */
export const LIMIT_RAISE_DELAY_MS = 24 * HOUR_MS;

/** A limit in whole BDT, or null for none. */
export const MAX_LIMIT_BDT = 10_000_000;
export type PlayerLimits = Record<LimitName, number | null>;
export const NO_LIMITS: PlayerLimits = { daily_bdt: null, weekly_bdt: null, monthly_bdt: null };

const limitValue = z
  .number({ error: V.limitInvalid })
  .int(V.limitInvalid)
  .min(1, V.limitInvalid)
  .max(MAX_LIMIT_BDT, V.limitInvalid)
  .nullable();
export const playerLimitsSchema = z.strictObject({
  daily_bdt: limitValue,
  weekly_bdt: limitValue,
  monthly_bdt: limitValue,
});
/** `PUT /account/limits`: the limits wanted; lower ones count now, higher or removed ones after the delay. */
export const playerLimitsPutBodySchema = z.object({ captcha: captchaField, limits: playerLimitsSchema });
/** `DELETE /account/limits/pending`: keep the limits in force, drop the raise waiting for its time. */
export const pendingLimitsDeleteBodySchema = z.object({ captcha: captchaField });

// ---------- self-exclusion (decision 272) ----------
export const SELF_EXCLUSION_PERIODS = ['24h', '7d', '30d', '6m', '1y', '5y'] as const;
export type SelfExclusionPeriod = (typeof SELF_EXCLUSION_PERIODS)[number];
export const selfExclusionBodySchema = z.object({
  captcha: captchaField,
  period: z.enum(SELF_EXCLUSION_PERIODS, { error: V.invalid }),
  password: z.string({ error: V.required }).min(1, V.required).max(200, V.invalid),
});

/** When an exclusion of `period` starting at `from` ends: hours and days exactly, months and years by the calendar (UTC). */
export function exclusionEnd(period: SelfExclusionPeriod, from: Date): Date {
  const end = new Date(from.getTime());
  switch (period) {
    case '24h':
      return new Date(from.getTime() + 24 * HOUR_MS);
    case '7d':
      return new Date(from.getTime() + 7 * DAY_MS);
    case '30d':
      return new Date(from.getTime() + 30 * DAY_MS);
    case '6m':
      end.setUTCMonth(end.getUTCMonth() + 6);
      return end;
    case '1y':
      end.setUTCFullYear(end.getUTCFullYear() + 1);
      return end;
    case '5y':
      end.setUTCFullYear(end.getUTCFullYear() + 5);
      return end;
  }
}

/**
 * The limits in force at `at` and the raise still waiting: a pending change whose time has come is simply the limits
 * (nothing has to run at that moment for it to count).
 */
export function limitsInForce(
  stored: { limits: PlayerLimits; pending: { limits: PlayerLimits; at: Date } | null },
  at: Date,
): { limits: PlayerLimits; pending: { limits: PlayerLimits; at: Date } | null } {
  if (stored.pending && stored.pending.at.getTime() <= at.getTime())
    return { limits: stored.pending.limits, pending: null };
  return stored;
}

/** Whether `wanted` is at least as strict as `current` in every window (null = none, the loosest). */
export function isStricter(wanted: number | null, current: number | null): boolean {
  if (wanted === null) return current === null;
  return current === null || wanted <= current;
}

/**
 * A change of limits split in two: what counts now (each window's lowering, or the same as before) and what must
 * wait for the delay (null when every window is as strict or stricter).
 */
export function splitLimitChange(
  current: PlayerLimits,
  wanted: PlayerLimits,
): { now: PlayerLimits; later: PlayerLimits | null } {
  const now = { ...current };
  let waits = false;
  for (const name of LIMIT_NAMES) {
    if (isStricter(wanted[name], current[name])) now[name] = wanted[name];
    else waits = true;
  }
  return { now, later: waits ? { ...wanted } : null };
}

/** `GET /account/limits` (and the writes' answers; staff read the same on a user's page). Times in unix seconds. */
export interface PlayerLimitsDto {
  limits: PlayerLimits;
  /** A raise or removal waiting for its time; cancellable until then. */
  pending: { limits: PlayerLimits; at: number } | null;
  /** What the limits count now in each window (BDT, exact decimal). */
  used: Record<LimitName, string>;
  /** The self-exclusion in force that ends last. */
  exclusion: { period: SelfExclusionPeriod; starts_at: number; ends_at: number } | null;
}
