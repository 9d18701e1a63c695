// A simulated Android SMS forwarder: a device registered through the API posts real-format wallet messages
// ("money received" of bKash, Nagad, Rocket) dated in Asia/Dhaka, as the phone app does (decision 053).
import type { Wallet } from '#shared/constants';
import type { TestServer } from './server.js';
import type { ApiResponse } from './http.js';

export const SENDER_ID: Record<Wallet, string> = { bkash: 'bKash', nagad: 'NAGAD', rocket: '16216' };

/** Dhaka wall-clock parts of a time (UTC+6, no daylight saving). */
function dhakaParts(at: Date) {
  const d = new Date(at.getTime() + 6 * 3_600_000);
  const two = (n: number) => String(n).padStart(2, '0');
  return {
    day: two(d.getUTCDate()),
    month: two(d.getUTCMonth() + 1),
    monthName: ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'][d.getUTCMonth()],
    year: String(d.getUTCFullYear()),
    hour24: d.getUTCHours(),
    minute: two(d.getUTCMinutes()),
    second: two(d.getUTCSeconds()),
    two,
  };
}

/** 1250.5 → "1,250.50" as the wallets write it. */
export function takaText(amount: number | string): string {
  const [whole, cents = '00'] = Number(amount).toFixed(2).split('.');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents}`;
}

/** The wallet's "money received" SMS for a payment of `amount` with `trxId`, sent at `at`. */
export function moneyReceivedSms(account: Wallet, p: { amount: number | string; trxId: string; sender?: string; at?: Date; ref?: string }): string {
  const t = dhakaParts(p.at ?? new Date());
  const sender = p.sender ?? '01712345678';
  const tk = takaText(p.amount);
  switch (account) {
    case 'bkash':
      return `You have received Tk ${tk} from ${sender}. Ref ${p.ref ?? 'order payment'}. Fee Tk 0.00. Balance Tk 18,345.50. TrxID ${p.trxId} at ${t.day}/${t.month}/${t.year} ${t.two(t.hour24)}:${t.minute}`;
    case 'nagad':
      return `Money Received.\nAmount: Tk ${tk}\nSender: ${sender}\nRef: ${p.ref ?? 'order payment'}\nTxnID: ${p.trxId}\nBalance: Tk 8,781.58\n${t.day}/${t.month}/${t.year} ${t.two(t.hour24)}:${t.minute}`;
    case 'rocket': {
      const h12 = t.hour24 % 12 === 0 ? 12 : t.hour24 % 12;
      const ampm = t.hour24 < 12 ? 'am' : 'pm';
      return `Tk${tk} received from A/C:${sender} Fee:Tk0, Your A/C Balance: Tk1,015.79 TxnId:${p.trxId} Date:${t.day}-${t.monthName}-${t.year.slice(2)} ${t.two(h12)}:${t.minute}:${t.second} ${ampm}`;
    }
  }
}

export interface Forwarder {
  id: string;
  account: Wallet;
  token: string;
  /** Posts one SMS as the app does. */
  post(body: { from?: string; text: string; received_at?: number }): Promise<ApiResponse<{ sms: { id: number; status: string; order_id: string | null } }>>;
  /** Posts the wallet's "money received" SMS. */
  payment(p: { amount: number | string; trxId: string; sender?: string; at?: Date }): Promise<ApiResponse<{ sms: { id: number; status: string; order_id: string | null } }>>;
}

/** Registers a device for `account` as the admin and returns a forwarder posting with its token. */
export async function registerForwarder(server: TestServer, adminToken: string, account: Wallet, name = `${account} phone`): Promise<Forwarder> {
  const res = await server.api.post<{ device: { id: string }; token: string }>('/devices', { device: { name, account } }, adminToken);
  if (res.status !== 201) throw new Error(`POST /devices answered ${res.status}: ${JSON.stringify(res.body)}`);
  const { token } = res.body;
  const post: Forwarder['post'] = (body) => server.api.post('/sms', { from: SENDER_ID[account], ...body }, token);
  return {
    id: res.body.device.id,
    account,
    token,
    post,
    payment: (p) => post({ text: moneyReceivedSms(account, p) }),
  };
}
