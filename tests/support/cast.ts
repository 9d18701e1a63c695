// The callers of the authorisation matrix and the generated tests, and the resources they act on: an owner (a
// customer) with orders and tickets, another customer, a customer blocked after their token was issued, an
// operator (staff who works the queue) and the admin.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { signToken } from '../../server/security/tokens.js';
import { createUser, loginAdmin, type TestUser } from '../factories/users.js';
import { openTicket } from '../factories/tickets.js';
import {
  placeOrder,
  topupPayload,
  TOPUP_BDT,
  uniquePmId,
  waitFor,
  WITHDRAW_BDT,
  withdrawPayload,
} from '../factories/orders.js';
import type { TestServer } from './server.js';
import { moneyReceivedSms } from './sms-forwarder.js';

export const CALLERS = ['guest', 'user', 'otherUser', 'blocked', 'operator', 'admin'] as const;
/** `user` owns the resources a request names; `otherUser` is another customer holding the same ids. */
export type Caller = (typeof CALLERS)[number];

export interface Cast {
  server: TestServer;
  owner: TestUser;
  other: TestUser;
  blocked: TestUser;
  operator: TestUser;
  admin: TestUser;
  tokenOf(caller: Caller): string | undefined;
  /** The account a signed-in caller acts as (undefined for the guest). */
  userOf(caller: Caller): TestUser | undefined;
  /** New tokens for the signed-in callers (after a case such as POST /logout revoked theirs). */
  renewTokens(): Promise<void>;
  /** A fresh order of the owner: waiting (just placed) or pending (paid). */
  order(state?: 'waiting' | 'pending', kind?: 'topup' | 'withdraw'): Promise<string>;
  /** A fresh ticket of the owner. */
  ticket(): Promise<string>;
  /** A customer nobody else uses (for changes that would end the owner's session). */
  freshUser(): Promise<TestUser>;
  /** An e-mail address no account has yet. */
  freshEmail(): string;
  /** A live recovery request of a fresh customer, with the mailed code and the link's signed reference. */
  recovery(): Promise<{ id: string; code: string; ref: string; email: string }>;
  /** A small valid PNG. */
  png(): Promise<Buffer>;
  /** A fresh top-up of the owner that timed out unpaid (a late payment may be claimed). */
  timedOutOrder(): Promise<string>;
  /** A forwarding phone the admin registered: its id and its device token. */
  device(): Promise<{ id: string; token: string }>;
  /** An SMS a registered phone forwarded (a bKash receipt nobody's order names). */
  sms(): Promise<number>;
  /** An SMS template the admin added. */
  template(): Promise<number>;
}

export const TEMPLATE_PATTERN = String.raw`Gift of Tk\s*(?<amount>[\d,.]+) from (?<sender>\d+)\. TrxID (?<trx_id>\w+)`;

interface OutboxMail {
  to: string;
  text: string;
}

/** The mail the outbox (no SMTP_URL) holds for an address; the mailer writes it after the answer, so poll. */
export async function outboxMailTo(server: TestServer, to: string): Promise<OutboxMail> {
  const outbox = path.join(server.dataDir, 'outbox');
  const find = (): OutboxMail | undefined => {
    const files = fs.existsSync(outbox) ? fs.readdirSync(outbox) : [];
    for (const file of files) {
      try {
        const mail = JSON.parse(fs.readFileSync(path.join(outbox, file), 'utf8')) as OutboxMail;
        if (mail.to === to) return mail;
      } catch {
        // mid-write: the next poll reads it whole
      }
    }
    return undefined;
  };
  return (await waitFor(
    async () => find(),
    (mail) => mail !== undefined,
    10_000,
    50,
  ))!;
}

export async function createCast(server: TestServer): Promise<Cast> {
  const admin = await loginAdmin(server);
  const owner = await createUser(server, { name: 'Owner Rahim' });
  const other = await createUser(server, { name: 'Other Karim' });
  const blocked = await createUser(server, { name: 'Blocked Jamal' });
  // Blocked through the API after the token was issued, as an admin does it.
  const res = await server.api.patch(`/users/${blocked.id}`, { user: { role: 'blocked' } }, admin.token);
  if (res.status !== 200) throw new Error(`blocking answered ${res.status}: ${JSON.stringify(res.body)}`);
  // Made an operator through the API too; the role change ended the token it had, so it gets a new one.
  const operator = await createUser(server, { name: 'Operator Nadia' });
  const promoted = await server.api.patch(`/users/${operator.id}`, { user: { role: 'operator' } }, admin.token);
  if (promoted.status !== 200)
    throw new Error(`promoting answered ${promoted.status}: ${JSON.stringify(promoted.body)}`);
  operator.role = 'operator';
  operator.token = signToken(
    server.app.ctx.jwtSecret,
    await server.app.ctx.prisma.user.findUniqueOrThrow({ where: { id: operator.id } }),
  );
  let png: Buffer | undefined;
  async function device(): Promise<{ id: string; token: string }> {
    const res = await server.api.post(
      '/devices',
      { device: { name: `Phone ${crypto.randomBytes(2).toString('hex')}`, account: 'bkash' } },
      admin.token,
    );
    if (res.status !== 201) throw new Error(`device answered ${res.status}: ${JSON.stringify(res.body)}`);
    return { id: (res.body.device as { id: string }).id, token: res.body.token as string };
  }
  const tokens: Record<Caller, string | undefined> = {
    guest: undefined,
    user: owner.token,
    otherUser: other.token,
    blocked: blocked.token,
    operator: operator.token,
    admin: admin.token,
  };
  const users: Record<Caller, TestUser | undefined> = {
    guest: undefined,
    user: owner,
    otherUser: other,
    blocked,
    operator,
    admin,
  };
  return {
    server,
    owner,
    other,
    blocked,
    operator,
    admin,
    tokenOf: (caller) => tokens[caller],
    userOf: (caller) => users[caller],
    async renewTokens() {
      for (const [caller, user] of [
        ['user', owner],
        ['otherUser', other],
        ['operator', operator],
        ['admin', admin],
      ] as const) {
        const row = await server.app.ctx.prisma.user.findUniqueOrThrow({ where: { id: user.id } });
        tokens[caller] = signToken(server.app.ctx.jwtSecret, row);
        user.token = tokens[caller]!;
      }
    },
    async order(state = 'waiting', kind = 'topup') {
      const id = await placeOrder(
        server,
        kind === 'topup' ? TOPUP_BDT : WITHDRAW_BDT,
        kind === 'topup' ? topupPayload() : withdrawPayload(),
        owner.token,
      );
      if (state === 'pending') {
        const payment = kind === 'topup' ? { pm_id: uniquePmId() } : { onex_id: '123456789', w_code: 'AB12' };
        const paid = await server.api.patch(`/orders/${id}`, { order: payment });
        if (paid.status !== 200) throw new Error(`payment answered ${paid.status}: ${JSON.stringify(paid.body)}`);
      }
      return id;
    },
    ticket: () => openTicket(server, owner),
    freshUser: () => createUser(server),
    freshEmail: () => `new-${crypto.randomBytes(5).toString('hex')}@test.local`,
    async recovery() {
      const user = await createUser(server);
      const res = await server.api.post('/recover', { email: user.email });
      if (res.status !== 200) throw new Error(`recovery answered ${res.status}: ${JSON.stringify(res.body)}`);
      const mail = await outboxMailTo(server, user.email);
      const code = /(\d{3}) (\d{3})/.exec(mail.text);
      const link = /\/recovery\/([\w-]+)\?(?:[^\s&]*&)?ref=([\w.-]+)/.exec(mail.text);
      if (!code || !link) throw new Error(`No code or link in the mail: ${mail.text}`);
      return { id: link[1], code: `${code[1]}${code[2]}`, ref: link[2], email: user.email };
    },
    async timedOutOrder() {
      const id = await placeOrder(server, TOPUP_BDT, topupPayload(), owner.token);
      await server.app.ctx.prisma.order.update({ where: { id }, data: { lastTime: new Date(Date.now() - 60_000) } });
      const read = await server.api.get(`/orders/${id}`);
      if ((read.body.order as { status?: string } | undefined)?.status !== 'timedout')
        throw new Error(`order did not time out: ${JSON.stringify(read.body)}`);
      return id;
    },
    device,
    async sms() {
      const { token } = await device();
      const text = moneyReceivedSms('bkash', { amount: '500', trxId: uniquePmId().toUpperCase() });
      const res = await server.api.post('/sms', { from: 'bKash', text }, token);
      if (res.status !== 200) throw new Error(`forwarding answered ${res.status}: ${JSON.stringify(res.body)}`);
      return (res.body.sms as { id: number }).id;
    },
    async template() {
      const res = await server.api.post(
        '/sms-templates',
        {
          template: {
            account: 'bkash',
            label: `Gift ${crypto.randomBytes(2).toString('hex')}`,
            pattern: TEMPLATE_PATTERN,
            time_format: null,
          },
        },
        admin.token,
      );
      if (res.status !== 201) throw new Error(`template answered ${res.status}: ${JSON.stringify(res.body)}`);
      return (res.body.template as { id: number }).id;
    },
    async png() {
      png ??= await sharp({ create: { width: 32, height: 32, channels: 3, background: { r: 20, g: 120, b: 60 } } })
        .png()
        .toBuffer();
      return png;
    },
  };
}
