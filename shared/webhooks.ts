// Outbound webhooks: the events a partner may subscribe to, the admin's payloads and the answers.
//   GET    /webhooks → {ok, webhooks[]}
//   POST   /webhooks {captcha, webhook:{url, events}} → 201 {ok, webhook, secret}   (the secret is shown this once)
//   PATCH  /webhooks/{id} {captcha, webhook:{url?, events?, enabled?}} → {ok, webhook}
//   DELETE /webhooks/{id} {captcha} → {ok}
//   GET    /webhooks/{id}/deliveries → {ok, deliveries[]}                 (newest first, each with its attempts)
//   POST   /webhooks/{id}/deliveries/{delivery}/retry {captcha} → {ok, delivery}
//   POST   /webhooks/{id}/test {captcha} → 202 {ok, delivery}             (a `webhook.test` event to this endpoint)
import { z } from 'zod';
import { VALIDATION_KEYS as V } from './error-keys.js';
import { captchaField } from './schemas.js';

/** What a webhook may subscribe to. */
export const WEBHOOK_EVENTS = [
  'order.created',
  'order.paid',
  'order.held',
  'order.completed',
  'order.cancelled',
  'order.timedout',
  'sms.unmatched',
  'device.silent',
  /** Three 401/403/unknown answers in a row from a betting cash desk: its automation stopped (decision 265). */
  'cashdesk.failing',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];
/** The "send test event" button's event: sent to one endpoint, whatever it subscribed to. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';
export type WebhookDeliveryType = WebhookEventType | typeof WEBHOOK_TEST_EVENT;

export const WEBHOOK_LIMITS = { maxWebhooks: 20, urlMax: 500 } as const;

type ValidationKey = (typeof V)[keyof typeof V];

/**
 * An http(s) URL the shop sends to (a partner's webhook, a browser's push service): at most `max` characters, no
 * user or password in it. Whether its host is public is the sender's check (it resolves the name).
 */
export function outboundUrlSchema(max: number, errors: { empty: ValidationKey; invalid: ValidationKey }) {
  return (
    z
      .string({ error: errors.empty })
      .trim()
      .min(1, errors.empty)
      .max(max, errors.invalid)
      .pipe(z.url({ protocol: /^https?$/, error: errors.invalid }))
      // zod runs refinements even after the URL check failed: a string that is no URL must not throw here.
      .refine((url) => {
        try {
          const parsed = new URL(url);
          return parsed.username === '' && parsed.password === '';
        } catch {
          return false;
        }
      }, errors.invalid)
  );
}

export const webhookUrlSchema = outboundUrlSchema(WEBHOOK_LIMITS.urlMax, {
  empty: V.required,
  invalid: V.webhookUrlInvalid,
});

export const webhookEventsSchema = z
  .array(z.enum(WEBHOOK_EVENTS, { error: V.webhookEventUnknown }), { error: V.webhookEventsRequired })
  .min(1, V.webhookEventsRequired)
  .max(WEBHOOK_EVENTS.length)
  .transform((events) => WEBHOOK_EVENTS.filter((e) => events.includes(e)));

export const webhookInputSchema = z.strictObject({ url: webhookUrlSchema, events: webhookEventsSchema });
export const createWebhookBodySchema = z.object({ captcha: captchaField, webhook: webhookInputSchema });
export type WebhookInput = z.output<typeof webhookInputSchema>;

export const webhookPatchSchema = z
  .strictObject({
    url: webhookUrlSchema.optional(),
    events: webhookEventsSchema.optional(),
    enabled: z.boolean({ error: V.invalid }).optional(),
  })
  .refine((p) => Object.values(p).some((v) => v !== undefined), V.required);
export const patchWebhookBodySchema = z.object({ captcha: captchaField, webhook: webhookPatchSchema });
export type WebhookPatch = z.output<typeof webhookPatchSchema>;

export const webhookCaptchaBodySchema = z.object({ captcha: captchaField });

export interface WebhookDto {
  id: string;
  url: string;
  events: WebhookEventType[];
  enabled: boolean;
  /** Unix seconds. */
  created_at: number;
  /** Deliveries still being tried, and given up on (after at least 24 h of retries). */
  pending: number;
  failed: number;
}

export type WebhookDeliveryStatus = 'pending' | 'delivered' | 'failed';

export interface WebhookAttemptDto {
  /** Unix seconds. */
  at: number;
  duration_ms: number;
  /** The receiver's HTTP status; null when it gave none (refused, timed out, unreachable). */
  status_code: number | null;
  error: string | null;
}

export interface WebhookDeliveryDto {
  id: number;
  /** The `Shop-Event-Id` header and the body's `id`: the same on every attempt. */
  event_id: string;
  type: WebhookDeliveryType;
  status: WebhookDeliveryStatus;
  /** Unix seconds. */
  created_at: number;
  /** When the next attempt is due (unix seconds); null once delivered or given up. */
  next_at: number | null;
  /** Newest first. */
  attempts: WebhookAttemptDto[];
}

/** What the receiver gets: `POST <url>` with this JSON body. */
export interface WebhookEventBody<T = unknown> {
  id: string;
  type: WebhookDeliveryType;
  /** Unix seconds. */
  created_at: number;
  data: T;
}
