// A push service for the tests (decision 275), played by a local HTTP server the way a browser's push service and
// the browser itself see a push: each subscription it hands out has its own P-256 key pair and auth secret (the
// browser's part), each request must carry a VAPID JWT (RFC 8292) signed by the key it names, and each message is
// decrypted here (RFC 8291 over RFC 8188 aes128gcm, with node:crypto's ECDH and HKDF) with the subscription's private
// key. A path answers 201 unless the test says otherwise (404/410: the subscription is gone; 500: try again).
import crypto from 'node:crypto';
import http from 'node:http';
import { afterAll, beforeAll } from 'vitest';
import { lateBound } from './late-bound.js';

export interface BrowserSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface ReceivedPush {
  /** The subscription's path at the push service (`/push/<name>`). */
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The decrypted message; null when it did not decrypt (the test fails on it). */
  message: { title: string; body: string; url: string; tag: string; lang: string } | null;
  /** Why it did not decrypt or verify; null when all was right. */
  problem: string | null;
  /** The VAPID JWT's claims (aud, exp, sub) and the public key it was signed with (base64url). */
  vapid: { claims: Record<string, unknown>; publicKey: string } | null;
}

export interface PushServiceDouble {
  url: string;
  /** A new subscription (a browser's `pushManager.subscribe()`), its endpoint at this service. */
  subscribe(name?: string): BrowserSubscription;
  /** How `name`'s endpoint answers its n-th push (1-based). */
  answer(name: string, status: (n: number) => number): void;
  at(name: string): ReceivedPush[];
  received: ReceivedPush[];
  /** Resolves once `name` got `count` pushes (15 s at most). */
  waitFor(name: string, count: number): Promise<ReceivedPush[]>;
  close(): Promise<void>;
}

const b64u = (buffer: Buffer) => buffer.toString('base64url');

/** The HKDF of RFC 5869 (extract with `salt`, expand with `info`), as RFC 8291 and 8188 use it. */
const hkdf = (salt: Buffer, ikm: Buffer, info: Buffer, length: number) =>
  Buffer.from(crypto.hkdfSync('sha256', ikm, salt, info, length));

/** RFC 8291 §3.4 and RFC 8188 §2: the browser's decryption of one aes128gcm push body. */
export function decryptPush(body: Buffer, browser: { ecdh: crypto.ECDH; auth: Buffer }): Buffer {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20];
  const serverPublic = body.subarray(21, 21 + idLength);
  const records = body.subarray(21 + idLength);
  if (idLength !== 65) throw new Error(`the key id is ${idLength} bytes, not the sender's 65-byte public key`);
  if (records.length > recordSize) throw new Error('more than one record');
  const browserPublic = browser.ecdh.getPublicKey();
  const ecdhSecret = browser.ecdh.computeSecret(serverPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), browserPublic, serverPublic]);
  const ikm = hkdf(browser.auth, ecdhSecret, keyInfo, 32);
  const cek = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12);
  const decipher = crypto.createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(records.subarray(records.length - 16));
  const padded = Buffer.concat([decipher.update(records.subarray(0, records.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02 followed by any number of zero bytes.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('the last record lacks its 0x02 delimiter');
  return padded.subarray(0, end);
}

/** RFC 8292: `Authorization: vapid t=<JWT>, k=<public key>`, the JWT ES256-signed by that key. */
export function verifyVapid(header: string | undefined): { claims: Record<string, unknown>; publicKey: string } {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`no vapid authorization: ${header}`);
  const [head, payload, signature] = match[1].split('.');
  const raw = Buffer.from(match[2], 'base64url');
  if (raw.length !== 65 || raw[0] !== 4) throw new Error('k is not an uncompressed P-256 point');
  const key = crypto.createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64u(raw.subarray(1, 33)), y: b64u(raw.subarray(33)) },
    format: 'jwk',
  });
  const header64 = JSON.parse(Buffer.from(head, 'base64url').toString()) as { alg?: string };
  if (header64.alg !== 'ES256') throw new Error(`JWT alg ${header64.alg}`);
  const good = crypto.verify(
    'sha256',
    Buffer.from(`${head}.${payload}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!good) throw new Error('the VAPID JWT signature does not verify');
  return {
    claims: JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>,
    publicKey: match[2],
  };
}

export async function startPushService(): Promise<PushServiceDouble> {
  const browsers = new Map<string, { ecdh: crypto.ECDH; auth: Buffer }>();
  const answers = new Map<string, (n: number) => number>();
  const received: ReceivedPush[] = [];
  let url = '';
  let counter = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = (req.url ?? '/').split('?')[0];
      const name = path.replace(/^\/push\//, '');
      const push: ReceivedPush = { path, headers: req.headers, message: null, problem: null, vapid: null };
      try {
        const browser = browsers.get(name);
        if (!browser) throw new Error(`no subscription ${name}`);
        if (req.method !== 'POST') throw new Error(`method ${req.method}`);
        if (req.headers['content-encoding'] !== 'aes128gcm')
          throw new Error(`content-encoding ${req.headers['content-encoding']}`);
        if (!req.headers.ttl) throw new Error('no TTL');
        push.vapid = verifyVapid(req.headers.authorization);
        if (push.vapid.claims.aud !== url) throw new Error(`JWT aud ${String(push.vapid.claims.aud)} is not ${url}`);
        if (typeof push.vapid.claims.exp !== 'number' || push.vapid.claims.exp * 1000 < Date.now())
          throw new Error('JWT expired');
        push.message = JSON.parse(
          decryptPush(Buffer.concat(chunks), browser).toString('utf8'),
        ) as ReceivedPush['message'];
      } catch (error) {
        push.problem = (error as Error).message;
      }
      received.push(push);
      const n = received.filter((p) => p.path === path).length;
      const status = push.problem ? 400 : (answers.get(name) ?? (() => 201))(n);
      res.writeHead(status, { 'content-type': 'text/plain' });
      res.end(String(status));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const at = (name: string) => received.filter((p) => p.path === `/push/${name}`);
  return {
    url,
    received,
    subscribe(name = `s${(counter += 1)}-${crypto.randomBytes(4).toString('hex')}`) {
      const ecdh = crypto.createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = crypto.randomBytes(16);
      browsers.set(name, { ecdh, auth });
      return { endpoint: `${url}/push/${name}`, keys: { p256dh: b64u(ecdh.getPublicKey()), auth: b64u(auth) } };
    },
    answer(name, status) {
      answers.set(name, status);
    },
    at,
    async waitFor(name, count) {
      const deadline = Date.now() + 15_000;
      while (at(name).length < count) {
        if (Date.now() > deadline) throw new Error(`${name} got ${at(name).length} pushes, not ${count}`);
        await new Promise((r) => setTimeout(r, 50));
      }
      return at(name);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A push service for the enclosing describe block. */
export function usePushService(): PushServiceDouble {
  let service: PushServiceDouble | undefined;
  beforeAll(async () => {
    service = await startPushService();
  });
  afterAll(async () => {
    await service?.close();
  });
  return lateBound(() => service, 'The push service');
}

/** The name of a subscription's endpoint at the push service. */
export const nameOf = (sub: BrowserSubscription) => sub.endpoint.replace(/^.*\/push\//, '');
