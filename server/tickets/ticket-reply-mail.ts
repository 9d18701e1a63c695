// The shop's answer in a ticket, by mail (decision 282): a guest has no account to come back to, so the answer and
// the link to their order's page (where the conversation lives) go to the order's e-mail, in the ticket's language.
// An account's answer goes to the account's e-mail with the link to its ticket, unless it turned mail off (283).
import type { TicketLanguage } from '#shared/constants';
import type { MailMessage } from '../mail/mailer.js';
import type { TicketReplyForMail } from './tickets.repository.js';

interface Words {
  subject: (ref: string) => string;
  hello: string;
  lead: (ref: string) => string;
  open: string;
  footer: string;
  /** An account's ticket (decision 283): named by its subject, read on its page, turned off in the settings. */
  accountSubject: (subject: string) => string;
  accountLead: (subject: string) => string;
  accountOpen: string;
  accountFooter: string;
}
const WORDS: Record<TicketLanguage, Words> = {
  en: {
    subject: (ref) => `The shop answered your question about order ${ref}`,
    hello: 'Hello,',
    lead: (ref) => `The shop answered your question about order ${ref}:`,
    open: 'Read the conversation and answer on your order page:',
    footer: 'You get this e-mail because this address was given as the contact of the order.',
    accountSubject: (subject) => `The shop answered your ticket "${subject}"`,
    accountLead: (subject) => `The shop answered your ticket "${subject}":`,
    accountOpen: 'Read the conversation and answer in your account:',
    accountFooter:
      'You get this e-mail because your account takes updates by mail; turn them off in your account settings.',
  },
  bn: {
    subject: (ref) => `অর্ডার ${ref} নিয়ে আপনার প্রশ্নের উত্তর দিয়েছে শপ`,
    hello: 'প্রিয় গ্রাহক,',
    lead: (ref) => `অর্ডার ${ref} নিয়ে আপনার প্রশ্নের উত্তর দিয়েছে শপ:`,
    open: 'পুরো কথোপকথন পড়ুন এবং আপনার অর্ডার পেজে উত্তর দিন:',
    footer: 'অর্ডারের যোগাযোগ ঠিকানা হিসেবে এই ই-মেইল দেওয়া হয়েছিল বলে আপনি এটি পাচ্ছেন।',
    accountSubject: (subject) => `আপনার টিকিট "${subject}"-এর উত্তর দিয়েছে শপ`,
    accountLead: (subject) => `আপনার টিকিট "${subject}"-এর উত্তর দিয়েছে শপ:`,
    accountOpen: 'পুরো কথোপকথন পড়ুন এবং আপনার অ্যাকাউন্টে উত্তর দিন:',
    accountFooter: 'আপনার অ্যাকাউন্টে ই-মেইলে খবর নেওয়া চালু আছে বলে আপনি এটি পাচ্ছেন; অ্যাকাউন্ট সেটিংসে এটি বন্ধ করা যায়।',
  },
};

const escapeHtml = (value: string) =>
  value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

export function ticketReplyMail(input: TicketReplyForMail & { link: string }): MailMessage {
  const w = WORDS[input.lang];
  const about =
    'orderId' in input
      ? {
          subject: w.subject(input.orderId.slice(0, 10)),
          lead: w.lead(input.orderId.slice(0, 10)),
          open: w.open,
          footer: w.footer,
        }
      : {
          subject: w.accountSubject(input.subject),
          lead: w.accountLead(input.subject),
          open: w.accountOpen,
          footer: w.accountFooter,
        };
  const text = [w.hello, '', about.lead, '', input.text, '', about.open, input.link, '', '--', about.footer].join('\n');
  const html = `<!doctype html><html lang="${input.lang}"><body style="font-family:sans-serif;line-height:1.5">
<p>${escapeHtml(w.hello)}</p>
<p>${escapeHtml(about.lead)}</p>
<blockquote style="white-space:pre-wrap;border-left:3px solid #ccc;margin:0;padding-left:12px">${escapeHtml(input.text)}</blockquote>
<p>${escapeHtml(about.open)} <a href="${escapeHtml(input.link)}">${escapeHtml(input.link)}</a></p>
<hr><p style="color:#666;font-size:12px">${escapeHtml(about.footer)}</p>
</body></html>`;
  return { to: input.to, subject: about.subject, text, html };
}

/**
 * The job kind the ticket messages' trigger queues for a staff answer to a guest (migration 20261202300000) or to an
 * account that takes mail (migration 20261203100100, decision 283; the kind keeps its first name).
 */
export const TICKET_REPLY_JOB = 'mail.guestTicketReply';

/**
 * Sends a reply job's mail: the message as stored, to the order's e-mail as it now stands. A mailer's failure
 * throws and the queue retries with backoff; a message or ticket that is gone is given up.
 */
export function ticketReplyMailJob(deps: {
  findReply: (ticketId: string, messageId: number) => Promise<TicketReplyForMail | null>;
  send: (message: MailMessage) => Promise<void>;
  orderLink: (id: string) => string;
  ticketLink: (id: string) => string;
}) {
  return {
    async run(payload: unknown): Promise<void | { giveUp: string }> {
      const { ticket_id: ticketId, message_id: messageId } = (payload ?? {}) as {
        ticket_id?: unknown;
        message_id?: unknown;
      };
      if (typeof ticketId !== 'string' || typeof messageId !== 'number') return { giveUp: 'no ticket or message id' };
      const reply = await deps.findReply(ticketId, messageId);
      if (!reply) return { giveUp: 'the message is gone' };
      if (reply.to === '') return { giveUp: 'no e-mail to send to, or the account turned mail off' };
      const link = 'orderId' in reply ? deps.orderLink(reply.orderId) : deps.ticketLink(reply.ticketId);
      await deps.send(ticketReplyMail({ ...reply, link }));
    },
  };
}
