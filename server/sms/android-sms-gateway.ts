// SMS Gateway for Android (capcom6/android-sms-gateway) as it sends (decision 147). The app signs each
// webhook: X-Signature = hex HMAC-SHA256, keyed with the app's "Signing Key" setting (the device token pasted
// there), over the raw body followed by X-Timestamp (unix seconds); it retries every non-2xx answer for days.
import crypto from 'node:crypto';
import { unixSeconds } from '#shared/time';
import {
  GATEWAY_SIGNATURE_MAX_SKEW_SECONDS,
  GATEWAY_SMS_RECEIVED,
  gatewaySmsPayloadSchema,
  gatewayWebhookSchema,
} from '#shared/sms/android-sms-gateway';
import { forwardSmsBodySchema } from '#shared/sms/sms-api';
import type { Clock } from '../clock.js';
import { parseInput } from '../http/validate.js';
import type { SecretBox } from '../security/secret-box.js';
import type { DeviceRecord, SmsRepository } from './sms.repository.js';
import type { SmsService } from './sms.service.js';

/** How long a device's event ids are kept for the duplicate answer (the app's retries stop well before). */
const EVENT_MEMORY_DAYS = 30;

/** The app's signature over `rawBody + timestamp` (PayloadSingingPlugin.generateSignature). */
export function gatewaySignature(key: string, rawBody: Buffer, timestamp: string): string {
  return crypto.createHmac('sha256', Buffer.from(key, 'utf8')).update(rawBody).update(timestamp, 'utf8').digest('hex');
}

/** Whether the headers sign this body with `key`, at a time within five minutes of `now`. */
export function isSignedByGateway(p: {
  key: string;
  rawBody: Buffer;
  signature: unknown;
  timestamp: unknown;
  now: Date;
}): boolean {
  const { signature, timestamp } = p;
  if (typeof signature !== 'string' || typeof timestamp !== 'string' || !/^\d{1,12}$/.test(timestamp)) return false;
  if (Math.abs(unixSeconds(p.now) - Number(timestamp)) > GATEWAY_SIGNATURE_MAX_SKEW_SECONDS) return false;
  if (!/^[0-9a-f]{64}$/i.test(signature)) return false;
  const expected = Buffer.from(gatewaySignature(p.key, p.rawBody, timestamp), 'hex');
  return crypto.timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}

export type GatewayDelivery =
  | { status: 'duplicate'; sms: { id: number; status: 'duplicate'; order_id: string | null } | null }
  | { status: 'skipped'; event: string }
  | { status: 'stored'; sms: { id: number; status: string; order_id: string | null } };

export function createAndroidSmsGateway(deps: {
  repo: SmsRepository;
  sms: SmsService;
  deviceKeys: SecretBox;
  clock: Clock;
}) {
  const { repo, sms, deviceKeys, clock } = deps;
  return {
    /** The device whose token signed this request, or null (unknown or revoked device, no key, bad or stale signature). */
    async authenticate(
      deviceId: string | null,
      req: { rawBody: Buffer | undefined; signature: unknown; timestamp: unknown },
    ): Promise<DeviceRecord | null> {
      if (deviceId === null || req.rawBody === undefined) return null;
      const found = await repo.findDeviceWithSealedToken(deviceId);
      const key = found?.tokenSealed ? deviceKeys.open(found.tokenSealed) : null;
      if (!found || key === null) return null;
      return isSignedByGateway({
        key,
        rawBody: req.rawBody,
        signature: req.signature,
        timestamp: req.timestamp,
        now: clock.now(),
      })
        ? found.device
        : null;
    },

    /**
     * One webhook: an event seen before answers `duplicate`; `sms:received` goes through the forwarding pipeline
     * (sender `phoneNumber`, text `message`); any other event is answered and nothing is stored.
     */
    async deliver(device: DeviceRecord, body: unknown): Promise<GatewayDelivery> {
      const event = parseInput(gatewayWebhookSchema, body);
      const seen = await repo.findWebhookEvent(device.id, event.id);
      if (seen) {
        const stored = seen.smsId === null ? null : await repo.findSms(seen.smsId);
        return {
          status: 'duplicate',
          sms: stored ? { id: stored.id, status: 'duplicate', order_id: stored.orderId } : null,
        };
      }
      if (event.event !== GATEWAY_SMS_RECEIVED) return { status: 'skipped', event: event.event };
      const payload = parseInput(gatewaySmsPayloadSchema, event.payload);
      const receivedAt = payload.receivedAt === undefined ? Number.NaN : Date.parse(payload.receivedAt);
      // The same checks as POST /sms: the gateway's fields become the forwarding contract's.
      const input = parseInput(forwardSmsBodySchema, {
        from: payload.phoneNumber ?? payload.sender,
        text: payload.message,
        received_at: Number.isFinite(receivedAt) ? Math.floor(receivedAt / 1000) : undefined,
      });
      const forwarded = await sms.forwardSms(device, input);
      await repo.recordWebhookEvent(
        device.id,
        event.id,
        forwarded.id,
        new Date(clock.now().getTime() - EVENT_MEMORY_DAYS * 86_400_000),
      );
      return { status: 'stored', sms: { id: forwarded.id, status: forwarded.status, order_id: forwarded.order_id } };
    },
  };
}
export type AndroidSmsGateway = ReturnType<typeof createAndroidSmsGateway>;
