// The signature of SMS Gateway for Android's webhooks (decision 147) and which stored texts are masked (decision 148).
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseSms } from '#shared/sms/parse-sms';
import { gatewaySignature, isSignedByGateway } from './android-sms-gateway.js';
import { isMoneyText } from './sms.service.js';

const KEY = 'smsdev_3q2-7wEvvn0v0g1Ue6V8cL7Ykq5xw3S6lQf3Jq0m9sA';
// The body exactly as the app's Gson writes it (Bengali in UTF-8, Gson's HTML-safe escapes kept as sent).
const BODY = Buffer.from(
  '{"id":"Ey6ECgOkVVFjz3CL48B8C","webhookId":"LreFUt-Z3sSq0JufY9uWB","event":"sms:received","deviceId":"ffffffffceb0b1db0000018e937c815b",' +
    '"payload":{"message":"কোড \\u003d 1234","receivedAt":"2026-11-27T10:15:00.000+06:00","messageId":"a1","sender":"bKash","simNumber":1,"phoneNumber":"bKash"}}',
  'utf8',
);
const AT = new Date('2026-11-27T04:15:00Z');
const TS = String(AT.getTime() / 1000);

describe('SMS Gateway for Android signatures', () => {
  it('When the body and timestamp are signed as the app does, then the hex HMAC-SHA256 of body + timestamp matches', () => {
    const independent = crypto
      .createHmac('sha256', KEY)
      .update(Buffer.concat([BODY, Buffer.from(TS)]))
      .digest('hex');
    expect(gatewaySignature(KEY, BODY, TS)).toBe(independent);
    expect(isSignedByGateway({ key: KEY, rawBody: BODY, signature: independent, timestamp: TS, now: AT })).toBe(true);
    // Hex in capitals is the same bytes.
    expect(
      isSignedByGateway({ key: KEY, rawBody: BODY, signature: independent.toUpperCase(), timestamp: TS, now: AT }),
    ).toBe(true);
  });

  it('When a byte, the key, the timestamp or the header shape differs, then it is refused', () => {
    const good = gatewaySignature(KEY, BODY, TS);
    const check = (p: Partial<Parameters<typeof isSignedByGateway>[0]>) =>
      isSignedByGateway({ key: KEY, rawBody: BODY, signature: good, timestamp: TS, now: AT, ...p });
    expect(check({ rawBody: Buffer.from(BODY.toString('utf8').replace('1234', '1235')) })).toBe(false);
    expect(check({ key: `${KEY}x` })).toBe(false);
    expect(check({ timestamp: String(Number(TS) + 1) })).toBe(false);
    expect(check({ signature: undefined })).toBe(false);
    expect(check({ timestamp: undefined })).toBe(false);
    expect(check({ signature: good.slice(2) })).toBe(false);
    expect(check({ signature: [good] })).toBe(false);
    expect(check({ timestamp: `${TS}.0` })).toBe(false);
  });

  it('When the timestamp is 5 minutes off, then it passes; a second more, then it is refused (either way)', () => {
    for (const [offset, ok] of [
      [300, true],
      [-300, true],
      [301, false],
      [-301, false],
    ] as const) {
      const ts = String(Number(TS) + offset);
      expect(
        isSignedByGateway({
          key: KEY,
          rawBody: BODY,
          signature: gatewaySignature(KEY, BODY, ts),
          timestamp: ts,
          now: AT,
        }),
        String(offset),
      ).toBe(ok);
    }
  });
});

describe('Which stored texts keep their digits', () => {
  it('When a text is a payment, money leaving or a balance-moving credit, then it is kept; codes and the rest are masked', () => {
    const bkash = (text: string) => parseSms({ account: 'bkash', from: 'bKash', text });
    expect(
      isMoneyText(
        bkash(
          'You have received Tk 500.00 from 01712345678. Fee Tk 0.00. Balance Tk 1,500.00. TrxID AB12CD34EF at 26/11/2026 10:15',
        ),
      ),
    ).toBe(true);
    expect(isMoneyText(bkash('Your bKash verification code is 956586. Expires in 2 minutes.'))).toBe(false);
    expect(isMoneyText(parseSms({ account: 'bkash', from: '16247', text: 'Your PIN 1234 was reset' }))).toBe(false);
  });
});
