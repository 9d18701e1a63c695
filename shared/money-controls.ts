// Money controls: the shop's blocklist, the payer's number, and business hours per payment method.
// Values are normalised here, once, for the server (what it stores and compares) and the client (what it shows).
import { z } from 'zod';
import { toAsciiDigits, toLocalMobileNumber } from './digits.js';
import { DHAKA_OFFSET_MS } from './dhaka.js';
import { ipv6Groups, ipv6Text, isIpv4 } from './ip.js';
import { VALIDATION_KEYS as V } from './error-keys.js';

// ---------- blocklist (decision 210) ----------
export const BLOCKLIST_KINDS = ['wallet', 'onex_id', 'email', 'ip'] as const;
export type BlocklistKind = (typeof BLOCKLIST_KINDS)[number];

/** An IPv4 address, or an IPv6 one (an IPv4-mapped IPv6 address is its IPv4 part), in lower case. */
export function normaliseIp(raw: string): string {
  const ip = raw.trim().toLowerCase();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(ip);
  return mapped ? mapped[1] : ip;
}

/**
 * An e-mail as the blocklist compares it (decision 243): trimmed, lower case, a `+tag` dropped, and for Gmail
 * (`gmail.com`, `googlemail.com`: one mailbox) the dots of the local part dropped and the domain `gmail.com`.
 */
export function normaliseBlockedEmail(raw: string): string {
  const email = raw.trim().toLowerCase();
  const at = email.lastIndexOf('@');
  if (at <= 0) return email;
  let local = email.slice(0, at).replace(/\+.*$/, '');
  let domain = email.slice(at + 1);
  if (domain === 'gmail.com' || domain === 'googlemail.com') {
    local = local.replace(/\./g, '');
    domain = 'gmail.com';
  }
  return `${local}@${domain}`;
}

/**
 * An address as the blocklist compares it (decision 243): an IPv4 address (an IPv4-mapped IPv6 one is its IPv4
 * part), or the /64 an IPv6 address belongs to, written `2001:db8:1:2::/64` (a customer's device moves within its
 * /64 at will). A /64 given as such is taken too. Anything else comes back trimmed and lower case (then refused).
 */
export function normaliseBlockedIp(raw: string): string {
  const ip = normaliseIp(raw);
  if (isIpv4(ip)) return ip;
  const groups = ipv6Groups(ip.replace(/\/64$/, ''));
  if (!groups) return ip;
  const mapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  if (mapped) return [groups[6] >> 8, groups[6] & 255, groups[7] >> 8, groups[7] & 255].join('.');
  return `${ipv6Text([...groups.slice(0, 4), 0, 0, 0, 0])}/64`;
}

/** The form a value is stored and compared in: a wallet's 11 local digits, 9 ASCII digits, the normal forms above. */
export function normaliseBlockValue(kind: BlocklistKind, raw: string): string {
  switch (kind) {
    case 'wallet':
      return toLocalMobileNumber(raw);
    case 'onex_id':
      return toAsciiDigits(raw).trim();
    case 'email':
      return normaliseBlockedEmail(raw);
    case 'ip':
      return normaliseBlockedIp(raw);
  }
}

const BLOCK_VALUE_CHECK: Record<BlocklistKind, z.ZodType<string>> = {
  wallet: z.string().regex(/^01\d{9,10}$/),
  onex_id: z.string().regex(/^\d{9}$/),
  email: z.email().max(254),
  ip: z.string().refine((v) => isIpv4(v) || (v.endsWith('/64') && ipv6Groups(v.slice(0, -3)) !== null)),
};

export const BLOCKLIST_LIMITS = { reason: 300 } as const;

export const blocklistEntryInputSchema = z
  .object({
    kind: z.enum(BLOCKLIST_KINDS, { error: V.invalid }),
    value: z.string({ error: V.blocklistValueInvalid }).max(300, V.blocklistValueInvalid),
    reason: z.string({ error: V.invalid }).trim().max(BLOCKLIST_LIMITS.reason, V.reasonLength).default(''),
  })
  .strict()
  .transform((entry, ctx) => {
    const value = normaliseBlockValue(entry.kind, entry.value);
    if (!BLOCK_VALUE_CHECK[entry.kind].safeParse(value).success) {
      ctx.addIssue({ code: 'custom', message: V.blocklistValueInvalid, path: ['value'] });
      return z.NEVER;
    }
    return { ...entry, value };
  });
export type BlocklistEntryInput = z.output<typeof blocklistEntryInputSchema>;

export const blocklistPostBodySchema = z.object({
  captcha: z.string().max(20_000).optional(),
  entry: blocklistEntryInputSchema,
});
export const blocklistDeleteBodySchema = z.object({ captcha: z.string().max(20_000).optional() });

export interface BlocklistEntryDto {
  id: number;
  kind: BlocklistKind;
  value: string;
  reason: string;
  /** Who added it (null when that account is gone). */
  created_by: { id: string; name: string } | null;
  /** Unix seconds. */
  created_at: number;
}

// ---------- the payer (decision 145) ----------
/** The number the customer pays from: a Bangladeshi mobile number, '+880', spaces and Bengali digits accepted. */
export const payerSchema = z
  .string({ error: V.payerInvalid })
  .transform(toLocalMobileNumber)
  .pipe(z.string().regex(/^01[3-9]\d{8}$/, V.payerInvalid));

// ---------- business hours (decision 210) ----------
const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
export const businessHoursSchema = z
  .object({
    open: z.string({ error: V.hoursInvalid }).regex(HHMM, V.hoursInvalid),
    close: z.string({ error: V.hoursInvalid }).regex(HHMM, V.hoursInvalid),
  })
  .strict()
  .refine((h) => h.open !== h.close, { message: V.hoursInvalid, path: ['close'] });
export type BusinessHours = z.output<typeof businessHoursSchema>;

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
/** Minutes since midnight in Asia/Dhaka at `at`. */
const dhakaMinutes = (at: Date) =>
  Math.floor(((((at.getTime() + DHAKA_OFFSET_MS) % 86_400_000) + 86_400_000) % 86_400_000) / 60_000);

/** Whether a method with these hours takes orders at `at`; `close` before `open` crosses midnight; null: always. */
export function isOpenAt(hours: BusinessHours | null, at: Date): boolean {
  if (!hours) return true;
  const now = dhakaMinutes(at);
  const open = minutesOf(hours.open);
  const close = minutesOf(hours.close);
  return open < close ? now >= open && now < close : now >= open || now < close;
}
