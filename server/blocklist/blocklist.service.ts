// The blocklist (decision 210): the admin lists, adds and removes entries, each change audited in its own
// transaction; orders ask `blockedCondition` in their insert (one answer, never which value matched).
import type { BlocklistEntryDto, BlocklistEntryInput } from '#shared/money-controls';
import { unixSeconds } from '#shared/time';
import type { AuditRecorder } from '../audit/index.js';
import type { Clock } from '../clock.js';
import { errors } from '../http/app-error.js';
import type { UserRecord } from '../security/user-record.js';
import type { BlocklistRecord, BlocklistRepository } from './blocklist.repository.js';

export function toBlocklistEntryDto(r: BlocklistRecord): BlocklistEntryDto {
  return {
    id: r.id,
    kind: r.kind,
    value: r.value,
    reason: r.reason,
    created_by: r.createdBy,
    created_at: unixSeconds(r.createdAt),
  };
}
const audited = (r: BlocklistRecord) => ({ kind: r.kind, value: r.value, reason: r.reason });

export const blocklistErrors = {
  exists: () => errors.conflict('errors.blocklistExists', 'This value is already on the blocklist'),
  notFound: () => errors.notFound('errors.blocklistNotFound', 'This blocklist entry does not exist'),
};

export function createBlocklistService(deps: { blocklist: BlocklistRepository; audit: AuditRecorder; clock: Clock }) {
  const { blocklist, audit, clock } = deps;
  return {
    async listEntries(): Promise<BlocklistEntryDto[]> {
      return (await blocklist.list()).map(toBlocklistEntryDto);
    },

    async addEntry(entry: BlocklistEntryInput, admin: UserRecord): Promise<BlocklistEntryDto> {
      const made = await blocklist.add({ ...entry, createdBy: admin.id, createdAt: clock.now() }, (tx, r) =>
        audit(tx, {
          actorId: admin.id,
          action: 'blocklist.add',
          targetType: 'blocklist',
          targetId: String(r.id),
          before: null,
          after: audited(r),
        }),
      );
      if (made === 'exists') throw blocklistErrors.exists();
      return toBlocklistEntryDto(made);
    },

    async removeEntry(id: number, admin: UserRecord): Promise<void> {
      const gone = await blocklist.remove(id, (tx, r) =>
        audit(tx, {
          actorId: admin.id,
          action: 'blocklist.remove',
          targetType: 'blocklist',
          targetId: String(id),
          before: audited(r),
          after: null,
        }),
      );
      if (!gone) throw blocklistErrors.notFound();
    },

    /** Whether an order bringing these (normalised) values, or any of these e-mails, is refused. */
  };
}
export type BlocklistService = ReturnType<typeof createBlocklistService>;
