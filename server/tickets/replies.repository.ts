// Canned replies in the database (decision 116). Every write takes the audit hook and runs it in its own
// transaction, so the entry commits or rolls back with the change.
import type { Prisma, Transaction } from '../db/database.js';

export interface ReplyRecord {
  id: number;
  title: string;
  textEn: string;
  textBn: string;
  createdAt: Date;
  updatedAt: Date;
}
export type ReplyInput = Pick<ReplyRecord, 'title' | 'textEn' | 'textBn'>;

/** Serialises additions (the cap); next to the migration (727_274_001) and seed (727_274_002) locks. */
const CREATE_LOCK = 727_274_003;

const toRecord = (row: ReplyRecord): ReplyRecord => ({
  id: row.id,
  title: row.title,
  textEn: row.textEn,
  textBn: row.textBn,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
});

export function createRepliesRepository(prisma: Prisma) {
  return {
    /** All of them (at most REPLY_LIMITS.count), by title. */
    async list(): Promise<ReplyRecord[]> {
      const rows = await prisma.cannedReply.findMany({ orderBy: [{ title: 'asc' }, { id: 'asc' }] });
      return rows.map(toRecord);
    },

    /**
     * Adds one unless `max` exist already (null then). The count and the insert share a transaction under an
     * advisory lock, so two admins adding the last one at once cannot both pass the cap.
     */
    async create(
      input: ReplyInput,
      max: number,
      also: (tx: Transaction, made: ReplyRecord) => Promise<void>,
    ): Promise<ReplyRecord | null> {
      return prisma.$transaction(async (tx) => {
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(${CREATE_LOCK})`;
        if ((await tx.cannedReply.count()) >= max) return null;
        const made = toRecord(await tx.cannedReply.create({ data: input }));
        await also(tx, made);
        return made;
      });
    },

    /** Replaces the fields of one; null when it does not exist. */
    async update(
      id: number,
      input: ReplyInput,
      also: (tx: Transaction, before: ReplyRecord, after: ReplyRecord) => Promise<void>,
    ): Promise<ReplyRecord | null> {
      return prisma.$transaction(async (tx) => {
        const before = await tx.cannedReply.findUnique({ where: { id } });
        if (!before) return null;
        const after = toRecord(await tx.cannedReply.update({ where: { id }, data: input }));
        await also(tx, toRecord(before), after);
        return after;
      });
    },

    /** False when it does not exist. */
    async delete(id: number, also: (tx: Transaction, gone: ReplyRecord) => Promise<void>): Promise<boolean> {
      return prisma.$transaction(async (tx) => {
        const gone = await tx.cannedReply.findUnique({ where: { id } });
        if (!gone) return false;
        await tx.cannedReply.delete({ where: { id } });
        await also(tx, toRecord(gone));
        return true;
      });
    },
  };
}
export type RepliesRepository = ReturnType<typeof createRepliesRepository>;
