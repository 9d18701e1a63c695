// Outgoing mail: SMTP through nodemailer when SMTP_URL is set, otherwise written to DATA_DIR/outbox and logged.
import fs from 'node:fs/promises';
import path from 'node:path';
import crypto from 'node:crypto';
import nodemailer from 'nodemailer';
import type { Logger } from '../logger.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * The SMTP URL with `pool=true` unless it says otherwise (decision 222): a busy shop mails a receipt for every
 * guest's order, and a new connection (and TLS handshake) per mail cost half again the CPU of reusing a few.
 */
export function pooled(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  if (!url.searchParams.has('pool')) url.searchParams.set('pool', 'true');
  return url.toString();
}

export function createMailer(opts: { smtpUrl?: string; from: string; dataDir: string; logger: Logger }): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(pooled(opts.smtpUrl));
    return {
      async send(message) {
        await transport.sendMail({ from: opts.from, ...message });
      },
      close: () => transport.close(),
    };
  }
  const outbox = path.join(opts.dataDir, 'outbox');
  // Made once, not per mail (every guest's order writes a receipt); made again if it was removed.
  let made: Promise<unknown> | undefined;
  const ensureOutbox = () =>
    (made ??= fs.mkdir(outbox, { recursive: true }).catch((error: unknown) => {
      made = undefined;
      throw error;
    }));
  return {
    async send(message) {
      await ensureOutbox();
      const file = path.join(outbox, `${Date.now()}-${crypto.randomBytes(4).toString('hex')}.json`);
      const text = JSON.stringify({ from: opts.from, ...message }, null, 2);
      await fs.writeFile(file, text).catch(async (error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
        made = undefined;
        await ensureOutbox();
        await fs.writeFile(file, text);
      });
      opts.logger.info(`Mail to ${message.to} written to ${file} (no SMTP_URL set)`);
    },
    close: () => undefined,
  };
}
