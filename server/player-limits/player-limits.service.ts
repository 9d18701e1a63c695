// The customer's own limits (decision 271) and self-exclusion (decision 272): set by the customer alone, each change
// audited in its own transaction; staff read them on the user's page and no route lets anyone lift or loosen them
// sooner. Orders ask them when a top-up is placed (the admission's player rules, wired in the composition root).
import {
  exclusionEnd,
  LIMIT_RAISE_DELAY_MS,
  limitsInForce,
  NO_LIMITS,
  splitLimitChange,
  type LimitName,
  type PlayerLimits,
  type PlayerLimitsDto,
  type SelfExclusionPeriod,
} from '#shared/player-limits';
import { unixSeconds } from '#shared/time';
import type { AuditRecorder } from '../audit/index.js';
import type { Clock } from '../clock.js';
import { AppError } from '../http/app-error.js';
import { verifyPassword } from '../security/passwords.js';
import type { UserRecord } from '../security/user-record.js';
import type { ExclusionRecord, PlayerLimitsRepository, StoredLimits } from './player-limits.repository.js';

const audited = (s: StoredLimits | null) =>
  s
    ? { limits: s.limits, pending: s.pending ? { limits: s.pending.limits, at: s.pending.at.toISOString() } : null }
    : null;

export function createPlayerLimitsService(deps: {
  repository: PlayerLimitsRepository;
  audit: AuditRecorder;
  clock: Clock;
  /** What the account's top-ups count now in each window (the orders domain's ownTopupUsage). */
  usageOf: (userId: string, at: Date) => Promise<Record<LimitName, string>>;
}) {
  const { repository, audit, clock } = deps;

  async function viewOf(
    userId: string,
    stored: StoredLimits | null,
    exclusion?: ExclusionRecord | null,
  ): Promise<PlayerLimitsDto> {
    const at = clock.now();
    const now = limitsInForce(stored ?? { limits: NO_LIMITS, pending: null }, at);
    const excluded = exclusion === undefined ? await repository.exclusionAt(userId, at) : exclusion;
    return {
      limits: now.limits,
      pending: now.pending ? { limits: now.pending.limits, at: unixSeconds(now.pending.at) } : null,
      used: await deps.usageOf(userId, at),
      exclusion: excluded
        ? { period: excluded.period, starts_at: unixSeconds(excluded.startsAt), ends_at: unixSeconds(excluded.endsAt) }
        : null,
    };
  }

  return {
    /** The account's limits, the raise waiting, what they count now, and an exclusion in force. */
    async limitsOf(userId: string): Promise<PlayerLimitsDto> {
      return viewOf(userId, await repository.read(userId));
    },

    /**
     * The customer asks for new limits: each window that gets stricter counts at once; when any gets looser (raised
     * or removed), the whole wish waits LIMIT_RAISE_DELAY_MS as the pending change. Asking for the limits in force
     * again drops a pending change (so does DELETE /account/limits/pending).
     */
    async setLimits(customer: UserRecord, wanted: PlayerLimits): Promise<PlayerLimitsDto> {
      const at = clock.now();
      const stored = await repository.change(
        customer.id,
        at,
        (before) => {
          const current = limitsInForce(before ?? { limits: NO_LIMITS, pending: null }, at).limits;
          const { now, later } = splitLimitChange(current, wanted);
          return {
            limits: now,
            pending: later ? { limits: later, at: new Date(at.getTime() + LIMIT_RAISE_DELAY_MS) } : null,
          };
        },
        (tx, before, after) =>
          audit(tx, {
            actorId: customer.id,
            action: 'user.limits_set',
            targetType: 'user',
            targetId: customer.id,
            before: audited(before),
            after: audited(after),
          }),
      );
      return viewOf(customer.id, stored);
    },

    /** The customer keeps the limits in force and drops the raise still waiting (nothing waiting: nothing changes). */
    async cancelPendingLimits(customer: UserRecord): Promise<PlayerLimitsDto> {
      const at = clock.now();
      const stored = await repository.change(
        customer.id,
        at,
        (before) => {
          if (!before) return null;
          const now = limitsInForce(before, at);
          return now.pending ? { limits: now.limits, pending: null } : null;
        },
        (tx, before, after) =>
          audit(tx, {
            actorId: customer.id,
            action: 'user.limits_pending_cancel',
            targetType: 'user',
            targetId: customer.id,
            before: audited(before),
            after: audited(after),
          }),
      );
      return viewOf(customer.id, stored);
    },

    /**
     * The customer excludes themselves from top-ups for `period`, confirming with their password. A second exclusion
     * can only add time: the one that ends last counts, and none is ever shortened or removed.
     */
    async selfExclude(customer: UserRecord, period: SelfExclusionPeriod, password: string): Promise<PlayerLimitsDto> {
      if (!(await verifyPassword(customer.passwordHash, password))) {
        throw new AppError(400, 'errors.wrongPassword', 'The password is wrong', {
          errors: { password: 'errors.wrongPassword' },
        });
      }
      const at = clock.now();
      const made = await repository.addExclusion(
        { userId: customer.id, period, startsAt: at, endsAt: exclusionEnd(period, at) },
        (tx, e) =>
          audit(tx, {
            actorId: customer.id,
            action: 'user.self_exclusion',
            targetType: 'user',
            targetId: customer.id,
            before: null,
            after: { period: e.period, starts_at: e.startsAt.toISOString(), ends_at: e.endsAt.toISOString() },
          }),
      );
      const longest = await repository.exclusionAt(customer.id, at);
      return viewOf(customer.id, await repository.read(customer.id), longest ?? made);
    },
  };
}
export type PlayerLimitsService = ReturnType<typeof createPlayerLimitsService>;
