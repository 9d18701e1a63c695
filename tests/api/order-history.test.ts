// The admin's order history: GET /orders/all filters (none: the live queue as before), paging, the
// customers beside the orders, and GET /orders/export.csv parsed back.
import { beforeAll, describe, expect, it } from 'vitest';
import type { OrderDto } from '#shared/api-types';
import { ORDER_CSV_COLUMNS, type OrderCustomerDto } from '#shared/order-filters';
import { useTestServer } from '../support/server.js';
import { testDatabases } from '../support/databases.js';
import { fetchCsv, parseCsv } from '../support/csv.js';
import { insertOrderRows } from '../factories/order-rows.js';
import { createUser, loginAdmin, type TestUser } from '../factories/users.js';
import {
  COMPLETE_PAID_OUT,
  placeOrder,
  placePendingOrder,
  TOPUP_BDT,
  TOPUP_USD,
  topupPayload,
  uniquePmId,
  WITHDRAW_BDT,
  withdrawPayload,
} from '../factories/orders.js';

/** order_ref('AbCdEfGhIjKlMnOpQrStUv'), as the migration's function computes it. */
const FIXED_REF = 'S7Z-137';

type ListBody = { orders: OrderDto[]; pages: number; customers: Record<string, OrderCustomerDto> };

describe.each(testDatabases())('Order history on %s', (db) => {
  const server = useTestServer({ db });
  let admin: TestUser;
  let rahim: TestUser;
  const ids: Record<string, string> = {};
  const payId = uniquePmId();

  beforeAll(async () => {
    admin = await loginAdmin(server);
    rahim = await createUser(server, { name: 'রহিম Uddin', email: 'rahim.history@example.com' });
    // waiting top-up (bkash) by Rahim, with a 1xBet id to find
    ids.waiting = await placeOrder(
      server,
      TOPUP_BDT,
      topupPayload({ onex_id: '987654321', contact_email: 'waiting@example.com' }),
      rahim.token,
    );
    // pending top-up (nagad) by a customer whose name looks like a spreadsheet formula, with its transaction id
    const trickster = await createUser(server, { name: '=2+3 Trick', email: 'trick.history@example.com' });
    ids.pending = await placeOrder(
      server,
      TOPUP_USD,
      topupPayload({ pm_method: 'nagad', amount: '20', contact_email: 'guest@example.com' }),
      trickster.token,
    );
    expect((await server.api.patch(`/orders/${ids.pending}`, { order: { pm_id: payId } })).status).toBe(200);
    // complete withdrawal (rocket) to a wallet
    ids.complete = await placeOrder(
      server,
      WITHDRAW_BDT,
      withdrawPayload({ pm_method: 'rocket', wallet: '01811112222', contact_email: 'seller@example.com' }),
      rahim.token,
    );
    expect(
      (await server.api.patch(`/orders/${ids.complete}`, { order: { onex_id: '123123123', w_code: 'ABCD' } })).status,
    ).toBe(200);
    expect((await server.api.patch(`/orders/${ids.complete}`, { order: COMPLETE_PAID_OUT }, admin.token)).status).toBe(
      200,
    );
    // cancelled by the admin, placed "last year"
    ids.old = await placePendingOrder(server);
    expect((await server.api.patch(`/orders/${ids.old}`, { order: { status: 'cancelled' } }, admin.token)).status).toBe(
      200,
    );
    await server.app.ctx.prisma.order.update({
      where: { id: ids.old },
      data: { createdAt: new Date('2025-06-15T10:00:00Z') },
    });
  });

  const list = async (query: string) => {
    const res = await server.api.get<ListBody>(`/orders/all?${query}`, admin.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };
  const idsOf = (body: ListBody) => body.orders.map((o) => o.id).sort();
  const sorted = (...names: string[]) => names.map((n) => ids[n]).sort();

  it('When no filter is given, then the live queue as before: pending first, then waiting', async () => {
    const body = await list('page=1');
    expect(body.orders.map((o) => o.id)).toEqual([ids.pending, ids.waiting]);
  });

  it('When status is all or one status, then every order or only those, newest first', async () => {
    const all = await list('status=all');
    expect(idsOf(all)).toEqual(sorted('waiting', 'pending', 'complete', 'old'));
    const times = all.orders.map((o) => o.created_at);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(idsOf(await list('status=complete'))).toEqual([ids.complete]);
    expect(idsOf(await list('status=admin_cancelled'))).toEqual([ids.old]);
  });

  it('When product or method is given, then only those orders', async () => {
    expect(idsOf(await list('product=1xbet_withdraw_bdt'))).toEqual([ids.complete]);
    expect(idsOf(await list('product=1xbet_topup_usd&status=all'))).toEqual([ids.pending]);
    expect(idsOf(await list('method=rocket'))).toEqual([ids.complete]);
    expect(idsOf(await list('method=nagad&product=1xbet_topup_bdt'))).toEqual([]);
  });

  it('When from and to are given (unix seconds, inclusive), then only orders created in between', async () => {
    const old = Math.floor(new Date('2025-06-15T10:00:00Z').getTime() / 1000);
    expect(idsOf(await list(`from=${old}&to=${old}`))).toEqual([ids.old]);
    expect(idsOf(await list(`to=${old - 1}`))).toEqual([]);
    expect(idsOf(await list(`from=${old + 1}`))).toEqual(sorted('waiting', 'pending', 'complete'));
  });

  it('When q is given, then it matches an id prefix, pm_id, onex_id, wallet, contact e-mail, customer name or e-mail', async () => {
    expect(idsOf(await list(`q=${encodeURIComponent(ids.pending.slice(0, 8))}`))).toEqual([ids.pending]);
    expect(idsOf(await list(`q=${payId}`))).toEqual([ids.pending]);
    expect(idsOf(await list('q=987654321'))).toEqual([ids.waiting]);
    expect(idsOf(await list('q=01811112222'))).toEqual([ids.complete]);
    // Bengali digits are the same number.
    expect(idsOf(await list(`q=${encodeURIComponent('০১৮১১১১২২২২')}`))).toEqual([ids.complete]);
    expect(idsOf(await list('q=guest%40example'))).toEqual([ids.pending]);
    expect(idsOf(await list(`q=${encodeURIComponent('রহিম')}`))).toEqual(sorted('waiting', 'complete'));
    expect(idsOf(await list('q=RAHIM.HISTORY'))).toEqual(sorted('waiting', 'complete'));
    expect(idsOf(await list('q=nothing-like-this'))).toEqual([]);
  });

  it('When staff search for a short reference, then every order that has it is listed, however it is typed (decision 284)', async () => {
    // Derived from the id alone, the same on both databases.
    const [fixed] = await server.app.ctx.prisma.$queryRaw<
      { ref: string }[]
    >`SELECT order_ref('AbCdEfGhIjKlMnOpQrStUv') AS ref`;
    expect(fixed.ref).toBe(FIXED_REF);
    const order = (await server.api.get(`/orders/${ids.waiting}`)).body.order as OrderDto;
    expect(order.ref).toMatch(/^[A-HJ-NP-Z]\d[A-HJ-NP-Z]-\d{3}$/);
    for (const typed of [
      order.ref,
      order.ref.toLowerCase().replace('-', ''),
      order.ref.replace(/\d/g, (d) => '০১২৩৪৫৬৭৮৯'[Number(d)]),
    ])
      expect(idsOf(await list(`q=${encodeURIComponent(typed)}`))).toContain(ids.waiting);
    // Two ids that share a reference: both are listed, the staff tell them apart by the whole id.
    const [pair] = await server.app.ctx.prisma.$queryRaw<{ a: string; b: string }[]>`
      SELECT min(id) AS a, max(id) AS b FROM (SELECT 'shared-ref-' || n AS id FROM generate_series(1, 20000) n) c
      GROUP BY order_ref(id) HAVING count(*) > 1 LIMIT 1`;
    await insertOrderRows(
      server,
      [pair.a, pair.b].map((id) => ({
        id,
        product: TOPUP_BDT,
        method: 'bkash',
        status: 'complete',
        amount: '100',
        pmAmount: '100',
        createdAt: new Date(),
      })),
    );
    const shared = (await server.api.get(`/orders/${pair.a}`)).body.order as OrderDto;
    expect(idsOf(await list(`status=all&q=${shared.ref}`))).toEqual(expect.arrayContaining([pair.a, pair.b]));
  });

  it('When the admin lists, then each customer is beside the orders with number, name, e-mail and order count', async () => {
    const body = await list('q=rahim.history');
    const customer = body.customers[rahim.id];
    expect(customer).toMatchObject({ id: rahim.id, name: 'রহিম Uddin', email: 'rahim.history@example.com', orders: 2 });
    expect(customer.num).toBeGreaterThan(0);
  });

  it('When there are more orders than a page, then pages count them and page 2 holds the rest', async () => {
    const prisma = server.app.ctx.prisma;
    const extra: string[] = [];
    for (let i = 0; i < 11; i += 1)
      extra.push(await placeOrder(server, TOPUP_BDT, topupPayload({ contact_email: `page${i}@paging.example` })));
    const first = await list('q=paging.example&page=1');
    const second = await list('q=paging.example&page=2');
    expect(first.pages).toBe(Math.ceil(11 / first.orders.length));
    expect([...first.orders, ...second.orders].map((o) => o.id).sort()).toEqual(extra.sort());
    await prisma.order.updateMany({ where: { id: { in: extra } }, data: { status: 'user_cancelled' } });
  });

  it('When a filter is malformed, then 400 with the field named and nothing else; a customer still sees their own', async () => {
    for (const [query, field] of [
      ['status=done', 'status'],
      ['product=pizza', 'product'],
      ['method=paypal', 'method'],
      ['from=yesterday', 'from'],
      ['from=200&to=100', 'to'],
      [`q=${'x'.repeat(101)}`, 'q'],
    ]) {
      const res = await server.api.get(`/orders/all?${query}`, admin.token);
      expect(res.status, query).toBe(400);
      expect(res.body.errors?.[field], query).toBe('validation.invalid');
    }
    const mine = await server.api.get<ListBody>('/orders/all?status=all', rahim.token);
    expect(mine.status).toBe(200);
    expect(idsOf(mine.body)).toEqual(sorted('waiting', 'complete'));
    expect(mine.body.customers).toBeUndefined();
  });

  it('When the admin exports, then a UTF-8 CSV with a BOM, the header and one row per matching order', async () => {
    const res = await fetchCsv(server.url + '/api/v1', '/orders/export.csv?status=all', admin.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.text.charCodeAt(0)).toBe(0xfeff);
    const rows = parseCsv(res.text.slice(1));
    expect(rows[0]).toEqual([...ORDER_CSV_COLUMNS]);
    const byId = new Map(
      rows.slice(1).map((r) => [r[0], Object.fromEntries(ORDER_CSV_COLUMNS.map((c, i) => [c, r[i]]))]),
    );
    expect(byId.size).toBe(rows.length - 1);
    const complete = byId.get(ids.complete)!;
    expect(complete).toMatchObject({
      status: 'complete',
      product: '1xbet_withdraw_bdt',
      method: 'rocket',
      amount: '1000',
      customer: 'রহিম Uddin',
      contact_email: 'seller@example.com',
      completed_by: admin.name,
    });
    expect(complete.created).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(complete.completed_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // A cell a spreadsheet would run as a formula is defused.
    expect(byId.get(ids.pending)).toMatchObject({
      pm_id: payId,
      customer: "'=2+3 Trick",
      completed_at: '',
      completed_by: '',
      method: 'nagad',
    });
    expect(byId.get(ids.old)?.customer).toBe('');
    expect(byId.get(ids.old)?.created).toBe('2025-06-15 16:00:00');
  });

  it('When the export is filtered, then the same filters apply; bad ones 400; users 403; guests 401', async () => {
    const res = await fetchCsv(
      server.url + '/api/v1',
      `/orders/export.csv?q=${encodeURIComponent('রহিম')}`,
      admin.token,
    );
    const rows = parseCsv(res.text.slice(1));
    expect(
      rows
        .slice(1)
        .map((r) => r[0])
        .sort(),
    ).toEqual(sorted('waiting', 'complete'));
    const empty = await fetchCsv(server.url + '/api/v1', '/orders/export.csv?q=nothing-like-this', admin.token);
    expect(parseCsv(empty.text.slice(1))).toEqual([[...ORDER_CSV_COLUMNS]]);
    expect((await fetchCsv(server.url + '/api/v1', '/orders/export.csv?status=done', admin.token)).status).toBe(400);
    expect((await fetchCsv(server.url + '/api/v1', '/orders/export.csv', rahim.token)).status).toBe(403);
    expect((await fetchCsv(server.url + '/api/v1', '/orders/export.csv')).status).toBe(401);
    // Exports are the admins': an operator is refused as such.
    const operator = await createUser(server, { role: 'operator' });
    const refused = await server.api.get('/orders/export.csv', operator.token);
    expect(refused.status).toBe(403);
    expect(refused.body.key).toBe('errors.forbidden');
  });

  it("When a customer's transaction id looks like a formula, then its cell is defused too (every cell)", async () => {
    const id = await placeOrder(server, TOPUP_BDT, topupPayload({ contact_email: 'formula@example.com' }));
    expect((await server.api.patch(`/orders/${id}`, { order: { pm_id: '-1-1-SUM-A1' } })).status).toBe(200);
    const res = await fetchCsv(server.url + '/api/v1', '/orders/export.csv?status=pending', admin.token);
    expect(res.text).toContain(",'-1-1-SUM-A1,");
    const rows = parseCsv(res.text.slice(1));
    const row = rows.find((r) => r[0] === id)!;
    expect(row[ORDER_CSV_COLUMNS.indexOf('pm_id')]).toBe("'-1-1-SUM-A1");
  });
});
