// The audit log's use cases: other domains record through `record` inside their own transaction (the
// composition root hands it to them); the admin lists entries.
import type { AuditEntryDto } from '#shared/audit';
import { LIMITS } from '#shared/constants';
import type { Transaction } from '../db/database.js';
import { pageCount } from '../http/paging.js';
import type { AuditEntryInput, AuditEntryRecord, AuditFilter, AuditRepository } from './audit.repository.js';
import { unixSeconds } from '#shared/time';

/** Records one entry in the given open transaction (what the other domains are handed). */
export type AuditRecorder = (tx: Transaction, entry: AuditEntryInput) => Promise<void>;

export function toAuditEntryDto(e: AuditEntryRecord): AuditEntryDto {
  return {
    id: e.id,
    at: unixSeconds(e.at),
    actor: e.actorId ? { id: e.actorId, name: e.actorName ?? '' } : null,
    action: e.action,
    target_type: e.targetType,
    target_id: e.targetId,
    before: e.before,
    after: e.after,
  };
}

export function createAuditService(repo: AuditRepository) {
  const record: AuditRecorder = (tx, entry) => repo.record(tx, entry);
  return {
    record,
    async listEntries(filter: AuditFilter, page: number): Promise<{ entries: AuditEntryDto[]; pages: number }> {
      const size = LIMITS.pageSize;
      const { entries, total } = await repo.list(filter, page, size);
      return { entries: entries.map(toAuditEntryDto), pages: pageCount(total, size) };
    },
    /** Who has entries, for the actor filter. */
    listActors: () => repo.actors(),
    each: (filter: AuditFilter) => repo.each(filter),
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
