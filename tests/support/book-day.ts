// A day of the books written straight into the tables, as the orders, the wallet phones and the cash desk would have
// stored it (server/books reads them): one phone whose balances chain, orders completed at given times, their proving
// messages and their operations at the desk. For the books' properties and the days that cross midnight.
import crypto from 'node:crypto';
import { dhakaDayStartOf } from '#shared/dhaka';
import { createDeskOperations } from './desk-operations.js';
import type { TestServer } from './server.js';

const HOUR = 3_600_000;

export interface BookDayBuilder {
  date: string;
  deviceId: string;
  /** `minutes` after the day's midnight (negative: the day before; over 1440: the day after). */
  at(minutes: number): Date;
  /** The phone's balance now, in paisa. */
  balancePaisa(): number;
  /** A ledger message of the phone at `at`; its balance chains on the one before. */
  sms(p: {
    direction: 'credit' | 'debit';
    amount: number;
    fee?: number;
    at: Date;
    parseKind: string;
    debitType?: string;
    orderId?: string;
    trxId?: string;
  }): Promise<{ id: number }>;
  /** An order of `amount` at `rate`, completed at `completeAt` (left out: not completed). */
  order(p: {
    kind: 'topup' | 'withdraw';
    amount: number;
    rate?: number;
    placedAt: Date;
    completeAt?: Date;
  }): Promise<{ id: string; pmAmount: number }>;
  complete(orderId: string, at: Date): Promise<void>;
  /** A top-up verified by its credit and deposited at the desk, all at `at`. */
  topup(p: { amount: number; rate?: number; at: Date }): Promise<{ id: string; smsId: number }>;
  /** A withdrawal redeemed at the desk at `redeemAt`, paid by Send Money at `paidAt` and completed at `completeAt`. */
  withdraw(p: {
    amount: number;
    fee?: number;
    redeemAt: Date;
    paidAt: Date;
    completeAt: Date;
  }): Promise<{ id: string; smsId: number }>;
  desk: ReturnType<typeof createDeskOperations>;
}

export async function createBookDay(
  server: TestServer,
  p: { date: string; adminId: string; openingPaisa: number; name: string },
): Promise<BookDayBuilder> {
  const prisma = server.app.ctx.prisma;
  const from = dhakaDayStartOf(p.date);
  const at = (minutes: number) => new Date(from.getTime() + minutes * 60_000);
  const device = await prisma.device.create({
    data: {
      id: crypto.randomUUID(),
      name: p.name,
      account: 'bkash',
      tokenHash: crypto.randomBytes(16).toString('hex'),
      createdAt: new Date(from.getTime() - 48 * HOUR),
      anchorBalance: p.openingPaisa / 100,
      anchorAt: new Date(from.getTime() - 30 * HOUR),
    },
  });
  let balance = p.openingPaisa;
  const desk = createDeskOperations(server);
  await desk.add({ kind: 'balance', limit: 10_000_000 });

  const builder: BookDayBuilder = {
    date: p.date,
    deviceId: device.id,
    at,
    balancePaisa: () => balance,
    desk,
    async sms(m) {
      balance += (m.direction === 'credit' ? 1 : -1) * Math.round(m.amount * 100) - Math.round((m.fee ?? 0) * 100);
      return prisma.smsMessage.create({
        data: {
          deviceId: device.id,
          account: 'bkash',
          from: 'bKash',
          text: `${p.name} ${crypto.randomUUID()}`,
          dedupeHash: crypto.randomBytes(16).toString('hex'),
          amount: m.amount,
          trxId: m.trxId ?? crypto.randomBytes(5).toString('hex').toUpperCase(),
          receivedAt: m.at,
          createdAt: m.at,
          status: m.orderId ? 'matched' : 'ignored',
          parseKind: m.parseKind,
          orderId: m.orderId ?? null,
          ledgerDirection: m.direction,
          ledgerAmount: m.amount,
          ledgerFee: m.fee ?? 0,
          balance: balance / 100,
          ledgerState: 'chained',
          debitType: m.debitType ?? null,
        },
        select: { id: true },
      });
    },
    async order(o) {
      const id = crypto.randomBytes(16).toString('base64url');
      const rate = o.rate ?? 1;
      const pmAmount = Math.round(o.amount * rate * 100) / 100;
      await prisma.order.create({
        data: {
          id,
          productId: o.kind === 'topup' ? '1xbet_topup_bdt' : '1xbet_withdraw_bdt',
          status: o.completeAt ? 'complete' : 'pending',
          createdAt: o.placedAt,
          lastTime: new Date(o.placedAt.getTime() + 30 * 60_000),
          pmMethod: 'bkash',
          pmWallet: '01700000000',
          pmCoin: 'BDT',
          amount: o.amount,
          rate,
          pmAmount,
          contactEmail: 'books@example.com',
          wallet: o.kind === 'withdraw' ? '01755555555' : null,
        },
      });
      if (o.completeAt) await builder.complete(id, o.completeAt);
      return { id, pmAmount };
    },
    async complete(orderId, when) {
      await prisma.orderEvent.create({
        data: {
          orderId,
          fromStatus: 'pending',
          toStatus: 'complete',
          actor: 'admin',
          actorId: p.adminId,
          kind: 'status',
          createdAt: when,
        },
      });
    },
    async topup(t) {
      const { id, pmAmount } = await builder.order({ kind: 'topup', amount: t.amount, rate: t.rate, placedAt: t.at });
      const credit = await builder.sms({
        direction: 'credit',
        amount: pmAmount,
        at: t.at,
        parseKind: 'payment',
        orderId: id,
      });
      await prisma.order.update({ where: { id }, data: { verification: 'verified', verificationSmsId: credit.id } });
      await desk.add({ kind: 'deposit', orderId: id, amount: t.amount, at: t.at });
      await builder.complete(id, t.at);
      return { id, smsId: credit.id };
    },
    async withdraw(w) {
      const { id, pmAmount } = await builder.order({ kind: 'withdraw', amount: w.amount, placedAt: w.redeemAt });
      await desk.add({ kind: 'payout', orderId: id, amount: w.amount, at: w.redeemAt });
      const debit = await builder.sms({
        direction: 'debit',
        amount: pmAmount,
        fee: w.fee,
        at: w.paidAt,
        parseKind: 'debit',
        debitType: 'send_money',
      });
      await prisma.order.update({ where: { id }, data: { payoutSmsId: debit.id } });
      await builder.complete(id, w.completeAt);
      return { id, smsId: debit.id };
    },
  };
  return builder;
}
