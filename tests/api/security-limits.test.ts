// Input limits (decision 131): a deeply nested body is a 400 (never 5xx), a bad enum is a 400 naming the
// field, and common passwords are refused at register, change and reset with a translated key.
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../support/server.js';
import { createUser, loginAdmin } from '../factories/users.js';

describe('Security limits of input', () => {
  const server = useTestServer();

  it('When a login body is 100 KB of nested arrays, then 400 naming the body, not a 5xx', async () => {
    const deep = `{"user":${'['.repeat(50_000)}${']'.repeat(50_000)}}`;
    const res = await fetch(`${server.url}/api/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: deep,
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { key: string; errors: Record<string, string> };
    expect(body.key).toBe('errors.validation');
    expect(body.errors).toEqual({ body: 'validation.invalid' });
    // 40 levels of objects too.
    let nested: unknown = 'x';
    for (let i = 0; i < 40; i += 1) nested = { a: nested };
    const objects = await server.api.post('/register', { user: nested });
    expect(objects.status).toBe(400);
  });

  it("When an admin sends {user:{role:'superuser'}}, then 400 names role and nothing changes", async () => {
    const admin = await loginAdmin(server);
    const target = await createUser(server);
    const res = await server.api.patch(`/users/${target.id}`, { user: { role: 'superuser' } }, admin.token);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ role: 'validation.roleInvalid' });
    expect((await server.app.ctx.prisma.user.findUniqueOrThrow({ where: { id: target.id } })).role).toBe('user');
  });

  it('When a common password is used to register or as a new password, then 400 errors.passwordCommon names the field', async () => {
    const reg = await server.api.post('/register', {
      user: { name: 'Common', email: 'common@test.local', password: 'password123' },
    });
    expect(reg.status).toBe(400);
    expect(reg.body.errors).toEqual({ password: 'errors.passwordCommon' });
    expect(await server.app.ctx.prisma.user.count({ where: { email: 'common@test.local' } })).toBe(0);
    const user = await createUser(server, { password: 'a-fine-password-31' });
    const change = await server.api.patch(
      `/users/${user.id}`,
      { user: { password: 'a-fine-password-31', new_password: 'qwerty12345', confirm_password: 'qwerty12345' } },
      user.token,
    );
    expect(change.status).toBe(400);
    expect(change.body.errors).toEqual({ new_password: 'errors.passwordCommon' });
    expect((await server.api.get('/users/me', user.token)).status).toBe(200);
  });

  it('When a recovery sets a common password, then 400 errors.passwordCommon and no try is used', async () => {
    const user = await createUser(server);
    const asked = await server.api.post('/recover', { email: user.email });
    const id = asked.body.id as string;
    const res = await server.api.patch(`/recover/${id}`, { code: '123456', password: '11111111' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ password: 'errors.passwordCommon' });
    expect((await server.app.ctx.prisma.recovery.findUniqueOrThrow({ where: { id } })).attempts).toBe(0);
  });
});
