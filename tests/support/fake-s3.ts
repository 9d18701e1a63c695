// An S3-compatible object store for the tests (decision 250): a local HTTP server speaking S3's REST protocol for the
// four calls the shop makes (PutObject, GetObject, HeadObject, DeleteObject), path-style, with S3's XML errors. Like
// S3 it refuses every request whose SigV4 signature is not right: the signature is computed again here with the
// signer the AWS SDK itself uses (@smithy/signature-v4) from the request as it arrived, and the payload's SHA-256 is
// checked against the signed one. Faults: a call answered with an S3 error for the next n times; the store down is
// a TCP proxy's cut (tests/support/tcp-proxy.ts) between the shop and this server.
import crypto from 'node:crypto';
import http from 'node:http';
import { SignatureV4 } from '@smithy/signature-v4';

export type S3Operation = 'PutObject' | 'GetObject' | 'HeadObject' | 'DeleteObject';

export interface StoredObject {
  data: Buffer;
  contentType: string;
}

export interface S3Request {
  operation: S3Operation | 'unsupported';
  key: string;
  status: number;
  /** The S3 error code answered, if any. */
  error?: string;
}

export interface FakeS3 {
  /** http://127.0.0.1:<port> */
  endpoint: string;
  port: number;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  /** MEDIA_S3_URL for a shop that talks to this server at `hostPort` (this one's, or a proxy's in front). */
  mediaUrl(hostPort?: string, prefix?: string): string;
  /** Objects by key. */
  objects: Map<string, StoredObject>;
  requests: S3Request[];
  /**
   * The next `times` calls of `operation` (on keys containing `keyIncludes`, if given) answer this S3 error
   * (e.g. 500 InternalError, 503 SlowDown).
   */
  fail(operation: S3Operation, status: number, code: string, times?: number, keyIncludes?: string): void;
  /** Every request of one operation so far. */
  calls(operation: S3Operation): S3Request[];
  close(): Promise<void>;
}

/** node:crypto as the signer's hash: SHA-256, or HMAC-SHA256 when given a key. */
export class NodeSha256 {
  private hash: crypto.Hash | crypto.Hmac;
  constructor(private readonly secret?: string | ArrayBuffer | ArrayBufferView) {
    this.hash = this.make();
  }
  private make(): crypto.Hash | crypto.Hmac {
    if (this.secret === undefined) return crypto.createHash('sha256');
    const key =
      typeof this.secret === 'string'
        ? this.secret
        : ArrayBuffer.isView(this.secret)
          ? Buffer.from(this.secret.buffer, this.secret.byteOffset, this.secret.byteLength)
          : Buffer.from(this.secret);
    return crypto.createHmac('sha256', key);
  }
  update(data: string | ArrayBuffer | ArrayBufferView): void {
    this.hash.update(
      typeof data === 'string'
        ? data
        : ArrayBuffer.isView(data)
          ? Buffer.from(data.buffer, data.byteOffset, data.byteLength)
          : Buffer.from(data),
    );
  }
  digest(): Promise<Uint8Array> {
    return Promise.resolve(new Uint8Array(this.hash.digest()));
  }
  reset(): void {
    this.hash = this.make();
  }
}

const AUTHORIZATION =
  /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/;
const UNSIGNED = 'UNSIGNED-PAYLOAD';

function xmlError(code: string, message: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message><RequestId>${crypto.randomBytes(8).toString('hex')}</RequestId></Error>`;
}

function amzDate(value: string): Date | null {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  return m ? new Date(Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6])) : null;
}

export async function startFakeS3(options: { bucket?: string; region?: string } = {}): Promise<FakeS3> {
  const bucket = options.bucket ?? 'shop-media';
  const region = options.region ?? 'ap-south-1';
  const accessKeyId = `AKIA${crypto.randomBytes(8).toString('hex').toUpperCase()}`;
  // A real secret's alphabet, '/' and '+' included: the shop's URL must carry them percent-encoded.
  const secretAccessKey = `${crypto.randomBytes(18).toString('base64').slice(0, 20)}/+${crypto.randomBytes(12).toString('hex')}`;
  const signer = new SignatureV4({
    credentials: { accessKeyId, secretAccessKey },
    region,
    service: 's3',
    sha256: NodeSha256,
    uriEscapePath: false,
    applyChecksum: false,
  });
  const objects = new Map<string, StoredObject>();
  const requests: S3Request[] = [];
  const faults: { operation: S3Operation; status: number; code: string; times: number; keyIncludes?: string }[] = [];

  /** Why the request's signature is refused, or null when it is S3-valid. */
  async function signatureProblem(
    req: http.IncomingMessage,
    rawPath: string,
    body: Buffer,
  ): Promise<{ status: number; code: string } | null> {
    const auth = AUTHORIZATION.exec(String(req.headers.authorization ?? ''));
    if (!auth) return { status: 403, code: 'AccessDenied' };
    const [, keyId, day, scopeRegion, signedList, signature] = auth;
    if (keyId !== accessKeyId) return { status: 403, code: 'InvalidAccessKeyId' };
    const date = amzDate(String(req.headers['x-amz-date'] ?? ''));
    if (!date || day !== String(req.headers['x-amz-date']).slice(0, 8)) return { status: 403, code: 'AccessDenied' };
    if (Math.abs(Date.now() - date.getTime()) > 15 * 60_000) return { status: 403, code: 'RequestTimeTooSkewed' };
    if (scopeRegion !== region) return { status: 400, code: 'AuthorizationHeaderMalformed' };
    const signed = signedList.split(';');
    if (!signed.includes('host') || !signed.includes('x-amz-content-sha256'))
      return { status: 403, code: 'AccessDenied' };
    const payloadHash = String(req.headers['x-amz-content-sha256']);
    if (payloadHash !== UNSIGNED) {
      if (!/^[0-9a-f]{64}$/.test(payloadHash)) return { status: 400, code: 'InvalidArgument' };
      if (crypto.createHash('sha256').update(body).digest('hex') !== payloadHash)
        return { status: 400, code: 'XAmzContentSHA256Mismatch' };
    }
    const headers: Record<string, string> = {};
    for (const name of signed) {
      const value = req.headers[name];
      if (value === undefined) return { status: 403, code: 'SignatureDoesNotMatch' };
      headers[name] = Array.isArray(value) ? value.join(',') : value;
    }
    const url = new URL(req.url ?? '/', 'http://fake-s3');
    const query: Record<string, string> = {};
    for (const [name, value] of url.searchParams) query[name] = value;
    const recomputed = await signer.sign(
      {
        method: req.method ?? 'GET',
        protocol: 'http:',
        hostname: headers.host.split(':')[0],
        path: rawPath,
        query,
        headers,
        body,
      },
      { signingDate: date, signableHeaders: new Set(signed) },
    );
    const expected = /Signature=([0-9a-f]{64})$/.exec(String(recomputed.headers.authorization))?.[1] ?? '';
    const expectedList = /SignedHeaders=([^,]+),/.exec(String(recomputed.headers.authorization))?.[1];
    if (
      expectedList !== signedList ||
      expected.length !== 64 ||
      !crypto.timingSafeEqual(Buffer.from(expected), Buffer.from(signature))
    ) {
      return { status: 403, code: 'SignatureDoesNotMatch' };
    }
    return null;
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const body = Buffer.concat(chunks);
        const rawPath = (req.url ?? '/').split('?')[0];
        const [, pathBucket = '', ...keyParts] = rawPath.split('/');
        const key = decodeURIComponent(keyParts.join('/'));
        // The SDK names its call in an `x-id` parameter; any other parameter is a call this fake does not serve.
        const query = [...new URL(req.url ?? '/', 'http://fake-s3').searchParams.keys()].some(
          (name) => name !== 'x-id',
        );
        const operation: S3Operation | 'unsupported' =
          !key || query
            ? 'unsupported'
            : (({ PUT: 'PutObject', GET: 'GetObject', HEAD: 'HeadObject', DELETE: 'DeleteObject' } as const)[
                req.method ?? ''
              ] ?? 'unsupported');
        const answer = (
          status: number,
          headers: Record<string, string | number>,
          content?: Buffer | string,
          error?: string,
        ) => {
          requests.push({ operation, key, status, error });
          res.writeHead(status, { 'x-amz-request-id': crypto.randomBytes(8).toString('hex'), ...headers });
          res.end(req.method === 'HEAD' ? undefined : content);
        };
        const refuse = (status: number, code: string) =>
          answer(status, { 'content-type': 'application/xml' }, xmlError(code, `Refused: ${code}`), code);

        const problem = await signatureProblem(req, rawPath, body);
        if (problem) return refuse(problem.status, problem.code);
        if (pathBucket !== bucket) return refuse(404, 'NoSuchBucket');
        if (operation === 'unsupported') return refuse(501, 'NotImplemented');
        const fault = faults.find(
          (f) =>
            f.operation === operation && f.times > 0 && (f.keyIncludes === undefined || key.includes(f.keyIncludes)),
        );
        if (fault) {
          fault.times -= 1;
          return refuse(fault.status, fault.code);
        }
        const stored = objects.get(key);
        const etag = (data: Buffer) => `"${crypto.createHash('md5').update(data).digest('hex')}"`;
        switch (operation) {
          case 'PutObject':
            objects.set(key, {
              data: body,
              contentType: String(req.headers['content-type'] ?? 'application/octet-stream'),
            });
            return answer(200, { etag: etag(body) });
          case 'GetObject':
          case 'HeadObject':
            if (!stored) return refuse(404, 'NoSuchKey');
            return answer(
              200,
              {
                'content-type': stored.contentType,
                'content-length': stored.data.length,
                etag: etag(stored.data),
                'last-modified': new Date().toUTCString(),
              },
              stored.data,
            );
          case 'DeleteObject':
            objects.delete(key);
            return answer(204, {});
        }
      })().catch((error: unknown) => {
        res.writeHead(500, { 'content-type': 'application/xml' });
        res.end(xmlError('InternalError', String(error)));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };

  return {
    endpoint: `http://127.0.0.1:${port}`,
    port,
    bucket,
    accessKeyId,
    secretAccessKey,
    region,
    mediaUrl: (hostPort = `127.0.0.1:${port}`, prefix = '') =>
      `s3+http://${encodeURIComponent(accessKeyId)}:${encodeURIComponent(secretAccessKey)}@${hostPort}/${bucket}${prefix ? `/${prefix}` : ''}?region=${region}&path_style=1`,
    objects,
    requests,
    fail(operation, status, code, times = 1, keyIncludes) {
      faults.push({ operation, status, code, times, keyIncludes });
    },
    calls: (operation) => requests.filter((r) => r.operation === operation),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
