// A guest never loses an order with the tab (decision 215): a receipt on creation and on every
// status move, in the language the order was placed in, with the link that opens it on another device. A customer
// with an account is mailed when an order completes and when staff answer a ticket, unless turned off (decision 283).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../support/server.js';
import { testDatabases } from '../support/databases.js';
import { startSmtpCatcher, type SmtpCatcher } from '../support/smtp.js';
import { createUser, loginAdmin, type TestUser } from '../factories/users.js';
import {
  COMPLETE_CHECKED,
  COMPLETE_PAID_OUT,
  placeOrder,
  TOPUP_BDT,
  topupPayload,
  uniquePmId,
  waitFor,
  WITHDRAW_BDT,
  withdrawPayload,
} from '../factories/orders.js';

describe.each(testDatabases())('Receipts for guests on %s', (db) => {
  let smtp: SmtpCatcher;
  let admin: TestUser;
  beforeAll(async () => {
    smtp = await startSmtpCatcher();
  });
  afterAll(async () => {
    await smtp?.close();
  });
  const server = useTestServer(() => ({ db, env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://shop.example' } }));
  beforeAll(async () => {
    admin = await loginAdmin(server);
  });

  const unique = (name: string) => `${name}-${Math.random().toString(36).slice(2, 8)}@example.com`;

  it('When a guest places a top-up in Bengali, pays and the shop completes it, then three Bengali mails follow it with the link', async () => {
    const email = unique('guest-bn');
    const res = await fetch(`${server.url}/api/v1/orders/${TOPUP_BDT}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'bn-BD,bn;q=0.9,en;q=0.5' },
      body: JSON.stringify({ order: topupPayload({ contact_email: email, amount: '1200.5' }) }),
    });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };

    const placed = await smtp.waitForMail(email);
    expect(placed.subject).toContain('টপ-আপ');
    expect(placed.subject).toContain(id.slice(0, 10));
    expect(placed.text).toContain(`https://shop.example/orders/${id}`);
    expect(placed.text).toContain('৳১,২০০.৫০');
    expect(placed.text).toContain('বিকাশ');
    expect(placed.text).toContain('এই ই-মেইলটি রেখে দিন');
    expect(placed.html).toContain('lang="bn"');

    let after = smtp.mails.length;
    expect((await server.api.patch(`/orders/${id}`, { order: { pm_id: uniquePmId() } })).status).toBe(200);
    const paid = await smtp.waitForMail(email, { after });
    expect(paid.subject).toContain('দোকান যাচাই করছে');

    after = smtp.mails.length;
    expect((await server.api.patch(`/orders/${id}`, { order: COMPLETE_CHECKED }, admin.token)).status).toBe(200);
    const done = await smtp.waitForMail(email, { after });
    expect(done.subject).toContain('সম্পন্ন');
    expect(done.text).toContain(`https://shop.example/orders/${id}`);
    expect((await server.app.ctx.prisma.order.findUniqueOrThrow({ where: { id } })).lang).toBe('bn');
  });

  it('When a guest places a withdrawal without naming a language, then the receipt is English and names the payout number', async () => {
    const email = unique('guest-en');
    const id = await placeOrder(server, WITHDRAW_BDT, withdrawPayload({ contact_email: email, wallet: '01812345678' }));
    const mail = await smtp.waitForMail(email);
    expect(mail.subject).toBe(`Withdrawal ${id.slice(0, 10)}: placed, waiting for your 1xBet withdrawal code`);
    expect(mail.text).toContain('to your Nagad number 01812345678');
    expect(mail.text).toContain('Keep this e-mail');
  });

  it("When a guest order is acknowledged, then its receipt is already a job in the database (a crash after the answer loses nothing), mailed by the queue; a customer's order queues none", async () => {
    const receiptJobs = () =>
      server.app.ctx.prisma.$queryRaw<{ payload: { order_id: string; status: string }; status: string }[]>`
        SELECT payload, status FROM jobs WHERE kind = 'mail.orderReceipt' ORDER BY id`;
    const email = unique('guest-job');
    const id = await placeOrder(server, TOPUP_BDT, topupPayload({ contact_email: email }));
    // Read right after the 201: written with the order, not after it.
    expect((await receiptJobs()).filter((j) => j.payload.order_id === id).map((j) => j.payload.status)).toEqual([
      'waiting',
    ]);
    await smtp.waitForMail(email);
    await waitFor(receiptJobs, (jobs) => jobs.some((j) => j.payload.order_id === id && j.status === 'done'));

    const customer = await createUser(server);
    const own = await placeOrder(server, TOPUP_BDT, topupPayload({ contact_email: unique('own') }), customer.token);
    expect((await receiptJobs()).some((j) => j.payload.order_id === own)).toBe(false);
    // A status move of a guest order queues the next one.
    expect((await server.api.patch(`/orders/${id}`, { order: { pm_id: uniquePmId() } })).status).toBe(200);
    expect((await receiptJobs()).filter((j) => j.payload.order_id === id).map((j) => j.payload.status)).toEqual([
      'waiting',
      'pending',
    ]);
  });

  it('When a signed-in customer places an order, then no receipt is mailed (the account keeps it)', async () => {
    const customer = await createUser(server);
    const email = unique('customer');
    const guestEmail = unique('guest-after');
    await placeOrder(server, TOPUP_BDT, topupPayload({ contact_email: email }), customer.token);
    // A guest's order placed after it: once its receipt is here, the customer's would have come before it.
    await placeOrder(server, TOPUP_BDT, topupPayload({ contact_email: guestEmail }));
    await smtp.waitForMail(guestEmail);
    expect(smtp.mails.some((mail) => mail.to.includes(email))).toBe(false);
  });

  it('When a customer with an account has an order completed or a withdrawal paid, then they are mailed (no "keep this e-mail"); with mail turned off, not', async () => {
    const customer = await createUser(server);
    const email = unique('account-done');
    const topup = await placeOrder(server, TOPUP_BDT, topupPayload({ contact_email: email }), customer.token);
    expect((await server.api.patch(`/orders/${topup}`, { order: { pm_id: uniquePmId() } })).status).toBe(200);
    expect((await server.api.patch(`/orders/${topup}`, { order: COMPLETE_CHECKED }, admin.token)).status).toBe(200);
    const done = await smtp.waitForMail(email);
    expect(done.subject).toBe(`Top-up ${topup.slice(0, 10)}: complete`);
    expect(done.text).toContain(`https://shop.example/orders/${topup}`);
    expect(done.text).toContain('turn them off in your account settings');
    expect(done.text).not.toContain('Keep this e-mail');
    // Placing and paying sent nothing: the account shows those.
    expect(smtp.mails.filter((mail) => mail.to.includes(email))).toHaveLength(1);

    const withdrawal = await placeOrder(
      server,
      WITHDRAW_BDT,
      withdrawPayload({ contact_email: email }),
      customer.token,
    );
    expect(
      (await server.api.patch(`/orders/${withdrawal}`, { order: { onex_id: '123456789', w_code: 'AB12' } })).status,
    ).toBe(200);
    const after = smtp.mails.length;
    expect((await server.api.patch(`/orders/${withdrawal}`, { order: COMPLETE_PAID_OUT }, admin.token)).status).toBe(
      200,
    );
    expect((await smtp.waitForMail(email, { after })).subject).toBe(`Withdrawal ${withdrawal.slice(0, 10)}: complete`);

    // Turned off in the account: the next completion queues no mail.
    const off = await server.api.patch(`/users/${customer.id}`, { user: { mail_updates: false } }, customer.token);
    expect(off.status).toBe(200);
    expect(off.body.user).toMatchObject({ mail_updates: false });
    const quiet = await placeOrder(server, TOPUP_BDT, topupPayload({ contact_email: email }), customer.token);
    expect((await server.api.patch(`/orders/${quiet}`, { order: { pm_id: uniquePmId() } })).status).toBe(200);
    expect((await server.api.patch(`/orders/${quiet}`, { order: COMPLETE_CHECKED }, admin.token)).status).toBe(200);
    const jobs = await server.app.ctx.prisma.$queryRaw<{ n: number }[]>`
      SELECT count(*)::int AS n FROM jobs WHERE kind = 'mail.orderReceipt' AND payload->>'order_id' = ${quiet}`;
    expect(jobs[0].n).toBe(0);
    expect((await server.api.get('/users/me', customer.token)).body.user).toMatchObject({ mail_updates: false });
    // A bad value is refused by name and changes nothing.
    const bad = await server.api.patch(`/users/${customer.id}`, { user: { mail_updates: 'no' } }, customer.token);
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.mail_updates).toBe('validation.invalid');
  });

  it("When staff answer an account's ticket, then the account's e-mail gets the answer and its link; with mail turned off, not", async () => {
    const email = unique('account-ticket');
    const customer = await createUser(server, { email });
    const opened = await server.api.post(
      '/supports',
      { support: { subject: '1xbet_topup_bdt', text: 'Where is my top-up?' } },
      customer.token,
    );
    expect(opened.status).toBe(201);
    const ticket = opened.body.id as string;
    const answer = await server.api.patch(
      `/supports/${ticket}`,
      { support: { text: 'It is on its way.' } },
      admin.token,
    );
    expect(answer.status).toBe(200);
    const mail = await smtp.waitForMail(email);
    expect(mail.text).toContain('It is on its way.');
    expect(mail.text).toContain(`https://shop.example/account/supports/${ticket}`);
    expect(mail.text).toContain('turn them off in your account settings');

    expect(
      (await server.api.patch(`/users/${customer.id}`, { user: { mail_updates: false } }, customer.token)).status,
    ).toBe(200);
    const after = smtp.mails.length;
    expect(
      (await server.api.patch(`/supports/${ticket}`, { support: { text: 'Done now.' } }, admin.token)).status,
    ).toBe(200);
    const jobs = await server.app.ctx.prisma.$queryRaw<{ n: number }[]>`
      SELECT count(*)::int AS n FROM jobs WHERE kind = 'mail.guestTicketReply' AND payload->>'ticket_id' = ${ticket}`;
    expect(jobs[0].n).toBe(1);
    // A guest's mail queued after it arrives; the account's would have come before it.
    const guest = unique('guest-later');
    await placeOrder(server, TOPUP_BDT, topupPayload({ contact_email: guest }));
    await smtp.waitForMail(guest, { after });
    expect(smtp.mails.slice(after).some((m) => m.to.includes(email))).toBe(false);
  });
});
