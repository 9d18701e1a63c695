// The contract of the cash desk's deliveries (decision 265): staff deciding one the desk's Limit could not settle, and
// the list of a desk's operations. The order views' `fulfilment` is in api-types.ts.
import { z } from 'zod';
import { VALIDATION_KEYS as V } from './error-keys.js';
import { captchaField } from './schemas.js';

export const FULFILMENT_ACTIONS = ['confirm', 'deny', 'retry'] as const;
export type FulfilmentAction = (typeof FULFILMENT_ACTIONS)[number];

export const FULFILMENT_LIMITS = { reason: { min: 3, max: 500 } } as const;

/**
 * `POST /orders/{id}/fulfilment`: `confirm` / `deny` an operation whose outcome is unknown (staff checked the desk),
 * `retry` a refused one (sent once more). Always with a reason.
 */
export const fulfilmentDecisionBodySchema = z.object({
  captcha: captchaField,
  action: z.enum(FULFILMENT_ACTIONS, { error: V.invalid }),
  reason: z
    .string({ error: V.required })
    .trim()
    .min(FULFILMENT_LIMITS.reason.min, V.reasonLength)
    .max(FULFILMENT_LIMITS.reason.max, V.reasonLength),
});
export type FulfilmentDecisionInput = z.infer<typeof fulfilmentDecisionBodySchema>;

export const DESK_OPERATION_KINDS = ['deposit', 'payout', 'drift'] as const;

/** One line of `GET /cashdesks/{currency}/operations`: amounts and Limits as numbers, `at` in unix seconds. */
export interface DeskOperationDto {
  id: number;
  kind: (typeof DESK_OPERATION_KINDS)[number];
  order_id: string | null;
  amount: number | null;
  limit_before: number | null;
  limit_after: number | null;
  status: string;
  message: string | null;
  at: number;
}

export const deskCurrencyParamSchema = z.enum(['BDT', 'USD'], { error: V.invalid });
