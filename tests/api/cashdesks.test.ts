// The cash desks: the table the engine reads a desk from (secrets sealed, opened only by readDesk), its
// Balance reads and its health (failing at the third 401/403/unknown in a row, exactly once even when two calls fail
// at the same time).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testDatabases } from '../support/databases.js';
import { useTestServer } from '../support/server.js';
import { captureLog } from '../support/log-capture.js';
import { startFakeCashdesk, type FakeCashdesk } from '../support/fake-cashdesk.js';
import { createUser, loginAdmin } from '../factories/users.js';
import { TOPUP_BDT, TOPUP_USD, WITHDRAW_BDT, placeOrder, topupPayload } from '../factories/orders.js';

const input = {
  cashdeskId: '1177',
  login: 'cashier77',
  cashierPass: 'pass-123123',
  hash: 'fhd.ncbf9hf2ythr-test',
  lng: 'en',
  balanceVariant: 'cashierpass' as const,
  currencyId: 87,
  topupAuto: true,
  withdrawAuto: false,
  autoMax: 5_000,
};

describe.each(testDatabases())('Cash desks table on %s', (db) => {
  const server = useTestServer({ db, background: false });
  const desks = () => server.app.services.cashdesk.desks;

  it('When a desk is saved, then its secrets are sealed in the row and readDesk opens them', async () => {
    const at = new Date('2026-12-01T10:00:00.000Z');
    await desks().saveDesk('BDT', input, { balance: 2_500.5, limit: 1_000, at });
    const row = await server.app.ctx.prisma.cashdesk.findUniqueOrThrow({ where: { currency: 'BDT' } });
    expect(JSON.stringify(row)).not.toContain(input.hash);
    expect(JSON.stringify(row)).not.toContain(input.cashierPass);
    expect(await desks().readDesk('BDT')).toEqual({
      currency: 'BDT',
      cashdeskId: '1177',
      login: 'cashier77',
      cashierPass: input.cashierPass,
      hash: input.hash,
      lng: 'en',
      balanceVariant: 'cashierpass',
      currencyId: 87,
      topupAuto: true,
      withdrawAuto: false,
      autoMax: 5_000,
      paused: false,
      state: 'ok',
      lastError: null,
      failures: 0,
      limit: 1_000,
      balance: 2_500.5,
      checkedAt: at,
    });
    expect(await desks().readDesk('USD')).toBeNull();
    const listed = await desks().listDesks();
    expect(listed.map((d) => d.currency)).toEqual(['BDT']);
    expect(JSON.stringify(listed)).not.toContain(input.hash);
  });

  it('When calls fail three times in a row, then the desk is failing exactly once; an answer ends the run', async () => {
    await desks().saveDesk('USD', input, { balance: 10, limit: 10, at: new Date() });
    const first = await desks().recordFailure('USD', '403: refused');
    expect(first).toEqual({ failures: 1, state: 'ok', becameFailing: false });
    // Two at once: one of them sees the third failure.
    const both = await Promise.all([desks().recordFailure('USD', 'timeout'), desks().recordFailure('USD', 'timeout')]);
    expect(both.map((r) => r?.failures).sort()).toEqual([2, 3]);
    expect(both.filter((r) => r?.becameFailing)).toHaveLength(1);
    expect((await desks().recordFailure('USD', 'again'))?.becameFailing).toBe(false);
    expect(await desks().readDesk('USD')).toMatchObject({ state: 'failing', failures: 4, lastError: 'again' });
    expect(await desks().recordOk('USD')).toEqual({ state: 'ok', recovered: true });
    expect(await desks().readDesk('USD')).toMatchObject({ state: 'ok', failures: 0, lastError: null });
    expect(await desks().recordOk('USD')).toEqual({ state: 'ok', recovered: false });
  });

  it('When the desk is paused, then its state says paused whatever fails, and Balance reads are recorded', async () => {
    await desks().saveDesk('USD', input, { balance: 10, limit: 10, at: new Date() });
    expect(await desks().updateDesk('USD', { paused: true, autoMax: null })).toMatchObject({
      paused: true,
      state: 'paused',
      autoMax: null,
    });
    for (let i = 0; i < 3; i += 1)
      expect(await desks().recordFailure('USD', 'x')).toMatchObject({ state: 'paused', becameFailing: false });
    expect(await desks().updateDesk('USD', { paused: false })).toMatchObject({ state: 'failing' });
    const at = new Date('2026-12-01T11:00:00.000Z');
    await desks().recordBalance('USD', { balance: 99.25, limit: 42, at });
    expect(await desks().readDesk('USD')).toMatchObject({ balance: 99.25, limit: 42, checkedAt: at });
    expect(await desks().deleteDesk('USD')).toBe(true);
    expect(await desks().deleteDesk('USD')).toBe(false);
    expect(await desks().recordFailure('USD', 'x')).toBeNull();
  });
});

describe.each(testDatabases())('Cash desk routes on %s', (db) => {
  let desk: FakeCashdesk;
  const log = captureLog('debug');
  beforeAll(async () => {
    desk = await startFakeCashdesk({ limit: 50_000, balance: 80_000 });
    desk.addPlayer('123456789', { name: 'Rahim Uddin', currencyId: 87 });
    desk.addPlayer('222333444', { name: 'Dollar Player', currencyId: 1 });
  });
  afterAll(() => desk.close());
  const server = useTestServer(() => ({ db, logger: log.logger, env: { CASHDESK_API_ROOT: desk.root } }));
  const body = () => ({
    cashdesk: {
      cashdesk_id: desk.credentials.cashdeskId,
      login: desk.credentials.login,
      cashier_pass: desk.credentials.cashierPass,
      hash: desk.credentials.hash,
    },
  });
  beforeEach(() => desk.denyAll(false));

  it('When the admin connects a desk, then a Balance call proves the credentials and nothing secret is answered, stored in the clear or audited', async () => {
    const admin = await loginAdmin(server);
    const operator = await createUser(server, { role: 'operator' });
    const wrongHash = await server.api.put<{ cashdesk: Record<string, unknown> }>(
      '/cashdesks/BDT',
      { cashdesk: { ...body().cashdesk, hash: 'not-the-hash' } },
      admin.token,
    );
    expect(wrongHash.status).toBe(400);
    expect(wrongHash.body).toMatchObject({ key: 'errors.cashdeskRefused' });
    expect(String(wrongHash.body.text)).toContain('403');
    const wrongPass = await server.api.put<{ cashdesk: Record<string, unknown> }>(
      '/cashdesks/BDT',
      { cashdesk: { ...body().cashdesk, cashier_pass: 'nope' } },
      admin.token,
    );
    expect(wrongPass.body).toMatchObject({ key: 'errors.cashdeskRefused' });
    expect(String(wrongPass.body.text)).toContain('401');
    desk.denyAll(true);
    const blocked = await server.api.put<{ cashdesk: Record<string, unknown> }>('/cashdesks/BDT', body(), admin.token);
    expect(blocked.status).toBe(400);
    expect(String(blocked.body.text)).toContain('address');
    desk.denyAll(false);
    expect(await server.api.get('/cashdesks', admin.token)).toMatchObject({ status: 200, body: { cashdesks: [] } });
    // First connection without the secrets: both are needed.
    const bare = await server.api.put<{ cashdesk: Record<string, unknown> }>(
      '/cashdesks/BDT',
      { cashdesk: { cashdesk_id: '1177', login: 'x' } },
      admin.token,
    );
    expect(bare.status).toBe(400);
    expect(bare.body).toMatchObject({ errors: { cashier_pass: 'validation.required', hash: 'validation.required' } });
    expect(
      operator.token &&
        (await server.api.put<{ cashdesk: Record<string, unknown> }>('/cashdesks/BDT', body(), operator.token)).status,
    ).toBe(403);

    const balanceCalls = desk.requests.filter((r) => r.call === 'balance').length;
    const connected = await server.api.put<{ cashdesk: Record<string, unknown> }>(
      '/cashdesks/bdt',
      { cashdesk: { ...body().cashdesk, topup_auto: true, auto_max: 5000, currency_id: 87 } },
      admin.token,
    );
    expect(connected.status).toBe(200);
    expect(desk.requests.filter((r) => r.call === 'balance').length).toBe(balanceCalls + 1);
    expect(connected.body.cashdesk).toMatchObject({
      currency: 'BDT',
      cashdesk_id: '1177',
      topup_auto: true,
      withdraw_auto: false,
      auto_max: 5000,
      limit: 50_000,
      balance: 80_000,
      state: 'ok',
      last_error: null,
    });
    expect(connected.body.cashdesk.checked_at).toEqual(expect.any(Number));
    const listed = await server.api.get<{ cashdesks: unknown[] }>('/cashdesks', operator.token);
    expect(listed.body.cashdesks).toHaveLength(1);
    // A later PUT without the secrets keeps them (and the Balance call still passes with them).
    const again = await server.api.put<{ cashdesk: Record<string, unknown> }>(
      '/cashdesks/BDT',
      { cashdesk: { cashdesk_id: '1177', login: 'cashier77', lng: 'en', currency_id: 87, topup_auto: true } },
      admin.token,
    );
    expect(again.status).toBe(200);
    expect(again.body.cashdesk).toMatchObject({ auto_max: null, topup_auto: true });
    const audit = await server.app.ctx.prisma.auditEntry.findMany({ where: { action: 'cashdesk.connect' } });
    expect(audit.length).toBeGreaterThanOrEqual(2);
    const stored = JSON.stringify(await server.app.ctx.prisma.cashdesk.findMany());
    for (const text of [JSON.stringify(connected.body), JSON.stringify(listed.body), JSON.stringify(audit), stored]) {
      expect(text).not.toContain(desk.credentials.hash);
      expect(text).not.toContain(desk.credentials.cashierPass);
    }
  });

  it('When the admin pauses, changes and disconnects a desk, then operators may only read and every change is audited', async () => {
    const admin = await loginAdmin(server);
    const operator = await createUser(server, { role: 'operator' });
    expect(
      (await server.api.put<{ cashdesk: Record<string, unknown> }>('/cashdesks/USD', body(), admin.token)).status,
    ).toBe(200);
    expect((await server.api.patch('/cashdesks/USD', { cashdesk: { paused: true } }, operator.token)).status).toBe(403);
    const paused = await server.api.patch<{ cashdesk: Record<string, unknown> }>(
      '/cashdesks/USD',
      { cashdesk: { paused: true, withdraw_auto: true } },
      admin.token,
    );
    expect(paused.body.cashdesk).toMatchObject({ state: 'paused', withdraw_auto: true, paused: true });
    expect((await server.api.patch('/cashdesks/USD', { cashdesk: {} }, admin.token)).status).toBe(400);
    expect((await server.api.patch('/cashdesks/USD', { cashdesk: { auto_max: 1.5 } }, admin.token)).status).toBe(400);
    expect((await server.api.patch('/cashdesks/EUR', { cashdesk: { paused: false } }, admin.token)).status).toBe(404);
    expect((await server.api.delete('/cashdesks/USD', {}, operator.token)).status).toBe(403);
    expect((await server.api.delete('/cashdesks/USD', {}, admin.token)).status).toBe(200);
    expect((await server.api.delete('/cashdesks/USD', {}, admin.token)).body).toMatchObject({
      key: 'errors.cashdeskNotFound',
    });
    const actions = (
      await server.app.ctx.prisma.auditEntry.findMany({ where: { targetType: 'cashdesk', targetId: 'USD' } })
    ).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['cashdesk.connect', 'cashdesk.update', 'cashdesk.delete']));
  });

  it('When a customer types a 1xBet id, then the desk names the player masked, unknown ids are 404 and a silent desk 503', async () => {
    const admin = await loginAdmin(server);
    await server.api.put<{ cashdesk: Record<string, unknown> }>('/cashdesks/BDT', body(), admin.token);
    const before = desk.requests.filter((r) => r.call === 'findPlayer').length;
    expect(await server.api.get('/players/123456789?currency=BDT')).toMatchObject({
      status: 200,
      body: { ok: true, player: { name: 'R***n' } },
    });
    expect(await server.api.get('/players/123456789?currency=bdt')).toMatchObject({
      status: 200,
      body: { player: { name: 'R***n' } },
    });
    expect(desk.requests.filter((r) => r.call === 'findPlayer').length).toBe(before + 1);
    expect(await server.api.get('/players/999888777?currency=BDT')).toMatchObject({
      status: 404,
      body: { key: 'errors.playerNotFound' },
    });
    expect((await server.api.get('/players/12345?currency=BDT')).status).toBe(400);
    expect((await server.api.get('/players/123456789?currency=EUR')).status).toBe(400);
    expect(await server.api.get('/players/123456789?currency=USD')).toMatchObject({
      status: 503,
      body: { key: 'errors.cashdeskUnavailable' },
    });
    desk.denyAll(true);
    expect(await server.api.get('/players/555666777?currency=BDT')).toMatchObject({
      status: 503,
      body: { key: 'errors.cashdeskUnavailable' },
    });
  });

  it('When an order names a 1xBet id the desk does not know, then it is refused on onex_id; a silent desk lets it through', async () => {
    const admin = await loginAdmin(server);
    await server.api.put<{ cashdesk: Record<string, unknown> }>(
      '/cashdesks/BDT',
      { cashdesk: { ...body().cashdesk, currency_id: 87 } },
      admin.token,
    );
    const unknown = await server.api.post(`/orders/${TOPUP_BDT}`, { order: topupPayload({ onex_id: '111000111' }) });
    expect(unknown).toMatchObject({
      status: 400,
      body: { key: 'errors.playerNotFound', errors: { onex_id: 'errors.playerNotFound' } },
    });
    const otherCurrency = await server.api.post(`/orders/${TOPUP_BDT}`, {
      order: topupPayload({ onex_id: '222333444' }),
    });
    expect(otherCurrency).toMatchObject({
      status: 400,
      body: { key: 'errors.playerCurrency', errors: { onex_id: 'errors.playerCurrency' } },
    });
    expect(await placeOrder(server, TOPUP_BDT, topupPayload({ onex_id: '123456789' }))).toEqual(expect.any(String));
    // No USD desk: nothing to ask.
    expect(await placeOrder(server, TOPUP_USD, topupPayload({ onex_id: '111000111', amount: '10' }))).toEqual(
      expect.any(String),
    );
    desk.denyAll(true);
    expect(await placeOrder(server, TOPUP_BDT, topupPayload({ onex_id: '444000444' }))).toEqual(expect.any(String));
    desk.denyAll(false);

    const withdrawal = await placeOrder(server, WITHDRAW_BDT);
    const refused = await server.api.patch(`/orders/${withdrawal}`, {
      order: { onex_id: '777000777', w_code: 'AB12' },
    });
    expect(refused).toMatchObject({
      status: 400,
      body: { key: 'errors.playerNotFound', errors: { onex_id: 'errors.playerNotFound' } },
    });
    expect(
      (await server.api.patch(`/orders/${withdrawal}`, { order: { onex_id: '123456789', w_code: 'AB12' } })).status,
    ).toBe(200);
  });

  it('When desks are connected, called and refused, then no log line carries the hash or the cashier password', () => {
    const text = log.text();
    expect(text.length).toBeGreaterThan(0);
    expect(text).not.toContain(desk.credentials.hash);
    expect(text).not.toContain(desk.credentials.cashierPass);
    expect(text).not.toContain('not-the-hash');
  });
});
