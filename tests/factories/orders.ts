// Orders placed through the API (the real path), plus shortcuts to move them along.
import crypto from 'node:crypto';
import type { TestServer } from '../support/server.js';
import type { AdminOrderDto, PublicOrderDto } from '#shared/api-types';

export const TOPUP_BDT = '1xbet_topup_bdt';
export const TOPUP_USD = '1xbet_topup_usd';
export const WITHDRAW_BDT = '1xbet_withdraw_bdt';
export const WITHDRAW_USD = '1xbet_withdraw_usd';

export function topupPayload(overrides: Record<string, unknown> = {}) {
  return { pm_method: 'bkash', amount: '500', onex_id: '123456789', contact_email: 'buyer@example.com', ...overrides };
}
export function withdrawPayload(overrides: Record<string, unknown> = {}) {
  return {
    pm_method: 'nagad',
    amount: '1000',
    wallet: '01712345678',
    contact_email: 'seller@example.com',
    ...overrides,
  };
}

/** Places an order and returns its id; throws when the API refuses. */
export async function placeOrder(
  server: TestServer,
  productId = TOPUP_BDT,
  order: Record<string, unknown> = productId.includes('withdraw') ? withdrawPayload() : topupPayload(),
  token?: string,
): Promise<string> {
  const res = await server.api.post(`/orders/${productId}`, { order }, token);
  if (res.status !== 201) throw new Error(`placeOrder answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.id as string;
}

export function uniquePmId(): string {
  return `TX${crypto.randomBytes(6).toString('hex')}`;
}

/**
 * Complete, said by staff who checked the payment themselves: what a top-up whose payment is not verified needs
 * (decision 241); the test orders of `placePendingOrder` wait for an SMS that never comes.
 */
export const COMPLETE_CHECKED = { status: 'complete', unverified: true, reason: 'Checked in the wallet app' } as const;

/** Complete on a withdrawal whose Send Money SMS never came: staff type the payout's TrxID from the wallet app. */
export const COMPLETE_PAID_OUT = { status: 'complete', payout_trx_id: 'PAYOUT7K2M9' } as const;

/** A top-up order already paid (pending), ready for the admin. */
export async function placePendingOrder(server: TestServer, token?: string): Promise<string> {
  const id = await placeOrder(server, TOPUP_BDT, topupPayload(), token);
  const res = await server.api.patch(`/orders/${id}`, { order: { pm_id: uniquePmId() } });
  if (res.status !== 200) throw new Error(`payment answered ${res.status}: ${JSON.stringify(res.body)}`);
  return id;
}

/** The order as anyone holding its id sees it (the public view, decision 070). */
export async function getOrder(server: TestServer, id: string): Promise<PublicOrderDto> {
  const res = await server.api.get(`/orders/${id}`);
  if (res.status !== 200) throw new Error(`GET order answered ${res.status}`);
  return res.body.order as PublicOrderDto;
}

/** The order as an admin sees it (the full view). */
export async function getOrderAsAdmin(server: TestServer, id: string, adminToken: string): Promise<AdminOrderDto> {
  const res = await server.api.get(`/orders/${id}`, adminToken);
  if (res.status !== 200) throw new Error(`GET order answered ${res.status}`);
  return res.body.order as AdminOrderDto;
}

/** Polls until the predicate holds or the deadline passes. */
export async function waitFor<T>(
  probe: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 15_000,
  everyMs = 100,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (done(value)) return value;
    if (Date.now() > deadline)
      throw new Error(`condition not met within ${timeoutMs} ms: ${JSON.stringify(value).slice(0, 300)}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
