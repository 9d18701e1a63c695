// The "admin online" switch (Setting 'adminOnline': true, false or "auto") and staff presence (decision 217).
import type { Prisma, Transaction } from '../db/database.js';
import { sqlTime, sqlTimeText } from '../db/sql-time.js';

const KEY = 'adminOnline';

/** The switch: on or off by hand, or null to follow the staff's presence. */
export type OnlineOverride = boolean | null;

const overrideOf = (value: unknown): OnlineOverride => (value === true ? true : value === false ? false : null);
const stored = (override: OnlineOverride) => (override === null ? 'auto' : override);

export function createAdminStatusRepository(prisma: Prisma) {
  return {
    async override(): Promise<OnlineOverride> {
      const row = await prisma.setting.findUnique({ where: { key: KEY } });
      return row ? overrideOf(row.value) : null;
    },
    /** Stores the switch; `alsoInTransaction` (the audit entry) sees the value before and commits with it. */
    async setOverride(
      override: OnlineOverride,
      alsoInTransaction?: (tx: Transaction, before: OnlineOverride) => Promise<void>,
    ): Promise<void> {
      await prisma.$transaction(async (tx) => {
        const locked = await tx.$queryRaw<
          { value: unknown }[]
        >`SELECT value FROM settings WHERE key = ${KEY} FOR UPDATE`;
        const before = locked.length > 0 ? overrideOf(locked[0].value) : null;
        await tx.setting.upsert({
          where: { key: KEY },
          create: { key: KEY, value: stored(override) },
          update: { value: stored(override) },
        });
        await alsoInTransaction?.(tx, before);
      });
    },
    /** Records that a staff member is at work now; answers when they were last seen before (null: never). */
    async touch(userId: string, via: 'console' | 'telegram', now: Date): Promise<Date | null> {
      const rows = await prisma.$queryRaw<{ before: string | null }[]>`
        WITH old AS (SELECT ${sqlTimeText('last_seen')} AS seen FROM staff_presence WHERE user_id = ${userId})
        INSERT INTO staff_presence (user_id, last_seen, via) VALUES (${userId}, ${sqlTime(now)}, ${via})
        ON CONFLICT (user_id) DO UPDATE SET last_seen = GREATEST(staff_presence.last_seen, EXCLUDED.last_seen), via = EXCLUDED.via
        RETURNING (SELECT seen FROM old) AS before`;
      const before = rows[0]?.before;
      return before == null ? null : new Date(before);
    },
    /** Whether any staff member was seen at or after `since`. */
    async anyoneSeenSince(since: Date): Promise<boolean> {
      const rows = await prisma.$queryRaw<
        { n: number }[]
      >`SELECT count(*)::int AS n FROM staff_presence WHERE last_seen >= ${sqlTime(since)}`;
      return (rows[0]?.n ?? 0) > 0;
    },
  };
}
export type AdminStatusRepository = ReturnType<typeof createAdminStatusRepository>;
