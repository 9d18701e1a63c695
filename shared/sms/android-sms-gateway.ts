// SMS Gateway for Android (capcom6/android-sms-gateway) as it sends (decision 147): the webhook body its
// WebHookEventDTO serialises (Gson), the headers its PayloadSingingPlugin adds, and the URL of the shop's endpoint.
import { z } from 'zod';
import { VALIDATION_KEYS } from '#shared/error-keys';
import { SMS_LIMITS } from './sms-api.js';

const V = VALIDATION_KEYS;

/** Where the app posts (its webhook `url`), per device. */
export const androidSmsGatewayPath = (deviceId: string) => `/api/v1/devices/${deviceId}/android-sms-gateway`;

/** The app signs `raw body + X-Timestamp`; a timestamp further than this from the shop's clock is refused. */
export const GATEWAY_SIGNATURE_MAX_SKEW_SECONDS = 5 * 60;

/** The one event that carries an SMS; the app also sends sms:sent, sms:delivered, system:ping, mms:*… */
export const GATEWAY_SMS_RECEIVED = 'sms:received';

const text = (max: number) => z.string({ error: V.invalid }).max(max, V.invalid);

/**
 * `{deviceId, event, id, payload, webhookId}`; the payload of `sms:received` is `{messageId, message, phoneNumber
 * (deprecated by the app for sender), sender, recipient, simNumber, receivedAt (ISO 8601 with offset)}`. Unknown
 * fields are allowed: the app adds some in new versions.
 */
export const gatewayWebhookSchema = z.object({
  id: text(100).min(1, V.required),
  event: text(40).min(1, V.required),
  deviceId: text(100).optional(),
  webhookId: text(100).optional(),
  payload: z.unknown().optional(),
});

export const gatewaySmsPayloadSchema = z
  .object({
    message: z.string({ error: V.required }).min(1, V.required).max(SMS_LIMITS.text.max, V.smsTextLong),
    phoneNumber: z.string().trim().min(1).max(SMS_LIMITS.from.max, V.smsFromInvalid).optional(),
    sender: z.string().trim().min(1).max(SMS_LIMITS.from.max, V.smsFromInvalid).optional(),
    receivedAt: z.string().max(40).optional(),
    messageId: z.string().max(200).optional(),
    simNumber: z.number().int().nullable().optional(),
  })
  .refine((p) => p.phoneNumber !== undefined || p.sender !== undefined, { path: ['phoneNumber'], message: V.required });
export type GatewaySmsPayload = z.infer<typeof gatewaySmsPayloadSchema>;
