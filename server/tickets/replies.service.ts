// Canned replies (decision 116): the admin lists, adds, edits and deletes them; each change records its
// audit entry (`reply.create|update|delete`) in its own transaction, a refused one records nothing.
import type { AuditRecorder } from '../audit/index.js';
import { REPLY_LIMITS, type CannedReplyDto, type ReplyFields } from '#shared/replies';
import type { UserRecord } from '../security/user-record.js';
import type { RepliesRepository, ReplyInput, ReplyRecord } from './replies.repository.js';
import { ticketErrors } from './tickets-errors.js';
import { unixSeconds as seconds } from '#shared/time';

export function toCannedReplyDto(r: ReplyRecord): CannedReplyDto {
  return {
    id: r.id,
    title: r.title,
    text_en: r.textEn,
    text_bn: r.textBn,
    created_at: seconds(r.createdAt),
    updated_at: seconds(r.updatedAt),
  };
}
const audited = (r: ReplyRecord) => ({ title: r.title, text_en: r.textEn, text_bn: r.textBn });
const toInput = (fields: ReplyFields): ReplyInput => ({
  title: fields.title,
  textEn: fields.text_en,
  textBn: fields.text_bn,
});

export function createRepliesService(deps: { replies: RepliesRepository; audit: AuditRecorder }) {
  const { replies, audit } = deps;
  return {
    async listReplies(): Promise<CannedReplyDto[]> {
      return (await replies.list()).map(toCannedReplyDto);
    },

    async createReply(fields: ReplyFields, admin: UserRecord): Promise<CannedReplyDto> {
      const made = await replies.create(toInput(fields), REPLY_LIMITS.count, (tx, r) =>
        audit(tx, {
          actorId: admin.id,
          action: 'reply.create',
          targetType: 'reply',
          targetId: String(r.id),
          before: null,
          after: audited(r),
        }),
      );
      if (!made) throw ticketErrors.replyLimitReached();
      return toCannedReplyDto(made);
    },

    /** An edit that changes nothing is answered as done and recorded nowhere (decision 110). */
    async updateReply(id: number, fields: ReplyFields, admin: UserRecord): Promise<CannedReplyDto> {
      const updated = await replies.update(id, toInput(fields), async (tx, before, after) => {
        if (JSON.stringify(audited(before)) === JSON.stringify(audited(after))) return;
        await audit(tx, {
          actorId: admin.id,
          action: 'reply.update',
          targetType: 'reply',
          targetId: String(id),
          before: audited(before),
          after: audited(after),
        });
      });
      if (!updated) throw ticketErrors.replyNotFound();
      return toCannedReplyDto(updated);
    },

    async deleteReply(id: number, admin: UserRecord): Promise<void> {
      const deleted = await replies.delete(id, (tx, gone) =>
        audit(tx, {
          actorId: admin.id,
          action: 'reply.delete',
          targetType: 'reply',
          targetId: String(id),
          before: audited(gone),
          after: null,
        }),
      );
      if (!deleted) throw ticketErrors.replyNotFound();
    },
  };
}
export type RepliesService = ReturnType<typeof createRepliesService>;
