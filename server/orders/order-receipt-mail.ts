// A guest's receipt (decision 215): on creation and on every status move, a mail in the order's language
// with the link that opens the order on any device. A guest has no account: without it, the order is lost with
// the browser tab. An account's order is mailed when it completes, unless the account turned it off (decision 283).
import { productKind, type Wallet } from '#shared/constants';
import { dhakaDateTime } from '#shared/dhaka';
import type { OrderLanguage, OrderStatus } from '#shared/order-status';
import type { MailMessage } from '../mail/mailer.js';
import type { OrderRecord } from './order-row.js';

const BN_DIGITS = '০১২৩৪৫৬৭৮৯';

const WALLET_NAMES: Record<OrderLanguage, Record<Wallet, string>> = {
  en: { bkash: 'bKash', nagad: 'Nagad', rocket: 'Rocket' },
  bn: { bkash: 'বিকাশ', nagad: 'নগদ', rocket: 'রকেট' },
};

interface Words {
  digits: (text: string) => string;
  kind: { topup: string; withdraw: string };
  subject: (kind: string, shortId: string, what: string) => string;
  hello: string;
  status: Record<OrderStatus, string>;
  /** A withdrawal's `waiting`: the customer still has to give the 1xBet withdrawal code. */
  waitingForCode: string;
  code: (deadline: string) => string;
  pay: (amount: string, wallet: string, number: string, deadline: string) => string;
  payout: (amount: string, wallet: string, number: string) => string;
  amount: (amount: string) => string;
  order: string;
  note: string;
  keep: string;
  footer: string;
  /** An account's mail (decision 283): why it comes, and where it is turned off. */
  accountFooter: string;
}

const WORDS: Record<OrderLanguage, Words> = {
  en: {
    digits: (text) => text,
    kind: { topup: 'Top-up', withdraw: 'Withdrawal' },
    subject: (kind, shortId, what) => `${kind} ${shortId}: ${what}`,
    hello: 'Hello,',
    status: {
      waiting: 'placed, waiting for your payment',
      pending: 'being checked by the shop',
      complete: 'complete',
      timedout: 'timed out (no payment arrived in time)',
      user_cancelled: 'cancelled by you',
      admin_cancelled: 'cancelled by the shop',
      cancelled: 'cancelled',
    },
    waitingForCode: 'placed, waiting for your 1xBet withdrawal code',
    code: (deadline) =>
      `Make the withdrawal in 1xBet and enter its code on the order page before ${deadline} (Dhaka time).`,
    pay: (amount, wallet, number, deadline) =>
      `Pay ${amount} by ${wallet} Send Money to ${number} before ${deadline} (Dhaka time), then enter the transaction id on the order page.`,
    payout: (amount, wallet, number) => `The shop pays ${amount} to your ${wallet} number ${number}.`,
    amount: (amount) => `Amount: ${amount}`,
    order: 'Your order',
    note: "The shop's note",
    keep: 'Keep this e-mail: the link opens your order on any phone or computer, also after you close the browser.',
    footer: 'You get this e-mail because this address was given as the contact of the order.',
    accountFooter:
      'You get this e-mail because your account takes order updates by mail; turn them off in your account settings.',
  },
  bn: {
    digits: (text) => text.replace(/\d/g, (d) => BN_DIGITS[Number(d)]),
    kind: { topup: 'টপ-আপ', withdraw: 'উত্তোলন' },
    subject: (kind, shortId, what) => `${kind} ${shortId}: ${what}`,
    hello: 'প্রিয় গ্রাহক,',
    status: {
      waiting: 'নেওয়া হয়েছে, আপনার পেমেন্টের অপেক্ষায়',
      pending: 'দোকান যাচাই করছে',
      complete: 'সম্পন্ন হয়েছে',
      timedout: 'সময় শেষ (সময়মতো পেমেন্ট আসেনি)',
      user_cancelled: 'আপনি বাতিল করেছেন',
      admin_cancelled: 'দোকান বাতিল করেছে',
      cancelled: 'বাতিল হয়েছে',
    },
    waitingForCode: 'নেওয়া হয়েছে, আপনার 1xBet উত্তোলন কোডের অপেক্ষায়',
    code: (deadline) => `1xBet-এ উত্তোলন করে ${deadline}-এর (ঢাকা সময়) আগে অর্ডার পেজে কোডটি লিখুন।`,
    pay: (amount, wallet, number, deadline) =>
      `${deadline}-এর (ঢাকা সময়) আগে ${wallet} সেন্ড মানি করে ${number} নম্বরে ${amount} পাঠান, তারপর অর্ডার পেজে ট্রানজেকশন আইডি লিখুন।`,
    payout: (amount, wallet, number) => `দোকান আপনার ${wallet} নম্বর ${number}-এ ${amount} পাঠাবে।`,
    amount: (amount) => `পরিমাণ: ${amount}`,
    order: 'আপনার অর্ডার',
    note: 'দোকানের বার্তা',
    keep: 'এই ই-মেইলটি রেখে দিন: লিংকটি যেকোনো ফোন বা কম্পিউটারে আপনার অর্ডার খোলে, ব্রাউজার বন্ধ করার পরেও।',
    footer: 'অর্ডারের যোগাযোগ ঠিকানা হিসেবে এই ই-মেইল দেওয়া হয়েছিল বলে আপনি এটি পাচ্ছেন।',
    accountFooter:
      'আপনার অ্যাকাউন্টে ই-মেইলে অর্ডারের খবর নেওয়া চালু আছে বলে আপনি এটি পাচ্ছেন; অ্যাকাউন্ট সেটিংসে এটি বন্ধ করা যায়।',
  },
};

const escapeHtml = (value: string) =>
  value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/** `27/11/2026 10:32` in Dhaka time (dates as DD/MM/YYYY). */
function dhakaShort(at: Date): string {
  const d = dhakaDateTime(at);
  return `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)} ${d.slice(11, 16)}`;
}

/** `Tk 1,200.50` / `৳১,২০০.৫০`: the exact decimal string grouped, never through a float. */
function money(amount: string, lang: OrderLanguage): string {
  const [whole, fraction] = amount.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const paisa = fraction && /[1-9]/.test(fraction) ? `.${fraction.padEnd(2, '0').slice(0, 2)}` : '';
  return lang === 'bn' ? WORDS.bn.digits(`৳${grouped}${paisa}`) : `Tk ${grouped}${paisa}`;
}

/** The mail for the order as it now stands; `link` opens it (the public order page). */
export function orderReceiptMail(order: OrderRecord, link: string): MailMessage {
  const lang: OrderLanguage = order.lang === 'bn' ? 'bn' : 'en';
  const w = WORDS[lang];
  const kind = productKind(order.productId);
  const wallet = WALLET_NAMES[lang][order.pmMethod as Wallet] ?? order.pmMethod;
  const shortId = order.id.slice(0, 10);
  const status = kind === 'withdraw' && order.status === 'waiting' ? w.waitingForCode : w.status[order.status];
  const deadline = w.digits(dhakaShort(order.lastTime));
  const lines: string[] = [];
  if (kind === 'topup' && order.status === 'waiting') {
    lines.push(w.pay(money(order.pmAmount, lang), wallet, w.digits(order.pmWallet), deadline));
  } else if (kind === 'withdraw' && order.wallet && (order.status === 'waiting' || order.status === 'pending')) {
    if (order.status === 'waiting') lines.push(w.code(deadline));
    lines.push(w.payout(money(order.pmAmount, lang), wallet, w.digits(order.wallet)));
  } else {
    lines.push(w.amount(money(order.pmAmount, lang)));
  }
  if (order.cancelNote && order.status === 'admin_cancelled') lines.push(`${w.note}: ${order.cancelNote}`);

  const subject = w.subject(w.kind[kind], shortId, status);
  // An account keeps its orders: its mail needs no "keep this e-mail", and says where it is turned off.
  const account = order.userId !== null;
  const footer = account ? w.accountFooter : w.footer;
  const text = [
    w.hello,
    '',
    `${w.order} ${order.id}: ${status}.`,
    ...lines,
    '',
    link,
    ...(account ? [] : ['', w.keep]),
    '',
    '--',
    footer,
  ].join('\n');
  const html = `<!doctype html><html lang="${lang}"><body style="font-family:sans-serif;line-height:1.5">
<p>${escapeHtml(w.hello)}</p>
<p>${escapeHtml(w.order)} <b style="font-family:monospace">${escapeHtml(order.id)}</b>: ${escapeHtml(status)}.</p>
${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>
${account ? '' : `<p><b>${escapeHtml(w.keep)}</b></p>`}
<hr><p style="color:#666;font-size:12px">${escapeHtml(footer)}</p>
</body></html>`;
  return { to: order.contactEmail, subject, text, html };
}

/**
 * A receipt goes out for a guest's order when it is new or its status moved (a verification change alone: none), and
 * for an account's order when it completes (the trigger also asks the account's setting, decision 283).
 */
export function needsReceipt(
  order: Pick<OrderRecord, 'userId' | 'status'>,
  before: { status: OrderStatus } | null,
): boolean {
  if (order.userId !== null) return order.status === 'complete' && before !== null && before.status !== 'complete';
  return before === null || before.status !== order.status;
}

/** The job kind the orders table's trigger queues for a receipt (migration 20261201100100_receipt_jobs). */
export const RECEIPT_JOB = 'mail.orderReceipt';

/**
 * Sends a receipt job's mail (decision 244): the order as it now stands, unless its status has moved on since the
 * job was queued (the later move has its own job, so the guest gets one mail per status, the newest last). A
 * mailer's failure throws, and the queue retries with backoff.
 */
export function receiptMailJob(deps: {
  findOrder: (id: string) => Promise<OrderRecord | null>;
  send: (message: MailMessage) => Promise<void>;
  orderLink: (id: string) => string;
}) {
  return {
    async run(payload: unknown): Promise<void | { giveUp: string }> {
      const { order_id: id, status } = (payload ?? {}) as { order_id?: string; status?: string };
      if (typeof id !== 'string') return { giveUp: 'no order id' };
      const order = await deps.findOrder(id);
      if (!order) return { giveUp: 'the order is gone' };
      if (order.status !== status) return;
      await deps.send(orderReceiptMail(order, deps.orderLink(order.id)));
    },
  };
}
