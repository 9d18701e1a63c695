// Two-factor sign-in (decision 161): TOTP with a fixed clock (the window, a code accepted once),
// recovery codes used once, the login challenge (5 wrong codes, 5 minutes), the token version bump with its
// sockets closed, and STAFF_2FA=required.
import { afterEach, describe, expect, it } from 'vitest';
import { TWO_FACTOR } from '#shared/constants';
import { createUser, loginAdmin, type TestUser } from '../factories/users.js';
import { testDatabases } from '../support/databases.js';
import { testClock } from '../support/clock.js';
import { useTestServer, type TestServer } from '../support/server.js';
import { connectSocket, nextEvent, useSockets } from '../support/sockets.js';
import { codeAt, enableTwoFactor, type EnabledTwoFactor } from '../support/two-factor.js';
import { outboxMailTo } from '../support/cast.js';
import { placeOrder } from '../factories/orders.js';

const STEP_MS = TWO_FACTOR.periodSeconds * 1000;
/** A fixed instant in the middle of a time-step. */
const T0 = Date.UTC(2026, 10, 27, 9, 0, 15);

/** The shop's clock, standing at the instant a test sets (codes and challenges follow it), real time between tests. */
function useFixedClock() {
  const shopClock = testClock();
  let now = T0;
  afterEach(() => shopClock.reset());
  return {
    shopClock,
    set(at: number) {
      now = at;
      shopClock.set(at);
    },
    get now() {
      return now;
    },
  };
}

async function passwordStep(server: TestServer, user: TestUser) {
  return server.api.post<{ otp_required?: boolean; challenge: string; user?: { jwt?: string } }>('/login', {
    user: { email: user.email, password: user.password },
  });
}

useSockets();

describe.each(testDatabases())('Two-factor sign-in (%s)', (db) => {
  const clock = useFixedClock();
  const server = useTestServer({ db, clock: clock.shopClock });
  /** 2FA turned on ten steps before T0 (its first code's step long used), the clock then at T0. */
  const enableEarlier = async (user: TestUser): Promise<EnabledTwoFactor> => {
    clock.set(T0 - 10 * STEP_MS);
    const enabled = await enableTwoFactor(server, user, T0 - 10 * STEP_MS);
    clock.set(T0);
    return enabled;
  };

  it('When 2FA is on, then the right password answers a challenge and no token; the code answers exactly what a login answers', async () => {
    clock.set(T0);
    const user = await createUser(server);
    const { secret } = await enableTwoFactor(server, user, T0);
    const first = await passwordStep(server, user);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ ok: true, otp_required: true, challenge: expect.stringMatching(/^[\w-]{40,}$/) });
    expect(JSON.stringify(first.body)).not.toMatch(/jwt|eyJ/);
    const wrongPassword = await server.api.post('/login', {
      user: { email: user.email, password: 'not-the-password' },
    });
    expect(wrongPassword.status).toBe(401);

    clock.set(T0 + STEP_MS);
    const second = await server.api.post<{ user: { jwt: string; two_factor: boolean; id: string } }>('/login/2fa', {
      challenge: first.body.challenge,
      code: codeAt(secret, T0 + STEP_MS),
    });
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({
      ok: true,
      text: 'Logged in',
      user: { id: user.id, email: user.email, role: 'user', two_factor: true },
    });
    const me = await server.api.get<{ user: { id: string } }>('/users/me', second.body.user.jwt);
    expect(me.body.user.id).toBe(user.id);
    // A challenge is used once.
    const again = await server.api.post('/login/2fa', {
      challenge: first.body.challenge,
      code: codeAt(secret, T0 + 2 * STEP_MS),
    });
    expect(again.status).toBe(400);
    expect(again.body.key).toBe('errors.twoFactorChallengeExpired');
  });

  it('When codes of the steps around now arrive, then one step either side is accepted and two steps away refused', async () => {
    clock.set(T0);
    const user = await createUser(server);
    const { secret } = await enableEarlier(user);
    const at = T0;
    const tryCode = async (offsetSteps: number) => {
      const { body } = await passwordStep(server, user);
      return server.api.post('/login/2fa', {
        challenge: body.challenge,
        code: codeAt(secret, at + offsetSteps * STEP_MS),
      });
    };
    expect((await tryCode(-2)).body.key).toBe('errors.twoFactorCodeWrong');
    expect((await tryCode(2)).body.key).toBe('errors.twoFactorCodeWrong');
    expect((await tryCode(-1)).status).toBe(200);
    expect((await tryCode(0)).status).toBe(200);
    expect((await tryCode(1)).status).toBe(200);
  });

  it('When a code was accepted, then the same code (or an older one) is refused, even within its window; the next step works', async () => {
    clock.set(T0);
    const user = await createUser(server);
    const { secret } = await enableEarlier(user);
    const login = async (code: string) =>
      server.api.post('/login/2fa', { challenge: (await passwordStep(server, user)).body.challenge, code });
    expect((await login(codeAt(secret, T0))).status).toBe(200);
    const replay = await login(codeAt(secret, T0));
    expect(replay.status).toBe(400);
    expect(replay.body).toMatchObject({
      key: 'errors.twoFactorCodeWrong',
      errors: { code: 'errors.twoFactorCodeWrong' },
    });
    expect((await login(codeAt(secret, T0 - STEP_MS))).body.key).toBe('errors.twoFactorCodeWrong');
    clock.set(T0 + STEP_MS);
    expect((await login(codeAt(secret, T0 + STEP_MS))).status).toBe(200);
  });

  it('When the code enabling 2FA is sent again to sign in, then it is refused: enabling used its step', async () => {
    clock.set(T0);
    const user = await createUser(server);
    const { secret } = await enableTwoFactor(server, user, T0);
    const { body } = await passwordStep(server, user);
    expect(
      (await server.api.post('/login/2fa', { challenge: body.challenge, code: codeAt(secret, T0) })).body.key,
    ).toBe('errors.twoFactorCodeWrong');
  });

  it('When recovery codes are used, then each works once (any case, with or without the dash) and 10 were given', async () => {
    clock.set(T0);
    const user = await createUser(server);
    const { recoveryCodes } = await enableTwoFactor(server, user, T0);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[A-HJKMNP-Z2-9]{5}-[A-HJKMNP-Z2-9]{5}$/);
    const login = async (code: string) =>
      server.api.post('/login/2fa', { challenge: (await passwordStep(server, user)).body.challenge, code });
    expect((await login(recoveryCodes[0].toLowerCase().replace('-', ''))).status).toBe(200);
    expect((await login(recoveryCodes[0])).body.key).toBe('errors.twoFactorCodeWrong');
    expect((await login(recoveryCodes[1])).status).toBe(200);
    // Stored as keyed hashes only: no row holds a code, and the TOTP secret is not stored in plain text either.
    const rows = await server.app.ctx.prisma.twoFactorRecoveryCode.findMany({ where: { userId: user.id } });
    expect(rows).toHaveLength(10);
    expect(rows.filter((r) => r.usedAt !== null)).toHaveLength(2);
    for (const code of recoveryCodes) expect(JSON.stringify(rows)).not.toContain(code.replace('-', ''));
  });

  it('When 5 wrong codes were sent for a challenge, then it is dead: the right code is refused, and a new login works', async () => {
    clock.set(T0);
    const user = await createUser(server);
    const { secret } = await enableEarlier(user);
    const { body } = await passwordStep(server, user);
    for (let i = 0; i < 5; i += 1) {
      const wrong = await server.api.post('/login/2fa', {
        challenge: body.challenge,
        code: '000000' === codeAt(secret, T0) ? '111111' : '000000',
      });
      expect(wrong.body.key).toBe('errors.twoFactorCodeWrong');
    }
    const locked = await server.api.post('/login/2fa', { challenge: body.challenge, code: codeAt(secret, T0) });
    expect(locked.status).toBe(400);
    expect(locked.body.key).toBe('errors.twoFactorChallengeExpired');
    const fresh = await passwordStep(server, user);
    expect(
      (await server.api.post('/login/2fa', { challenge: fresh.body.challenge, code: codeAt(secret, T0) })).status,
    ).toBe(200);
  });

  it('When 5 minutes have passed since the password step, then the challenge has expired', async () => {
    clock.set(T0);
    const user = await createUser(server);
    const { secret } = await enableEarlier(user);
    const { body } = await passwordStep(server, user);
    const late = T0 + 5 * 60_000 + 1_000;
    clock.set(late);
    const answer = await server.api.post('/login/2fa', { challenge: body.challenge, code: codeAt(secret, late) });
    expect(answer.status).toBe(400);
    expect(answer.body.key).toBe('errors.twoFactorChallengeExpired');
    clock.set(T0 + 4 * 60_000);
    const inTime = await passwordStep(server, user);
    expect(
      (await server.api.post('/login/2fa', { challenge: inTime.body.challenge, code: codeAt(secret, T0 + 4 * 60_000) }))
        .status,
    ).toBe(200);
  });

  it('When two sign-ins race with the same valid code, then exactly one gets in', async () => {
    clock.set(T0);
    const user = await createUser(server);
    const { secret } = await enableEarlier(user);
    const [a, b] = await Promise.all([passwordStep(server, user), passwordStep(server, user)]);
    const code = codeAt(secret, T0);
    const answers = await Promise.all([
      server.api.post('/login/2fa', { challenge: a.body.challenge, code }),
      server.api.post('/login/2fa', { challenge: b.body.challenge, code }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 400]);
  });

  it('When 2FA is enabled or disabled, then every earlier token stops, the answer carries a fresh one, and the sockets close', async () => {
    clock.set(T0);
    const user = await createUser(server);
    const oldToken = user.token;
    const socket = await connectSocket(server, { token: oldToken });
    const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    const setup = await server.api.post<{ secret: string; otpauth_url: string }>('/account/2fa/setup', {}, oldToken);
    expect(setup.status).toBe(200);
    expect(setup.body.otpauth_url).toMatch(/^otpauth:\/\/totp\//);
    expect(setup.body.otpauth_url).toContain(`secret=${setup.body.secret}`);
    // Not stored in plain text.
    const row = await server.app.ctx.prisma.userTwoFactor.findUniqueOrThrow({ where: { userId: user.id } });
    expect(row.pendingSecret).not.toContain(setup.body.secret);
    const enabled = await server.api.post<{
      jwt: string;
      recovery_codes: string[];
      user: { jwt: string; two_factor: boolean };
    }>('/account/2fa/enable', { code: codeAt(setup.body.secret, T0) }, oldToken);
    expect(enabled.status).toBe(200);
    expect(enabled.body.user).toMatchObject({ two_factor: true, jwt: enabled.body.jwt });
    await closed;
    const stale = await server.api.get('/users/me', oldToken);
    expect(stale.status).toBe(401);
    expect(stale.body).toMatchObject({ key: 'errors.sessionExpired', logout: true });
    expect((await server.api.get('/users/me', enabled.body.jwt)).status).toBe(200);
    const audit = await server.app.ctx.prisma.auditEntry.findFirst({
      where: { action: 'user.two_factor_on', targetId: user.id },
    });
    expect(audit?.actorId).toBe(user.id);

    // Setting up again while on is refused; a wrong code does not turn it off and changes nothing.
    expect((await server.api.post('/account/2fa/setup', {}, enabled.body.jwt)).body.key).toBe(
      'errors.twoFactorAlreadyOn',
    );
    const wrong = await server.api.post(
      '/account/2fa/disable',
      { code: codeAt(setup.body.secret, T0 + 30 * STEP_MS) },
      enabled.body.jwt,
    );
    expect(wrong.body.key).toBe('errors.twoFactorCodeWrong');
    expect((await server.api.get('/users/me', enabled.body.jwt)).status).toBe(200);

    const socket2 = await connectSocket(server, { token: enabled.body.jwt });
    const closed2 = new Promise<string>((resolve) => socket2.once('disconnect', resolve));
    clock.set(T0 + STEP_MS);
    const disabled = await server.api.post<{ jwt: string; user: { two_factor: boolean } }>(
      '/account/2fa/disable',
      { code: codeAt(setup.body.secret, T0 + STEP_MS) },
      enabled.body.jwt,
    );
    expect(disabled.status).toBe(200);
    expect(disabled.body.user.two_factor).toBe(false);
    await closed2;
    expect((await server.api.get('/users/me', enabled.body.jwt)).status).toBe(401);
    expect((await server.api.get('/users/me', disabled.body.jwt)).status).toBe(200);
    // Off again: the password alone signs in.
    const login = await passwordStep(server, user);
    expect(login.body.user?.jwt).toEqual(expect.any(String));
    expect((await server.api.post('/account/2fa/disable', { code: '123456' }, disabled.body.jwt)).body.key).toBe(
      'errors.twoFactorOff',
    );
  });

  it('When enable gets no setup or a wrong code, or a code is malformed, then clear 4xx answers change nothing', async () => {
    clock.set(T0);
    const user = await createUser(server);
    expect((await server.api.post('/account/2fa/enable', { code: '123456' }, user.token)).body.key).toBe(
      'errors.twoFactorNotSetUp',
    );
    const setup = await server.api.post<{ secret: string }>('/account/2fa/setup', {}, user.token);
    const wrong = await server.api.post(
      '/account/2fa/enable',
      { code: codeAt(setup.body.secret, T0 + 5 * STEP_MS) },
      user.token,
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.key).toBe('errors.twoFactorCodeWrong');
    const malformed = await server.api.post('/account/2fa/enable', { code: '12ab' }, user.token);
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors).toEqual({ code: 'validation.twoFactorCodeFormat' });
    expect((await server.api.post('/login/2fa', { challenge: 'short', code: '123456' })).body.errors).toEqual({
      challenge: 'validation.invalid',
    });
    expect((await server.app.ctx.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).twoFactor).toBe(false);
    // Bengali digits are the same code.
    const bengali = codeAt(setup.body.secret, T0).replace(/\d/g, (d) => '০১২৩৪৫৬৭৮৯'[Number(d)]);
    expect((await server.api.post('/account/2fa/enable', { code: bengali }, user.token)).status).toBe(200);
  });

  it('When a password is reset by e-mail for an account with 2FA, then the answer has no token: the login asks for the code', async () => {
    clock.set(T0);
    const user = await createUser(server);
    const { secret } = await enableEarlier(user);
    const asked = await server.api.post<{ id: string }>('/recover', { email: user.email });
    const mail = await outboxMailTo(server, user.email);
    const code = /(\d{3}) (\d{3})/.exec(mail.text)!;
    const reset = await server.api.patch<{ user: { jwt?: string }; login_required?: boolean }>(
      `/recover/${asked.body.id}`,
      { code: `${code[1]}${code[2]}`, password: 'a-new-kite-river-77' },
    );
    expect(reset.status).toBe(200);
    expect(reset.body.user.jwt).toBeUndefined();
    expect(reset.body.login_required).toBe(true);
    const login = await server.api.post<{ challenge: string }>('/login', {
      user: { email: user.email, password: 'a-new-kite-river-77' },
    });
    expect(login.body).toMatchObject({ otp_required: true });
    expect(
      (await server.api.post('/login/2fa', { challenge: login.body.challenge, code: codeAt(secret, T0) })).status,
    ).toBe(200);
  });
});

describe('STAFF_2FA=required', () => {
  const server = useTestServer({ env: { STAFF_2FA: 'required' } });

  it('When an operator without 2FA calls the queue, then 403 errors.twoFactorRequired until it is on; sign-in and setup work', async () => {
    const admin = await loginAdmin(server);
    const operator = await createUser(server, { role: 'operator' });
    const held = await server.api.get('/orders/all', operator.token);
    expect(held.status).toBe(403);
    expect(held.body.key).toBe('errors.twoFactorRequired');
    expect((await server.api.patch('/admin', { admin: { online: true } }, operator.token)).body.key).toBe(
      'errors.twoFactorRequired',
    );
    expect((await server.api.get('/users/me', operator.token)).status).toBe(200);
    // An admin is held too (the last admin included): the rule is for all staff.
    expect((await server.api.get('/users/all', admin.token)).body.key).toBe('errors.twoFactorRequired');
    // Customers are not affected.
    const customer = await createUser(server);
    expect((await server.api.get('/orders/all', customer.token)).status).toBe(200);

    // The held operator's socket does not hear the staff pushes.
    const heldSocket = await connectSocket(server, { token: operator.token });
    const heard: string[] = [];
    heldSocket.on('order:created', (o) => heard.push(o.id));

    await enableTwoFactor(server, operator);
    expect((await server.api.get('/orders/all', operator.token)).status).toBe(200);
    const socket = await connectSocket(server, { token: operator.token });
    const created = nextEvent(socket, 'order:created');
    const id = await placeOrder(server);
    expect((await created).id).toBe(id);
    expect(heard).not.toContain(id);
  });

  it('When a staff member signs in with password and code, then the session works at once', async () => {
    const operator = await createUser(server, { role: 'operator' });
    const { recoveryCodes } = await enableTwoFactor(server, operator);
    const login = await server.api.post<{ challenge: string }>('/login', {
      user: { email: operator.email, password: operator.password },
    });
    const done = await server.api.post<{ user: { jwt: string } }>('/login/2fa', {
      challenge: login.body.challenge,
      code: recoveryCodes[0],
    });
    expect(done.status).toBe(200);
    expect((await server.api.get('/orders/all', done.body.user.jwt)).status).toBe(200);
  });
});
