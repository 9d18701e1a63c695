import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseEncoding, clientAssets } from './client-assets.js';

describe('chooseEncoding', () => {
  it('When the browser accepts brotli, then brotli wins over gzip whatever the order', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd', ['br', 'gzip', 'identity'])).toBe('br');
  });
  it('When brotli is refused or missing, then gzip; when nothing is accepted, then the file itself', () => {
    expect(chooseEncoding('br;q=0, gzip;q=0.5', ['br', 'gzip', 'identity'])).toBe('gzip');
    expect(chooseEncoding('br', ['gzip', 'identity'])).toBe('identity');
    expect(chooseEncoding(undefined, ['br', 'gzip', 'identity'])).toBe('identity');
    expect(chooseEncoding('*', ['gzip', 'identity'])).toBe('gzip');
    expect(chooseEncoding('identity', ['br', 'gzip', 'identity'])).toBe('identity');
  });
});

describe('client assets', () => {
  const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;
  let dir: string;
  let server: http.Server;
  let base: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'client-assets-'));
    fs.mkdirSync(path.join(dir, 'assets'));
    fs.writeFileSync(path.join(dir, 'assets/index-abc123.js'), script);
    fs.writeFileSync(path.join(dir, 'assets/index-abc123.js.br'), zlib.brotliCompressSync(script));
    fs.writeFileSync(path.join(dir, 'assets/index-abc123.js.gz'), zlib.gzipSync(script));
    fs.writeFileSync(path.join(dir, 'index.html'), '<html>template</html>');
    const app = express();
    app.use(clientAssets(dir, `<html><head></head><body>${'page '.repeat(400)}</body></html>`));
    app.use((_req, res) => res.status(404).end());
    server = http.createServer(app);
    await new Promise<void>((resolve) => server.listen(0, resolve));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** A raw GET (fetch would decode the body and hide the header's effect). */
  function get(url: string, headers: Record<string, string> = {}) {
    return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      http
        .get(`${base}${url}`, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
          );
        })
        .on('error', reject);
    });
  }

  it('When a browser that takes brotli asks for a hashed script, then it gets the brotli copy, typed as JavaScript, cached for a year', async () => {
    const res = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    expect(zlib.brotliDecompressSync(res.body).toString()).toBe(script);
  });

  it('When only gzip is accepted, then gzip; when nothing is, then the plain file', async () => {
    const gz = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).toString()).toBe(script);
    const plain = await get('/assets/index-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
  });

  it('When a missing chunk is asked for, then 404 and never the page', async () => {
    expect((await get('/assets/gone-123.js')).status).toBe(404);
    expect((await get('/assets/index-abc123.js.br')).status).toBe(404);
  });

  it('When a client route is opened, then the rendered page comes compressed, revalidated, and 304 with its ETag', async () => {
    const first = await get('/orders/42', { 'accept-encoding': 'br' });
    expect(first.status).toBe(200);
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(zlib.brotliDecompressSync(first.body).toString()).toContain('page page');
    const etag = String(first.headers.etag);
    const again = await get('/', { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(again.status).toBe(304);
    const gzip = await get('/', { 'accept-encoding': 'gzip', 'if-none-match': etag });
    expect(gzip.status).toBe(200);
    expect(gzip.headers['content-encoding']).toBe('gzip');
  });

  it('When an API or media path is not found here, then the page is not sent for it', async () => {
    expect((await get('/api/v1/nothing')).status).toBe(404);
    expect((await get('/media/nothing.png')).status).toBe(404);
  });
});
