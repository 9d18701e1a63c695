// The betting cash desks: one per currency, connected by the admin; the player lookup before paying.
//   GET    /cashdesks → {ok, cashdesks[]}                                   (staff; secrets never answered)
//   PUT    /cashdesks/{currency} {captcha, cashdesk:{cashdesk_id, login, cashier_pass?, hash?, lng?, balance_variant?,
//          currency_id?, topup_auto?, withdraw_auto?, auto_max?}} → {ok, cashdesk}  (admin; one Balance call first)
//   PATCH  /cashdesks/{currency} {captcha, cashdesk:{topup_auto?, withdraw_auto?, auto_max?, paused?}} → {ok, cashdesk}
//   DELETE /cashdesks/{currency} {captcha} → {ok}
//   GET    /players/{onex_id}?currency=BDT|USD → {ok, player:{name}}          (public; the name masked)
import { z } from 'zod';
import { VALIDATION_KEYS as V } from './error-keys.js';
import { captchaField, onexIdSchema } from './schemas.js';

export const CASHDESK_CURRENCIES = ['BDT', 'USD'] as const;
export type CashdeskCurrency = (typeof CASHDESK_CURRENCIES)[number];
export type CashdeskState = 'ok' | 'failing' | 'paused';

/** `bdt` and `BDT` alike; anything else is not a desk (404). */
export const cashdeskCurrencySchema = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
  z.enum(CASHDESK_CURRENCIES, { error: V.invalid }),
);

const text = (max: number, pattern?: RegExp) => {
  const base = z.string({ error: V.required }).trim().min(1, V.required).max(max, V.invalid);
  return pattern ? base.regex(pattern, V.invalid) : base;
};
const flag = z.boolean({ error: V.invalid });
const autoMax = z
  .number({ error: V.invalid })
  .int(V.invalid)
  .min(1, V.invalid)
  .max(1_000_000_000, V.invalid)
  .nullable();

export const cashdeskPutSchema = z.strictObject({
  cashdesk_id: text(40, /^[A-Za-z0-9_-]+$/),
  login: text(100),
  /** Write-only; left out on a later PUT keeps the stored one. */
  cashier_pass: text(200).optional(),
  hash: text(200).optional(),
  lng: text(5, /^[a-z]{2}$/).optional(),
  balance_variant: z.enum(['cashierpass', 'cashdeskid'], { error: V.invalid }).optional(),
  /** With it set, a player of another currency is refused (errors.playerCurrency). */
  currency_id: z
    .number({ error: V.invalid })
    .int(V.invalid)
    .min(0, V.invalid)
    .max(1_000_000, V.invalid)
    .nullable()
    .optional(),
  topup_auto: flag.optional(),
  withdraw_auto: flag.optional(),
  /** The largest whole amount delivered without staff; null: no bound. */
  auto_max: autoMax.optional(),
});
export const cashdeskPutBodySchema = z.object({ captcha: captchaField, cashdesk: cashdeskPutSchema });
export type CashdeskPutInput = z.output<typeof cashdeskPutSchema>;

export const cashdeskPatchSchema = z
  .strictObject({
    topup_auto: flag.optional(),
    withdraw_auto: flag.optional(),
    auto_max: autoMax.optional(),
    paused: flag.optional(),
  })
  .refine((p) => Object.values(p).some((v) => v !== undefined), V.required);
export const cashdeskPatchBodySchema = z.object({ captcha: captchaField, cashdesk: cashdeskPatchSchema });
export type CashdeskPatchInput = z.output<typeof cashdeskPatchSchema>;

export const cashdeskDeleteBodySchema = z.object({ captcha: captchaField });

export const playerQuerySchema = z.object({ currency: cashdeskCurrencySchema });
export const playerParamsSchema = z.object({ onex_id: onexIdSchema });

export interface CashdeskDto {
  currency: CashdeskCurrency;
  cashdesk_id: string;
  login: string;
  lng: string;
  balance_variant: 'cashierpass' | 'cashdeskid';
  currency_id: number | null;
  topup_auto: boolean;
  withdraw_auto: boolean;
  auto_max: number | null;
  paused: boolean;
  /** Money left for deposits, and the desk's balance, at its last Balance read. */
  limit: number | null;
  balance: number | null;
  /** Unix seconds of the last Balance read. */
  checked_at: number | null;
  state: CashdeskState;
  last_error: string | null;
}

/**
 * Pushed to staff (`cashdesk:alert`): the desk turned `failing` (three 401/403/unknown answers in a row; its automation
 * stopped and its orders wait for staff), or its Limit is not the one the shop's operations expect (drift). `at` in
 * unix seconds; amounts in the desk's currency.
 */
export type CashdeskAlertPayload =
  | { currency: CashdeskCurrency; problem: 'failing'; message: string; at: number }
  | { currency: CashdeskCurrency; problem: 'drift'; expected: number; read: number; at: number };
