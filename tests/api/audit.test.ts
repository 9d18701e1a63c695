// The audit log: each admin action writes one entry in its own transaction, a failed action none;
// GET /audit lists them newest first with the actor's name, filtered by action and actor, admin only.
import { beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntryDto, AuditListDto } from '#shared/audit';
import { AUDIT_CSV_COLUMNS } from '#shared/audit';
import { fetchCsv, parseCsv } from '../support/csv.js';
import { useTestServer } from '../support/server.js';
import { testDatabases } from '../support/databases.js';
import { createUser, loginAdmin, type TestUser } from '../factories/users.js';
import { COMPLETE_CHECKED, placeOrder, placePendingOrder, TOPUP_BDT } from '../factories/orders.js';

describe.each(testDatabases())('Audit log on %s', (db) => {
  const server = useTestServer({ db });
  let admin: TestUser;
  let user: TestUser;
  beforeAll(async () => {
    admin = await loginAdmin(server);
    user = await createUser(server);
  });

  const count = () => server.app.ctx.prisma.auditEntry.count();
  async function latest(action: string): Promise<AuditEntryDto> {
    const res = await server.api.get<{ entries: AuditEntryDto[]; pages: number }>(
      `/audit?action=${action}`,
      admin.token,
    );
    expect(res.status).toBe(200);
    return res.body.entries[0];
  }

  it('When the admin completes an order, then one entry names the admin, the order and the status change', async () => {
    const id = await placePendingOrder(server);
    const before = await count();
    expect((await server.api.patch(`/orders/${id}`, { order: COMPLETE_CHECKED }, admin.token)).status).toBe(200);
    expect(await count()).toBe(before + 1);
    const entry = await latest('order.complete');
    expect(entry).toMatchObject({
      actor: { id: admin.id, name: admin.name },
      action: 'order.complete',
      target_type: 'order',
      target_id: id,
      before: { status: 'pending' },
      after: { status: 'complete' },
    });
    expect(typeof entry.at).toBe('number');
    // Completing it again fails and records nothing.
    expect((await server.api.patch(`/orders/${id}`, { order: COMPLETE_CHECKED }, admin.token)).status).toBe(409);
    expect(await count()).toBe(before + 1);
  });

  it('When the admin cancels an order, then an entry; completing a waiting order (refused) writes none', async () => {
    const id = await placeOrder(server, TOPUP_BDT);
    const before = await count();
    expect((await server.api.patch(`/orders/${id}`, { order: COMPLETE_CHECKED }, admin.token)).status).toBe(409);
    expect(await count()).toBe(before);
    expect((await server.api.patch(`/orders/${id}`, { order: { status: 'cancelled' } }, admin.token)).status).toBe(200);
    expect(await count()).toBe(before + 1);
    expect(await latest('order.cancel')).toMatchObject({
      target_id: id,
      before: { status: 'waiting' },
      after: { status: 'admin_cancelled' },
    });
    // A customer's own cancel is not an admin action.
    const mine = await placeOrder(server, TOPUP_BDT);
    expect((await server.api.patch(`/orders/${mine}`, { order: { cancel: true } })).status).toBe(200);
    expect(await count()).toBe(before + 1);
  });

  it('When the admin changes a role, then an entry; the last admin demoting themselves (refused) writes none', async () => {
    const before = await count();
    expect((await server.api.patch(`/users/${user.id}`, { user: { role: 'blocked' } }, admin.token)).status).toBe(200);
    expect(await latest('user.role')).toMatchObject({
      target_type: 'user',
      target_id: user.id,
      before: { role: 'user' },
      after: { role: 'blocked' },
    });
    expect((await server.api.patch(`/users/${user.id}`, { user: { role: 'user' } }, admin.token)).status).toBe(200);
    expect(await count()).toBe(before + 2);
    const refused = await server.api.patch(`/users/${admin.id}`, { user: { role: 'user' } }, admin.token);
    expect(refused.status).toBe(409);
    expect(await count()).toBe(before + 2);
  });

  it('When the admin edits a product, then an entry with the terms before and after; an unknown product writes none', async () => {
    const before = await count();
    const res = await server.api.patch(`/products/${TOPUP_BDT}`, { product: { available: false } }, admin.token);
    expect(res.status).toBe(200);
    const entry = await latest('product.edit');
    expect(entry).toMatchObject({
      target_type: 'product',
      target_id: TOPUP_BDT,
      before: { available: true },
      after: { available: false },
    });
    expect(
      (await server.api.patch(`/products/${TOPUP_BDT}`, { product: { available: true } }, admin.token)).status,
    ).toBe(200);
    expect(
      (await server.api.patch('/products/no_such_product', { product: { available: true } }, admin.token)).status,
    ).toBe(404);
    expect(
      (await server.api.patch(`/products/${TOPUP_BDT}`, { product: { available: 'maybe' } }, admin.token)).status,
    ).toBe(400);
    expect(await count()).toBe(before + 2);
  });

  it('When the admin edits a payment method, then an entry; a bad number or a user writes none', async () => {
    const before = await count();
    expect(
      (
        await server.api.patch(
          '/pms/bkash',
          { pm: { wallet: '01711111111', confirm_wallet: '01711111111', note: 'Personal', available: true } },
          admin.token,
        )
      ).status,
    ).toBe(200);
    const entry = await latest('pm.edit');
    expect(entry).toMatchObject({
      target_type: 'pm',
      target_id: 'bkash',
      after: { wallet: '01711111111', note: 'Personal', available: true },
    });
    expect(
      (
        await server.api.patch(
          '/pms/bkash',
          { pm: { wallet: '123', confirm_wallet: '123', available: true } },
          admin.token,
        )
      ).status,
    ).toBe(400);
    expect(
      (
        await server.api.patch(
          '/pms/bkash',
          { pm: { wallet: '01722222222', confirm_wallet: '01722222222', available: true } },
          user.token,
        )
      ).status,
    ).not.toBe(200);
    expect(await count()).toBe(before + 1);
  });

  it('When the admin goes online, then an entry with the flag before and after', async () => {
    const before = await count();
    expect((await server.api.patch('/admin', { admin: { online: true } }, admin.token)).status).toBe(200);
    // A fresh shop follows staff presence (null, decision 217) until the switch is set by hand.
    expect(await latest('admin.online')).toMatchObject({
      target_type: 'setting',
      before: { online: null },
      after: { online: true },
    });
    expect((await server.api.patch('/admin', { admin: { online: 'yes' } }, admin.token)).status).toBe(400);
    expect((await server.api.patch('/admin', { admin: { online: false } }, admin.token)).status).toBe(200);
    expect(await count()).toBe(before + 2);
  });

  it('When the log is listed, then newest first, paged, filtered by action and actor; admins only; bad filters 400', async () => {
    const all = await server.api.get<{ entries: AuditEntryDto[]; pages: number }>('/audit?page=1', admin.token);
    expect(all.status).toBe(200);
    expect(all.body.ok).toBe(true);
    expect(all.body.pages).toBeGreaterThanOrEqual(1);
    const ids = all.body.entries.map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const byActor = await server.api.get<{ entries: AuditEntryDto[] }>(`/audit?actor=${admin.id}`, admin.token);
    expect(byActor.body.entries.length).toBeGreaterThan(0);
    expect(byActor.body.entries.every((e) => e.actor?.id === admin.id)).toBe(true);
    const nobody = await server.api.get<{ entries: AuditEntryDto[]; pages: number }>(
      `/audit?actor=${user.id}`,
      admin.token,
    );
    expect(nobody.body).toMatchObject({ entries: [], pages: 1 });
    const roles = await server.api.get<{ entries: AuditEntryDto[] }>('/audit?action=user.role', admin.token);
    expect(roles.body.entries.every((e) => e.action === 'user.role')).toBe(true);
    expect((await server.api.get('/audit?action=DROP%20TABLE', admin.token)).status).toBe(400);
    expect((await server.api.get('/audit?page=0', admin.token)).status).toBe(400);
    expect((await server.api.get('/audit')).status).toBe(401);
    // The role changes above ended `user`'s old token.)
    const other = await createUser(server);
    const asUser = await server.api.get('/audit', other.token);
    expect(asUser.status).toBe(403);
    expect(asUser.body.code).toBe(-10033);
  });

  it('When the log is listed, then it names every account that has entries, for the actor filter, whatever the filter', async () => {
    const other = await createUser(server, { name: 'Second Admin', role: 'admin' });
    expect((await server.api.patch('/admin', { admin: { online: true } }, other.token)).status).toBe(200);
    const res = await server.api.get<AuditListDto>(`/audit?actor=${admin.id}`, admin.token);
    expect(res.body.entries.every((e) => e.actor?.id === admin.id)).toBe(true);
    expect(res.body.actors).toEqual(
      [
        { id: admin.id, name: admin.name },
        { id: other.id, name: 'Second Admin' },
      ].sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase())),
    );
  });

  it('When the admin exports the log, then a CSV with a BOM, filtered like the list', async () => {
    const res = await fetchCsv(`${server.url}/api/v1`, '/audit/export.csv?action=user.role', admin.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.text.charCodeAt(0)).toBe(0xfeff);
    const rows = parseCsv(res.text.slice(1));
    expect(rows[0]).toEqual([...AUDIT_CSV_COLUMNS]);
    expect(rows.length).toBeGreaterThan(1);
    for (const row of rows.slice(1)) {
      expect(row[4]).toBe('user.role');
      expect(row[2]).toBe(admin.name);
      expect(JSON.parse(row[8])).toHaveProperty('role');
    }
    expect((await fetchCsv(`${server.url}/api/v1`, '/audit/export.csv')).status).toBe(401);
  });
});
