// The customer's own limits and self-exclusions (decisions 271-272): the only Prisma code of the domain; returns
// plain records. An exclusion is only ever inserted: nothing here shortens or removes one.
import type { PlayerLimits, SelfExclusionPeriod } from '#shared/player-limits';
import { queryerOf, type Prisma, type SqlQueryer, type Transaction } from '../db/database.js';
import { sqlTime } from '../db/sql-time.js';
import { Prisma as P } from '../generated/prisma/client.js';

export interface StoredLimits {
  limits: PlayerLimits;
  pending: { limits: PlayerLimits; at: Date } | null;
}

export interface ExclusionRecord {
  id: number;
  period: SelfExclusionPeriod;
  startsAt: Date;
  endsAt: Date;
}

interface LimitRow {
  dailyBdt: number | null;
  weeklyBdt: number | null;
  monthlyBdt: number | null;
  pendingDailyBdt: number | null;
  pendingWeeklyBdt: number | null;
  pendingMonthlyBdt: number | null;
  pendingAt: Date | string | null;
}

const toStored = (r: LimitRow): StoredLimits => ({
  limits: { daily_bdt: r.dailyBdt, weekly_bdt: r.weeklyBdt, monthly_bdt: r.monthlyBdt },
  pending:
    r.pendingAt === null
      ? null
      : {
          limits: { daily_bdt: r.pendingDailyBdt, weekly_bdt: r.pendingWeeklyBdt, monthly_bdt: r.pendingMonthlyBdt },
          at: new Date(r.pendingAt),
        },
});

const columnsOf = (s: StoredLimits) => ({
  dailyBdt: s.limits.daily_bdt,
  weeklyBdt: s.limits.weekly_bdt,
  monthlyBdt: s.limits.monthly_bdt,
  pendingDailyBdt: s.pending?.limits.daily_bdt ?? null,
  pendingWeeklyBdt: s.pending?.limits.weekly_bdt ?? null,
  pendingMonthlyBdt: s.pending?.limits.monthly_bdt ?? null,
  pendingAt: s.pending?.at ?? null,
});

/**
 * The latest end of an exclusion in force at `at` binding these values, as a `timestamp(3)` expression (NULL when
 * none): the excluded account itself, or the 1xBet ids, wallet numbers and account e-mail of its orders. Placing a
 * top-up asks it inside its own insert (decision 222), so it costs no statement of its own.
 */
export function exclusionEndSql(
  who: { userId: string | null; onexId: string | null; wallets: string[]; email: string },
  at: Date,
): P.Sql {
  const binds: P.Sql[] = [
    P.sql`EXISTS (SELECT 1 FROM users u WHERE u.id = x.user_id AND u.email = ${who.email.toLowerCase()})`,
  ];
  if (who.userId) binds.push(P.sql`x.user_id = ${who.userId}`);
  const ofOrders: P.Sql[] = [];
  if (who.onexId) ofOrders.push(P.sql`o.onex_id = ${who.onexId}`);
  if (who.wallets.length > 0)
    ofOrders.push(P.sql`o.payer IN (${P.join(who.wallets)})`, P.sql`o.wallet IN (${P.join(who.wallets)})`);
  if (ofOrders.length > 0)
    binds.push(P.sql`EXISTS (SELECT 1 FROM orders o WHERE o.user_id = x.user_id AND (${P.join(ofOrders, ' OR ')}))`);
  return P.sql`(SELECT max(x.ends_at) FROM self_exclusions x WHERE x.ends_at > ${sqlTime(at)} AND (${P.join(binds, ' OR ')}))`;
}

export function createPlayerLimitsRepository(prisma: Prisma) {
  const limitsSelect = {
    dailyBdt: true,
    weeklyBdt: true,
    monthlyBdt: true,
    pendingDailyBdt: true,
    pendingWeeklyBdt: true,
    pendingMonthlyBdt: true,
    pendingAt: true,
  } as const;

  return {
    async read(userId: string): Promise<StoredLimits | null> {
      const row = await prisma.playerLimit.findUnique({ where: { userId }, select: limitsSelect });
      return row ? toStored(row) : null;
    },

    /** The same, in the caller's transaction of plain statements (placing an order). */
    async readIn(q: SqlQueryer, userId: string): Promise<StoredLimits | null> {
      const [row] = await q.query<LimitRow>(P.sql`
        SELECT daily_bdt AS "dailyBdt", weekly_bdt AS "weeklyBdt", monthly_bdt AS "monthlyBdt", pending_daily_bdt AS "pendingDailyBdt",
               pending_weekly_bdt AS "pendingWeeklyBdt", pending_monthly_bdt AS "pendingMonthlyBdt",
               to_char(pending_at, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "pendingAt"
        FROM player_limits WHERE user_id = ${userId}`);
      return row ? toStored(row) : null;
    },

    /**
     * Changes the customer's limits under their row's lock (two changes at once: one after the other, each from what
     * the other left): `change` gets the stored limits (none yet: null) and returns the new ones, or null to keep
     * them; `also` writes the audit row in the same transaction.
     */
    async change(
      userId: string,
      at: Date,
      change: (stored: StoredLimits | null) => StoredLimits | null,
      also: (tx: Transaction, before: StoredLimits | null, after: StoredLimits) => Promise<void>,
    ): Promise<StoredLimits | null> {
      return prisma.$transaction(async (tx) => {
        // The row exists before it is locked, so two first changes wait on the same lock.
        await queryerOf(tx).query(P.sql`
          INSERT INTO player_limits (user_id, updated_at) VALUES (${userId}, ${sqlTime(at)}) ON CONFLICT (user_id) DO NOTHING RETURNING user_id`);
        const [row] = await tx.$queryRaw<LimitRow[]>`
          SELECT daily_bdt AS "dailyBdt", weekly_bdt AS "weeklyBdt", monthly_bdt AS "monthlyBdt", pending_daily_bdt AS "pendingDailyBdt",
                 pending_weekly_bdt AS "pendingWeeklyBdt", pending_monthly_bdt AS "pendingMonthlyBdt",
                 to_char(pending_at, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "pendingAt"
          FROM player_limits WHERE user_id = ${userId} FOR UPDATE`;
        const before = toStored(row);
        const after = change(before);
        if (!after) return before;
        await tx.playerLimit.update({ where: { userId }, data: { ...columnsOf(after), updatedAt: at } });
        await also(tx, before, after);
        return after;
      });
    },

    /** The exclusion in force at `at` that ends last, or null. */
    async exclusionAt(userId: string, at: Date): Promise<ExclusionRecord | null> {
      const row = await prisma.selfExclusion.findFirst({
        where: { userId, endsAt: { gt: at } },
        orderBy: { endsAt: 'desc' },
        select: { id: true, period: true, startsAt: true, endsAt: true },
      });
      return row ? { ...row, period: row.period as SelfExclusionPeriod } : null;
    },

    /** Adds an exclusion with its audit row in one transaction. */
    async addExclusion(
      e: { userId: string; period: SelfExclusionPeriod; startsAt: Date; endsAt: Date },
      also: (tx: Transaction, made: ExclusionRecord) => Promise<void>,
    ): Promise<ExclusionRecord> {
      return prisma.$transaction(async (tx) => {
        const row = await tx.selfExclusion.create({
          data: e,
          select: { id: true, period: true, startsAt: true, endsAt: true },
        });
        const made = { ...row, period: row.period as SelfExclusionPeriod };
        await also(tx, made);
        return made;
      });
    },
  };
}
export type PlayerLimitsRepository = ReturnType<typeof createPlayerLimitsRepository>;
