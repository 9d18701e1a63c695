// A guest never loses an order with the tab (decision 215): a receipt on creation and on every
// status move, in the language the order was placed in, with the link that opens it on another device.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../support/server.js';
import { testDatabases } from '../support/databases.js';
import { startSmtpCatcher, type SmtpCatcher } from '../support/smtp.js';
import { createUser, loginAdmin, type TestUser } from '../factories/users.js';
import {
  COMPLETE_CHECKED,
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
});
