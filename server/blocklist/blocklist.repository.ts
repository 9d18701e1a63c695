// The shop's blocklist (decision 210): the only Prisma code of the domain; returns plain records.
import type { BlocklistKind } from '#shared/money-controls';
import { queryerOf, type AnyTransaction, type Prisma, type Transaction } from '../db/database.js';
import { Prisma as P } from '../generated/prisma/client.js';
import { isUniqueViolation } from '../db/errors.js';

export interface BlocklistRecord {
  id: number;
  kind: BlocklistKind;
  value: string;
  reason: string;
  createdBy: { id: string; name: string } | null;
  createdAt: Date;
}

/** The values an order brings, each normalised as the blocklist stores them. */
export interface BlockProbe {
  kind: BlocklistKind;
  value: string;
}

const select = {
  id: true,
  kind: true,
  value: true,
  reason: true,
  createdAt: true,
  creator: { select: { id: true, name: true } },
} as const;
type Row = {
  id: number;
  kind: string;
  value: string;
  reason: string;
  createdAt: Date;
  creator: { id: string; name: string } | null;
};
const toRecord = (r: Row): BlocklistRecord => ({
  id: r.id,
  kind: r.kind as BlocklistKind,
  value: r.value,
  reason: r.reason,
  createdBy: r.creator,
  createdAt: r.createdAt,
});

/**
 * The blocklist's answer as an SQL condition (decision 222): true when any value is listed or any e-mail belongs to
 * a blocked account. Placing an order asks it inside its own insert, so the check costs no statement of its own.
 * Accounts' e-mails are stored in lower case (users.repository), so the unique index answers.
 */
export function blockedCondition(probes: BlockProbe[], emails: string[]): P.Sql {
  const account =
    emails.length === 0
      ? P.sql`false`
      : P.sql`EXISTS (SELECT 1 FROM users WHERE role = 'blocked' AND email IN (${P.join(emails.map((e) => e.toLowerCase()))}))`;
  return P.sql`(${listedCondition(probes)} OR ${account})`;
}

/** Whether any of the values is on the blocklist, as an SQL condition: the one place that reads the entries. */
function listedCondition(probes: BlockProbe[]): P.Sql {
  if (probes.length === 0) return P.sql`false`;
  return P.sql`EXISTS (SELECT 1 FROM blocklist_entries WHERE (kind, value) IN (${P.join(probes.map((p) => P.sql`(${p.kind}, ${p.value})`))}))`;
}

export function createBlocklistRepository(prisma: Prisma) {
  return {
    async list(): Promise<BlocklistRecord[]> {
      return (await prisma.blocklistEntry.findMany({ orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], select })).map(
        toRecord,
      );
    },

    /** Adds the entry with its audit row in one transaction; 'exists' when the same kind and value is listed. */
    async add(
      entry: { kind: BlocklistKind; value: string; reason: string; createdBy: string; createdAt: Date },
      also: (tx: Transaction, made: BlocklistRecord) => Promise<void>,
    ): Promise<BlocklistRecord | 'exists'> {
      try {
        return await prisma.$transaction(async (tx) => {
          const made = toRecord(await tx.blocklistEntry.create({ data: entry, select }));
          await also(tx, made);
          return made;
        });
      } catch (error) {
        if (isUniqueViolation(error)) return 'exists';
        throw error;
      }
    },

    /** Removes the entry with its audit row; null when there is none. */
    async remove(
      id: number,
      also: (tx: Transaction, gone: BlocklistRecord) => Promise<void>,
    ): Promise<BlocklistRecord | null> {
      return prisma.$transaction(async (tx) => {
        const found = await tx.blocklistEntry.findUnique({ where: { id }, select });
        if (!found) return null;
        await tx.blocklistEntry.delete({ where: { id } });
        const gone = toRecord(found);
        await also(tx, gone);
        return gone;
      });
    },

    /** Whether this value is listed, read in the caller's transaction (the orders' verification). */
    async isListed(tx: AnyTransaction, kind: BlocklistKind, value: string): Promise<boolean> {
      const [row] = await queryerOf(tx).query<{ listed: boolean }>(
        P.sql`SELECT ${listedCondition([{ kind, value }])} AS listed`,
      );
      return row?.listed === true;
    },

    /** `isListed` as a condition of the caller's statement (a forwarded payment's verification, decision 203). */
    listedSql: (kind: BlocklistKind, value: string): P.Sql => listedCondition([{ kind, value }]),
  };
}
export type BlocklistRepository = ReturnType<typeof createBlocklistRepository>;
