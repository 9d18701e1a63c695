// Orders written straight into the database with the times a test names (created, completed, timed out): for
// figures that depend on when things happened (the KPIs of GET /stats), which the API can only date "now".
import crypto from 'node:crypto';
import type { TestServer } from '../support/server.js';

export interface OrderRow {
  /** The order's id; a random one by default. */
  id?: string;
  product: string;
  method: string;
  status: string;
  /** In the product's currency. */
  amount: string;
  /** In the wallet's currency (BDT). */
  pmAmount: string;
  createdAt: Date;
  /** Moves after creation, each `[status, seconds after creation]`, written as the order's timeline. */
  moves?: [string, number][];
  /** The staff member (user id) who made the admin moves; none by default. */
  staffId?: string;
  /** The payment's verification (decision 100); 'none' by default. */
  verification?: string;
  /** Timeline entries that move no status, each `[kind, seconds after creation, actor]`, at the status then. */
  notes?: [string, number, 'admin' | 'customer'][];
}

/** Inserts the orders and their timelines; returns their ids in order. */
export async function insertOrderRows(server: TestServer, rows: OrderRow[]): Promise<string[]> {
  const prisma = server.app.ctx.prisma;
  const ids: string[] = [];
  for (const row of rows) {
    const id = row.id ?? `row${crypto.randomBytes(8).toString('hex')}`;
    const topup = !row.product.includes('withdraw');
    await prisma.order.create({
      data: {
        id,
        productId: row.product,
        status: row.status,
        createdAt: row.createdAt,
        // A waiting row dated in the past must not be expired by the shop's timeout sweeper under the test's feet.
        lastTime:
          row.status === 'waiting'
            ? new Date(Date.now() + 24 * 3_600_000)
            : new Date(row.createdAt.getTime() + 15 * 60_000),
        pmMethod: row.method,
        pmWallet: '01711111111',
        pmCoin: 'BDT',
        amount: row.amount,
        rate: '1',
        pmAmount: row.pmAmount,
        contactEmail: 'rows@example.com',
        ...(row.verification ? { verification: row.verification } : {}),
        ...(topup ? { onexId: '123456789' } : { wallet: '01712345678' }),
      },
    });
    let from: string | null = null;
    for (const [to, seconds] of [['waiting', 0] as [string, number], ...(row.moves ?? [])]) {
      await prisma.orderEvent.create({
        data: {
          orderId: id,
          fromStatus: from,
          toStatus: to,
          actor: to === 'timedout' ? 'system' : 'admin',
          actorId: to === 'timedout' ? null : (row.staffId ?? null),
          createdAt: new Date(row.createdAt.getTime() + seconds * 1000),
        },
      });
      from = to;
    }
    for (const [kind, seconds, actor] of row.notes ?? []) {
      const at = row.createdAt.getTime() + seconds * 1000;
      const status = [['waiting', 0] as [string, number], ...(row.moves ?? [])]
        .filter(([, s]) => s * 1000 <= at - row.createdAt.getTime())
        .at(-1)![0];
      await prisma.orderEvent.create({
        data: { orderId: id, fromStatus: status, toStatus: status, actor, kind, createdAt: new Date(at) },
      });
    }
    ids.push(id);
  }
  return ids;
}
