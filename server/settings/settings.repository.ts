// The shop's settings in the database: one row per key that was ever set (a key without a row has its default).
// The JSON column holds `{"value": …}`, so that null (a value of its own, e.g. "off") is stored like any other.
import type { Prisma, Transaction } from '../db/database.js';

export type SettingValues = Record<string, unknown>;

const unwrap = (json: unknown): unknown =>
  json && typeof json === 'object' && 'value' in json ? (json as { value: unknown }).value : undefined;
const fromRows = (rows: { key: string; value: unknown }[]): SettingValues =>
  Object.fromEntries(rows.flatMap((r) => (unwrap(r.value) === undefined ? [] : [[r.key, unwrap(r.value)]])));

export function createSettingsRepository(prisma: Prisma) {
  return {
    /** Every stored key and its JSON value. */
    async readAll(): Promise<SettingValues> {
      return fromRows(await prisma.shopSetting.findMany());
    },

    /**
     * Stores the values given (null is stored as JSON null, a value of its own), in one transaction that first locks
     * the rows it changes and hands `also` what they held (the audit entry commits with the change).
     */
    async write(values: SettingValues, also: (tx: Transaction, before: SettingValues) => Promise<void>): Promise<void> {
      const keys = Object.keys(values);
      await prisma.$transaction(async (tx) => {
        // Serialises two admins' saves: the second sees the first's values as its `before`.
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('shop_settings'))`;
        const before = fromRows(await tx.shopSetting.findMany({ where: { key: { in: keys } } }));
        const now = new Date();
        for (const key of keys) {
          const value = { value: values[key] ?? null } as object;
          await tx.shopSetting.upsert({
            where: { key },
            create: { key, value, updatedAt: now },
            update: { value, updatedAt: now },
          });
        }
        await also(tx, before);
      });
    },
  };
}
export type SettingsRepository = ReturnType<typeof createSettingsRepository>;
