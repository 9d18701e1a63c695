import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../support/server.js';
import { testDatabases } from '../support/databases.js';
import { createUser, loginAdmin, type TestUser } from '../factories/users.js';
import type { PaymentMethodDto, ProductDto } from '#shared/api-types';
import { testClock } from '../support/clock.js';
import { codeAt, enableTwoFactor, resetTwoFactor } from '../support/two-factor.js';

describe.each(testDatabases())('Payment methods on %s', (db) => {
  const server = useTestServer({ db });
  let admin: TestUser;
  let user: TestUser;
  beforeAll(async () => {
    admin = await loginAdmin(server);
    user = await createUser(server);
  });

  it('When the admin lists payment methods, then each account comes with wallet, note and availability', async () => {
    const res = await server.api.get('/pms/all', admin.token);
    expect(res.status).toBe(200);
    const pms = res.body.pms as PaymentMethodDto[];
    expect(pms.map((p) => p.account)).toEqual(['bkash', 'nagad', 'rocket']);
    expect(pms[0]).toEqual({
      account: 'bkash',
      wallet: '01700000001',
      note: 'Send Money to this personal bKash number.',
      note_bn: 'এই পার্সোনাল বিকাশ নম্বরে সেন্ড মানি করুন।',
      available: true,
      daily_count_limit: null,
      daily_amount_limit: null,
      hours: null,
      today: { count: 0, amount: 0 },
    });
  });

  it('When a guest or a user lists them, then 401 or 403 with code -10033', async () => {
    expect((await server.api.get('/pms/all')).status).toBe(401);
    const res = await server.api.get('/pms/all', user.token);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe(-10033);
  });

  it('When the admin saves a method, then the next order uses the new wallet number', async () => {
    const res = await server.api.patch(
      '/pms/bkash',
      { pm: { wallet: '01711111111', confirm_wallet: '01711111111', note: 'Personal', available: true } },
      admin.token,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: true, text: 'Success' });
    const order = await server.api.post('/orders/1xbet_topup_bdt', {
      order: { pm_method: 'bkash', amount: '100', onex_id: '123456789', contact_email: 'a@bcd.com' },
    });
    const read = await server.api.get(`/orders/${order.body.id as string}`);
    expect((read.body.order as { pm_wallet: string }).pm_wallet).toBe('01711111111');
  });

  it('When a method was never saved, then PATCH creates it', async () => {
    await server.app.ctx.prisma.paymentMethod.delete({ where: { account: 'rocket' } });
    expect(
      ((await server.api.get('/pms/all', admin.token)).body.pms as PaymentMethodDto[]).map((p) => p.account),
    ).toEqual(['bkash', 'nagad']);
    const res = await server.api.patch(
      '/pms/rocket',
      { pm: { wallet: '019999999995', confirm_wallet: '019999999995', available: false } },
      admin.token,
    );
    expect(res.status).toBe(200);
    const pms = (await server.api.get('/pms/all', admin.token)).body.pms as PaymentMethodDto[];
    expect(pms.find((p) => p.account === 'rocket')).toEqual({
      account: 'rocket',
      wallet: '019999999995',
      note: '',
      note_bn: '',
      available: false,
      daily_count_limit: null,
      daily_amount_limit: null,
      hours: null,
      today: { count: 0, amount: 0 },
    });
  });

  it.each([
    [{ pm: { wallet: '0171', confirm_wallet: '0171', available: true } }, 'wallet', 'validation.pmWalletMobile'],
    [
      { pm: { wallet: '019123456789', confirm_wallet: '019123456789', available: true } },
      'wallet',
      'validation.pmWalletMobile',
    ],
    [{ pm: { available: true } }, 'wallet', 'validation.required'],
    [
      { pm: { wallet: '01711111111', confirm_wallet: '01711111111', available: 'no' } },
      'available',
      'validation.invalid',
    ],
    [
      { pm: { wallet: '01711111111', confirm_wallet: '01711111111', note: 'x'.repeat(501), available: true } },
      'note',
      'validation.noteLong',
    ],
    [
      { pm: { wallet: '01711111111', confirm_wallet: '01711111111', note_bn: 'ক'.repeat(501), available: true } },
      'note_bn',
      'validation.noteLong',
    ],
    [
      { pm: { wallet: '01711111111', confirm_wallet: '01711111111', note_bn: 7, available: true } },
      'note_bn',
      'validation.invalid',
    ],
  ])('When the admin sends %j, then 400 names the field', async (payload, field, key) => {
    const res = await server.api.patch('/pms/nagad', payload, admin.token);
    expect(res.status).toBe(400);
    expect(res.body.errors?.[field]).toBe(key);
  });

  it('When the admin writes a Bengali note, then checkout carries it beside the English one; a save without it keeps it; the audit shows both', async () => {
    const pms = (await server.api.get('/pms/all', admin.token)).body.pms as PaymentMethodDto[];
    const wallet = pms.find((p) => p.account === 'nagad')!.wallet;
    const saved = await server.api.patch(
      '/pms/nagad',
      { pm: { wallet, note: 'Send Money only.', note_bn: '  শুধু সেন্ড মানি করুন।  ', available: true } },
      admin.token,
    );
    expect(saved.status).toBe(200);
    const noteOf = async () =>
      ((await server.api.get('/products/1xbet_topup_bdt')).body.product as ProductDto).pms.find(
        (pm) => pm.account === 'nagad',
      );
    await expect.poll(noteOf).toMatchObject({ note: 'Send Money only.', note_bn: 'শুধু সেন্ড মানি করুন।' });
    // An older admin page does not send note_bn: the Bengali note stays.
    await server.api.patch('/pms/nagad', { pm: { wallet, note: 'Send Money.', available: true } }, admin.token);
    await expect.poll(noteOf).toMatchObject({ note: 'Send Money.', note_bn: 'শুধু সেন্ড মানি করুন।' });
    const entry = await server.app.ctx.prisma.auditEntry.findFirst({
      where: { action: 'pm.edit', targetId: 'nagad' },
      orderBy: { id: 'desc' },
    });
    expect(entry?.before).toMatchObject({ noteBn: 'শুধু সেন্ড মানি করুন।' });
    await server.api.patch('/pms/nagad', { pm: { wallet, note_bn: '', available: true } }, admin.token);
    await expect.poll(noteOf).toMatchObject({ note: '', note_bn: '' });
  });

  it('When the admin writes a number with spaces, +880 or Bengali digits, then it is stored as its local digits, checked per wallet', async () => {
    const nagad = await server.api.patch(
      '/pms/nagad',
      { pm: { wallet: '+৮৮০ ১৮১২-৩৪৫৬৭৮', confirm_wallet: '+৮৮০ ১৮১২-৩৪৫৬৭৮', available: true } },
      admin.token,
    );
    expect(nagad.status).toBe(200);
    expect((nagad.body.pm as PaymentMethodDto).wallet).toBe('01812345678');
    // Rocket is the mobile number and one check digit: 11 digits are one short.
    const short = await server.api.patch(
      '/pms/rocket',
      { pm: { wallet: '01912345678', confirm_wallet: '01912345678', available: true } },
      admin.token,
    );
    expect(short.status).toBe(400);
    expect(short.body.errors?.wallet).toBe('validation.pmWalletRocket');
    const rocket = await server.api.patch(
      '/pms/rocket',
      { pm: { wallet: '০১৯১২৩৪৫৬৭৮৯', confirm_wallet: '০১৯১২৩৪৫৬৭৮৯', available: true } },
      admin.token,
    );
    expect((rocket.body.pm as PaymentMethodDto).wallet).toBe('019123456789');
  });

  it('When the account is unknown, then 404; a user gets 403', async () => {
    expect(
      (
        await server.api.patch(
          '/pms/paypal',
          { pm: { wallet: '01711111111', confirm_wallet: '01711111111', available: true } },
          admin.token,
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await server.api.patch(
          '/pms/nagad',
          { pm: { wallet: '01711111111', confirm_wallet: '01711111111', available: true } },
          user.token,
        )
      ).status,
    ).toBe(403);
    expect(
      (
        await server.api.patch('/pms/nagad', {
          pm: { wallet: '01711111111', confirm_wallet: '01711111111', available: true },
        })
      ).status,
    ).toBe(401);
  });
});

// Decision 280: a receiving wallet changes only when typed twice, the same, and (staff with two-factor) with a
// current code; the audit keeps before and after; an order already told the old number keeps it.
describe.each(testDatabases())('Receiving wallet changes on %s', (db) => {
  const shopClock = testClock();
  const server = useTestServer({ db, clock: shopClock });
  let admin: TestUser;
  beforeAll(async () => {
    admin = await loginAdmin(server);
  });
  const walletNow = async (account = 'bkash') =>
    (await server.app.ctx.prisma.paymentMethod.findUniqueOrThrow({ where: { account } })).wallet;
  const edits = () =>
    server.app.ctx.prisma.auditEntry.count({
      where: { action: { in: ['pm.edit', 'pm.number_edit', 'pm.number_add'] } },
    });

  it('When the wallet changes without its confirmation or with a different one, then 400 errors.walletConfirmMismatch and nothing changes', async () => {
    const wallet = await walletNow();
    const before = await edits();
    for (const pm of [
      { wallet: '01755555555', available: true },
      { wallet: '01755555555', confirm_wallet: '01755555556', available: true },
    ]) {
      const res = await server.api.patch('/pms/bkash', { pm }, admin.token);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        ok: false,
        key: 'errors.walletConfirmMismatch',
        errors: { confirm_wallet: 'errors.walletConfirmMismatch' },
      });
    }
    expect(await walletNow()).toBe(wallet);
    expect(await edits()).toBe(before);
    // The same number in another writing (+880, Bengali digits) is the same number.
    const same = await server.api.patch(
      '/pms/bkash',
      { pm: { wallet: '01755555555', confirm_wallet: '+৮৮০ ১৭৫৫-৫৫৫৫৫৫', available: true } },
      admin.token,
    );
    expect(same.status).toBe(200);
    // Other terms change without it while the wallet stays.
    expect(
      (await server.api.patch('/pms/bkash', { pm: { wallet: '01755555555', available: false } }, admin.token)).status,
    ).toBe(200);
    expect(
      (await server.api.patch('/pms/bkash', { pm: { wallet: '01755555555', available: true } }, admin.token)).status,
    ).toBe(200);
  });

  it('When an order was told the old number, then it keeps it after the change; the next order gets the new one; the audit shows both', async () => {
    const old = await walletNow();
    const place = async () => {
      const res = await server.api.post<{ id: string }>('/orders/1xbet_topup_bdt', {
        order: { pm_method: 'bkash', amount: '100', onex_id: '123456789', contact_email: 'a@bcd.com' },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.id;
    };
    const earlier = await place();
    const res = await server.api.patch(
      '/pms/bkash',
      { pm: { wallet: '01766666666', confirm_wallet: '01766666666', available: true } },
      admin.token,
    );
    expect(res.status).toBe(200);
    const walletOf = async (id: string) =>
      ((await server.api.get(`/orders/${id}`)).body.order as { pm_wallet: string }).pm_wallet;
    expect(await walletOf(earlier)).toBe(old);
    expect(await walletOf(await place())).toBe('01766666666');
    const entry = await server.app.ctx.prisma.auditEntry.findFirstOrThrow({
      where: { action: 'pm.edit' },
      orderBy: { id: 'desc' },
    });
    expect(entry.before).toMatchObject({ wallet: old });
    expect(entry.after).toMatchObject({ wallet: '01766666666' });
  });

  it('When the admin has two-factor, then a wallet change needs a current code, used once; other edits do not', async () => {
    const staff = await createUser(server, { role: 'admin' });
    try {
      // Turned on ten steps ago: its first code's step is long used.
      shopClock.shift(-10 * 30_000);
      const { secret } = await enableTwoFactor(server, staff, Date.now() - 10 * 30_000);
      shopClock.reset();
      const change = (wallet: string, otp?: string) =>
        server.api.patch(
          '/pms/nagad',
          { ...(otp === undefined ? {} : { otp }), pm: { wallet, confirm_wallet: wallet, available: true } },
          staff.token,
        );
      const wallet = await walletNow('nagad');
      const missing = await change('01877777777');
      expect(missing.status).toBe(400);
      expect(missing.body).toMatchObject({
        key: 'errors.twoFactorCodeMissing',
        errors: { otp: 'errors.twoFactorCodeMissing' },
      });
      const wrongCode = String((Number(codeAt(secret)) + 1) % 1_000_000).padStart(6, '0');
      const wrong = await change('01877777777', wrongCode);
      expect(wrong.status).toBe(400);
      expect(wrong.body).toMatchObject({
        key: 'errors.twoFactorCodeWrong',
        errors: { otp: 'errors.twoFactorCodeWrong' },
      });
      expect(await walletNow('nagad')).toBe(wallet);
      const code = codeAt(secret);
      expect((await change('01877777777', code)).status).toBe(200);
      expect(await walletNow('nagad')).toBe('01877777777');
      // The same code again is refused (a code is used once).
      expect((await change('01877777778', code)).body.key).toBe('errors.twoFactorCodeWrong');
      // Availability alone needs no code.
      expect(
        (await server.api.patch('/pms/nagad', { pm: { wallet: '01877777777', available: true } }, staff.token)).status,
      ).toBe(200);
      // A number of the fleet: adding or re-numbering needs the code too; relabelling does not.
      const added = await server.api.post<{ number: { id: number } }>(
        '/pms/nagad/numbers',
        { number: { wallet: '01877777779', confirm_wallet: '01877777779' } },
        staff.token,
      );
      expect(added.body.key).toBe('errors.twoFactorCodeMissing');
    } finally {
      shopClock.reset();
      await resetTwoFactor(server, staff.id);
    }
  });

  it("When a fleet number's wallet changes, then it needs the confirmation; a new number too; a relabel does not", async () => {
    const add = (number: Record<string, unknown>) =>
      server.api.post<{ number: { id: number; wallet: string } }>('/pms/rocket/numbers', { number }, admin.token);
    expect((await add({ wallet: '019111111115' })).body.key).toBe('errors.walletConfirmMismatch');
    const made = await add({ wallet: '019111111115', confirm_wallet: '019111111115', label: 'Agent' });
    expect(made.status).toBe(201);
    const id = made.body.number.id;
    const edit = (number: Record<string, unknown>) =>
      server.api.patch(`/pms/rocket/numbers/${id}`, { number }, admin.token);
    expect((await edit({ wallet: '019111111116' })).body.key).toBe('errors.walletConfirmMismatch');
    expect((await edit({ wallet: '019111111116', confirm_wallet: '019111111117' })).body.key).toBe(
      'errors.walletConfirmMismatch',
    );
    expect((await edit({ label: 'Agent 2', wallet: '019111111115' })).status).toBe(200);
    const changed = await edit({ wallet: '019111111116', confirm_wallet: '019111111116' });
    expect(changed.status).toBe(200);
    const entry = await server.app.ctx.prisma.auditEntry.findFirstOrThrow({
      where: { action: 'pm.number_edit' },
      orderBy: { id: 'desc' },
    });
    expect(entry.before).toMatchObject({ wallet: '019111111115' });
    expect(entry.after).toMatchObject({ wallet: '019111111116' });
  });
});
