// The shop's wallet phones as the bench plays them: real-format "money received" texts of bKash and Nagad whose
// stated balances chain from the phone's known balance (previous + amount − fee = stated, to the paisa), as the
// balance ledger checks them, and the device registration that gives the shop that anchor.
import crypto from 'node:crypto';

export type PhoneWallet = 'bkash' | 'nagad';

/** The wallets' transactional sender ids (the sender must be exactly this). */
export const SENDER_IDS: Record<PhoneWallet, string> = { bkash: 'bKash', nagad: 'NAGAD' };

const UPPER_ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
function randomOf(alphabet: string, length: number): string {
  const bytes = crypto.randomBytes(length);
  let out = '';
  for (let i = 0; i < length; i += 1) out += alphabet[bytes[i] % alphabet.length];
  return out;
}
const randomInt = (min: number, max: number) => min + crypto.randomInt(max - min + 1);

/** A transaction id as the wallet writes it: bKash 10 capitals and digits starting with letters ("CKA7Q2LM9P"),
 * Nagad 8 ("7A1B2C3D"). The customer types it as the order's `pm_id`. */
export function walletTrxId(account: PhoneWallet): string {
  return account === 'bkash'
    ? `${randomOf('ABCDEFGHIJKLMNOPQRSTUVWXYZ', 3)}${randomOf(UPPER_ALNUM, 7)}`
    : randomOf(UPPER_ALNUM, 8);
}

/** A Bangladeshi mobile number (operators 013-019). */
export function bangladeshMobile(): string {
  return `01${randomInt(3, 9)}${String(randomInt(0, 99_999_999)).padStart(8, '0')}`;
}

/** What payers type as the reference: often nothing, a word, digits, their name. Never a date or a "TrxID". */
const REFS = ['1xbet', 'topup', 'deposit', 'bet', 'Rahim', 'order', 'for id', 'pay', '5', '77', 'game', 'Karim bhai'];

/** Paisa → "18,345.50" as the wallets write amounts. */
export function takaText(paisa: number): string {
  const whole = Math.floor(paisa / 100);
  const cents = String(paisa % 100).padStart(2, '0');
  return `${String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents}`;
}

/** Paisa → "18345.50" as the API takes amounts. */
export const takaValue = (paisa: number) => `${Math.floor(paisa / 100)}.${String(paisa % 100).padStart(2, '0')}`;

/** Taka (a number or a decimal string, as the API answers) → paisa, without float drift. */
export function toPaisa(taka: number | string): number {
  const [whole, frac = ''] = String(taka).split('.');
  return Number(whole) * 100 + Number(`${frac}00`.slice(0, 2));
}

/** "26/11/2026 10:15" in Asia/Dhaka (UTC+6, no daylight saving), minute precision, as both wallets date texts. */
export function dhakaMinute(at: Date): string {
  const d = new Date(at.getTime() + 6 * 3_600_000);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(d.getUTCDate())}/${two(d.getUTCMonth() + 1)}/${d.getUTCFullYear()} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}`;
}

export interface ForwardedSms {
  from: string;
  text: string;
  /** Unix seconds, as forwarder apps send the phone's reception time. */
  received_at: number;
}

/**
 * One wallet phone: a running balance in paisa (from its anchor) and the texts of the credits it receives, in the
 * order it receives them. Each call moves the balance, so texts must be posted in the order they were made for
 * the chain to be read in order (the ledger also reorders messages of the same minute by how they chain).
 */
export class WalletPhone {
  balancePaisa: number;

  constructor(
    readonly account: PhoneWallet,
    anchorPaisa: number,
  ) {
    this.balancePaisa = anchorPaisa;
  }

  /** The wallet's "money received" SMS for `amountPaisa` with `trxId` (fee 0 for a personal Send Money). */
  received(amountPaisa: number, trxId: string, at = new Date()): ForwardedSms {
    const fee = 0;
    this.balancePaisa += amountPaisa - fee;
    const amount = takaText(amountPaisa);
    const balance = takaText(this.balancePaisa);
    const sender = bangladeshMobile();
    const ref = REFS[randomInt(0, REFS.length)] as string | undefined; // one in 13: no reference at all
    const when = dhakaMinute(at);
    const text =
      this.account === 'bkash'
        ? `You have received Tk ${amount} from ${sender}.${ref ? ` Ref ${ref}.` : ''} Fee Tk ${takaText(fee)}. Balance Tk ${balance}. TrxID ${trxId} at ${when}`
        : `Money Received.\nAmount: Tk ${amount}\nSender: ${sender}\nRef: ${ref ?? 'N/A'}\nTxnID: ${trxId}\nBalance: Tk ${balance}\n${when}`;
    return { from: SENDER_IDS[this.account], text, received_at: Math.floor(at.getTime() / 1000) };
  }
}

/** A realistic wallet balance to start from: Tk 5,000-60,000 with paisa. */
export const randomAnchorPaisa = () => randomInt(500_000, 6_000_000);

export interface RegisteredPhone {
  id: string;
  token: string;
  /** Whether the shop took `device.balance` and shows it (the ledger); otherwise the first credit anchors it. */
  anchored: boolean;
  phone: WalletPhone;
  /** The credit posted to anchor a device the shop could not anchor at creation, if any. */
  anchorSms?: { status: number; sms?: unknown };
}

/**
 * Registers a wallet phone as the admin (`POST /devices`), passing the wallet's balance now as `device.balance`.
 * The shop took it when the device it answers shows a `balance` (the ledger). A shop before the ledger
 * either drops the unknown field or answers 400 (the device is then made without it); the phone's first message
 * is then a credit no order claims, which a ledger shop holds and anchors on (`no_anchor`) and an older shop stores
 * as an unmatched payment. Either way later credits chain from there (and if a ledger shop took the balance but did
 * not show it, that credit simply chains from the anchor).
 */
export async function registerPhone(
  api: string,
  adminToken: string,
  account: PhoneWallet,
  opts: { name?: string; headers?: Record<string, string> } = {},
): Promise<RegisteredPhone> {
  const anchorPaisa = randomAnchorPaisa();
  const name = opts.name ?? `${account === 'bkash' ? 'bKash' : 'Nagad'} phone ${crypto.randomBytes(2).toString('hex')}`;
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${adminToken}`, ...opts.headers };
  const create = (device: Record<string, unknown>) =>
    fetch(`${api}/devices`, { method: 'POST', headers, body: JSON.stringify({ device }) });
  let res = await create({ name, account, balance: takaValue(anchorPaisa) });
  if (res.status === 400) {
    await res.arrayBuffer();
    res = await create({ name, account });
  }
  const body = (await res.json()) as { device?: { id: string; balance?: unknown }; token?: string };
  if (res.status !== 201 || !body.device || !body.token)
    throw new Error(`POST /devices answered ${res.status}: ${JSON.stringify(body)}`);
  const shown = body.device.balance;
  const anchored = shown !== undefined && shown !== null && toPaisa(String(shown)) === anchorPaisa;
  const phone = new WalletPhone(account, anchorPaisa);
  const registered: RegisteredPhone = { id: body.device.id, token: body.token, anchored, phone };
  if (!anchored) {
    const sms = phone.received(randomInt(50_000, 200_000), walletTrxId(account));
    const answer = await postSms(api, body.token, sms, opts.headers);
    registered.anchorSms = { status: answer.status, sms: answer.body };
    if (answer.status !== 200)
      throw new Error(`the anchoring SMS answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  }
  return registered;
}

/** `POST /sms` with the device token, as the forwarder app does. */
export async function postSms(
  api: string,
  deviceToken: string,
  sms: ForwardedSms,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: { sms?: { status?: string } } }> {
  const res = await fetch(`${api}/sms`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${deviceToken}`, ...headers },
    body: JSON.stringify(sms),
  });
  return { status: res.status, body: (await res.json().catch(() => ({}))) as { sms?: { status?: string } } };
}
