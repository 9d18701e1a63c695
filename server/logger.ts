// Structured JSON logs (pino), one object a line (decision 075). Every line written while a request is handled
// carries its `request_id` (an AsyncLocalStorage context the HTTP kernel opens); tokens, passwords and codes are
// redacted by field name, and whatever reaches the stream still passes one last scrub: `?jwt=` values, bearer
// tokens and JWT-shaped strings are replaced, e-mail addresses masked (a***@d***.com).
import { AsyncLocalStorage } from 'node:async_hooks';
import { pino, type DestinationStream, type Logger as PinoLogger } from 'pino';

export type LogLevel = 'silent' | 'error' | 'warn' | 'info' | 'debug';

export interface Logger {
  debug(message: string, ...rest: unknown[]): void;
  info(message: string, ...rest: unknown[]): void;
  warn(message: string, ...rest: unknown[]): void;
  error(message: string, ...rest: unknown[]): void;
  /**
   * The last line of a process that failed in a way nothing caught (decision 190): at pino's `fatal` level, never
   * held back by the error filter (a database error that ends the process must be seen).
   */
  fatal(message: string, ...rest: unknown[]): void;
  /** A logger whose lines carry these fields as well. */
  child(fields: Record<string, unknown>): Logger;
  /**
   * Errors the filter claims are not printed by `error()` (the database monitor takes connection failures, so an
   * outage is one line, not one stack trace per request). One filter per logger tree; the last one set wins.
   */
  setErrorFilter(filter: ((error: unknown) => boolean) | undefined): void;
}

/** What the current request puts on every line written on its behalf. */
export interface RequestContext {
  requestId: string;
}
export const requestContext = new AsyncLocalStorage<RequestContext>();

export function currentRequestId(): string | undefined {
  return requestContext.getStore()?.requestId;
}

const EMAIL =
  /(?<![A-Za-z0-9._%+-])([A-Za-z0-9])[A-Za-z0-9._%+-]*@([A-Za-z0-9])[A-Za-z0-9-]*(?:\.[A-Za-z0-9-]+)*\.([A-Za-z]{2,})(?![A-Za-z0-9-])/g;

/** Masks an e-mail address the way the logs show it: `ali@domain.com` → `a***@d***.com`. */
export function maskEmails(text: string): string {
  return text.replace(EMAIL, '$1***@$2***.$3');
}

/** Removes credentials from text: `?jwt=` values, bearer tokens, anything shaped like a JWT. */
export function redact(text: string): string {
  return text
    .replace(/([?&]jwt=)[^&\s"\\]+/g, '$1[redacted]')
    .replace(/(Bearer\s+)[A-Za-z0-9._~+/=-]+/gi, '$1[redacted]')
    .replace(/eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*/g, '[redacted]');
}

/** The last pass over a finished line: credentials out, e-mails masked. */
export function scrubLine(line: string): string {
  return maskEmails(redact(line));
}

// Field names whose values never reach a log, at any depth of the fields given to a log call.
const SECRET_KEYS =
  /^(password|new_?password|old_?password|current_?password|password_?confirm(ation)?|passwd|token|jwt|access_?token|refresh_?token|authorization|cookie|set-cookie|secret|captcha|altcha|w_?code|code|otp|idempotency-key|cashier_?pass|hash|confirm|sign)$/i;

function scrub(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Error) return value;
  if (depth > 6) return '[deep]';
  if (Array.isArray(value)) return value.slice(0, 50).map((v) => scrub(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    out[key] = SECRET_KEYS.test(key) && v !== undefined && v !== null && v !== '' ? '[redacted]' : scrub(v, depth + 1);
  }
  return out;
}

/** Turns the `...rest` of a call into pino's merge object: an Error becomes `err`, plain objects are merged. */
function fieldsOf(rest: unknown[]): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  const extra: unknown[] = [];
  for (const item of rest) {
    if (item instanceof Error) fields.err = item;
    else if (item && typeof item === 'object' && !Array.isArray(item)) Object.assign(fields, scrub(item));
    else if (item !== undefined) extra.push(scrub(item));
  }
  if (extra.length) fields.details = extra;
  return fields;
}

export interface LoggerOptions {
  /** Where lines go (tests capture them); standard output by default. */
  destination?: DestinationStream;
}

export function createLogger(level: LogLevel, options: LoggerOptions = {}): Logger {
  const base = pino(
    {
      level,
      base: undefined, // no pid/hostname on every line: the platform adds where a line came from
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      mixin: () => {
        const context = requestContext.getStore();
        return context ? { request_id: context.requestId } : {};
      },
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          'headers.authorization',
          'headers.cookie',
          'err.config.headers.Authorization',
        ],
        censor: '[redacted]',
      },
      serializers: { err: pino.stdSerializers.err },
      hooks: {
        streamWrite: scrubLine,
      },
    },
    options.destination ?? pino.destination({ dest: 1, sync: true }),
  );
  const state: { filter?: (error: unknown) => boolean } = {};
  return wrap(base, state);
}

function wrap(p: PinoLogger, state: { filter?: (error: unknown) => boolean }): Logger {
  return {
    debug: (message, ...rest) => {
      if (p.isLevelEnabled('debug')) p.debug(fieldsOf(rest), message);
    },
    info: (message, ...rest) => {
      if (p.isLevelEnabled('info')) p.info(fieldsOf(rest), message);
    },
    warn: (message, ...rest) => {
      if (p.isLevelEnabled('warn')) p.warn(fieldsOf(rest), message);
    },
    error: (message, ...rest) => {
      if (state.filter && rest.some((item) => state.filter!(item))) return;
      if (p.isLevelEnabled('error')) p.error(fieldsOf(rest), message);
    },
    fatal: (message, ...rest) => {
      if (p.isLevelEnabled('fatal')) p.fatal(fieldsOf(rest), message);
    },
    child: (fields) => wrap(p.child(scrub(fields) as Record<string, unknown>), state),
    setErrorFilter: (filter) => {
      state.filter = filter;
    },
  };
}
