// The support console's API: canned replies (admin CRUD, validated, audited in the change's own
// transaction, nothing recorded when a change fails) and tickets about an order (the owner's own only, shown in the
// ticket's views with the language it was written in).
import { beforeAll, describe, expect, it } from 'vitest';
import type { TicketDto } from '#shared/api-types';
import type { AuditEntryDto } from '#shared/audit';
import { REPLY_LIMITS, type CannedReplyDto } from '#shared/replies';
import { useTestServer } from '../support/server.js';
import { testDatabases } from '../support/databases.js';
import { createUser, loginAdmin, type TestUser } from '../factories/users.js';
import { placeOrder, placePendingOrder, TOPUP_BDT, WITHDRAW_BDT, withdrawPayload } from '../factories/orders.js';
import { openTicket } from '../factories/tickets.js';

const REPLY = {
  title: 'Payment received',
  text_en: 'We received {amount} for order {order_id}. It will reach {wallet} soon.',
  text_bn: 'অর্ডার {order_id} এর {amount} পেয়েছি। শিগগিরই {wallet} এ পৌঁছাবে।',
};

describe.each(testDatabases())('Support console on %s', (db) => {
  const server = useTestServer({ db });
  let admin: TestUser;
  let customer: TestUser;
  beforeAll(async () => {
    admin = await loginAdmin(server);
    customer = await createUser(server, { name: 'Nusrat Jahan' });
  });

  const auditCount = () => server.app.ctx.prisma.auditEntry.count({ where: { targetType: 'reply' } });
  async function latestEntry(): Promise<AuditEntryDto> {
    const res = await server.api.get<{ entries: AuditEntryDto[] }>('/audit?page=1', admin.token);
    return res.body.entries.find((e) => e.target_type === 'reply')!;
  }
  async function addReply(fields: Partial<typeof REPLY> = {}): Promise<CannedReplyDto> {
    const res = await server.api.post<{ reply: CannedReplyDto }>(
      '/replies',
      { reply: { ...REPLY, ...fields } },
      admin.token,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.reply;
  }

  describe('canned replies', () => {
    it('When the admin adds, lists, edits and deletes a reply, then each change answers the reply and records one entry', async () => {
      const before = await auditCount();
      const created = await server.api.post<{ reply: CannedReplyDto }>(
        '/replies',
        { reply: { ...REPLY, title: '  Payment received  ' } },
        admin.token,
      );
      expect(created.status).toBe(201);
      expect(created.headers.get('ratelimit-policy')).toBeTruthy();
      const reply = created.body.reply;
      expect(reply).toMatchObject({
        id: expect.any(Number),
        title: 'Payment received',
        text_en: REPLY.text_en,
        text_bn: REPLY.text_bn,
      });
      expect(await auditCount()).toBe(before + 1);
      expect(await latestEntry()).toMatchObject({
        actor: { id: admin.id },
        action: 'reply.create',
        target_id: String(reply.id),
        before: null,
        after: { title: 'Payment received', text_en: REPLY.text_en, text_bn: REPLY.text_bn },
      });

      const list = await server.api.get<{ replies: CannedReplyDto[] }>('/replies', admin.token);
      expect(list.status).toBe(200);
      expect(list.body.replies.find((r) => r.id === reply.id)).toEqual(reply);

      const edited = await server.api.patch<{ reply: CannedReplyDto }>(
        `/replies/${reply.id}`,
        { reply: { ...REPLY, title: 'Payment arrived' } },
        admin.token,
      );
      expect(edited.status).toBe(200);
      expect(edited.body.reply).toMatchObject({ id: reply.id, title: 'Payment arrived' });
      expect(await auditCount()).toBe(before + 2);
      expect(await latestEntry()).toMatchObject({
        action: 'reply.update',
        before: { title: 'Payment received' },
        after: { title: 'Payment arrived' },
      });
      // Saving it unchanged is answered as done and records nothing (decision 110).
      expect(
        (await server.api.patch(`/replies/${reply.id}`, { reply: { ...REPLY, title: 'Payment arrived' } }, admin.token))
          .status,
      ).toBe(200);
      expect(await auditCount()).toBe(before + 2);

      expect((await server.api.delete(`/replies/${reply.id}`, {}, admin.token)).status).toBe(200);
      expect(await auditCount()).toBe(before + 3);
      expect(await latestEntry()).toMatchObject({
        action: 'reply.delete',
        target_id: String(reply.id),
        before: { title: 'Payment arrived' },
        after: null,
      });
      const after = await server.api.get<{ replies: CannedReplyDto[] }>('/replies', admin.token);
      expect(after.body.replies.some((r) => r.id === reply.id)).toBe(false);
    });

    it('When the list is read, then it is ordered by title', async () => {
      const b = await addReply({ title: 'Zz last one' });
      const a = await addReply({ title: 'Aa first one' });
      const list = await server.api.get<{ replies: CannedReplyDto[] }>('/replies', admin.token);
      const titles = list.body.replies.map((r) => r.title);
      expect(titles).toEqual([...titles].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0)));
      expect(titles.indexOf(a.title)).toBeLessThan(titles.indexOf(b.title));
    });

    it.each([
      ['a missing Bengali text', { text_bn: undefined }, 'text_bn', 'validation.required'],
      ['an empty English text', { text_en: '   ' }, 'text_en', 'validation.required'],
      ['a one-letter title', { title: 'x' }, 'title', 'validation.replyTitleLength'],
      ['a title too long', { title: 't'.repeat(REPLY_LIMITS.title.max + 1) }, 'title', 'validation.replyTitleLength'],
      ['a text too long', { text_en: 'w'.repeat(REPLY_LIMITS.text.max + 1) }, 'text_en', 'validation.replyTextLength'],
      ['an unknown variable', { text_en: 'Your total is {total}' }, 'text_en', 'validation.replyVariableUnknown'],
      ['a variable in capitals', { text_bn: 'পরিমাণ {Amount}' }, 'text_bn', 'validation.replyVariableUnknown'],
      ['an unclosed brace', { text_en: 'Order {order_id is done' }, 'text_en', 'validation.replyVariableUnknown'],
      ['a title that is not text', { title: 42 }, 'title', 'validation.required'],
    ])(
      'When a reply with %s is sent, then 400 names the field with its key and nothing is stored or recorded',
      async (_case, fields, field, key) => {
        const rows = await server.app.ctx.prisma.cannedReply.count();
        const entries = await auditCount();
        const res = await server.api.post('/replies', { reply: { ...REPLY, ...fields } }, admin.token);
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ ok: false, key: 'errors.validation', errors: { [field]: key } });
        const existing = await addReply();
        const edit = await server.api.patch(`/replies/${existing.id}`, { reply: { ...REPLY, ...fields } }, admin.token);
        expect(edit.status).toBe(400);
        expect(edit.body.errors).toMatchObject({ [field]: key });
        expect(await server.app.ctx.prisma.cannedReply.count()).toBe(rows + 1);
        expect(await auditCount()).toBe(entries + 1);
      },
    );

    it('When unknown fields, a bad id or an unknown reply are sent, then 400/404 and no entry', async () => {
      const entries = await auditCount();
      expect((await server.api.post('/replies', { reply: { ...REPLY, sticky: true } }, admin.token)).status).toBe(400);
      expect((await server.api.post('/replies', { reply: 'hello' }, admin.token)).status).toBe(400);
      expect((await server.api.patch('/replies/999999', { reply: REPLY }, admin.token)).body).toMatchObject({
        ok: false,
        key: 'errors.replyNotFound',
      });
      expect((await server.api.patch('/replies/999999', { reply: REPLY }, admin.token)).status).toBe(404);
      expect((await server.api.patch('/replies/abc', { reply: REPLY }, admin.token)).status).toBe(404);
      expect((await server.api.delete('/replies/999999', {}, admin.token)).status).toBe(404);
      expect((await server.api.delete('/replies/-1', {}, admin.token)).status).toBe(404);
      expect(await auditCount()).toBe(entries);
    });

    it('When a customer or a guest calls, then 403 (code -10033) or 401 and nothing changes', async () => {
      const reply = await addReply();
      const entries = await auditCount();
      const list = await server.api.get('/replies', customer.token);
      expect(list.status).toBe(403);
      expect(list.body).toMatchObject({ ok: false, key: 'errors.adminOnly', code: -10033 });
      expect((await server.api.post('/replies', { reply: REPLY }, customer.token)).status).toBe(403);
      expect(
        (await server.api.patch(`/replies/${reply.id}`, { reply: { ...REPLY, title: 'Hijacked' } }, customer.token))
          .status,
      ).toBe(403);
      expect((await server.api.delete(`/replies/${reply.id}`, {}, customer.token)).status).toBe(403);
      expect((await server.api.get('/replies')).status).toBe(401);
      expect((await server.api.delete(`/replies/${reply.id}`, {})).status).toBe(401);
      const stored = await server.app.ctx.prisma.cannedReply.findUniqueOrThrow({ where: { id: reply.id } });
      expect(stored.title).toBe(REPLY.title);
      expect(await auditCount()).toBe(entries);
    });

    it('When the shop holds the most replies it keeps, then adding one more is 409 and records nothing', async () => {
      const have = await server.app.ctx.prisma.cannedReply.count();
      await server.app.ctx.prisma.cannedReply.createMany({
        data: Array.from({ length: REPLY_LIMITS.count - have }, (_, i) => ({
          title: `Filler ${i}`,
          textEn: 'Thanks!',
          textBn: 'ধন্যবাদ!',
        })),
      });
      const entries = await auditCount();
      const res = await server.api.post('/replies', { reply: REPLY }, admin.token);
      expect(res.status).toBe(409);
      expect(res.body.key).toBe('errors.replyLimitReached');
      expect(await server.app.ctx.prisma.cannedReply.count()).toBe(REPLY_LIMITS.count);
      expect(await auditCount()).toBe(entries);
      await server.app.ctx.prisma.cannedReply.deleteMany({ where: { title: { startsWith: 'Filler ' } } });
    });
  });

  describe('tickets about an order', () => {
    it('When a customer opens a ticket about their own order, then every view names it and the conversation shows it', async () => {
      const order = await placeOrder(server, WITHDRAW_BDT, withdrawPayload({ wallet: '01812345678' }), customer.token);
      const res = await server.api.post(
        '/supports',
        { support: { subject: WITHDRAW_BDT, text: 'My withdrawal has not arrived yet', order_id: order, lang: 'bn' } },
        customer.token,
      );
      expect(res.status).toBe(201);
      const id = res.body.id as string;

      const mine = await server.api.get<{ supports: TicketDto[] }>('/supports/all', customer.token);
      expect(mine.body.supports.find((t) => t.id === id)).toMatchObject({ order_id: order, lang: 'bn' });
      const all = await server.api.get<{ supports: TicketDto[] }>('/supports/all', admin.token);
      expect(all.body.supports.find((t) => t.id === id)).toMatchObject({ order_id: order, lang: 'bn' });

      const expected = {
        id: order,
        product_id: WITHDRAW_BDT,
        status: 'waiting',
        amount: 1000,
        pm_method: 'nagad',
        wallet: '01812345678',
        pm_id: null,
        pm_amount: expect.any(Number),
        pm_wallet: expect.any(String),
        created_at: expect.any(Number),
      };
      const asOwner = await server.api.get<{ support: TicketDto }>(`/supports/${id}`, customer.token);
      expect(asOwner.body.support).toMatchObject({ order_id: order, lang: 'bn', order: expected });
      const asAdmin = await server.api.get<{ support: TicketDto }>(`/supports/${id}`, admin.token);
      expect(asAdmin.body.support.order).toEqual(asOwner.body.support.order);
      // Replies answer the conversation with the order, as it is now.
      expect(
        (await server.api.patch(`/orders/${order}`, { order: { onex_id: '123456789', w_code: 'AB12' } })).status,
      ).toBe(200);
      const reply = await server.api.patch<{ support: TicketDto }>(
        `/supports/${id}`,
        { support: { text: 'We are on it' } },
        admin.token,
      );
      expect(reply.body.support.order).toMatchObject({ id: order, status: 'pending' });
    });

    it("When a customer names another customer's order or an unknown one, then 404 and no ticket; a malformed id is 400 naming order_id", async () => {
      const other = await createUser(server);
      const theirs = await placePendingOrder(server, other.token);
      const guests = await placeOrder(server, TOPUP_BDT);
      const tickets = () => server.app.ctx.prisma.ticket.count();
      const before = await tickets();
      for (const orderId of [theirs, guests, 'no-such-order-0123456789']) {
        const res = await server.api.post(
          '/supports',
          { support: { subject: 'other', text: 'Please check this order for me', order_id: orderId } },
          customer.token,
        );
        expect(res.status, orderId).toBe(404);
        expect(res.body.key).toBe('errors.orderNotFound');
      }
      for (const orderId of ['../etc/passwd', '', 42, { id: theirs }]) {
        const res = await server.api.post(
          '/supports',
          { support: { subject: 'other', text: 'Please check this order for me', order_id: orderId } },
          customer.token,
        );
        expect(res.status, JSON.stringify(orderId)).toBe(400);
        expect(res.body.errors).toMatchObject({ order_id: 'validation.invalid' });
      }
      const badLang = await server.api.post(
        '/supports',
        { support: { subject: 'other', text: 'Please check this order for me', lang: 'fr' } },
        customer.token,
      );
      expect(badLang.status).toBe(400);
      expect(badLang.body.errors).toMatchObject({ lang: 'validation.invalid' });
      expect(await tickets()).toBe(before);
    });

    it('When a ticket names no order, then order_id and order are null and the language follows the text', async () => {
      const english = await openTicket(server, customer, { text: 'Where is my top-up please?' });
      const bengali = await openTicket(server, customer, { text: 'আমার টপআপ এখনো আসেনি, দয়া করে দেখুন' });
      const en = await server.api.get<{ support: TicketDto }>(`/supports/${english}`, customer.token);
      expect(en.body.support).toMatchObject({ order_id: null, order: null, lang: 'en' });
      const bn = await server.api.get<{ support: TicketDto }>(`/supports/${bengali}`, admin.token);
      expect(bn.body.support).toMatchObject({ order_id: null, order: null, lang: 'bn' });
    });

    it('When another customer asks for a ticket about an order, then 404: the order is seen only through its own ticket', async () => {
      const order = await placePendingOrder(server, customer.token);
      const id = await openTicket(server, customer, { subject: TOPUP_BDT });
      await server.app.ctx.prisma.ticket.update({ where: { id }, data: { orderId: order } });
      const stranger = await createUser(server);
      const res = await server.api.get(`/supports/${id}`, stranger.token);
      expect(res.status).toBe(404);
      expect(JSON.stringify(res.body)).not.toContain(order);
      // Should the order ever belong to someone else, the owner's view no longer shows it; the admin's still does.
      await server.app.ctx.prisma.order.update({ where: { id: order }, data: { userId: stranger.id } });
      expect(
        (await server.api.get<{ support: TicketDto }>(`/supports/${id}`, customer.token)).body.support.order,
      ).toBeNull();
      expect(
        (await server.api.get<{ support: TicketDto }>(`/supports/${id}`, admin.token)).body.support.order,
      ).toMatchObject({ id: order });
    });
  });
});
