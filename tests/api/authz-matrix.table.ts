// WHO MAY CALL WHAT: one entry per route the app serves (method + pattern exactly as the router holds them).
// tests/api/authz-matrix.test.ts sends every case as every caller and fails when a route has no entry here, so a new
// endpoint must say who may call it. tests/api/hostile-*.test.ts reuse the requests as seeds for generated input.
//
// Callers (tests/support/cast.ts): guest (no token), user (the customer owning the order/ticket/account the request
// names), otherUser (another customer holding the same ids), blocked (a customer's token issued before an admin
// blocked them), admin. A caller in `allow` must get a 2xx; any other caller must get 401, 403 or 404 and change no
// row. A request is built afresh for each caller, so allowed calls may consume what they act on.
import type { Caller, Cast } from '../support/cast.js';
import { uniquePmId } from '../factories/orders.js';
import type { RouteRequest } from '../support/route-requests.js';

export interface MatrixCase {
  /** Says which command of the route this is, when the route has several. */
  name?: string;
  allow: readonly Caller[];
  request?: (cast: Cast) => RouteRequest | Promise<RouteRequest>;
}

export interface RouteExpectation {
  cases: MatrixCase[];
  /** The route exists only in some configurations (the client build present); its absence is no error. */
  optional?: boolean;
  /** Tables a rejected call may still change, and why (security bookkeeping such as counted wrong guesses). */
  rejectionMayChange?: readonly string[];
}

const EVERYONE: readonly Caller[] = ['guest', 'user', 'otherUser', 'admin'];
const SIGNED_IN: readonly Caller[] = ['user', 'otherUser', 'admin'];
const CUSTOMERS: readonly Caller[] = ['user', 'otherUser'];
const ADMIN: readonly Caller[] = ['admin'];
const OWNER: readonly Caller[] = ['user'];
const OWNER_OR_ADMIN: readonly Caller[] = ['user', 'admin'];

export const AUTHZ_TABLE: Record<string, RouteExpectation> = {
  'GET /api/v1/health': { cases: [{ allow: EVERYONE }] },
  'GET /api/v1/captcha': { cases: [{ allow: EVERYONE }] },
  'POST /api/v1/register': {
    cases: [{ allow: EVERYONE, request: (c) => ({ body: { user: { name: 'New Person', email: c.freshEmail(), password: 'kite-river-42' } } }) }],
  },
  'POST /api/v1/login': {
    cases: [{ allow: EVERYONE, request: (c) => ({ body: { user: { email: c.owner.email, password: c.owner.password } } }) }],
  },
  'GET /api/v1/users/me': { cases: [{ allow: SIGNED_IN }] },
  'PATCH /api/v1/users/:id': {
    cases: [
      { name: 'rename own account', allow: OWNER, request: (c) => ({ params: { id: c.owner.id }, body: { user: { name: 'Owner Rahim' } } }) },
      { name: 'change a role', allow: ADMIN, request: async (c) => ({ params: { id: (await c.freshUser()).id }, body: { user: { role: 'user' } } }) },
    ],
  },
  'GET /api/v1/home': { cases: [{ allow: EVERYONE }] },
  'GET /api/v1/products/all': { cases: [{ allow: EVERYONE }] },
  'GET /api/v1/products/:id': { cases: [{ allow: EVERYONE, request: () => ({ params: { id: '1xbet_topup_bdt' } }) }] },
  'PATCH /api/v1/products/:id': {
    cases: [{ allow: ADMIN, request: () => ({ params: { id: '1xbet_topup_bdt' }, body: { product: { available: true } } }) }],
  },
  'GET /api/v1/pms/all': { cases: [{ allow: ADMIN }] },
  'PATCH /api/v1/pms/:account': {
    cases: [{ allow: ADMIN, request: () => ({ params: { account: 'bkash' }, body: { pm: { wallet: '01712345678', note: '', available: true } } }) }],
  },
  'GET /api/v1/admin': { cases: [{ allow: EVERYONE }] },
  'PATCH /api/v1/admin': { cases: [{ allow: ADMIN, request: () => ({ body: { admin: { online: true } } }) }] },
  'GET /api/v1/orders/all': { cases: [{ allow: SIGNED_IN }] },
  // Holding an order's id is the right to read it and make the customer's moves (decision 011).
  'GET /api/v1/orders/:id': { cases: [{ allow: EVERYONE, request: async (c) => ({ params: { id: await c.order() } }) }] },
  'POST /api/v1/orders/:productId': {
    cases: [
      {
        allow: EVERYONE,
        request: () => ({
          params: { productId: '1xbet_topup_bdt' },
          body: { order: { pm_method: 'bkash', amount: '500', onex_id: '123456789', contact_email: 'buyer@example.com' } },
        }),
      },
    ],
  },
  'PATCH /api/v1/orders/:id': {
    cases: [
      { name: 'submitPayment', allow: EVERYONE, request: async (c) => ({ params: { id: await c.order() }, body: { order: { pm_id: uniquePmId() } } }) },
      { name: 'cancelOrder', allow: EVERYONE, request: async (c) => ({ params: { id: await c.order() }, body: { order: { cancel: true } } }) },
      { name: 'completeOrder', allow: ADMIN, request: async (c) => ({ params: { id: await c.order('pending') }, body: { order: { status: 'complete' } } }) },
      {
        name: 'cancelOrderAsAdmin',
        allow: ADMIN,
        request: async (c) => ({ params: { id: await c.order('pending') }, body: { order: { status: 'cancelled' } } }),
      },
    ],
  },
  'GET /api/v1/supports/all': { cases: [{ allow: SIGNED_IN }] },
  'GET /api/v1/supports/:id': { cases: [{ allow: OWNER_OR_ADMIN, request: async (c) => ({ params: { id: await c.ticket() } }) }] },
  'POST /api/v1/supports': {
    cases: [{ allow: CUSTOMERS, request: () => ({ body: { support: { subject: 'other', text: 'My top-up has not arrived yet, please look' } } }) }],
  },
  'PATCH /api/v1/supports/:id': {
    cases: [
      { name: 'reply', allow: OWNER_OR_ADMIN, request: async (c) => ({ params: { id: await c.ticket() }, body: { support: { text: 'Any news on this one?' } } }) },
      { name: 'close', allow: OWNER_OR_ADMIN, request: async (c) => ({ params: { id: await c.ticket() }, body: { support: { status: 'close' } } }) },
    ],
  },
  // Recovery is for people who cannot sign in: public, the mailed code (or the signed link) is the right.
  'POST /api/v1/recover': { cases: [{ allow: EVERYONE, request: async (c) => ({ body: { email: (await c.freshUser()).email } }) }] },
  'GET /api/v1/recover/:id': {
    cases: [{ allow: EVERYONE, request: async (c) => { const r = await c.recovery(); return { params: { id: r.id }, query: [['ref', r.ref]] }; } }],
  },
  'PATCH /api/v1/recover/:id': {
    cases: [{ allow: EVERYONE, request: async (c) => { const r = await c.recovery(); return { params: { id: r.id }, body: { code: r.code, password: 'new-kite-river-42' } }; } }],
    // A wrong code is counted before it is compared (design §6), so a rejected guess moves the attempt counter.
    rejectionMayChange: ['recoveries'],
  },
  'GET /api/v1/users/all': { cases: [{ allow: ADMIN }] },
  'GET /api/v1/users/:id': { cases: [{ allow: ADMIN, request: (c) => ({ params: { id: c.owner.id } }) }] },
  'POST /api/v1/users/:id': {
    cases: [{ allow: OWNER, request: async (c) => ({ params: { id: c.owner.id }, form: { file: { field: 'pic', data: await c.png(), name: 'me.png', type: 'image/png' } } }) }],
  },
  'POST /api/v1/products/:id/image': {
    cases: [
      {
        allow: ADMIN,
        request: async (c) => ({ params: { id: '1xbet_topup_bdt' }, form: { file: { field: 'pic', data: await c.png(), name: 'p.png', type: 'image/png' } } }),
      },
    ],
  },
  // The client's pages (only when client/dist exists): HTML for everyone, the API's answers are not involved.
  'GET /^(?!\\/(api|socket\\.io|media)\\/).*/': { optional: true, cases: [{ allow: [...EVERYONE, 'blocked'] }] },
};
