// Canned replies of the support chat (decision 116): the API contract, the variables a text may use and
// how they are filled from a ticket's order. Used by the server to validate and by the admin's screens.
import { z } from 'zod';
import { VALIDATION_KEYS as V } from './error-keys.js';

/** The variables a canned reply may use, written `{order_id}`, `{amount}`, `{wallet}`. */
export const REPLY_VARIABLES = ['order_id', 'amount', 'wallet'] as const;
export type ReplyVariable = (typeof REPLY_VARIABLES)[number];

/**
 * A text leaves room for the variables' values inside one ticket reply (at most 500 characters): an order id is 22
 * characters, an amount or a wallet about 20. At most `count` replies, so the picker loads them all at once.
 */
export const REPLY_LIMITS = {
  title: { min: 2, max: 60 },
  text: { min: 2, max: 400 },
  count: 100,
} as const;

const VARIABLE = /\{([a-z_]+)\}/g;

/** The known variables a text uses, each once, in order of first use. */
export function replyVariablesIn(text: string): ReplyVariable[] {
  const found = new Set<ReplyVariable>();
  for (const match of text.matchAll(VARIABLE)) {
    if ((REPLY_VARIABLES as readonly string[]).includes(match[1])) found.add(match[1] as ReplyVariable);
  }
  return [...found];
}

/**
 * True when every brace in the text belongs to a known variable: `{amount}` passes, `{amount` or `{total}` or
 * `{Amount}` does not (a typo would otherwise reach the customer as written).
 */
export function usesOnlyKnownVariables(text: string): boolean {
  const rest = text.replace(VARIABLE, (whole, name: string) =>
    (REPLY_VARIABLES as readonly string[]).includes(name) ? '' : whole,
  );
  return !/[{}]/.test(rest);
}

/** The text with each variable that has a value replaced; variables without one stay as written. */
export function fillReplyVariables(text: string, values: Partial<Record<ReplyVariable, string>>): string {
  return text.replace(VARIABLE, (whole, name: string) => {
    const value = (values as Record<string, string | undefined>)[name];
    return value === undefined ? whole : value;
  });
}

const replyText = () =>
  z
    .string({ error: V.required })
    .trim()
    .min(1, V.required)
    .min(REPLY_LIMITS.text.min, V.replyTextLength)
    .max(REPLY_LIMITS.text.max, V.replyTextLength)
    .refine(usesOnlyKnownVariables, V.replyVariableUnknown);

/** One canned reply as the admin writes it: both texts are required (the picker inserts either). */
export const replyFieldsSchema = z.strictObject({
  title: z
    .string({ error: V.required })
    .trim()
    .min(1, V.required)
    .min(REPLY_LIMITS.title.min, V.replyTitleLength)
    .max(REPLY_LIMITS.title.max, V.replyTitleLength),
  text_en: replyText(),
  text_bn: replyText(),
});
export type ReplyFields = z.infer<typeof replyFieldsSchema>;

/** `POST /replies` and `PATCH /replies/{id}`: the whole reply (an edit replaces all three fields). */
export const replyBodySchema = z.object({ captcha: z.string().max(20_000).optional(), reply: replyFieldsSchema });
/** `DELETE /replies/{id}`. */
export const replyDeleteBodySchema = z.object({ captcha: z.string().max(20_000).optional() });

export interface CannedReplyDto {
  id: number;
  title: string;
  text_en: string;
  text_bn: string;
  /** Unix seconds. */
  created_at: number;
  updated_at: number;
}
