// The staff's desk in Telegram, against a fake Bot API server (tests/support/fake-telegram.ts), never the
// real Telegram: linking, an order's one message edited through its life, one-tap decisions and their refusals,
// the bot's commands, Telegram failing (429, 500, a dropped connection, slowness) without slowing the shop, and
// webhook mode with its secret token.
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { AdminOrderDto } from '#shared/api-types';
import {
  COMPLETE_CHECKED,
  getOrderAsAdmin,
  placeOrder,
  placePendingOrder,
  TOPUP_USD,
  topupPayload,
  uniquePmId,
  waitFor,
  WITHDRAW_BDT,
} from '../factories/orders.js';
import { insertOrderRows } from '../factories/order-rows.js';
import { createUser, loginAdmin, type TestUser } from '../factories/users.js';
import { testDatabases } from '../support/databases.js';
import type { FakeMessage, FakeTelegram, FakeUser } from '../support/fake-telegram.js';
import { useTestServer, type TestServer } from '../support/server.js';
import { registerForwarder } from '../support/sms-forwarder.js';
import {
  linkStaff,
  nextBotMessage,
  orderMessages,
  telegramEnv,
  telegramHealth,
  telegramPerson,
  useFakeTelegram,
} from '../support/telegram.js';

const BENGALI_DIGIT = /[০-৯]/;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function newAdmin(server: TestServer, name: string): Promise<TestUser> {
  return createUser(server, { name, role: 'admin' });
}

/** The one message of the chat about the order, once it says `expected`. */
async function orderMessageSaying(fake: FakeTelegram, chatId: number, orderId: string, expected: string | RegExp) {
  return fake.waitUntil(
    () => {
      const found = orderMessages(fake, chatId, orderId);
      const last = found[found.length - 1];
      return last && (typeof expected === 'string' ? last.text.includes(expected) : expected.test(last.text))
        ? found
        : undefined;
    },
    `the order message saying ${String(expected)}`,
  );
}

async function auditActions(server: TestServer, action: string) {
  return server.app.ctx.prisma.auditEntry.findMany({ where: { action }, orderBy: { id: 'asc' } });
}

/** An order's payment verified as an SMS would (the forwarder's path is tested on its own): Complete is offered. */
async function markPaymentVerified(server: TestServer, id: string): Promise<void> {
  await server.app.ctx.prisma.order.update({ where: { id }, data: { verification: 'verified' } });
}

describe.each(testDatabases())('Telegram desk on %s', (db) => {
  const fake = useFakeTelegram();
  const server = useTestServer(() => ({ db, env: telegramEnv(fake) }));

  describe('Linking a staff account', () => {
    it('When a customer or a guest asks for a link code, then they are refused and no code is made', async () => {
      const customer = await createUser(server);
      expect((await server.api.post('/account/telegram', {})).status).toBe(401);
      const refused = await server.api.post('/account/telegram', {}, customer.token);
      expect(refused.status).toBe(403);
      expect(await server.app.ctx.prisma.telegramLinkCode.count({ where: { userId: customer.id } })).toBe(0);
    });

    it('When an admin asks for a link code, then it is a single-use t.me link of 10 minutes stored only as a hash', async () => {
      await telegramHealth(server, 'up');
      const admin = await newAdmin(server, 'Rahim Desk');
      const before = Math.floor(Date.now() / 1000);
      const res = await server.api.post<{ code: string; link: string; expires_at: number }>(
        '/account/telegram',
        {},
        admin.token,
      );
      expect(res.status).toBe(200);
      expect(res.body.ok).toBe(true);
      expect(res.body.link).toBe(`https://t.me/${fake.bot.username}?start=${res.body.code}`);
      expect(res.body.code).toMatch(/^[A-Za-z0-9_-]{24}$/);
      expect(res.body.expires_at - before).toBeGreaterThanOrEqual(599);
      expect(res.body.expires_at - before).toBeLessThanOrEqual(601);
      const rows = await server.app.ctx.prisma.telegramLinkCode.findMany({ where: { userId: admin.id } });
      expect(rows.map((r) => r.codeHash)).toEqual([crypto.createHash('sha256').update(res.body.code).digest('hex')]);
      expect(JSON.stringify(rows)).not.toContain(res.body.code);
      expect((await auditActions(server, 'telegram.code')).some((e) => e.actorId === admin.id)).toBe(true);
    });

    it('When the staff member opens the link, then the chat is linked, /users/me says so, and the code does not work twice', async () => {
      const admin = await newAdmin(server, 'Rahim Link');
      const rahim = telegramPerson('Rahim');
      const code = await linkStaff(server, fake, admin, rahim);
      expect(fake.botMessagesIn(rahim.id).at(-1)?.text).toContain('Linked to Rahim Link');
      const me = await server.api.get<{ user: { telegram: { linked: boolean; username: string | null } } }>(
        '/users/me',
        admin.token,
      );
      expect(me.body.user.telegram).toEqual({ linked: true, username: rahim.username, available: true });
      expect(await auditActions(server, 'telegram.link')).toEqual(
        expect.arrayContaining([expect.objectContaining({ actorId: admin.id, targetId: admin.id })]),
      );

      // The same code from another person's chat: used up.
      const stranger = telegramPerson('Stranger');
      fake.userSends(stranger, `/start ${code}`);
      const answer = await nextBotMessage(fake, stranger.id, 0);
      expect(answer.text).toContain('does not work any more');
      expect(await server.app.ctx.prisma.telegramLink.count({ where: { chatId: BigInt(stranger.id) } })).toBe(0);
    });

    it('When a code is older than 10 minutes, then /start refuses it', async () => {
      const admin = await newAdmin(server, 'Late Linker');
      const res = await server.api.post<{ code: string }>('/account/telegram', {}, admin.token);
      await server.app.ctx.prisma.telegramLinkCode.updateMany({
        where: { userId: admin.id },
        data: { expiresAt: new Date(Date.now() - 1000) },
      });
      const person = telegramPerson('Late');
      fake.userSends(person, `/start ${res.body.code}`);
      expect((await nextBotMessage(fake, person.id, 0)).text).toContain('does not work any more');
      expect(await server.app.ctx.prisma.telegramLink.count({ where: { userId: admin.id } })).toBe(0);
    });

    it('When the link asks for Bengali, then the bot answers in Bengali with Bengali digits', async () => {
      const admin = await newAdmin(server, 'Karim Bn');
      const karim = telegramPerson('Karim', 'en');
      await linkStaff(server, fake, admin, karim, 'bn');
      expect(fake.botMessagesIn(karim.id).at(-1)?.text).toContain('লিংক হয়েছে');
      const id = await placePendingOrder(server);
      // The order's message first (it is sent after the answer): otherwise it could come between /today and its reply.
      await orderMessageSaying(fake, karim.id, id, 'প্রক্রিয়াধীন');
      fake.userSends(karim, '/today');
      const today = await nextBotMessage(fake, karim.id, fake.botMessagesIn(karim.id).length);
      expect(today.text).toContain('আজ');
      expect(today.text).toMatch(BENGALI_DIGIT);
      expect(today.text).not.toMatch(/\d/);
    });

    it('When the account unlinks, then /users/me says so, the chat hears it, and the bot stops serving the chat', async () => {
      const admin = await newAdmin(server, 'Unlinker');
      const person = telegramPerson('Unlinker');
      await linkStaff(server, fake, admin, person);
      const count = fake.botMessagesIn(person.id).length;
      const res = await server.api.delete('/account/telegram', {}, admin.token);
      expect(res.status).toBe(200);
      expect(res.body.telegram).toEqual({ linked: false, username: null });
      expect((await nextBotMessage(fake, person.id, count)).text).toContain('Unlinked');
      const me = await server.api.get<{ user: { telegram: unknown } }>('/users/me', admin.token);
      expect(me.body.user.telegram).toEqual({ linked: false, username: null, available: true });
      expect((await auditActions(server, 'telegram.unlink')).some((e) => e.actorId === admin.id)).toBe(true);
    });

    it('When an unlinked chat writes several times, then it gets one polite answer and nothing else', async () => {
      const person = telegramPerson('Curious', 'bn');
      fake.userSends(person, 'hello');
      expect((await nextBotMessage(fake, person.id, 0)).text).toContain('স্টাফ');
      fake.userSends(person, '/queue');
      fake.userSends(person, '/today');
      fake.userSends(person, '/start');
      // The bot had time to answer those (it answered the first within milliseconds); it did not.
      await sleep(800);
      expect(fake.botMessagesIn(person.id)).toHaveLength(1);
    });
  });

  describe('An order message through its life', () => {
    it('When an order is placed, paid, verified and completed, then each staff chat has one message about it, edited each time', async () => {
      const admin = await loginAdmin(server);
      const desk = await newAdmin(server, 'Nasrin Desk');
      const nasrin = telegramPerson('Nasrin');
      await linkStaff(server, fake, desk, nasrin);

      const pmId = uniquePmId().toUpperCase();
      const id = await placeOrder(server, TOPUP_USD, topupPayload({ amount: '10', onex_id: '987654321' }));
      // Waiting for the customer's payment is no decision yet: no message.
      await sleep(300);
      expect(orderMessages(fake, nasrin.id, id)).toHaveLength(0);

      await server.api.patch(`/orders/${id}`, { order: { pm_id: pmId } });
      const [created] = await orderMessageSaying(fake, nasrin.id, id, 'Awaiting SMS');
      const order = await getOrderAsAdmin(server, id, admin.token);
      expect(created.text).toContain(`Order ${id.slice(0, 10)}`);
      expect(created.text).not.toContain(id);
      expect(created.text).toContain('1xBet Topup (USD)');
      expect(created.text).toContain('Amount: 10.00 USD');
      expect(created.text).toContain(`by bKash`);
      expect(created.text).toContain(`${order.pm_amount.toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',')} BDT`);
      expect(created.text).toContain('1xBet account ID: 987654321');
      expect(created.text).toContain('Status: Processing');
      // Not verified yet: no Complete here, the website's Queue is where it can be completed after a check by hand.
      expect(
        (created.reply_markup as { inline_keyboard: { text: string }[][] }).inline_keyboard[0].map((b) => b.text),
      ).toEqual(['Claim', 'Cancel']);
      expect(created.text).toContain('Payment not verified: complete it from the Queue on the website');

      // The wallet phone's SMS verifies the payment: the same message says so, and offers Complete.
      const forwarder = await registerForwarder(server, admin.token, 'bkash');
      await forwarder.payment({ amount: order.pm_amount, trxId: pmId });
      const [verified] = await orderMessageSaying(fake, nasrin.id, id, 'verified by SMS');
      expect(
        (verified.reply_markup as { inline_keyboard: { text: string }[][] }).inline_keyboard[0].map((b) => b.text),
      ).toEqual(['Claim', 'Complete', 'Cancel']);
      expect(verified.text).not.toContain('Queue on the website');

      // Completed on the web: the same message names who and when, without buttons.
      const done = await server.api.patch(`/orders/${id}`, { order: { status: 'complete' } }, admin.token);
      expect(done.status).toBe(200);
      const messages = await orderMessageSaying(fake, nasrin.id, id, /Completed by .+ at \d\d:\d\d/);
      expect(messages).toHaveLength(1);
      expect(messages[0].message_id).toBe(created.message_id);
      expect(messages[0].text).toContain('Status: Complete');
      expect(messages[0].reply_markup).toBeUndefined();
      // Sent once, then edited: never a second sendMessage for this order.
      const sends = fake
        .callsOf('sendMessage')
        .filter((c) => Number(c.params.chat_id) === nasrin.id && String(c.params.text).includes(id.slice(0, 10)));
      expect(sends).toHaveLength(1);
      expect(
        fake
          .callsOf('editMessageText')
          .filter((c) => Number(c.params.chat_id) === nasrin.id && Number(c.params.message_id) === created.message_id)
          .length,
      ).toBeGreaterThanOrEqual(2);
    });

    it('When a withdrawal waits for a decision, then its message says where the money goes, in Bengali digits for a Bengali chat', async () => {
      const desk = await newAdmin(server, 'Salma Desk');
      const salma = telegramPerson('Salma');
      await linkStaff(server, fake, desk, salma, 'bn');
      const id = await placeOrder(server, WITHDRAW_BDT);
      await server.api.patch(`/orders/${id}`, { order: { onex_id: '123456789', w_code: 'AB12' } });
      const [message] = await orderMessageSaying(fake, salma.id, id, 'উইথড্র');
      expect(message.text).toContain(`অর্ডার ${id.slice(0, 10)}`);
      expect(message.text).toContain('০১৭১২৩৪৫৬৭৮');
      expect(message.text).toContain('১,০০০.০০ টাকা');
      expect(message.text).not.toContain('AB12');
    });
  });

  describe('One-tap decisions', () => {
    /** A staff member linked to a chat of their own, and a paid order's message in that chat. */
    async function staffWithOrder(name: string, paymentVerified = true) {
      const staff = await newAdmin(server, name);
      const person = telegramPerson(name.split(' ')[0]);
      await linkStaff(server, fake, staff, person);
      const id = await placePendingOrder(server);
      const [message] = await orderMessageSaying(fake, person.id, id, 'Processing');
      if (paymentVerified) await markPaymentVerified(server, id);
      return { staff, person, id, message };
    }
    /**
     * Presses a button under the message (naming `id`) and waits for the toast. A person presses a message the shop
     * has recorded: the outbox records it just after Telegram answered the send, which the fake shows first.
     */
    async function press(
      person: FakeUser,
      message: FakeMessage,
      action: string,
      id: string,
    ): Promise<string | undefined> {
      const where = { chatId_messageId: { chatId: BigInt(person.id), messageId: message.message_id } };
      for (
        let tries = 0;
        !(await server.app.ctx.prisma.telegramOrderMessage.findUnique({ where })) && tries < 100;
        tries += 1
      )
        await new Promise((r) => setTimeout(r, 50));
      const query = fake.userPresses(person, message.message_id, `o:${action}:${id.slice(0, 10)}`);
      return (await fake.waitUntil(() => fake.callbackAnswers.get(query), `the toast of ${action}`)).text;
    }

    it('When a staff member presses Complete, then the order completes as them, audited, and a second press changes nothing', async () => {
      const { staff: desk, person: rahim, id, message } = await staffWithOrder('Rahim Press');
      expect(await press(rahim, message, 'complete', id)).toBe('Completed');
      const admin = await loginAdmin(server);
      const order = await getOrderAsAdmin(server, id, admin.token);
      expect(order.status).toBe('complete');
      expect(order.events.at(-1)).toMatchObject({ to: 'complete', actor: 'admin', actor_id: desk.id });
      const audit = await server.app.ctx.prisma.auditEntry.findFirst({
        where: { action: 'order.complete', targetId: id },
      });
      expect(audit?.actorId).toBe(desk.id);
      await orderMessageSaying(fake, rahim.id, id, 'Completed by Rahim Press');

      // The old button pressed again (a slow network, a second tap): refused with who did it and when.
      expect(await press(rahim, message, 'complete', id)).toMatch(/^Already completed by Rahim Press \d\d:\d\d$/);
      const after = await getOrderAsAdmin(server, id, admin.token);
      expect(after.events).toHaveLength(order.events.length);
      expect(await server.app.ctx.prisma.auditEntry.count({ where: { action: 'order.complete', targetId: id } })).toBe(
        1,
      );
    });

    it('When a staff member presses Complete on a top-up whose payment is not verified (an old message), then it is refused with where to complete it, and nothing changes', async () => {
      const { person, id, message } = await staffWithOrder('Unverified Press', false);
      expect(await press(person, message, 'complete', id)).toBe(
        'The payment is not verified: complete it from the Queue on the website',
      );
      const admin = await loginAdmin(server);
      expect((await getOrderAsAdmin(server, id, admin.token)).status).toBe('pending');
      expect(await server.app.ctx.prisma.auditEntry.count({ where: { action: 'order.complete', targetId: id } })).toBe(
        0,
      );
    });

    it('When two staff members press Complete at once, then one completes and the other is told who did', async () => {
      const first = await newAdmin(server, 'First Hand');
      const second = await newAdmin(server, 'Second Hand');
      const a = telegramPerson('First');
      const b = telegramPerson('Second');
      await linkStaff(server, fake, first, a);
      await linkStaff(server, fake, second, b);
      const id = await placePendingOrder(server);
      const [ma] = await orderMessageSaying(fake, a.id, id, 'Processing');
      const [mb] = await orderMessageSaying(fake, b.id, id, 'Processing');
      await markPaymentVerified(server, id);
      const qa = fake.userPresses(a, ma.message_id, `o:complete:${id.slice(0, 10)}`);
      const qb = fake.userPresses(b, mb.message_id, `o:complete:${id.slice(0, 10)}`);
      const answers = [
        await fake.waitUntil(() => fake.callbackAnswers.get(qa), 'toast a'),
        await fake.waitUntil(() => fake.callbackAnswers.get(qb), 'toast b'),
      ];
      expect(answers.filter((x) => x.text === 'Completed')).toHaveLength(1);
      expect(answers.filter((x) => /^Already completed by (First|Second) Hand/.test(x.text ?? ''))).toHaveLength(1);
      expect(await server.app.ctx.prisma.auditEntry.count({ where: { action: 'order.complete', targetId: id } })).toBe(
        1,
      );
    });

    it('When a staff member presses Cancel and replies with a reason, then the order is cancelled with it as their note', async () => {
      const { staff: desk, person, id, message } = await staffWithOrder('Cancel Hand');
      const count = fake.botMessagesIn(person.id).length;
      expect(await press(person, message, 'cancel', id)).toBe('Reply with the reason');
      const prompt = await nextBotMessage(fake, person.id, count, 'the question');
      expect(prompt.text).toContain(`Why cancel order ${id.slice(0, 10)}?`);
      expect(prompt.reply_markup).toMatchObject({ force_reply: true });

      fake.userSends(person, 'The payment did not arrive in our wallet', prompt.message_id);
      await fake.waitUntil(
        () => fake.botMessagesIn(person.id).find((m) => m.text === `Order ${id.slice(0, 10)} is cancelled.`),
        'the confirmation',
      );
      const admin = await loginAdmin(server);
      const order = await getOrderAsAdmin(server, id, admin.token);
      expect(order).toMatchObject({
        status: 'admin_cancelled',
        cancel_reason: 'other',
        cancel_note: 'The payment did not arrive in our wallet',
      });
      expect(order.events.at(-1)).toMatchObject({ actor_id: desk.id });
      await orderMessageSaying(fake, person.id, id, 'Reason: The payment did not arrive in our wallet');

      // Answering the same question again cancels nothing more.
      fake.userSends(person, 'again', prompt.message_id);
      await sleep(300);
      expect((await getOrderAsAdmin(server, id, admin.token)).events).toHaveLength(order.events.length);
    });

    it('When a staff member presses Claim, then the order is theirs, every message says so, and an operator pressing Complete is told who holds it', async () => {
      const { staff: holder, person, id, message } = await staffWithOrder('Claim Hand');
      const operator = await createUser(server, { name: 'Night Operator', role: 'operator' });
      const night = telegramPerson('Night');
      await linkStaff(server, fake, operator, night);
      expect(await press(person, message, 'claim', id)).toBe('Claimed: the order is yours');
      await orderMessageSaying(fake, person.id, id, 'Claimed by Claim Hand');
      const [nightMessage] = await orderMessageSaying(fake, night.id, id, 'Claimed by Claim Hand');
      expect(await press(night, nightMessage, 'complete', id)).toBe('Already claimed by Claim Hand');
      const admin = await loginAdmin(server);
      expect(await getOrderAsAdmin(server, id, admin.token)).toMatchObject({
        status: 'pending',
        assignee: { id: holder.id, name: 'Claim Hand' },
      });
      expect(
        await server.app.ctx.prisma.auditEntry.count({
          where: { action: 'order.claim', targetId: id, actorId: holder.id },
        }),
      ).toBe(1);
    });

    it('When a large withdrawal has no second approval, then Complete in Telegram is refused as on the web', async () => {
      const admin = await loginAdmin(server);
      await server.api.patch('/shop-settings', { settings: { four_eyes_bdt: 500 } }, admin.token);
      try {
        const staff = await newAdmin(server, 'Four Eyes');
        const person = telegramPerson('Four');
        await linkStaff(server, fake, staff, person);
        const id = await placeOrder(server, WITHDRAW_BDT);
        await server.api.patch(`/orders/${id}`, { order: { onex_id: '123456789', w_code: 'AB12' } });
        const [message] = await orderMessageSaying(fake, person.id, id, "Needs a second person's approval");
        expect(await press(person, message, 'complete', id)).toBe(
          "This withdrawal needs another staff member's approval first (approve it on the website)",
        );
        expect((await getOrderAsAdmin(server, id, admin.token)).status).toBe('pending');
      } finally {
        await server.api.patch('/shop-settings', { settings: { four_eyes_bdt: null } }, admin.token);
      }
    });

    it('When a button names another order than its message, then nothing happens (callback data is no key)', async () => {
      const { person, id: shown, message } = await staffWithOrder('Forger Hand');
      const other = await placePendingOrder(server);
      expect(await press(person, message, 'complete', other)).toBe('This message is out of date');
      const admin = await loginAdmin(server);
      expect((await getOrderAsAdmin(server, shown, admin.token)).status).toBe('pending');
      expect((await getOrderAsAdmin(server, other, admin.token)).status).toBe('pending');
    });

    it.each([
      [
        'demoted to customer',
        async (s: TestServer, admin: TestUser, staff: TestUser) =>
          s.api.patch(`/users/${staff.id}`, { user: { role: 'user' } }, admin.token),
      ],
      [
        'blocked',
        async (s: TestServer, admin: TestUser, staff: TestUser) =>
          s.api.patch(`/users/${staff.id}`, { user: { role: 'blocked' } }, admin.token),
      ],
      [
        'signed out everywhere',
        async (s: TestServer, _admin: TestUser, staff: TestUser) => s.api.post('/logout', {}, staff.token),
      ],
    ])(
      'When a linked staff member is %s and presses Complete, then it is refused and the chat is unlinked at once',
      async (_what, change) => {
        const admin = await loginAdmin(server);
        const { staff, person, id, message } = await staffWithOrder('Fading Staff');
        expect((await change(server, admin, staff)).status).toBe(200);
        expect(await press(person, message, 'complete', id)).toBe(
          'You may no longer do this here; this chat was unlinked',
        );
        expect((await getOrderAsAdmin(server, id, admin.token)).status).toBe('pending');
        expect(await server.app.ctx.prisma.telegramLink.count({ where: { userId: staff.id } })).toBe(0);
        const unlinked = await auditActions(server, 'telegram.unlink');
        expect(unlinked.some((e) => e.targetId === staff.id && e.actorId === null)).toBe(true);
      },
    );

    it('When a demoted staff member has a link, then new orders are no longer sent to their chat', async () => {
      const admin = await loginAdmin(server);
      const staff = await newAdmin(server, 'Demoted Quiet');
      const person = telegramPerson('Quiet');
      await linkStaff(server, fake, staff, person);
      await server.api.patch(`/users/${staff.id}`, { user: { role: 'user' } }, admin.token);
      const watcher = await newAdmin(server, 'Watcher');
      const watching = telegramPerson('Watcher');
      await linkStaff(server, fake, watcher, watching);
      const id = await placePendingOrder(server);
      await orderMessageSaying(fake, watching.id, id, 'Processing');
      expect(orderMessages(fake, person.id, id)).toHaveLength(0);
    });
  });

  describe('Commands', () => {
    it('When a linked staff member sends /queue, /help and /stop, then the bot lists the pending orders, its commands, and unlinks', async () => {
      const desk = await newAdmin(server, 'Command Hand');
      const person = telegramPerson('Commander');
      await linkStaff(server, fake, desk, person);
      const id = await placePendingOrder(server);
      await orderMessageSaying(fake, person.id, id, 'Processing');

      // Twelve older orders waiting for a decision: the queue goes on past its ten lines.
      const dayAgo = Date.now() - 24 * 3_600_000;
      await insertOrderRows(
        server,
        Array.from({ length: 12 }, (_, i) => ({
          product: TOPUP_USD,
          method: 'nagad',
          status: 'pending',
          amount: '10',
          pmAmount: '1250',
          createdAt: new Date(dayAgo + i * 60_000),
        })),
      );

      let count = fake.botMessagesIn(person.id).length;
      fake.userSends(person, '/queue');
      const queue = await nextBotMessage(fake, person.id, count);
      // The ten oldest pending orders (by the second they were placed, as the API dates them), oldest first.
      const pending = await server.app.ctx.prisma.order.findMany({
        where: { status: 'pending' },
        select: { id: true, createdAt: true },
      });
      const oldest = pending
        .map((o) => ({ id: o.id, at: Math.floor(o.createdAt.getTime() / 1000) }))
        .sort((a, b) => a.at - b.at || (a.id < b.id ? -1 : 1))
        .slice(0, 10);
      const [title, ...lines] = queue.text.split('\n');
      expect(title).toBe(`Waiting for a decision: ${pending.length.toLocaleString('en-US')}. The oldest:`);
      expect(lines.slice(0, oldest.length).map((line) => line.split(' · ')[0])).toEqual(
        oldest.map((o) => o.id.slice(0, 10)),
      );
      expect(lines).toHaveLength(11);
      expect(lines.at(-1)).toBe("…and the rest in the shop's list.");
      expect(lines[0]).toContain('1xBet Topup (USD) · 10.00 USD · Nagad');

      count = fake.botMessagesIn(person.id).length;
      fake.userSends(person, '/help');
      expect((await nextBotMessage(fake, person.id, count)).text).toContain('/today');

      count = fake.botMessagesIn(person.id).length;
      fake.userSends(person, '/stop');
      expect((await nextBotMessage(fake, person.id, count)).text).toContain('Unlinked');
      expect(await server.app.ctx.prisma.telegramLink.count({ where: { userId: desk.id } })).toBe(0);
    });

    it('When /today is asked, then it shows the figures of GET /stats for today', async () => {
      const admin = await loginAdmin(server);
      const desk = await newAdmin(server, 'Figures Hand');
      const person = telegramPerson('Figures');
      await linkStaff(server, fake, desk, person);
      const stats = (
        await server.api.get<{ stats: { orders_by_status: Record<string, number> } }>('/stats?range=today', admin.token)
      ).body.stats;
      const count = fake.botMessagesIn(person.id).length;
      fake.userSends(person, '/today');
      const today = await nextBotMessage(fake, person.id, count);
      const total = Object.values(stats.orders_by_status).reduce((a, b) => a + b, 0);
      expect(today.text).toContain(`Orders: ${total.toLocaleString('en-US')}`);
      expect(today.text).toContain(`Processing: ${stats.orders_by_status.pending}`);
      expect(today.text).toContain(`Complete: ${stats.orders_by_status.complete}`);
    });
  });

  describe('Alerts', () => {
    it('When the shop raises a ticket, device or cap alert, then each linked staff chat gets it in its language', async () => {
      const en = telegramPerson('AlertEn');
      const bn = telegramPerson('AlertBn');
      await linkStaff(server, fake, await newAdmin(server, 'Alert En'), en);
      await linkStaff(server, fake, await newAdmin(server, 'Alert Bn'), bn, 'bn');
      const services = server.app.services;
      services.telegram.ticketMessage({ ticketNum: 1205, customerName: 'Jamal', text: 'My top-up has not arrived' });
      services.telegram.deviceAlert({ wallet: 'nagad', deviceName: 'Desk Nagad', problem: 'silent', minutes: 35 });
      services.telegram.capReached({ wallet: 'rocket' });
      await fake.waitUntil(
        () => fake.botMessagesIn(en.id).some((m) => m.text.includes('ticket #1,205 from Jamal')),
        'the ticket alert',
      );
      await fake.waitUntil(
        () =>
          fake
            .botMessagesIn(en.id)
            .some((m) => m.text.includes('Nagad phone "Desk Nagad" has sent nothing for 35 minutes')),
        'the device alert',
      );
      await fake.waitUntil(
        () => fake.botMessagesIn(en.id).some((m) => m.text.includes('Rocket reached its daily limit')),
        'the cap alert',
      );
      await fake.waitUntil(
        () => fake.botMessagesIn(bn.id).some((m) => m.text.includes('টিকিট #১,২০৫')),
        'the Bengali ticket alert',
      );
      await fake.waitUntil(
        () => fake.botMessagesIn(bn.id).some((m) => m.text.includes('৩৫ মিনিট')),
        'the Bengali device alert',
      );
    });

    it('When the daily cap of a method turns customers away, then staff hear it once that day, however many are refused', async () => {
      const person = telegramPerson('CapWatch');
      await linkStaff(server, fake, await newAdmin(server, 'Cap Watch'), person);
      const admin = await loginAdmin(server);
      const capped = await server.api.patch(
        '/pms/rocket',
        {
          pm: {
            wallet: '019000000033',
            confirm_wallet: '019000000033',
            available: true,
            daily_count_limit: 0,
            daily_amount_limit: null,
          },
        },
        admin.token,
      );
      expect(capped.status).toBe(200);
      try {
        const before = server.app.events.counts()['method.limitReached'] ?? 0;
        for (let i = 0; i < 3; i += 1) {
          const res = await server.api.post('/orders/1xbet_topup_bdt', {
            order: topupPayload({ pm_method: 'rocket' }),
          });
          expect(res.body.key).toBe('errors.methodLimitReached');
        }
        expect(server.app.events.counts()['method.limitReached']).toBe(before + 3);
        await fake.waitUntil(
          () => fake.botMessagesIn(person.id).some((m) => m.text.includes('Rocket reached its daily limit')),
          'the cap alert',
        );
        await sleep(300);
        expect(
          fake.botMessagesIn(person.id).filter((m) => m.text.includes('Rocket reached its daily limit')),
        ).toHaveLength(1);
      } finally {
        await server.api.patch(
          '/pms/rocket',
          {
            pm: {
              wallet: '019000000033',
              confirm_wallet: '019000000033',
              available: true,
              daily_count_limit: null,
              daily_amount_limit: null,
            },
          },
          admin.token,
        );
      }
    });
  });

  // Telegram's faults reach the shop the same way whatever the database: on PGlite only (60 s of a CI run saved).
  describe.runIf(db === 'pglite')('Telegram failing', () => {
    /** How long the shop takes to place and pay an order (the requests that announce it to the desk). */
    async function orderRoundTrips(n: number): Promise<number[]> {
      const times: number[] = [];
      for (let i = 0; i < n; i += 1) {
        const started = performance.now();
        await placePendingOrder(server);
        times.push(performance.now() - started);
      }
      return times;
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    /** Still the shop's usual speed, give or take what a busy 2-core test machine adds at random. */
    const usual = (baseline: number) => baseline * 2 + 500;
    /** One staff chat only (the earlier tests' chats would make every order a dozen sends). */
    async function linkOnly(name: string) {
      await server.app.ctx.prisma.telegramLink.deleteMany({});
      const person = telegramPerson(name);
      await linkStaff(server, fake, await newAdmin(server, `${name} Hand`), person);
      await waitFor(
        async () => server.app.ctx.prisma.telegramOutbox.count(),
        (n) => n === 0,
        15_000,
      );
      return person;
    }

    it('When Telegram answers 429 with retry_after, then the message waits that long and arrives once; the shop is not slowed', async () => {
      const person = await linkOnly('Patient');
      const baseline = median(await orderRoundTrips(5));

      fake.failNext('sendMessage', { status: 429, retryAfter: 2 });
      const started = Date.now();
      const during = await orderRoundTrips(5);
      const id = await placePendingOrder(server);
      await orderMessageSaying(fake, person.id, id, 'Processing');
      // The first send met the 429: nothing went out before retry_after passed.
      const refusedAt = fake.callsOf('sendMessage').find((c) => c.at >= started)!.at;
      const nextSend = fake.callsOf('sendMessage').find((c) => c.at > refusedAt)!.at;
      expect(nextSend - refusedAt).toBeGreaterThanOrEqual(1_900);
      expect(median(during)).toBeLessThan(usual(baseline));
      expect(orderMessages(fake, person.id, id)).toHaveLength(1);
      await telegramHealth(server, 'up');
    });

    it('When Telegram answers 500 or drops connections, then /health says down, shop requests keep their speed, and the messages arrive after it recovers', async () => {
      const person = await linkOnly('Outage');
      const baseline = median(await orderRoundTrips(5));

      fake.failAll({ status: 500 });
      const during500 = await orderRoundTrips(5);
      const id = await placePendingOrder(server);
      await telegramHealth(server, 'down');
      fake.failAll({ drop: true });
      const duringDrops = await orderRoundTrips(5);
      const health = await server.api.get<{ status: string; telegram: string }>('/health');
      expect(health.status).toBe(200);
      expect(health.body).toMatchObject({ status: 'ok', telegram: 'down' });
      expect(median(during500)).toBeLessThan(usual(baseline));
      expect(median(duringDrops)).toBeLessThan(usual(baseline));

      fake.recover();
      await telegramHealth(server, 'up', 30_000);
      await fake.waitUntil(
        () => orderMessages(fake, person.id, id).length === 1,
        'the message after the outage',
        30_000,
      );
    });

    it('When Telegram is slow to answer, then shop requests do not wait for it', async () => {
      await linkOnly('Slow');
      const baseline = median(await orderRoundTrips(5));
      // Every answer of Telegram takes 8 s: a request that waited for a send could not be faster than that.
      fake.slowDown(8_000);
      try {
        const slow = await orderRoundTrips(5);
        expect(median(slow)).toBeLessThan(usual(baseline));
        expect(Math.max(...slow)).toBeLessThan(8_000);
      } finally {
        fake.slowDown(0);
      }
    });
  });
});

describe('Telegram desk in webhook mode', () => {
  const fake = useFakeTelegram();
  const server = useTestServer(() => ({
    env: telegramEnv(fake, { TELEGRAM_WEBHOOK_URL: 'https://shop.example/api/v1/telegram/webhook' }),
  }));

  it('When the shop starts with TELEGRAM_WEBHOOK_URL, then it sets the webhook with a secret token and never polls', async () => {
    await fake.waitUntil(() => fake.webhook, 'setWebhook');
    fake.deliverWebhookTo(`${server.url}/api/v1/telegram/webhook`);
    expect(fake.webhook!.url).toBe('https://shop.example/api/v1/telegram/webhook');
    expect(fake.webhook!.secretToken).toMatch(/^[A-Za-z0-9_-]{20,256}$/);
    expect(fake.callsOf('getUpdates')).toHaveLength(0);
    expect(fake.callsOf('setWebhook')[0].params.allowed_updates).toEqual(['message', 'callback_query']);
  });

  it('When Telegram posts updates with the secret, then the bot links and acts as in polling mode', async () => {
    const desk = await newAdmin(server, 'Hook Hand');
    const person = telegramPerson('Hook');
    await linkStaff(server, fake, desk, person);
    expect(fake.webhookDeliveries.every((d) => d.status === 200)).toBe(true);
    const id = await placePendingOrder(server);
    const [message] = await orderMessageSaying(fake, person.id, id, 'Processing');
    await markPaymentVerified(server, id);
    const query = fake.userPresses(person, message.message_id, `o:complete:${id.slice(0, 10)}`);
    expect((await fake.waitUntil(() => fake.callbackAnswers.get(query), 'the toast')).text).toBe('Completed');
    expect(fake.callsOf('getUpdates')).toHaveLength(0);
  });

  it('When someone posts an update without the secret or with a wrong one, then it is refused and nothing happens', async () => {
    const desk = await newAdmin(server, 'Target Hand');
    const code = (await server.api.post<{ code: string }>('/account/telegram', {}, desk.token)).body.code;
    const forged = {
      update_id: 99,
      message: {
        message_id: 1,
        date: 1,
        chat: { id: 4242, type: 'private' },
        from: { id: 4242, is_bot: false, first_name: 'Eve' },
        text: `/start ${code}`,
        entities: [{ type: 'bot_command', offset: 0, length: 6 }],
      },
    };
    const url = `${server.url}/api/v1/telegram/webhook`;
    for (const headers of [{}, { 'x-telegram-bot-api-secret-token': 'wrong-secret' }] as Record<string, string>[]) {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(forged),
      });
      expect(res.status).toBe(401);
      expect(((await res.json()) as { ok: boolean }).ok).toBe(false);
    }
    const malformed = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': fake.webhook!.secretToken! },
      body: JSON.stringify({ hello: 'world' }),
    });
    expect(malformed.status).toBe(400);
    expect(await server.app.ctx.prisma.telegramLink.count({ where: { chatId: 4242n } })).toBe(0);
    expect(await server.app.ctx.prisma.telegramLinkCode.count({ where: { userId: desk.id } })).toBe(1);
  });
});

describe('Telegram desk switched off', () => {
  const server = useTestServer();

  it('When no bot token is set, then /health says disabled, linking says so, and orders go on as before', async () => {
    const health = await server.api.get<{ telegram: string; status: string }>('/health');
    expect(health.body).toMatchObject({ telegram: 'disabled', status: 'ok' });
    const admin = await loginAdmin(server);
    const res = await server.api.post('/account/telegram', {}, admin.token);
    expect(res.status).toBe(409);
    expect(res.body.key).toBe('errors.telegramDisabled');
    const me = await server.api.get<{ user: { telegram: unknown } }>('/users/me', admin.token);
    // No bot: the settings offer no link.
    expect(me.body.user.telegram).toEqual({ linked: false, username: null, available: false });
    const id = await placePendingOrder(server);
    expect(
      (await server.api.patch<{ order: AdminOrderDto }>(`/orders/${id}`, { order: COMPLETE_CHECKED }, admin.token))
        .status,
    ).toBe(200);
    expect((await server.api.post('/telegram/webhook', { update_id: 1 })).status).toBe(404);
    await waitFor(
      async () => server.app.ctx.prisma.telegramOutbox.count(),
      (n) => n === 0,
      1_000,
    );
  });
});

describe('A linked chat while the shop requires two-factor sign-in of staff (STAFF_2FA=required)', () => {
  const fake = useFakeTelegram();
  const server = useTestServer(() => ({ env: telegramEnv(fake, { STAFF_2FA: 'required' }) }));
  const setSecondFactor = (id: string, on: boolean) =>
    server.app.ctx.prisma.user.update({ where: { id }, data: { twoFactor: on } });

  it('When the staff member has no second factor (the chat was linked while it was optional), then its buttons and commands are refused with a message to set it up and it gets no order messages; once it is on, the chat acts again', async () => {
    const staff = await newAdmin(server, 'Late Factor');
    const person = telegramPerson('Late');
    await setSecondFactor(staff.id, true);
    await linkStaff(server, fake, staff, person);
    const first = await placePendingOrder(server);
    const [message] = await orderMessageSaying(fake, person.id, first, 'Processing');

    // As a chat linked under STAFF_2FA=optional finds itself when the shop starts requiring it.
    await setSecondFactor(staff.id, false);
    const pressed = fake.userPresses(person, message.message_id, `o:claim:${first.slice(0, 10)}`);
    expect((await fake.waitUntil(() => fake.callbackAnswers.get(pressed), 'the toast')).text).toBe(
      'Turn on two-factor sign-in on the website first',
    );
    const holder = async () =>
      (await server.app.ctx.prisma.order.findUniqueOrThrow({ where: { id: first } })).assigneeId;
    expect(await holder()).toBeNull();
    const count = fake.botMessagesIn(person.id).length;
    fake.userSends(person, '/queue');
    const answer = await nextBotMessage(fake, person.id, count, 'the answer to /queue');
    expect(answer.text).toContain('This chat acts for you only once two-factor sign-in is on');
    const second = await placePendingOrder(server);
    await sleep(800);
    expect(orderMessages(fake, person.id, second)).toHaveLength(0);

    await setSecondFactor(staff.id, true);
    const again = fake.userPresses(person, message.message_id, `o:claim:${first.slice(0, 10)}`);
    expect((await fake.waitUntil(() => fake.callbackAnswers.get(again), 'the toast')).text).toBe(
      'Claimed: the order is yours',
    );
    expect(await holder()).toBe(staff.id);
  });
});
