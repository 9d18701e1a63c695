// The cash desk's operations as the books read them (server/books/cashdesk-figures.ts): a test writes into the desk's
// table (`cashdesk_operations`) what the desk would have recorded (a deposit per delivered top-up, a payout per
// redeemed code, drift when the Limit moved by itself), each with the Limit before and after it, without a desk.
import type { TestServer } from './server.js';

export interface DeskOperations {
  /** Records one operation now; `balance` only sets the Limit the next one starts from. Returns its id. */
  add(
    op:
      | { kind: 'deposit' | 'payout'; orderId: string; amount: number; currency?: string; at?: Date }
      | { kind: 'drift'; amount: number; currency?: string; at?: Date }
      | { kind: 'balance'; limit: number },
  ): Promise<string>;
}

export function createDeskOperations(server: TestServer): DeskOperations {
  const prisma = server.app.ctx.prisma;
  let limit = 0;
  return {
    async add(op) {
      if (op.kind === 'balance') {
        limit = op.limit;
        return '';
      }
      const before = limit;
      // A deposit spends the Limit, a payout gives it back; drift is the Limit's own move.
      limit += op.kind === 'deposit' ? -op.amount : op.amount;
      const rows = await prisma.$queryRaw<{ id: number }[]>`
        INSERT INTO cashdesk_operations (currency, kind, order_id, amount, limit_before, limit_after, status, at)
        VALUES (${op.currency ?? 'BDT'}, ${op.kind}, ${'orderId' in op ? op.orderId : null}, ${op.amount}, ${before}, ${limit}, ${op.kind === 'drift' ? 'recorded' : 'done'},
          (${(op.at ?? new Date()).toISOString()}::timestamptz AT TIME ZONE 'UTC'))
        RETURNING id`;
      return String(rows[0].id);
    },
  };
}
