// Web Push (decisions 275-276): the browser's subscription as the API takes it, and what a notification carries.
//   GET    /push/key → {ok, public_key}                      (the VAPID public key, the browser's applicationServerKey)
//   POST   /orders/{id}/push {subscription} → 201 {ok}       (whoever holds the order's id)
//   DELETE /orders/{id}/push {endpoint} → {ok}
//   POST   /account/push {subscription} → 201 {ok}           (a signed-in customer: every order of the account)
//   DELETE /account/push {endpoint} → {ok}
import { z } from 'zod';
import { VALIDATION_KEYS as V } from './error-keys.js';
import { outboundUrlSchema } from './webhooks.js';

export const PUSH_LIMITS = {
  /** Subscriptions of one order, or of one account (a few phones and browsers, not a broadcast list). */
  maxSubscriptions: 5,
  endpointMax: 1000,
  /** How long before a waiting order times out its customer is warned. */
  timeoutWarningMinutes: 5,
} as const;

/**
 * Base64url as a browser's `PushSubscription.toJSON()` gives it (padding tolerated): `p256dh` is an uncompressed P-256
 * point (65 bytes, the first 0x04, so 87 characters starting "B"), `auth` 16 bytes (22 characters).
 */
const P256DH = /^B[A-Za-z0-9_-]{86}=?$/;
const AUTH = /^[A-Za-z0-9_-]{22}(==)?$/;

export const pushEndpointSchema = outboundUrlSchema(PUSH_LIMITS.endpointMax, {
  empty: V.pushSubscriptionInvalid,
  invalid: V.pushSubscriptionInvalid,
});

export const pushSubscriptionSchema = z.object(
  {
    endpoint: pushEndpointSchema,
    keys: z.object(
      {
        /** The browser's P-256 public key, uncompressed (65 bytes). */
        p256dh: z.string({ error: V.pushSubscriptionInvalid }).regex(P256DH, V.pushSubscriptionInvalid),
        /** The browser's 16-byte authentication secret. */
        auth: z.string({ error: V.pushSubscriptionInvalid }).regex(AUTH, V.pushSubscriptionInvalid),
      },
      { error: V.pushSubscriptionInvalid },
    ),
  },
  { error: V.pushSubscriptionInvalid },
);
export type PushSubscriptionInput = z.output<typeof pushSubscriptionSchema>;

export const pushSubscribeBodySchema = z.object({ subscription: pushSubscriptionSchema });
export const pushUnsubscribeBodySchema = z.object({ endpoint: pushEndpointSchema });

/** What a push carries (the service worker shows `title` and `body`, opens `url` on a tap, `tag` folds repeats). */
export interface PushMessage {
  title: string;
  body: string;
  url: string;
  tag: string;
  lang: 'en' | 'bn';
}
export const pushMessageSchema = z.object({
  title: z.string(),
  body: z.string(),
  url: z.string().regex(/^\/orders\/[A-Za-z0-9_-]+$/),
  tag: z.string(),
  lang: z.enum(['en', 'bn']),
});
