// SMS Gateway for Android (capcom6/android-sms-gateway) as it sends a webhook: the body as its Gson writes a
// WebHookEventDTO (fields in declaration order, a subclass's before its parent's, nulls left out, dates ISO 8601 with
// the phone's offset), signed by its PayloadSingingPlugin: X-Signature = hex HMAC-SHA256(signing key, raw body +
// X-Timestamp), X-Timestamp = unix seconds. The request goes over real HTTP with exactly these bytes.
import crypto from 'node:crypto';

export interface GatewayRequest {
  body: string;
  headers: Record<string, string>;
}

/** The app's `sms:received` event for one SMS (event and message ids as the app makes them). */
export function gatewaySmsReceived(p: {
  from: string;
  text: string;
  receivedAt?: Date;
  eventId?: string;
  deviceId?: string;
}): string {
  const at = p.receivedAt ?? new Date();
  // The phone in Dhaka writes its own offset: 2026-11-27T10:15:00.000+06:00.
  const local = new Date(at.getTime() + 6 * 3_600_000).toISOString().replace('Z', '+06:00');
  return JSON.stringify({
    id: p.eventId ?? crypto.randomBytes(16).toString('base64url').slice(0, 21),
    webhookId: 'shop-sms-received',
    event: 'sms:received',
    deviceId: p.deviceId ?? 'ffffffffceb0b1db0000018e937c815b',
    payload: {
      message: p.text,
      receivedAt: local,
      messageId: crypto.randomBytes(8).toString('hex'),
      sender: p.from,
      simNumber: 1,
      phoneNumber: p.from,
    },
  });
}

/** Any other event of the app (system:ping, sms:sent, …). */
export function gatewayEvent(event: string, payload: unknown = {}): string {
  return JSON.stringify({
    id: crypto.randomBytes(16).toString('base64url').slice(0, 21),
    webhookId: 'shop-other',
    event,
    deviceId: 'ffffffffceb0b1db0000018e937c815b',
    payload,
  });
}

/** Signs `body` as the app does, with its "Signing Key" setting `key`, at `at` (default now). */
export function signAsGateway(body: string, key: string, at: Date = new Date()): GatewayRequest {
  const timestamp = String(Math.floor(at.getTime() / 1000));
  const signature = crypto
    .createHmac('sha256', Buffer.from(key, 'utf8'))
    .update(body + timestamp, 'utf8')
    .digest('hex');
  return {
    body,
    headers: { 'content-type': 'application/json; charset=UTF-8', 'x-signature': signature, 'x-timestamp': timestamp },
  };
}

/** Posts to the device's webhook URL as the app does (its Ktor client over OkHttp). */
export async function postAsGateway(
  baseUrl: string,
  deviceId: string,
  request: GatewayRequest,
): Promise<{ status: number; body: Record<string, unknown> & { key?: string } }> {
  const res = await fetch(`${baseUrl}/api/v1/devices/${deviceId}/android-sms-gateway`, {
    method: 'POST',
    headers: { 'user-agent': 'me.capcom.smsgateway/1.40.0', ...request.headers },
    body: request.body,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> & { key?: string } };
}
