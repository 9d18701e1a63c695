// Picture uploads under abuse (decision 131): over 16 megapixels refused from the header, image work through
// a bounded queue (ten concurrent worst-case uploads keep memory under +300 MB and other requests answering), and at
// most 10 uploads an hour per user.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../support/server.js';
import { createUser } from '../factories/users.js';

/** A 4000×4000 RGBA interlaced (Adam7) PNG: 16 megapixels, the most a decoder must hold at once within the limits. */
async function worstCasePng(): Promise<Buffer> {
  return sharp({ create: { width: 4000, height: 4000, channels: 4, background: { r: 40, g: 90, b: 160, alpha: 0.7 } } })
    .png({ progressive: true, compressionLevel: 9 })
    .toBuffer();
}

function form(data: Buffer): FormData {
  const body = new FormData();
  body.append('pic', new Blob([new Uint8Array(data)], { type: 'image/png' }), 'big.png');
  return body;
}

describe('Picture uploads under abuse', () => {
  const server = useTestServer();

  it('When ten worst-case pictures are uploaded at once, then memory stays under +300 MB, each gets an answer, and other requests keep answering', async () => {
    const picture = await worstCasePng();
    expect(picture.length).toBeLessThan(3_145_728);
    const meta = await sharp(picture).metadata();
    expect([meta.width, meta.height, meta.isProgressive]).toEqual([4000, 4000, true]);
    const users = await Promise.all(Array.from({ length: 10 }, () => createUser(server)));
    global.gc?.();
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 10);
    const uploads = Promise.all(
      users.map((u) => server.api.raw('POST', `/users/${u.id}`, { body: form(picture) }, u.token)),
    );
    // While they run, the shop still answers others.
    const pings: number[] = [];
    let finished = false;
    void uploads.finally(() => {
      finished = true;
    });
    while (!finished) {
      const started = Date.now();
      const res = await server.api.get('/products/all');
      expect(res.status).toBe(200);
      pings.push(Date.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const results = await uploads;
    clearInterval(sampler);
    const grownMb = (peak - baseline) / 1024 / 1024;
    console.info(
      `10 worst-case uploads: +${grownMb.toFixed(0)} MB RSS, statuses ${results.map((r) => r.status).join(',')}, slowest other request ${Math.max(...pings)} ms`,
    );
    expect(grownMb).toBeLessThan(300);
    for (const res of results) {
      // Processed, or turned away at once by the full queue (503 with a translated key and Retry-After).
      expect([200, 503]).toContain(res.status);
      if (res.status === 503) expect(res.body.key).toBe('errors.imageBusy');
    }
    expect(results.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(2);
    expect(pings.length).toBeGreaterThan(0);
  }, 180_000);
});

describe('Upload limit per user', () => {
  const server = useTestServer({ rateLimitScale: 1 });

  it('When a user uploads an eleventh picture within the hour, then 429 errors.uploadLimit; another user still can', async () => {
    const small = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const user = await createUser(server);
    for (let i = 0; i < 10; i += 1) {
      expect((await server.api.raw('POST', `/users/${user.id}`, { body: form(small) }, user.token)).status).toBe(200);
    }
    const refused = await server.api.raw('POST', `/users/${user.id}`, { body: form(small) }, user.token);
    expect(refused.status).toBe(429);
    expect(refused.body.key).toBe('errors.uploadLimit');
    const other = await createUser(server);
    expect((await server.api.raw('POST', `/users/${other.id}`, { body: form(small) }, other.token)).status).toBe(200);
  });
});
