// The audit log's contract: action names, the list query and the entry as the API shows it.
import { z } from 'zod';
import { asciiDigitsOf } from './digits.js';
import { VALIDATION_KEYS as V } from './error-keys.js';

/**
 * The actions this build records. Other features add theirs here (device, template, manual SMS link, reopen);
 * the list filter accepts any well-formed name, so an entry of an action added later is still findable.
 */
export const AUDIT_ACTIONS = [
  'order.complete',
  'order.cancel',
  'order.reopen',
  'order.verify_accept',
  'order.verify_reject',
  'order.claim',
  'order.release',
  'order.approve',
  'user.role',
  'product.edit',
  'pm.edit',
  'pm.number_add',
  'pm.number_edit',
  'admin.online',
  'reply.create',
  'reply.update',
  'reply.delete',
  'device.create',
  'device.revoke',
  'device.balance',
  'sms_template.create',
  'sms_template.update',
  'sms_template.delete',
  'sms.link',
  'ticket.picture',
  'ticket.guest_message',
  'product.image',
  'user.two_factor_on',
  'user.two_factor_off',
  'settings.update',
  'telegram.code',
  'telegram.link',
  'telegram.unlink',
  'blocklist.add',
  'blocklist.remove',
  'user.limits_set',
  'user.limits_pending_cancel',
  'user.self_exclusion',
  'webhook.create',
  'webhook.update',
  'webhook.delete',
  'webhook.retry',
  'webhook.test',
  'cashdesk.connect',
  'cashdesk.update',
  'cashdesk.delete',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_TARGET_TYPES = [
  'order',
  'user',
  'product',
  'pm',
  'setting',
  'reply',
  'device',
  'sms_template',
  'sms',
  'blocklist',
  'webhook',
  'ticket',
  'cashdesk',
] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

const optionalText = (max: number, pattern: RegExp) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : typeof v === 'string' ? v.trim() : v),
    z.string({ error: V.invalid }).max(max, V.invalid).regex(pattern, V.invalid).optional(),
  );

/** `GET /audit?page=n&action=&actor=`: an action name (`order.complete`), an actor's user id. */
export const auditQuerySchema = z.object({
  page: z
    .preprocess(
      asciiDigitsOf,
      z.coerce.number({ error: V.pageInvalid }).int(V.pageInvalid).min(1, V.pageInvalid).max(1_000_000, V.pageInvalid),
    )
    .default(1),
  action: optionalText(40, /^[a-z][a-z_]*\.[a-z][a-z_]*$/),
  actor: optionalText(40, /^[A-Za-z0-9_-]+$/),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export type AuditJson = string | number | boolean | null | AuditJson[] | { [key: string]: AuditJson };

export interface AuditEntryDto {
  id: number;
  /** Unix seconds. */
  at: number;
  /** The admin who acted; null when the account no longer exists (or the system acted). */
  actor: { id: string; name: string } | null;
  action: string;
  target_type: string;
  target_id: string;
  before: AuditJson;
  after: AuditJson;
}

/** The audit CSV's columns (times in Asia/Dhaka; before/after as JSON). */
export const AUDIT_CSV_COLUMNS = [
  'id',
  'at',
  'actor',
  'actor_id',
  'action',
  'target_type',
  'target_id',
  'before',
  'after',
] as const;

/** `GET /audit`: a page of entries, the page count, and every account that has entries (the actor filter). */
export interface AuditListDto {
  entries: AuditEntryDto[];
  pages: number;
  actors: { id: string; name: string }[];
}
