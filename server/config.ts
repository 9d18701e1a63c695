// Environment configuration (README's configuration table), parsed once with zod; a bad value stops the start with one clear line.
import path from 'node:path';
import { z } from 'zod';
import type { SupportContacts } from '#shared/support-contacts';

const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalUrl = (protocols: RegExp) =>
  z.preprocess(emptyToUndefined, z.url({ protocol: protocols, error: 'must be a URL' }).optional());

const envSchema = z
  .object({
    NODE_ENV: z
      .enum(['development', 'production', 'test'], { error: 'must be development, production or test' })
      .default('development'),
    PORT: z.preprocess(
      (v) => (v === undefined || v === '' ? 3000 : v),
      z.coerce
        .number({ error: 'must be a port number' })
        .int('must be a port number')
        .min(0, 'must be a port number')
        .max(65535, 'must be a port number'),
    ),
    DATA_DIR: z.preprocess(emptyToUndefined, z.string().default('./data')),
    DATABASE_URL: optionalUrl(/^postgres(ql)?$/),
    REDIS_URL: optionalUrl(/^rediss?$/),
    // Names the shop's Redis pub/sub channels (decision 077): two shops on one Redis must differ.
    REDIS_CHANNEL_PREFIX: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'must be 1-64 letters, digits or _ . : -')
        .default('shop'),
    ),
    JWT_SECRET: z.preprocess(emptyToUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
    ADMIN_EMAIL: z.preprocess(emptyToUndefined, z.email({ error: 'must be an e-mail address' }).optional()),
    ADMIN_PASSWORD: z.preprocess(
      emptyToUndefined,
      z.string().min(8, 'must be 8 to 40 characters').max(40, 'must be 8 to 40 characters').optional(),
    ),
    SMTP_URL: optionalUrl(/^smtps?$/),
    MAIL_FROM: z.preprocess(emptyToUndefined, z.string().default('Shop <no-reply@localhost>')),
    CAPTCHA: z.enum(['altcha', 'off'], { error: 'must be altcha or off' }).default('altcha'),
    ORDER_WAIT_MINUTES: z.preprocess(
      (v) => (v === undefined || v === '' ? 30 : v),
      z.coerce
        .number({ error: 'must be a number of minutes' })
        .positive('must be a positive number of minutes')
        .max(10_080, 'must be at most 10080'),
    ),
    PUBLIC_URL: optionalUrl(/^https?$/),
    MEDIA_BASE_URL: z.preprocess(emptyToUndefined, z.string().default('/media')),
    // Pictures in S3-compatible object storage instead of the database (decision 250).
    MEDIA_S3_URL: z.preprocess(emptyToUndefined, z.string().optional()),
    GATE_PREFIX: z.string().default('pass'),
    TRUST_PROXY: z.preprocess(
      (v) => (v === undefined || v === '' ? 0 : v),
      z.coerce
        .number({ error: 'must be the number of proxies in front (0-10)' })
        .int('must be the number of proxies in front (0-10)')
        .min(0, 'must be the number of proxies in front (0-10)')
        .max(10, 'must be the number of proxies in front (0-10)'),
    ),
    LOG_LEVEL: z
      .enum(['silent', 'error', 'warn', 'info', 'debug'], { error: 'must be silent, error, warn, info or debug' })
      .default('info'),
    // Staff (admins and operators) must sign in with a second factor (decision 161); the default depends
    // on NODE_ENV below.
    STAFF_2FA: z.preprocess(
      emptyToUndefined,
      z.enum(['required', 'optional'], { error: 'must be required or optional' }).optional(),
    ),
    // Encrypts the TOTP secrets and keys the recovery codes' hashes (decision 161); default: derived from the JWT secret.
    TWO_FACTOR_KEY: z.preprocess(emptyToUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
    // Seals the outbound webhooks' signing secrets (decision 157); default: derived from the JWT secret.
    WEBHOOK_KEY: z.preprocess(emptyToUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
    // Webhooks may go to private, loopback and link-local addresses (an in-house receiver, tests); default: refused.
    WEBHOOK_ALLOW_PRIVATE: z.preprocess(emptyToUndefined, z.enum(['0', '1'], { error: 'must be 0 or 1' }).default('0')),
    // The betting cash desk's API (the brand's Cashdesk API); unset: no desk can be connected.
    CASHDESK_API_ROOT: optionalUrl(/^https?$/),
    // Seals the cash desks' cashier passwords and hashes (decision 260); default: derived from the JWT secret.
    CASHDESK_KEY: z.preprocess(emptyToUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
    // Web Push's VAPID key pair (decision 275), as `web-push generate-vapid-keys` prints it; unset: generated at first
    // start and kept in the database like the JWT secret.
    VAPID_PUBLIC_KEY: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .trim()
        .regex(/^B[A-Za-z0-9_-]{86}$/, 'must be a P-256 public key in unpadded base64url (87 characters)')
        .optional(),
    ),
    VAPID_PRIVATE_KEY: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .trim()
        .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a P-256 private key in unpadded base64url (43 characters)')
        .optional(),
    ),
    // Who the push services may contact about the shop's pushes: a mailto: or https: URL; default the https PUBLIC_URL, else mailto:ADMIN_EMAIL.
    VAPID_SUBJECT: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .trim()
        .regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, 'must be a mailto: or https: URL')
        .optional(),
    ),
    // Bearer token that opens GET /metrics (decision 078); unset: /metrics answers 404.
    METRICS_TOKEN: z.preprocess(emptyToUndefined, z.string().min(16, 'must be at least 16 characters').optional()),
    // The staff's Telegram desk (decision 170); no token: no bot, nothing else changes.
    TELEGRAM_BOT_TOKEN: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .trim()
        .regex(/^\d{3,20}:[A-Za-z0-9_-]{20,80}$/, 'must be a bot token as @BotFather gives it (123456:ABC-DEF…)')
        .optional(),
    ),
    TELEGRAM_API_ROOT: z.preprocess(
      emptyToUndefined,
      z.url({ protocol: /^https?$/, error: 'must be a URL' }).default('https://api.telegram.org'),
    ),
    TELEGRAM_WEBHOOK_URL: optionalUrl(/^https?$/),
    // Support contacts the client shows (decision 007); unset ones are hidden.
    SUPPORT_PHONE: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .trim()
        .regex(/^\+?\d[\d ()-]{5,22}\d$/, 'must be a phone number, e.g. +880 1700-000000')
        .optional(),
    ),
    SUPPORT_EMAIL: z.preprocess(emptyToUndefined, z.email({ error: 'must be an e-mail address' }).optional()),
    SUPPORT_TELEGRAM: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .trim()
        .regex(
          /^@?[A-Za-z][A-Za-z0-9_]{4,31}$/,
          'must be a Telegram username (5-32 letters, digits or _), e.g. @walletshop_support',
        )
        .optional(),
    ),
    SUPPORT_WHATSAPP: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .trim()
        .regex(/^\+?[\d ()-]+$/, 'must be a phone number in international form, e.g. +8801700000000')
        .refine(
          (v) => /^\d{8,15}$/.test(v.replace(/\D/g, '')),
          'must be a phone number in international form, e.g. +8801700000000',
        )
        .optional(),
    ),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && env.CAPTCHA === 'off') {
      ctx.addIssue({ code: 'custom', path: ['CAPTCHA'], message: 'cannot be off when NODE_ENV=production' });
    }
    // Every instance must sign alike and a leaked database alone must not let anyone mint tokens (decision 131).
    if (env.NODE_ENV === 'production' && !env.JWT_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['JWT_SECRET'],
        message: 'is required when NODE_ENV=production (at least 32 random characters)',
      });
    }
    if (env.MEDIA_S3_URL !== undefined) {
      const s3 = parseMediaS3Url(env.MEDIA_S3_URL);
      if (typeof s3 === 'string') ctx.addIssue({ code: 'custom', path: ['MEDIA_S3_URL'], message: s3 });
    }
    if ((env.VAPID_PUBLIC_KEY === undefined) !== (env.VAPID_PRIVATE_KEY === undefined)) {
      const missing = env.VAPID_PUBLIC_KEY === undefined ? 'VAPID_PUBLIC_KEY' : 'VAPID_PRIVATE_KEY';
      ctx.addIssue({
        code: 'custom',
        path: [missing],
        message: 'is required with the other VAPID key (set both, or neither to have them generated)',
      });
    }
    if (env.TELEGRAM_WEBHOOK_URL && !env.TELEGRAM_BOT_TOKEN) {
      ctx.addIssue({ code: 'custom', path: ['TELEGRAM_WEBHOOK_URL'], message: 'needs TELEGRAM_BOT_TOKEN' });
    }
  });

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  dataDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  /** Prefix of the Socket.IO adapter's and the public snapshot's Redis channels (one per shop on a shared Redis). */
  redisChannelPrefix: string;
  jwtSecret?: string;
  adminEmail?: string;
  adminPassword?: string;
  smtpUrl?: string;
  mailFrom: string;
  captcha: 'altcha' | 'off';
  orderWaitMinutes: number;
  publicUrl: string;
  mediaBaseUrl: string;
  /** Where pictures are kept when not in the database (MEDIA_S3_URL); undefined: the database. */
  mediaS3?: MediaS3Config;
  gatePrefix: string;
  logLevel: 'silent' | 'error' | 'warn' | 'info' | 'debug';
  /** Opens GET /metrics to `Authorization: Bearer <token>`; unset: no metrics endpoint. */
  metricsToken?: string;
  /** Proxies in front (load balancer): client IPs for rate limits come from X-Forwarded-For through that many hops. */
  trustProxy: number;
  /** Support contacts written into the page for the client; only the set ones. */
  support: SupportContacts;
  /** `required`: staff without a second factor may only sign in and set it up (403 errors.twoFactorRequired). */
  staffTwoFactor: 'required' | 'optional';
  /** Key of the TOTP secrets at rest; unset: derived from the JWT secret (decision 161). */
  twoFactorKey?: string;
  /** Key of the webhooks' signing secrets at rest; unset: derived from the JWT secret (decision 157). */
  webhookKey?: string;
  /** Webhooks may go to private, loopback and link-local addresses (decision 157). */
  webhookAllowPrivate: boolean;
  /** The staff's Telegram bot; undefined without TELEGRAM_BOT_TOKEN. */
  telegram?: TelegramConfig;
  /** The brand's Cashdesk API base URL (CASHDESK_API_ROOT, ends with `/`); undefined: the cash desk feature is off. */
  cashdeskApiRoot?: string;
  /** Key of the cash desks' secrets at rest; unset: derived from the JWT secret (decision 260). */
  cashdeskKey?: string;
  /** Web Push's VAPID key pair when given (else generated and kept in the database) and its subject (decision 275). */
  vapid: { keys?: { publicKey: string; privateKey: string }; subject: string };
}

export interface TelegramConfig {
  botToken: string;
  /** The Bot API server (Telegram's, or a self-hosted one; tests run a fake). */
  apiRoot: string;
  /** Webhook mode: the public URL Telegram posts updates to (it reaches POST /api/v1/telegram/webhook); else long polling. */
  webhookUrl?: string;
}

/** An S3-compatible bucket (MEDIA_S3_URL, decision 250). */
export interface MediaS3Config {
  /** `https://host[:port]` (or `http://` for `s3+http://`). */
  endpoint: string;
  bucket: string;
  /** Prepended to every object key: '' or a path ending in '/'. */
  prefix: string;
  region: string;
  /** `path_style=1`: `endpoint/bucket/key` (MinIO and most S3-compatible servers) instead of `bucket.host/key`. */
  forcePathStyle: boolean;
  accessKeyId: string;
  secretAccessKey: string;
}

const S3_PARAMS = new Set(['region', 'path_style']);
const S3_URL_FORM =
  'must be s3://KEY:SECRET@host[:port]/bucket[/prefix][?region=…&path_style=1] (s3+http:// without TLS)';

/**
 * `s3://KEY:SECRET@host[:port]/bucket[/prefix]?region=eu-central-1&path_style=1`: HTTPS to host; `s3+http://` for a
 * server without TLS (a local MinIO). The key and secret are percent-encoded (a secret's `/` as `%2F`). Answers the
 * parsed bucket or what is wrong with the URL (never echoing the secret).
 */
export function parseMediaS3Url(value: string): MediaS3Config | string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return S3_URL_FORM;
  }
  if (url.protocol !== 's3:' && url.protocol !== 's3+http:') return S3_URL_FORM;
  if (!url.hostname) return S3_URL_FORM;
  let accessKeyId: string;
  let secretAccessKey: string;
  try {
    accessKeyId = decodeURIComponent(url.username);
    secretAccessKey = decodeURIComponent(url.password);
  } catch {
    return 'has a key or secret that is not percent-encoded correctly';
  }
  if (!accessKeyId || !secretAccessKey) return 'needs the access key and the secret: s3://KEY:SECRET@host/bucket';
  const [bucket = '', ...prefixParts] = url.pathname.replace(/^\/+/, '').split('/');
  // S3's bucket naming rules (3-63 lower-case letters, digits, dots and hyphens), which S3-compatible servers share.
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket))
    return 'must name a bucket (3-63 lower-case letters, digits, dots or hyphens) after the host';
  const prefixPath = prefixParts.filter((part) => part !== '').join('/');
  if (prefixPath && !/^[A-Za-z0-9!_.*'()-]+(\/[A-Za-z0-9!_.*'()-]+)*$/.test(prefixPath))
    return 'has a key prefix with characters S3 keys should avoid';
  for (const key of url.searchParams.keys()) {
    if (!S3_PARAMS.has(key)) return `has an unknown parameter "${key}" (known: region, path_style)`;
  }
  const region = url.searchParams.get('region') ?? 'us-east-1';
  if (!/^[a-z0-9-]{1,40}$/.test(region)) return 'has a region that is not a region name (e.g. us-east-1)';
  const pathStyle = url.searchParams.get('path_style') ?? '0';
  if (pathStyle !== '0' && pathStyle !== '1') return 'has path_style other than 0 or 1';
  return {
    endpoint: `${url.protocol === 's3:' ? 'https' : 'http'}://${url.host}`,
    bucket,
    prefix: prefixPath ? `${prefixPath}/` : '',
    region,
    forcePathStyle: pathStyle === '1',
    accessKeyId,
    secretAccessKey,
  };
}

/**
 * A variable's value as an error line may show it: MEDIA_S3_URL's key and secret never, wherever a mistyped URL put
 * them (everything between `://` and the last `@` is hidden).
 */
function shownValue(name: string, value: string | undefined): string {
  if (name !== 'MEDIA_S3_URL' || value === undefined) return JSON.stringify(value ?? '');
  return JSON.stringify(value.replace(/^([^:]*:\/\/)[^]*@/, '$1***@'));
}

export class ConfigError extends Error {}

/** Parses the environment; throws ConfigError whose message names every bad variable, one per line. */
export function parseConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((i) => {
      const name = String(i.path[0] ?? 'environment');
      return `Invalid configuration: ${name}=${shownValue(name, env[name])} ${i.message}`;
    });
    throw new ConfigError(lines.join('\n'));
  }
  const e = result.data;
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    redisChannelPrefix: e.REDIS_CHANNEL_PREFIX,
    jwtSecret: e.JWT_SECRET,
    adminEmail: e.ADMIN_EMAIL?.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    captcha: e.CAPTCHA,
    orderWaitMinutes: e.ORDER_WAIT_MINUTES,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    mediaBaseUrl: e.MEDIA_BASE_URL.replace(/\/$/, ''),
    mediaS3: e.MEDIA_S3_URL === undefined ? undefined : (parseMediaS3Url(e.MEDIA_S3_URL) as MediaS3Config),
    gatePrefix: e.GATE_PREFIX,
    logLevel: e.LOG_LEVEL,
    metricsToken: e.METRICS_TOKEN,
    trustProxy: e.TRUST_PROXY,
    support: supportContacts(e),
    staffTwoFactor: e.STAFF_2FA ?? (e.NODE_ENV === 'production' ? 'required' : 'optional'),
    twoFactorKey: e.TWO_FACTOR_KEY,
    webhookKey: e.WEBHOOK_KEY,
    webhookAllowPrivate: e.WEBHOOK_ALLOW_PRIVATE === '1',
    cashdeskApiRoot: e.CASHDESK_API_ROOT === undefined ? undefined : e.CASHDESK_API_ROOT.replace(/\/?$/, '/'),
    cashdeskKey: e.CASHDESK_KEY,
    vapid: {
      keys:
        e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
          ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
          : undefined,
      subject:
        e.VAPID_SUBJECT ??
        (e.PUBLIC_URL?.startsWith('https://')
          ? e.PUBLIC_URL.replace(/\/$/, '')
          : `mailto:${e.ADMIN_EMAIL ?? 'admin@example.com'}`),
    },
    telegram: e.TELEGRAM_BOT_TOKEN
      ? {
          botToken: e.TELEGRAM_BOT_TOKEN,
          apiRoot: e.TELEGRAM_API_ROOT.replace(/\/$/, ''),
          webhookUrl: e.TELEGRAM_WEBHOOK_URL,
        }
      : undefined,
  };
}

function supportContacts(e: z.infer<typeof envSchema>): SupportContacts {
  const contacts: SupportContacts = {};
  if (e.SUPPORT_PHONE) contacts.phone = e.SUPPORT_PHONE;
  if (e.SUPPORT_EMAIL) contacts.email = e.SUPPORT_EMAIL;
  if (e.SUPPORT_TELEGRAM) contacts.telegram = e.SUPPORT_TELEGRAM.replace(/^@/, '');
  if (e.SUPPORT_WHATSAPP) contacts.whatsapp = `+${e.SUPPORT_WHATSAPP.replace(/\D/g, '')}`;
  return contacts;
}
