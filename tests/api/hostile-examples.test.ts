// Hostile inputs the generated suite (hostile-*.test.ts) once found or that must stay fixed, as plain examples.
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../support/server.js';

describe('Hostile examples', () => {
  const server = useTestServer({ db: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite' });

  it('When a login body is 90 KB of nested arrays, then 400 names the body (the scan once overflowed the stack: 500)', async () => {
    const depth = 45_000;
    const res = await server.api.raw('POST', '/login', {
      body: `${'['.repeat(depth)}${']'.repeat(depth)}`,
      contentType: 'application/json',
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ body: 'validation.invalid' });
    const wrapped = await server.api.post('/login', {
      user: { email: [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[['x']]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]] },
    });
    expect(wrapped.status).toBe(400);
  });

  it('When the URL is longer than Node reads (16 KB), then the 431 answer is JSON like every other', async () => {
    const res = await fetch(`${server.url}/api/v1/home?user=${'x'.repeat(20_000)}`);
    expect(res.status).toBe(431);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(await res.json()).toMatchObject({ ok: false, key: 'errors.tooLarge' });
    expect((await server.api.get('/health')).status).toBe(200);
  });

  it('When a field holds a NUL character, then 400 names the field and nothing is stored', async () => {
    const res = await server.api.post('/register', {
      user: { name: 'a\u0000b', email: 'nul@test.local', password: 'password-1' },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ name: 'validation.invalid' });
    expect(await server.app.ctx.prisma.user.count({ where: { email: 'nul@test.local' } })).toBe(0);
  });
});
