// A real SMTP catcher for tests: smtp-server on a random port collects every delivered message and decodes
// the parts a test needs (subject, text, html) from the raw MIME.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  to: string[];
  raw: string;
  subject: string;
  text: string;
  html: string;
}

export interface SmtpCatcher {
  url: string;
  mails: CaughtMail[];
  /** Resolves with the first mail to `address` that arrives (or already arrived), or rejects after the deadline. */
  waitForMail(address: string, options?: { timeoutMs?: number; after?: number }): Promise<CaughtMail>;
  close(): Promise<void>;
}

function splitHead(raw: string): { headers: Record<string, string>; body: string } {
  const at = raw.search(/\r?\n\r?\n/);
  const head = at === -1 ? raw : raw.slice(0, at);
  const body = at === -1 ? '' : raw.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] ??= line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function decodeQuotedPrintable(value: string): Buffer {
  const bytes: number[] = [];
  const text = value.replace(/=\r?\n/g, '');
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(text.slice(i + 1, i + 3))) {
      bytes.push(parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(text[i], 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

function decodeBody(body: string, encoding = ''): string {
  const e = encoding.toLowerCase();
  if (e === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (e === 'quoted-printable') return decodeQuotedPrintable(body).toString('utf8');
  return body;
}

export function decodeHeaderWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_m, _charset: string, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')).toString('utf8'),
    );
}

/** Walks the MIME tree and returns the text/plain and text/html bodies, decoded. */
function collectParts(raw: string, into: { text: string; html: string }): void {
  const { headers, body } = splitHead(raw);
  const type = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const parts = body.split(`--${boundary}`).slice(1);
    for (const part of parts) {
      if (part.startsWith('--')) break;
      collectParts(part.replace(/^\r?\n/, ''), into);
    }
    return;
  }
  const decoded = decodeBody(body, headers['content-transfer-encoding']);
  if (/^text\/html/i.test(type)) into.html += decoded;
  else if (/^text\/plain/i.test(type)) into.text += decoded;
}

export function parseMail(raw: string, to: string[]): CaughtMail {
  const { headers } = splitHead(raw);
  const parts = { text: '', html: '' };
  collectParts(raw, parts);
  return { to, raw, subject: decodeHeaderWords(headers.subject ?? ''), ...parts };
}

export async function startSmtpCatcher(): Promise<SmtpCatcher> {
  const mails: CaughtMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        mails.push(parseMail(Buffer.concat(chunks).toString('utf8'), to));
        for (const wake of waiters) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    waitForMail(address, options = {}) {
      const wanted = address.toLowerCase();
      const after = options.after ?? 0;
      const find = () => mails.slice(after).find((m) => m.to.includes(wanted));
      return new Promise((resolve, reject) => {
        const found = find();
        if (found) return resolve(found);
        const check = () => {
          const mail = find();
          if (!mail) return;
          cleanup();
          resolve(mail);
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`No mail to ${address} within ${options.timeoutMs ?? 10_000} ms`));
        }, options.timeoutMs ?? 10_000);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
