// WHO MAY CALL WHAT: one entry per route the app serves (method + pattern exactly as the router holds them).
// tests/api/authz-matrix.test.ts sends every case as every caller and fails when a route has no entry here, so a new
// endpoint must say who may call it. tests/api/hostile-*.test.ts reuse the requests as seeds for generated input.
//
// Callers (tests/support/cast.ts): guest (no token), user (the customer owning the order/ticket/account the request
// names), otherUser (another customer holding the same ids), blocked (a customer's token issued before an admin
// blocked them), operator (staff who works the queue, SMS inbox and tickets), admin. A caller in `allow`
// must get a 2xx; any other caller must get 401, 403 or 404 and change no row. A request is built afresh for each
// caller (and told who calls: the generated tests build their seeds without one), so allowed calls may consume what
// they act on.
import crypto from 'node:crypto';
import type { Caller, Cast } from '../support/cast.js';
import { placeOrder, uniquePmId } from '../factories/orders.js';
import { createUser } from '../factories/users.js';
import { codeAt, enableTwoFactor, resetTwoFactor } from '../support/two-factor.js';
import type { RouteRequest } from '../support/route-requests.js';
import { FAKE_DESK_DEFAULTS } from '../support/fake-cashdesk.js';

export interface MatrixCase {
  /** Says which command of the route this is, when the route has several. */
  name?: string;
  /** The call revokes the caller's token (POST /logout): the test issues new ones after the case. */
  revokesTokens?: boolean;
  allow: readonly Caller[];
  /** Allowed callers may get a refusal other than 401/403 here (say why); they still must not get a 5xx. */
  allowedMayBeRefused?: string;
  /** `caller` is who will send it (the matrix); the generated tests' seeds are built without one. */
  request?: (cast: Cast, caller?: Caller) => RouteRequest | Promise<RouteRequest>;
}

export interface RouteExpectation {
  cases: MatrixCase[];
  /** The route exists only in some configurations (the client build present); its absence is no error. */
  optional?: boolean;
  /** Tables a rejected call may still change, and why (security bookkeeping such as counted wrong guesses). */
  rejectionMayChange?: readonly string[];
  /** The route answers a file of this type (a CSV export) instead of JSON when it serves. */
  fileType?: string;
}

/** A past day nobody closed yet: a random day of 2001-2019 (each call its own). */
function unclosedPastDay(): string {
  return new Date(Date.UTC(2001, 0, 1) + crypto.randomInt(0, 19 * 365) * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Tables any rejected call may change, and why: `cashdesk_leases` is taken by the desk watch every minute in the
 * background (one operation at a time per desk, decision 265), whatever request is in flight.
 */
export const REJECTION_MAY_CHANGE_ANYWHERE: readonly string[] = ['cashdesk_leases'];

const EVERYONE: readonly Caller[] = ['guest', 'user', 'otherUser', 'operator', 'admin'];
const SIGNED_IN: readonly Caller[] = ['user', 'otherUser', 'operator', 'admin'];
const CUSTOMERS: readonly Caller[] = ['user', 'otherUser'];
const ADMIN: readonly Caller[] = ['admin'];
/** Admins and operators: the queue, completing and cancelling, the SMS inbox, tickets, the online badge. */
const STAFF: readonly Caller[] = ['operator', 'admin'];
const OWNER: readonly Caller[] = ['user'];
const OWNER_OR_STAFF: readonly Caller[] = ['user', 'operator', 'admin'];

const TEMPLATE = {
  account: 'bkash',
  label: 'bKash gift',
  pattern: String.raw`Gift of Tk\s*(?<amount>[\d,.]+) TrxID (?<trx_id>\w+)`,
  time_format: null,
};

async function timedOutOrder(c: Cast): Promise<string> {
  const id = await c.order();
  await c.server.app.ctx.prisma.order.update({
    where: { id },
    data: { status: 'timedout', lastTime: new Date(Date.now() - 60_000) },
  });
  return id;
}
async function lateClaimedOrder(c: Cast): Promise<string> {
  const id = await timedOutOrder(c);
  await c.server.app.ctx.prisma.order.update({ where: { id }, data: { pmId: uniquePmId(), lateClaimAt: new Date() } });
  return id;
}
/** A paid top-up whose SMS did not chain on its phone's ledger: held for staff to settle. */
async function heldOrder(c: Cast): Promise<string> {
  const id = await c.order('pending');
  await c.server.app.ctx.prisma.order.update({ where: { id }, data: { verification: 'held' } });
  return id;
}
async function newDevice(c: Cast): Promise<{ id: string; token: string }> {
  const res = await c.server.api.post<{ device: { id: string }; token: string }>(
    '/devices',
    { device: { name: 'Spare phone', account: 'bkash' } },
    c.admin.token,
  );
  return { id: res.body.device.id, token: res.body.token };
}
async function unmatchedSms(c: Cast): Promise<number> {
  const device = await newDevice(c);
  const text = `You have received Tk 499.00 from 01712345678. Ref x. Fee Tk 0.00. Balance Tk 1.00. TrxID ${uniquePmId().toUpperCase()} at 26/11/2026 10:15`;
  const res = await c.server.api.post<{ sms: { id: number } }>('/sms', { from: 'bKash', text }, device.token);
  return res.body.sms.id;
}
/** The caller's account with two-factor sign-in off (the generated tests' seeds: the owner's). */
async function withoutTwoFactor(c: Cast, caller: Caller = 'user') {
  const user = c.userOf(caller);
  if (user) await resetTwoFactor(c.server, user.id);
  return user;
}
/** A fresh account with 2FA on, signed in with its password: the challenge and an unused recovery code. */
async function loginChallenge(c: Cast): Promise<{ challenge: string; code: string }> {
  const user = await createUser(c.server);
  const { recoveryCodes } = await enableTwoFactor(c.server, user);
  const login = await c.server.api.post<{ challenge: string }>('/login', {
    user: { email: user.email, password: user.password },
  });
  return { challenge: login.body.challenge, code: recoveryCodes[0] };
}

/** A browser's push subscription at a public literal address (the keys' shapes are all the server checks). */
function pushSubscription() {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint: `https://93.184.215.14/push/${crypto.randomBytes(8).toString('hex')}`,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: crypto.randomBytes(16).toString('base64url') },
  };
}

/** A 9-digit 1xBet id starting 9 (the factories' orders use others). */
const unlistedOnexId = () => `9${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
async function newBlocklistEntry(c: Cast): Promise<number> {
  const row = await c.server.app.ctx.prisma.blocklistEntry.create({
    data: { kind: 'onex_id', value: unlistedOnexId(), reason: 'matrix' },
  });
  return row.id;
}
/** A bKash number no other test receives on (the fleet). */
const unlistedWallet = () => `0179${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
/** A new Rocket receiving number (12 digits), typed twice as the route asks (decision 280); capped at 0 a day. */
function rocketNumberInput(label: string) {
  const wallet = `0179${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  return { wallet, confirm_wallet: wallet, label, daily_count_limit: 0 };
}
async function newFleetNumber(c: Cast): Promise<number> {
  return (
    await c.server.app.ctx.prisma.paymentNumber.create({
      data: { account: 'bkash', wallet: unlistedWallet(), label: 'matrix', active: false },
    })
  ).id;
}
const REPLY = {
  title: 'Payment received',
  text_en: 'We received {amount} for order {order_id}.',
  text_bn: 'অর্ডার {order_id} এর {amount} পেয়েছি।',
};
async function newReply(c: Cast): Promise<number> {
  return (
    await c.server.app.ctx.prisma.cannedReply.create({
      data: { title: 'Old reply', textEn: 'Thanks!', textBn: 'ধন্যবাদ!' },
    })
  ).id;
}
async function newTemplate(c: Cast): Promise<number> {
  return (
    await c.server.app.ctx.prisma.smsTemplate.create({
      data: { account: 'bkash', label: 'old', pattern: TEMPLATE.pattern, timeFormat: null },
    })
  ).id;
}
/**
 * A webhook to a public address (no DNS, no WEBHOOK_ALLOW_PRIVATE in the matrix shop), disabled so its queue never
 * sends; with one delivery (a test event) for the log and the retry.
 */
async function newWebhook(c: Cast): Promise<{ id: string; delivery: number }> {
  const id = crypto.randomUUID();
  const now = new Date();
  await c.server.app.ctx.prisma.webhook.create({
    data: { id, url: 'https://93.184.215.14/hook', events: ['order.paid'], secretSealed: 'v1.a.b.c', enabled: false },
  });
  const delivery = await c.server.app.ctx.prisma.webhookDelivery.create({
    data: {
      webhookId: id,
      eventId: `evt_${crypto.randomBytes(16).toString('hex')}`,
      eventType: 'webhook.test',
      body: '{}',
      status: 'failed',
      nextAt: now,
      createdAt: now,
      finishedAt: now,
    },
  });
  return { id, delivery: delivery.id };
}
/** A ticket of the owner with a picture the owner sent: its id and the message's. */
async function ticketWithPicture(c: Cast): Promise<{ id: string; messageId: number }> {
  const id = await c.ticket();
  const form = new FormData();
  form.append('pic', new Blob([new Uint8Array(await c.png())], { type: 'image/png' }), 'proof.png');
  const res = await c.server.api.raw<{ support: { texts: { id: number; picture: unknown }[] } }>(
    'POST',
    `/supports/${id}/pictures`,
    { body: form },
    c.owner.token,
  );
  const message = res.body.support.texts.find((m) => m.picture !== null);
  if (!message) throw new Error(`ticketWithPicture failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { id, messageId: message.id };
}
const WEBHOOK = { url: 'https://93.184.215.14/hook', events: ['device.silent'] };
/** The 1xBet player the matrix's fake cash desk knows (authz-matrix.test.ts seeds it). */
export const MATRIX_PLAYER = '123456789';
const CASHDESK = {
  cashdesk_id: FAKE_DESK_DEFAULTS.cashdeskId,
  login: FAKE_DESK_DEFAULTS.login,
  cashier_pass: FAKE_DESK_DEFAULTS.cashierPass,
  hash: FAKE_DESK_DEFAULTS.hash,
};
/** A BDT desk stored as if connected (no call to the desk), for the routes that need one. */
async function connectedDesk(c: Cast): Promise<void> {
  const { cashdeskId, login, cashierPass, hash } = FAKE_DESK_DEFAULTS;
  await c.server.app.services.cashdesk.desks.saveDesk(
    'BDT',
    {
      cashdeskId,
      login,
      cashierPass,
      hash,
      lng: 'en',
      balanceVariant: 'cashierpass',
      currencyId: null,
      topupAuto: false,
      withdrawAuto: false,
      autoMax: null,
    },
    { balance: 1_000, limit: 1_000, at: new Date() },
  );
}
/** A new customer's avatar as GET /media serves it: its folder and file (decision 250). */
async function someAvatar(c: Cast): Promise<{ folder: string; file: string }> {
  const who = await c.freshUser();
  const form = new FormData();
  form.append('pic', new Blob([new Uint8Array(await c.png())], { type: 'image/png' }), 'me.png');
  const res = await c.server.api.raw<{ user: { logo: string | null } }>(
    'POST',
    `/users/${who.id}`,
    { body: form },
    who.token,
  );
  const [folder, file] = res.body.user?.logo?.replace(/^\/media\//, '').split('/') ?? [];
  if (!folder || !file) throw new Error(`someAvatar failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { folder, file };
}

export const AUTHZ_TABLE: Record<string, RouteExpectation> = {
  'GET /api/v1/health': { cases: [{ allow: EVERYONE }] },
  // The load balancer's copy of health reads no token at all: a blocked customer's token is simply ignored there.
  'GET /health': { cases: [{ allow: [...EVERYONE, 'blocked'] }] },
  // Only with METRICS_TOKEN set (decision 078); no user's token opens it.
  'GET /metrics': { optional: true, cases: [{ allow: [] }] },
  'GET /api/v1/captcha': { cases: [{ allow: EVERYONE }] },
  // The API document and its reference page: public, mounted ahead of the API router, so no token is read.
  // The document is a JSON file, not an answer with `ok`.
  'GET /api/v1/openapi.json': { fileType: 'application/json', cases: [{ allow: [...EVERYONE, 'blocked'] }] },
  'GET /api/docs': { fileType: 'text/html', cases: [{ allow: [...EVERYONE, 'blocked'] }] },
  'GET /api/docs/redoc.standalone.js': { fileType: 'text/javascript', cases: [{ allow: [...EVERYONE, 'blocked'] }] },
  'POST /api/v1/register': {
    cases: [
      {
        allow: EVERYONE,
        request: (c) => ({ body: { user: { name: 'New Person', email: c.freshEmail(), password: 'kite-river-42' } } }),
      },
    ],
  },
  'POST /api/v1/login': {
    cases: [
      { allow: EVERYONE, request: (c) => ({ body: { user: { email: c.owner.email, password: c.owner.password } } }) },
    ],
  },
  // The second step of a login with 2FA: holding the challenge is the right, like holding the password.
  'POST /api/v1/login/2fa': {
    cases: [{ allow: EVERYONE, request: async (c) => ({ body: await loginChallenge(c) }) }],
    // A wrong code is counted on its challenge before it is compared (5 tries), like a recovery code.
    rejectionMayChange: ['login_challenges'],
  },
  // Two-factor sign-in of one's own account: any signed-in account; enabling and disabling end the
  // caller's other tokens.
  'POST /api/v1/account/2fa/setup': {
    cases: [{ allow: SIGNED_IN, request: async (c, caller) => (await withoutTwoFactor(c, caller), { body: {} }) }],
  },
  'POST /api/v1/account/2fa/enable': {
    cases: [
      {
        allow: SIGNED_IN,
        revokesTokens: true,
        request: async (c, caller) => {
          const user = await withoutTwoFactor(c, caller);
          const setup = user
            ? await c.server.api.post<{ secret?: string }>('/account/2fa/setup', {}, user.token)
            : undefined;
          return { body: { code: setup?.body.secret ? codeAt(setup.body.secret) : '000000' } };
        },
      },
    ],
  },
  'POST /api/v1/account/2fa/disable': {
    cases: [
      {
        allow: SIGNED_IN,
        revokesTokens: true,
        request: async (c, caller) => {
          const user = await withoutTwoFactor(c, caller);
          if (!user || caller === 'blocked') return { body: { code: '000000' } };
          const { recoveryCodes } = await enableTwoFactor(c.server, user);
          await c.renewTokens();
          return { body: { code: recoveryCodes[0] } };
        },
      },
    ],
  },
  'GET /api/v1/users/me': { cases: [{ allow: SIGNED_IN }] },
  // Ends every session of the caller (token version bump); a blocked caller's token is already refused.
  'POST /api/v1/logout': { cases: [{ allow: SIGNED_IN, revokesTokens: true }] },
  'PATCH /api/v1/users/:id': {
    cases: [
      {
        name: 'rename own account',
        allow: OWNER,
        request: (c) => ({ params: { id: c.owner.id }, body: { user: { name: 'Owner Rahim' } } }),
      },
      {
        name: 'change a role',
        allow: ADMIN,
        request: async (c) => ({ params: { id: (await c.freshUser()).id }, body: { user: { role: 'user' } } }),
      },
      {
        name: 'make an operator',
        allow: ADMIN,
        request: async (c) => ({ params: { id: (await c.freshUser()).id }, body: { user: { role: 'operator' } } }),
      },
    ],
  },
  'GET /api/v1/home': { cases: [{ allow: EVERYONE }] },
  'GET /api/v1/products/all': { cases: [{ allow: EVERYONE }] },
  'GET /api/v1/products/:id': { cases: [{ allow: EVERYONE, request: () => ({ params: { id: '1xbet_topup_bdt' } }) }] },
  'PATCH /api/v1/products/:id': {
    cases: [
      { allow: ADMIN, request: () => ({ params: { id: '1xbet_topup_bdt' }, body: { product: { available: true } } }) },
    ],
  },
  'GET /api/v1/pms/all': { cases: [{ allow: ADMIN }] },
  'PATCH /api/v1/pms/:account': {
    cases: [
      {
        allow: ADMIN,
        request: () => ({
          params: { account: 'bkash' },
          body: { pm: { wallet: '01712345678', confirm_wallet: '01712345678', note: '', available: true } },
        }),
      },
    ],
  },
  // The wallet fleet: the admin's alone. Numbers the matrix adds stay paused (no order goes to them).
  'GET /api/v1/pms/:account/numbers': { cases: [{ allow: ADMIN, request: () => ({ params: { account: 'bkash' } }) }] },
  'POST /api/v1/pms/:account/numbers': {
    cases: [
      {
        allow: ADMIN,
        request: () => ({ params: { account: 'rocket' }, body: { number: rocketNumberInput('matrix') } }),
      },
    ],
  },
  'PATCH /api/v1/pms/:account/numbers/:id': {
    cases: [
      {
        allow: ADMIN,
        request: async (c) => ({
          params: { account: 'bkash', id: String(await newFleetNumber(c)) },
          body: { number: { label: 'matrix edit' } },
        }),
      },
    ],
  },
  // The blocklist: the admin's alone. A fresh 1xBet id per request (never one the factories order with).
  'GET /api/v1/blocklist': { cases: [{ allow: ADMIN }] },
  'POST /api/v1/blocklist': {
    cases: [
      {
        allow: ADMIN,
        request: () => ({ body: { entry: { kind: 'onex_id', value: unlistedOnexId(), reason: 'matrix' } } }),
      },
    ],
  },
  'DELETE /api/v1/blocklist/:id': {
    cases: [{ allow: ADMIN, request: async (c) => ({ params: { id: String(await newBlocklistEntry(c)) }, body: {} }) }],
  },
  'GET /api/v1/admin': { cases: [{ allow: EVERYONE }] },
  'PATCH /api/v1/admin': { cases: [{ allow: STAFF, request: () => ({ body: { admin: { online: true } } }) }] },
  // The staff's tab title: waiting orders and tickets awaiting an answer (decision 119).
  'GET /api/v1/admin/waiting': { cases: [{ allow: STAFF }] },
  'GET /api/v1/orders/all': {
    cases: [
      { name: 'own list or queue', allow: SIGNED_IN },
      // A customer's list ignores the admin's filters: still their own orders.
      {
        name: 'history filters',
        allow: SIGNED_IN,
        request: () => ({
          query: [
            ['status', 'all'],
            ['q', 'example'],
          ],
        }),
      },
      { name: 'verification filter', allow: SIGNED_IN, request: () => ({ query: [['verified', 'false']] }) },
    ],
  },
  'GET /api/v1/orders/export.csv': {
    fileType: 'text/csv',
    cases: [
      { allow: ADMIN, request: () => ({ query: [['status', 'all']] }) },
      { name: 'verified payments only', allow: ADMIN, request: () => ({ query: [['verified', 'true']] }) },
    ],
  },
  'GET /api/v1/audit': { cases: [{ allow: ADMIN, request: () => ({ query: [['action', 'order.complete']] }) }] },
  'GET /api/v1/audit/export.csv': { fileType: 'text/csv', cases: [{ allow: ADMIN }] },
  // The day's books (decision 290): staff read them; the admin alone closes a day (an untouched past day each time,
  // whose checks are all ok) and exports them.
  'GET /api/v1/books': { cases: [{ allow: STAFF, request: () => ({ query: [['date', '2026-01-15']] }) }] },
  'GET /api/v1/books/chart': { cases: [{ allow: STAFF }] },
  'GET /api/v1/books.csv': {
    fileType: 'text/csv',
    cases: [
      {
        allow: ADMIN,
        request: () => ({
          query: [
            ['from', '2026-01-01'],
            ['to', '2026-01-03'],
          ],
        }),
      },
    ],
  },
  'POST /api/v1/books/:date/close': {
    cases: [{ allow: ADMIN, request: () => ({ params: { date: unclosedPastDay() }, body: { note: '' } }) }],
  },
  'GET /api/v1/stats': { cases: [{ allow: ADMIN, request: () => ({ query: [['range', '7d']] }) }] },
  // One figure for every customer's page: no order, customer or amount in it.
  'GET /api/v1/stats/typical-wait': { cases: [{ allow: EVERYONE }] },
  // Holding an order's id is the right to read it and make the customer's moves (decision 011).
  'GET /api/v1/orders/:id': {
    cases: [{ allow: EVERYONE, request: async (c) => ({ params: { id: await c.order() } }) }],
  },
  'POST /api/v1/orders/:productId': {
    cases: [
      {
        allow: EVERYONE,
        request: () => ({
          params: { productId: '1xbet_topup_bdt' },
          body: {
            order: { pm_method: 'bkash', amount: '500', onex_id: '123456789', contact_email: 'buyer@example.com' },
          },
        }),
      },
    ],
  },
  'PATCH /api/v1/orders/:id': {
    cases: [
      {
        name: 'submitPayment',
        allow: EVERYONE,
        request: async (c) => ({ params: { id: await c.order() }, body: { order: { pm_id: uniquePmId() } } }),
      },
      {
        name: 'cancelOrder',
        allow: EVERYONE,
        request: async (c) => ({ params: { id: await c.order() }, body: { order: { cancel: true } } }),
      },
      {
        name: 'completeOrder',
        allow: STAFF,
        request: async (c) => ({
          params: { id: await c.order('pending') },
          body: { order: { status: 'complete', unverified: true, reason: 'Checked in the wallet app' } },
        }),
      },
      {
        name: 'cancelOrderAsAdmin',
        allow: STAFF,
        request: async (c) => ({ params: { id: await c.order('pending') }, body: { order: { status: 'cancelled' } } }),
      },
      {
        name: 'reopenOrder',
        allow: STAFF,
        request: async (c) => ({
          params: { id: await lateClaimedOrder(c) },
          body: { order: { status: 'pending', reason: 'paid late, SMS matches' } },
        }),
      },
      {
        name: 'cancelOrderAsAdmin with a reason',
        allow: STAFF,
        request: async (c) => ({
          params: { id: await c.order('pending') },
          body: { order: { status: 'cancelled', reason: 'wrong_amount', note: 'Please pay the exact amount' } },
        }),
      },
    ],
  },
  // A timed-out top-up's "paid late" claim: holding the id is the right, like paying (decision 103).
  'POST /api/v1/orders/:id/late-payment': {
    cases: [
      {
        allow: EVERYONE,
        request: async (c) => ({ params: { id: await timedOutOrder(c) }, body: { pm_id: uniquePmId() } }),
      },
    ],
  },
  // A guest's support about their order (decision 282): holding the id of an order without an account is the right.
  // The guest's order each case places queues its receipt, which the job queue sends in the background meanwhile.
  'GET /api/v1/orders/:id/support': {
    rejectionMayChange: ['jobs'],
    cases: [{ allow: EVERYONE, request: async (c) => ({ params: { id: await placeOrder(c.server) } }) }],
  },
  'POST /api/v1/orders/:id/support': {
    rejectionMayChange: ['jobs'],
    cases: [
      {
        allow: EVERYONE,
        request: async (c) => ({
          params: { id: await placeOrder(c.server) },
          body: { support: { text: 'Where is my top-up please?' } },
        }),
      },
    ],
  },
  // Claims and the four-eyes approval: the staff's, operators included; releasing an unclaimed order is
  // no change (200).
  'POST /api/v1/orders/:id/claim': {
    cases: [{ allow: STAFF, request: async (c) => ({ params: { id: await c.order('pending') }, body: {} }) }],
  },
  'DELETE /api/v1/orders/:id/claim': {
    cases: [{ allow: STAFF, request: async (c) => ({ params: { id: await c.order('pending') }, body: {} }) }],
  },
  'POST /api/v1/orders/:id/approve': {
    cases: [
      { allow: STAFF, request: async (c) => ({ params: { id: await c.order('pending', 'withdraw') }, body: {} }) },
      // A held payment's acceptance (decision 315): any staff member approves it.
      { name: 'held payment', allow: STAFF, request: async (c) => ({ params: { id: await heldOrder(c) }, body: {} }) },
    ],
  },
  // SMS verification: devices and templates are the admin's, the inbox and linking the staff's;
  // forwarding takes a device token, which none of the callers holds, so everyone is refused there.
  'POST /api/v1/devices': {
    cases: [{ allow: ADMIN, request: () => ({ body: { device: { name: 'Desk bKash', account: 'bkash' } } }) }],
  },
  'GET /api/v1/devices': { cases: [{ allow: ADMIN }] },
  // The ledger: stating a phone's balance is the admin's.
  'POST /api/v1/devices/:id/balance': {
    cases: [
      {
        allow: ADMIN,
        request: async (c) => ({ params: { id: (await newDevice(c)).id }, body: { balance: '2500.00' } }),
      },
    ],
  },
  // Deliveries at the cash desk (decision 265): staff decide; the matrix shop has no desk, so nothing was delivered
  // and the allowed callers are refused with 409 errors.fulfilmentState (tests/api/cashdesk-fulfilment.test.ts decides real ones).
  'POST /api/v1/orders/:id/fulfilment': {
    cases: [
      {
        allow: STAFF,
        allowedMayBeRefused: 'no desk in the matrix shop: 409 errors.fulfilmentState',
        request: async (c) => ({
          params: { id: await c.order('pending') },
          body: { action: 'retry', reason: 'checked the desk' },
        }),
      },
    ],
  },
  'GET /api/v1/cashdesks/:currency/operations': {
    cases: [{ allow: STAFF, request: () => ({ params: { currency: 'BDT' } }) }],
  },
  // Accepting a held payment is the admin's under the default `held_accept` (decision 315); rejecting, the staff's.
  'POST /api/v1/orders/:id/verification': {
    cases: [
      {
        allow: ADMIN,
        request: async (c) => ({
          params: { id: await heldOrder(c) },
          body: { decision: 'accept', reason: 'checked the wallet app' },
        }),
      },
      {
        name: 'reject',
        allow: STAFF,
        request: async (c) => ({
          params: { id: await heldOrder(c) },
          body: { decision: 'reject', reason: 'no such payment in the app' },
        }),
      },
    ],
  },
  'DELETE /api/v1/devices/:id': {
    cases: [{ allow: ADMIN, request: async (c) => ({ params: { id: (await newDevice(c)).id }, body: {} }) }],
  },
  'POST /api/v1/sms': {
    cases: [
      {
        allow: [],
        request: () => ({
          body: {
            from: 'bKash',
            text: 'You have received Tk 500.00 from 01712345678. TrxID AB12CD34EF at 26/11/2026 10:15',
          },
        }),
      },
    ],
  },
  // SMS Gateway for Android's webhook is signed with the device's token, which none of the callers holds.
  'POST /api/v1/devices/:id/android-sms-gateway': {
    cases: [
      {
        allow: [],
        request: async (c) => ({
          params: { id: (await newDevice(c)).id },
          body: { id: 'evt-1', event: 'system:ping', payload: {} },
        }),
      },
    ],
  },
  'GET /api/v1/sms': { cases: [{ allow: STAFF }] },
  // The staff's Telegram desk: the matrix shop has no bot, so the admin's code request is refused (409
  // errors.telegramDisabled, tests/api/telegram.test.ts covers it with one); dropping a link is anyone's own business;
  // the webhook takes Telegram's secret header, not a token, and exists only in webhook mode (404 here).
  'POST /api/v1/account/telegram': {
    cases: [
      {
        allow: STAFF,
        allowedMayBeRefused: 'no bot in the matrix shop: 409 errors.telegramDisabled',
        request: () => ({ body: { lang: 'bn' } }),
      },
    ],
  },
  'DELETE /api/v1/account/telegram': { cases: [{ allow: SIGNED_IN, request: () => ({ body: {} }) }] },
  // The customer's own limits and self-exclusion (decisions 271-272): customers only; staff read them on the user's page.
  'GET /api/v1/account/limits': { cases: [{ allow: CUSTOMERS }] },
  'PUT /api/v1/account/limits': {
    cases: [
      {
        allow: CUSTOMERS,
        request: () => ({ body: { limits: { daily_bdt: null, weekly_bdt: null, monthly_bdt: null } } }),
      },
    ],
  },
  'DELETE /api/v1/account/limits/pending': { cases: [{ allow: CUSTOMERS, request: () => ({ body: {} }) }] },
  'POST /api/v1/account/self-exclusion': {
    cases: [
      {
        allow: CUSTOMERS,
        allowedMayBeRefused:
          'the matrix never excludes its cast (their top-ups are other cases): a wrong password, 400 errors.wrongPassword',
        request: () => ({ body: { period: '24h', password: 'not-the-password' } }),
      },
    ],
  },
  'POST /api/v1/telegram/webhook': { cases: [{ allow: [], request: () => ({ body: { update_id: 1 } }) }] },
  'GET /api/v1/sms/:id/candidates': {
    cases: [{ allow: STAFF, request: async (c) => ({ params: { id: String(await unmatchedSms(c)) } }) }],
  },
  'PATCH /api/v1/sms/:id': {
    cases: [
      {
        allow: STAFF,
        request: async (c) => ({
          params: { id: String(await unmatchedSms(c)) },
          body: { sms: { order_id: await c.order('pending'), reason: 'typed the id wrong' } },
        }),
      },
    ],
  },
  'GET /api/v1/sms-templates': { cases: [{ allow: ADMIN }] },
  'POST /api/v1/sms-templates': { cases: [{ allow: ADMIN, request: () => ({ body: { template: TEMPLATE } }) }] },
  'POST /api/v1/sms-templates/test': {
    cases: [
      {
        allow: ADMIN,
        request: () => ({
          body: { pattern: TEMPLATE.pattern, time_format: null, text: 'Gift of Tk 10.00 TrxID GIFT1' },
        }),
      },
    ],
  },
  'PATCH /api/v1/sms-templates/:id': {
    cases: [
      {
        allow: ADMIN,
        request: async (c) => ({ params: { id: String(await newTemplate(c)) }, body: { template: TEMPLATE } }),
      },
    ],
  },
  'DELETE /api/v1/sms-templates/:id': {
    cases: [{ allow: ADMIN, request: async (c) => ({ params: { id: String(await newTemplate(c)) }, body: {} }) }],
  },
  // Operators use canned replies; writing them is the admin's.
  'GET /api/v1/replies': { cases: [{ allow: STAFF }] },
  'POST /api/v1/replies': { cases: [{ allow: ADMIN, request: () => ({ body: { reply: REPLY } }) }] },
  'PATCH /api/v1/replies/:id': {
    cases: [
      { allow: ADMIN, request: async (c) => ({ params: { id: String(await newReply(c)) }, body: { reply: REPLY } }) },
    ],
  },
  'DELETE /api/v1/replies/:id': {
    cases: [{ allow: ADMIN, request: async (c) => ({ params: { id: String(await newReply(c)) }, body: {} }) }],
  },
  'GET /api/v1/supports/all': { cases: [{ allow: SIGNED_IN }] },
  'GET /api/v1/supports/:id': {
    cases: [{ allow: OWNER_OR_STAFF, request: async (c) => ({ params: { id: await c.ticket() } }) }],
  },
  'POST /api/v1/supports': {
    cases: [
      {
        allow: CUSTOMERS,
        request: () => ({
          body: { support: { subject: 'other', text: 'My top-up has not arrived yet, please look' } },
        }),
      },
      // About an order: only its owner may name it (another customer gets the 404 of an unknown order).
      {
        name: 'about an order',
        allow: OWNER,
        request: async (c) => ({
          body: {
            support: {
              subject: '1xbet_topup_bdt',
              text: 'This top-up has not arrived yet, please look',
              order_id: await c.order('pending'),
              lang: 'bn',
            },
          },
        }),
      },
    ],
  },
  'PATCH /api/v1/supports/:id': {
    cases: [
      {
        name: 'reply',
        allow: OWNER_OR_STAFF,
        request: async (c) => ({
          params: { id: await c.ticket() },
          body: { support: { text: 'Any news on this one?' } },
        }),
      },
      {
        name: 'close',
        allow: OWNER_OR_STAFF,
        request: async (c) => ({ params: { id: await c.ticket() }, body: { support: { status: 'close' } } }),
      },
    ],
  },
  // Pictures in a ticket: its owner and staff send them and only they may fetch them.
  'POST /api/v1/supports/:id/pictures': {
    cases: [
      {
        allow: OWNER_OR_STAFF,
        request: async (c) => ({
          params: { id: await c.ticket() },
          form: {
            fields: { text: 'The payment screen' },
            file: { field: 'pic', data: await c.png(), name: 'proof.png', type: 'image/png' },
          },
        }),
      },
    ],
  },
  'GET /api/v1/supports/:id/pictures/:messageId': {
    fileType: 'image/jpeg',
    cases: [
      {
        allow: OWNER_OR_STAFF,
        request: async (c) => {
          const { id, messageId } = await ticketWithPicture(c);
          return { params: { id, messageId: String(messageId) }, query: [['size', 'thumb']] };
        },
      },
    ],
  },
  // The public pictures (decision 250): no token is read, every caller gets them.
  'GET /media/:folder/:file': {
    fileType: 'image/png',
    cases: [{ allow: [...EVERYONE, 'blocked'], request: async (c) => ({ params: await someAvatar(c) }) }],
  },
  // Recovery is for people who cannot sign in: public, the mailed code (or the signed link) is the right.
  'POST /api/v1/recover': {
    cases: [{ allow: EVERYONE, request: async (c) => ({ body: { email: (await c.freshUser()).email } }) }],
  },
  'GET /api/v1/recover/:id': {
    cases: [
      {
        allow: EVERYONE,
        request: async (c) => {
          const r = await c.recovery();
          return { params: { id: r.id }, query: [['ref', r.ref]] };
        },
      },
    ],
  },
  'PATCH /api/v1/recover/:id': {
    cases: [
      {
        allow: EVERYONE,
        request: async (c) => {
          const r = await c.recovery();
          return { params: { id: r.id }, body: { code: r.code, password: 'new-kite-river-42' } };
        },
      },
    ],
    // A wrong code is counted before it is compared (product.md §5.2), so a rejected guess moves the attempt counter.
    rejectionMayChange: ['recoveries'],
  },
  'GET /api/v1/users/all': { cases: [{ allow: ADMIN }] },
  'GET /api/v1/users/:id': { cases: [{ allow: ADMIN, request: (c) => ({ params: { id: c.owner.id } }) }] },
  'POST /api/v1/users/:id': {
    cases: [
      {
        allow: OWNER,
        request: async (c) => ({
          params: { id: c.owner.id },
          form: { file: { field: 'pic', data: await c.png(), name: 'me.png', type: 'image/png' } },
        }),
      },
    ],
  },
  'POST /api/v1/products/:id/image': {
    cases: [
      {
        allow: ADMIN,
        request: async (c) => ({
          params: { id: '1xbet_topup_bdt' },
          form: { file: { field: 'pic', data: await c.png(), name: 'p.png', type: 'image/png' } },
        }),
      },
    ],
  },
  // The shop's own rules: the admin's only.
  'GET /api/v1/shop-settings': { cases: [{ allow: ADMIN }] },
  // Web Push (decision 275): the key is public; holding an order's id is the right to follow it (decision 011); an
  // account's subscriptions are its customer's. The endpoint is a public literal address (no DNS in the matrix shop).
  'GET /api/v1/push/key': { cases: [{ allow: EVERYONE }] },
  'POST /api/v1/orders/:id/push': {
    cases: [
      {
        allow: EVERYONE,
        request: async (c) => ({ params: { id: await c.order() }, body: { subscription: pushSubscription() } }),
      },
    ],
  },
  'DELETE /api/v1/orders/:id/push': {
    cases: [
      {
        allow: EVERYONE,
        request: async (c) => ({ params: { id: await c.order() }, body: { endpoint: pushSubscription().endpoint } }),
      },
    ],
  },
  'POST /api/v1/account/push': {
    cases: [{ allow: CUSTOMERS, request: () => ({ body: { subscription: pushSubscription() } }) }],
  },
  'DELETE /api/v1/account/push': {
    cases: [{ allow: CUSTOMERS, request: () => ({ body: { endpoint: pushSubscription().endpoint } }) }],
  },
  // Outbound webhooks: the admin's alone; operators 403.
  'GET /api/v1/webhooks': { cases: [{ allow: ADMIN }] },
  // The betting cash desks: staff read them, the admin alone changes them; the player lookup is public.
  'GET /api/v1/cashdesks': { cases: [{ allow: STAFF }] },
  'PUT /api/v1/cashdesks/:currency': {
    cases: [{ allow: ADMIN, request: () => ({ params: { currency: 'USD' }, body: { cashdesk: CASHDESK } }) }],
  },
  'PATCH /api/v1/cashdesks/:currency': {
    cases: [
      {
        allow: ADMIN,
        request: async (c) => (
          await connectedDesk(c),
          { params: { currency: 'BDT' }, body: { cashdesk: { topup_auto: true } } }
        ),
      },
    ],
  },
  'DELETE /api/v1/cashdesks/:currency': {
    cases: [
      { allow: ADMIN, request: async (c) => (await connectedDesk(c), { params: { currency: 'BDT' }, body: {} }) },
    ],
  },
  'GET /api/v1/players/:onex_id': {
    cases: [
      {
        allow: EVERYONE,
        request: async (c) => (
          await connectedDesk(c),
          { params: { onex_id: MATRIX_PLAYER }, query: [['currency', 'BDT']] }
        ),
      },
    ],
  },
  'POST /api/v1/webhooks': { cases: [{ allow: ADMIN, request: () => ({ body: { webhook: WEBHOOK } }) }] },
  'PATCH /api/v1/webhooks/:id': {
    cases: [
      {
        allow: ADMIN,
        request: async (c) => ({
          params: { id: (await newWebhook(c)).id },
          body: { webhook: { events: ['order.paid', 'order.completed'] } },
        }),
      },
    ],
  },
  'DELETE /api/v1/webhooks/:id': {
    cases: [{ allow: ADMIN, request: async (c) => ({ params: { id: (await newWebhook(c)).id }, body: {} }) }],
  },
  'GET /api/v1/webhooks/:id/deliveries': {
    cases: [{ allow: ADMIN, request: async (c) => ({ params: { id: (await newWebhook(c)).id } }) }],
  },
  'POST /api/v1/webhooks/:id/deliveries/:delivery/retry': {
    cases: [
      {
        allow: ADMIN,
        request: async (c) => {
          const { id, delivery } = await newWebhook(c);
          return { params: { id, delivery: String(delivery) }, body: {} };
        },
      },
    ],
  },
  'POST /api/v1/webhooks/:id/test': {
    cases: [{ allow: ADMIN, request: async (c) => ({ params: { id: (await newWebhook(c)).id }, body: {} }) }],
  },
  'PATCH /api/v1/shop-settings': {
    cases: [{ allow: ADMIN, request: () => ({ body: { settings: { four_eyes_bdt: 50_000 } } }) }],
  },
  // The client's pages (only when client/dist exists): HTML for everyone, the API's answers are not involved.
  'GET /^(?!\\/(api|socket\\.io|media)\\/).*/': { optional: true, cases: [{ allow: [...EVERYONE, 'blocked'] }] },
};
