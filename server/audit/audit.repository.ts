// The audit log in the database: entries are written only inside the transaction of the action they record.
import type { Clock } from '../clock.js';
import type { Prisma, Transaction } from '../db/database.js';
import { sqlTime } from '../db/sql-time.js';
import type { AuditJson } from '#shared/audit';

/** What an action records; `before`/`after` are small JSON snapshots of what changed (null: did not exist). */
export interface AuditEntryInput {
  actorId: string | null;
  action: string;
  targetType: string;
  targetId: string;
  before: AuditJson;
  after: AuditJson;
}

export interface AuditEntryRecord {
  id: number;
  at: Date;
  actorId: string | null;
  actorName: string | null;
  action: string;
  targetType: string;
  targetId: string;
  before: AuditJson;
  after: AuditJson;
}

export interface AuditFilter {
  action?: string;
  actorId?: string;
  /** Inclusive lower and exclusive upper bound on `at`. */
  from?: Date;
  to?: Date;
}

/** A snapshot as JSON text; null stays SQL NULL (no JSON `null`), as the column held it before. */
const jsonText = (value: AuditJson): string | null => (value === null ? null : JSON.stringify(value));

function whereOf(filter: AuditFilter) {
  return {
    ...(filter.action ? { action: filter.action } : {}),
    ...(filter.actorId ? { actorId: filter.actorId } : {}),
    ...(filter.from || filter.to
      ? { at: { ...(filter.from ? { gte: filter.from } : {}), ...(filter.to ? { lt: filter.to } : {}) } }
      : {}),
  };
}

type Row = {
  id: number;
  at: Date;
  actorId: string | null;
  action: string;
  targetType: string;
  targetId: string;
  before: unknown;
  after: unknown;
  actor: { name: string } | null;
};
const toRecord = (r: Row): AuditEntryRecord => ({
  id: r.id,
  at: r.at,
  actorId: r.actorId,
  actorName: r.actor?.name ?? null,
  action: r.action,
  targetType: r.targetType,
  targetId: r.targetId,
  before: (r.before ?? null) as AuditJson,
  after: (r.after ?? null) as AuditJson,
});

export function createAuditRepository(prisma: Prisma, clock: Clock) {
  return {
    /** Writes one entry with the caller's open transaction: it commits or rolls back with the action. */
    async record(tx: Transaction, entry: AuditEntryInput): Promise<void> {
      // One plain statement (it runs inside the hot admin actions' transactions).
      await tx.$executeRaw`
        INSERT INTO audit_entries (at, actor_id, action, target_type, target_id, before, after)
        VALUES (${sqlTime(clock.now())}, ${entry.actorId}, ${entry.action},
                ${entry.targetType}, ${entry.targetId}, ${jsonText(entry.before)}::jsonb, ${jsonText(entry.after)}::jsonb)`;
    },

    /** Newest first. */
    async list(
      filter: AuditFilter,
      page: number,
      pageSize: number,
    ): Promise<{ entries: AuditEntryRecord[]; total: number }> {
      const where = whereOf(filter);
      const [rows, total] = await Promise.all([
        prisma.auditEntry.findMany({
          where,
          orderBy: [{ at: 'desc' }, { id: 'desc' }],
          skip: (page - 1) * pageSize,
          take: pageSize,
          include: { actor: { select: { name: true } } },
        }),
        prisma.auditEntry.count({ where }),
      ]);
      return { entries: rows.map(toRecord), total };
    },

    /** The accounts that have entries, by name (the list's actor filter offers them). */
    async actors(): Promise<{ id: string; name: string }[]> {
      return prisma.$queryRaw<{ id: string; name: string }[]>`
        SELECT u.id, u.name FROM users u
        WHERE EXISTS (SELECT 1 FROM audit_entries a WHERE a.actor_id = u.id)
        ORDER BY lower(u.name), u.id`;
    },

    /** Every matching entry, newest first, in batches (for the CSV export). */
    async *each(filter: AuditFilter, batch = 500): AsyncGenerator<AuditEntryRecord> {
      const where = whereOf(filter);
      let cursor: number | undefined;
      for (;;) {
        const rows = await prisma.auditEntry.findMany({
          where: cursor === undefined ? where : { ...where, id: { lt: cursor } },
          orderBy: { id: 'desc' },
          take: batch,
          include: { actor: { select: { name: true } } },
        });
        for (const row of rows) yield toRecord(row);
        if (rows.length < batch) return;
        cursor = rows[rows.length - 1].id;
      }
    },
  };
}
export type AuditRepository = ReturnType<typeof createAuditRepository>;
