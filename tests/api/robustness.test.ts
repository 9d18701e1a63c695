// Hostile input never crashes the shop: every endpoint, with junk bodies, queries, ids and tokens, answers JSON
// below 500, and the server stays healthy afterwards (design §5, §10).
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../support/server.js';
import { testDatabases } from '../support/databases.js';
import { createUser, loginAdmin, type TestUser } from '../factories/users.js';

const BODIES: unknown[] = [
  {},
  [],
  null,
  'text',
  42,
  { user: [] },
  { user: { email: { not: '' }, password: { gt: '' }, name: ['a'] } },
  { order: 'x' },
  { order: { amount: { gt: 1 }, pm_method: ['bkash'], status: { in: ['complete'] }, cancel: 'true' } },
  { order: { pm_id: 'x'.repeat(10_000) } },
  { support: { text: ['a'], subject: { $ne: 1 }, status: 1 } },
  { product: { pms: [{ account: 'bkash', rate: 'NaN', min: '-1', max: 'Infinity', available: 'yes' }], description: 5 } },
  { pm: { wallet: null, note: {}, available: 'no' } },
  { admin: { online: 'true' } },
  { captcha: { a: 1 }, email: ['x@y.z'], code: 123456, password: null },
  { __proto__: { polluted: true }, constructor: { prototype: { polluted: true } } },
  { user: { name: '\u0000\u202e😀'.repeat(100), email: 'a@b.c', password: '\ud800\udc00'.repeat(30) } },
  // Valid in length and shape, but PostgreSQL text cannot hold NUL.
  { user: { name: 'a\u0000b', email: 'nul@test.local', password: 'pass\u0000word', role: 'user' }, support: { subject: 'other', text: 'hello \u0000 there, long enough' } },
  { order: { pm_method: 'bkash', amount: '100', onex_id: '123456789', contact_email: 'nul@test.local', note: '\u0000' } },
];
const QUERIES = ['', '?page=abc', '?page=1&page=2', '?page[x]=1', '?page=-1', '?page=1e309', '?jwt=not-a-token'];
const IDS = ['%00', '..%2F..%2Fetc', 'a'.repeat(300), '1xbet_topup_bdt', 'bkash', 'all'];

function routes(id: string): [string, string][] {
  return [
    ['POST', '/register'],
    ['POST', '/login'],
    ['GET', '/users/me'],
    ['GET', '/users/all'],
    ['GET', `/users/${id}`],
    ['PATCH', `/users/${id}`],
    ['POST', `/users/${id}`],
    ['GET', '/products/all'],
    ['GET', `/products/${id}`],
    ['PATCH', `/products/${id}`],
    ['GET', '/pms/all'],
    ['PATCH', `/pms/${id}`],
    ['POST', `/orders/${id}`],
    ['GET', `/orders/${id}`],
    ['PATCH', `/orders/${id}`],
    ['GET', '/orders/all'],
    ['GET', '/supports/all'],
    ['GET', `/supports/${id}`],
    ['PATCH', `/supports/${id}`],
    ['POST', '/supports'],
    ['GET', '/home'],
    ['GET', '/admin'],
    ['PATCH', '/admin'],
    ['POST', '/recover'],
    ['PATCH', `/recover/${id}`],
    ['GET', '/captcha'],
  ];
}

describe.each(testDatabases())('Robustness on %s', (db) => {
  const server = useTestServer({ db });
  let user: TestUser;
  let admin: TestUser;
  beforeAll(async () => {
    user = await createUser(server);
    admin = await loginAdmin(server);
  });

  // Over 2000 requests: about 50 s on a busy 2-core machine, so it gets more than the project's 60 s default.
  it('When every endpoint gets junk as a guest, a user and an admin, then no answer is a 5xx and all are JSON', { timeout: 180_000 }, async () => {
    const failures: string[] = [];
    let calls = 0;
    for (const token of [undefined, user.token, admin.token]) {
      for (const id of IDS) {
        for (const [method, path] of routes(id)) {
          const variants: { query: string; body: unknown }[] =
            method === 'GET' ? QUERIES.map((query) => ({ query, body: undefined })) : BODIES.map((body) => ({ query: '', body }));
          await Promise.all(
            variants.map(async ({ query, body }) => {
              calls += 1;
              const res = await fetch(`${server.url}/api/v1${path}${query}`, {
                method,
                headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
                body: body === undefined ? undefined : JSON.stringify(body),
              });
              const text = await res.text();
              let json: { ok?: unknown } | undefined;
              try {
                json = JSON.parse(text) as { ok?: unknown };
              } catch {
                json = undefined;
              }
              if (res.status >= 500 || typeof json?.ok !== 'boolean') failures.push(`${method} ${path}${query} ${JSON.stringify(body)?.slice(0, 80)} → ${res.status} ${text.slice(0, 120)}`);
            }),
          );
        }
      }
    }
    expect(calls).toBeGreaterThan(2000);
    expect(failures).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((await server.api.get('/health')).status).toBe(200);
    // Nothing a hostile caller sent changed the catalogue or made an admin.
    expect(await server.app.ctx.prisma.user.count({ where: { role: 'admin' } })).toBe(1);
    expect(await server.app.ctx.prisma.order.count()).toBe(0);
  });

  it('When a field holds a NUL character, then 400 names the field and nothing is stored', async () => {
    const res = await server.api.post('/register', { user: { name: 'a\u0000b', email: 'nul@test.local', password: 'password-1' } });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ name: 'validation.invalid' });
    expect(await server.app.ctx.prisma.user.count({ where: { email: 'nul@test.local' } })).toBe(0);
  });
});
