// The shop's answer in a ticket, by mail (decision 282): a guest has no account to come back to, so the answer and
// the link to their order's page (where the conversation lives) go to the order's e-mail, in the ticket's language.
import type { TicketLanguage } from '#shared/constants';
import type { MailMessage } from '../mail/mailer.js';

const WORDS: Record<
  TicketLanguage,
  { subject: (ref: string) => string; hello: string; lead: (ref: string) => string; open: string; footer: string }
> = {
  en: {
    subject: (ref) => `The shop answered your question about order ${ref}`,
    hello: 'Hello,',
    lead: (ref) => `The shop answered your question about order ${ref}:`,
    open: 'Read the conversation and answer on your order page:',
    footer: 'You get this e-mail because this address was given as the contact of the order.',
  },
  bn: {
    subject: (ref) => `অর্ডার ${ref} নিয়ে আপনার প্রশ্নের উত্তর দিয়েছে শপ`,
    hello: 'প্রিয় গ্রাহক,',
    lead: (ref) => `অর্ডার ${ref} নিয়ে আপনার প্রশ্নের উত্তর দিয়েছে শপ:`,
    open: 'পুরো কথোপকথন পড়ুন এবং আপনার অর্ডার পেজে উত্তর দিন:',
    footer: 'অর্ডারের যোগাযোগ ঠিকানা হিসেবে এই ই-মেইল দেওয়া হয়েছিল বলে আপনি এটি পাচ্ছেন।',
  },
};

const escapeHtml = (value: string) =>
  value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

export function ticketReplyMail(input: {
  to: string;
  lang: TicketLanguage;
  orderId: string;
  text: string;
  link: string;
}): MailMessage {
  const w = WORDS[input.lang];
  const ref = input.orderId.slice(0, 10);
  const text = [w.hello, '', w.lead(ref), '', input.text, '', w.open, input.link, '', '--', w.footer].join('\n');
  const html = `<!doctype html><html lang="${input.lang}"><body style="font-family:sans-serif;line-height:1.5">
<p>${escapeHtml(w.hello)}</p>
<p>${escapeHtml(w.lead(ref))}</p>
<blockquote style="white-space:pre-wrap;border-left:3px solid #ccc;margin:0;padding-left:12px">${escapeHtml(input.text)}</blockquote>
<p>${escapeHtml(w.open)} <a href="${escapeHtml(input.link)}">${escapeHtml(input.link)}</a></p>
<hr><p style="color:#666;font-size:12px">${escapeHtml(w.footer)}</p>
</body></html>`;
  return { to: input.to, subject: w.subject(ref), text, html };
}

/** The job kind the ticket messages' trigger queues for a staff answer to a guest (migration 20261202300000). */
export const TICKET_REPLY_JOB = 'mail.guestTicketReply';

/**
 * Sends a reply job's mail: the message as stored, to the order's e-mail as it now stands. A mailer's failure
 * throws and the queue retries with backoff; a message or ticket that is gone is given up.
 */
export function ticketReplyMailJob(deps: {
  findReply: (
    ticketId: string,
    messageId: number,
  ) => Promise<{ to: string; lang: TicketLanguage; orderId: string; text: string } | null>;
  send: (message: MailMessage) => Promise<void>;
  orderLink: (id: string) => string;
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
      if (reply.to === '') return { giveUp: 'the order has no e-mail' };
      await deps.send(ticketReplyMail({ ...reply, link: deps.orderLink(reply.orderId) }));
    },
  };
}
