// A simulated Android SMS forwarder: a device registered through the API posts real-format wallet messages
// ("money received" of bKash, Nagad, Rocket) dated in Asia/Dhaka, as the phone app does (decision 147).
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

/** A forwarder's wallet balance when the test registers it (the ledger's anchor, decision 144). */
export const START_BALANCE = 10_000;

/** The wallet's "money received" SMS for a payment of `amount` with `trxId`, sent at `at`, stating `balance`. */
export function moneyReceivedSms(
  account: Wallet,
  p: { amount: number | string; trxId: string; sender?: string; at?: Date; ref?: string; balance?: number | string },
): string {
  const t = dhakaParts(p.at ?? new Date());
  const sender = p.sender ?? '01712345678';
  const tk = takaText(p.amount);
  const balance = takaText(p.balance ?? { bkash: 18_345.5, nagad: 8_781.58, rocket: 1_015.79 }[account]);
  switch (account) {
    case 'bkash':
      return `You have received Tk ${tk} from ${sender}. Ref ${p.ref ?? 'order payment'}. Fee Tk 0.00. Balance Tk ${balance}. TrxID ${p.trxId} at ${t.day}/${t.month}/${t.year} ${t.two(t.hour24)}:${t.minute}`;
    case 'nagad':
      return `Money Received.\nAmount: Tk ${tk}\nSender: ${sender}\nRef: ${p.ref ?? 'order payment'}\nTxnID: ${p.trxId}\nBalance: Tk ${balance}\n${t.day}/${t.month}/${t.year} ${t.two(t.hour24)}:${t.minute}`;
    case 'rocket': {
      const h12 = t.hour24 % 12 === 0 ? 12 : t.hour24 % 12;
      const ampm = t.hour24 < 12 ? 'am' : 'pm';
      return `Tk${tk} received from A/C:${sender} Fee:Tk0, Your A/C Balance: Tk${balance} TxnId:${p.trxId} Date:${t.day}-${t.monthName}-${t.year.slice(2)} ${t.two(h12)}:${t.minute}:${t.second} ${ampm}`;
    }
  }
}

/** The outgoing Send Money SMS of bKash or Nagad (a payout to a customer's wallet), stating the balance after it. */
export function sendMoneySms(p: {
  account?: 'bkash' | 'nagad';
  amount: number | string;
  to: string;
  trxId: string;
  balance: number | string;
  fee?: number | string;
  at?: Date;
}): string {
  const t = dhakaParts(p.at ?? new Date());
  if (p.account === 'nagad') {
    return `Send Money Successful. Amount: Tk ${takaText(p.amount)} Receiver: ${p.to} Ref: payout TxnID: ${p.trxId} Fee: Tk ${takaText(p.fee ?? 0)} Balance: Tk ${takaText(p.balance)} ${t.day}/${t.month}/${t.year} ${t.two(t.hour24)}:${t.minute}`;
  }
  return `Send Money Tk ${takaText(p.amount)} to ${p.to} successful. Ref payout. Fee Tk ${takaText(p.fee ?? 0)}. Balance Tk ${takaText(p.balance)}. TrxID ${p.trxId} at ${t.day}/${t.month}/${t.year} ${t.two(t.hour24)}:${t.minute}`;
}

export interface Forwarder {
  id: string;
  account: Wallet;
  token: string;
  /** Posts one SMS as the app does. */
  post(body: {
    from?: string;
    text: string;
    received_at?: number;
  }): Promise<ApiResponse<{ sms: { id: number; status: string; order_id: string | null } }>>;
  /**
   * Posts the wallet's "money received" SMS, stating the balance the phone's ledger expects after it (the
   * forwarder keeps the wallet's running balance), or `balance` when given (a forged or out-of-chain one).
   */
  payment(p: {
    amount: number | string;
    trxId: string;
    sender?: string;
    at?: Date;
    balance?: number | string;
  }): Promise<ApiResponse<{ sms: { id: number; status: string; order_id: string | null } }>>;
  /** The wallet's balance as the forwarder's own messages left it (in paisa-exact taka). */
  balance(): number;
  /** Moves the running balance without a message (a message the phone missed). */
  moveBalance(by: number): void;
}

/** Registers a device for `account` as the admin and returns a forwarder posting with its token. */
export async function registerForwarder(
  server: TestServer,
  adminToken: string,
  account: Wallet,
  name = `${account} phone`,
): Promise<Forwarder> {
  const res = await server.api.post<{ device: { id: string }; token: string }>(
    '/devices',
    { device: { name, account, balance: START_BALANCE } },
    adminToken,
  );
  if (res.status !== 201) throw new Error(`POST /devices answered ${res.status}: ${JSON.stringify(res.body)}`);
  const { token } = res.body;
  const post: Forwarder['post'] = (body) => server.api.post('/sms', { from: SENDER_ID[account], ...body }, token);
  // In paisa: the balance each next message states. Taken when the message is written, so messages posted at once
  // chain in the order they were written, whatever order they arrive in.
  let paisa = START_BALANCE * 100;
  let latest = 0;
  return {
    id: res.body.device.id,
    account,
    token,
    post,
    payment: (p) => {
      if (p.balance !== undefined) return post({ text: moneyReceivedSms(account, p) });
      // A message dated well before those already written cannot be placed in the history they stated: it states
      // the balance now, which chains with nothing (held), and the running balance stays.
      const at = (p.at ?? new Date()).getTime();
      if (at < latest - 60_000) return post({ text: moneyReceivedSms(account, { ...p, balance: paisa / 100 }) });
      latest = Math.max(latest, at);
      paisa += Math.round(Number(p.amount) * 100);
      return post({ text: moneyReceivedSms(account, { ...p, balance: paisa / 100 }) });
    },
    balance: () => paisa / 100,
    moveBalance: (by) => {
      paisa += Math.round(by * 100);
    },
  };
}
