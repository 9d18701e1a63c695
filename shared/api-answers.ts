// The JSON answers of the API as zod schemas: the OpenAPI document (server/http/openapi.ts) is generated
// from them and from the request schemas beside them, and the API tests validate every answer they receive against
// that document. api-types.ts keeps the TypeScript shapes the client reads; these schemas describe the same wire
// format. Objects are open (`looseObject`): an added field is no drift, a missing or mistyped one is.
import { z } from 'zod';
import { ROLES, TICKET_LANGUAGES, WALLETS } from './constants.js';
import { ORDER_STATUSES } from './order-status.js';
import { CANCEL_REASONS } from './schemas.js';
import { BLOCKLIST_KINDS } from './money-controls.js';
import { SELF_EXCLUSION_PERIODS } from './player-limits.js';
import { HELD_REASONS, SMS_STATES, SMS_STATUSES, VERIFICATION_STATUSES } from './sms/sms-api.js';
import { FULFILMENT_STATUSES, PUBLIC_PAYMENT_STATES } from './api-types.js';

const obj = z.looseObject;
const unixSeconds = z.number().int();
const nullableString = z.string().nullable();
const wallet = z.enum(WALLETS);
const orderStatus = z.enum(ORDER_STATUSES);

/** Every success answer: `ok: true`, often a `text` to show. */
const success = <S extends z.core.$ZodLooseShape>(shape: S) =>
  obj({ ok: z.literal(true), text: z.string().optional(), ...shape });
const pages = z.number().int().min(0);

// ---------- failures ----------
/** `{ok:false, key, text, ...}`: every refusal (server/http/app-error.ts); `key` is an `errors.*` i18n key. */
export const failureAnswerSchema = obj({
  ok: z.literal(false),
  key: z.string(),
  text: z.string(),
  code: z.number().int().optional(),
  /** Field → i18n key of what is wrong with it (validation failures). */
  errors: z.record(z.string(), z.string()).optional(),
  /** The client drops its session (a revoked or blocked token). */
  logout: z.literal(true).optional(),
  /** Values the message names (a limit, the time to retry, an opening time). */
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});

// ---------- accounts ----------
export const telegramLinkSchema = obj({
  linked: z.boolean(),
  username: nullableString,
  /** In `GET /users/me`: whether the shop has a Telegram bot at all. */
  available: z.boolean().optional(),
});
export const userSchema = obj({
  id: z.string(),
  num: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  logo: nullableString,
  created_at: unixSeconds,
  orders: z.number().int(),
  two_factor: z.boolean(),
  mail_updates: z.boolean(),
  jwt: z.string().optional(),
  telegram: telegramLinkSchema.optional(),
});
export const userAnswerSchema = success({ user: userSchema });
export const loginAnswerSchema = z.union([
  success({ user: userSchema }),
  obj({ ok: z.literal(true), otp_required: z.literal(true), challenge: z.string() }),
]);
export const twoFactorSetupAnswerSchema = success({ secret: z.string(), otpauth_url: z.string() });
export const twoFactorEnabledAnswerSchema = success({
  recovery_codes: z.array(z.string()),
  jwt: z.string(),
  user: userSchema,
});
export const twoFactorDisabledAnswerSchema = success({ jwt: z.string(), user: userSchema });
export const okAnswerSchema = success({});
export const usersPageAnswerSchema = success({ users: z.array(userSchema), pages });

// ---------- catalogue ----------
/** A payment method's business hours ("HH:MM", Asia/Dhaka), null: always open. */
const businessHours = obj({ open: z.string(), close: z.string() }).nullable();
export const productPmSchema = obj({
  account: wallet,
  available: z.boolean(),
  rate: z.number(),
  min: z.number(),
  max: z.number(),
  limit_reached: z.boolean(),
  hours: businessHours,
  note: z.string(),
  note_bn: z.string(),
});
export const productSchema = obj({
  id: z.string(),
  available: z.boolean(),
  description: z.string(),
  description_bn: z.string(),
  image: nullableString,
  pms: z.array(productPmSchema),
});
export const productAnswerSchema = success({ product: productSchema });
export const productsAnswerSchema = success({ products: z.array(productSchema) });
export const productSavedAnswerSchema = success({ refresh: z.literal(true).optional() });
export const paymentMethodSchema = obj({
  account: wallet,
  wallet: z.string(),
  note: z.string(),
  note_bn: z.string(),
  available: z.boolean(),
  daily_count_limit: z.number().nullable(),
  daily_amount_limit: z.number().nullable(),
  hours: businessHours,
  today: obj({ count: z.number(), amount: z.number() }).optional(),
});
const numberUsage = obj({ count: z.number(), amount: z.number() });
export const paymentNumberSchema = obj({
  id: z.number().int(),
  wallet: z.string(),
  label: z.string(),
  active: z.boolean(),
  daily_count_limit: z.number().nullable(),
  daily_amount_limit: z.number().nullable(),
  monthly_amount_limit: z.number().nullable(),
  today: numberUsage,
  month: numberUsage,
});
export const paymentNumbersAnswerSchema = success({ numbers: z.array(paymentNumberSchema) });
export const paymentNumberAnswerSchema = success({ number: paymentNumberSchema });
export const paymentMethodsAnswerSchema = success({ pms: z.array(paymentMethodSchema) });
export const paymentMethodAnswerSchema = success({ pm: paymentMethodSchema });

// ---------- orders ----------
const orderEventSchema = obj({
  from: orderStatus.nullable(),
  to: orderStatus,
  actor: z.string(),
  kind: z.enum([
    'status',
    'sms_linked',
    'late_claim',
    'verification_settled',
    'claimed',
    'released',
    'approved',
    'fulfilment',
    'payout_wallet_changed',
  ]),
  time: unixSeconds,
  actor_id: nullableString.optional(),
  note: nullableString.optional(),
});
const verificationSchema = obj({
  status: z.enum(VERIFICATION_STATUSES),
  sms_id: z.number().int().nullable(),
  amount: z.number().nullable(),
  sender: nullableString,
  received_at: unixSeconds.nullable(),
  /** For `held`: why (the ledger's reasons, decision 145; the payer's). */
  reason: z.enum(HELD_REASONS).nullable().optional(),
  /**
   * For a `balance_gap`: when the step the expected balance follows was (the phone's last chained message before this
   * SMS, or the balance an admin stated), unix seconds: the missing message came between then and `received_at`
   * (decision 303).
   */
  expected_since: unixSeconds.nullable().optional(),
  /** A payment staff accepted by hand: who (decision 316); null when an SMS verified it. */
  accepted_by: obj({ id: z.string(), name: z.string() }).nullable().optional(),
});
/** The public view of an order (decision 070); the admin's view adds `user_id`, `data.w_code`, `verification`. */
export const orderSchema = obj({
  id: z.string(),
  ref: z.string(),
  created_at: unixSeconds,
  product_id: z.string(),
  status: orderStatus,
  last_time: unixSeconds,
  pm_method: wallet,
  pm_wallet: z.string(),
  pm_amount: z.number(),
  pm_id: nullableString,
  pm_coin: z.string(),
  contact_email: z.string(),
  data: obj({
    amount: z.number(),
    rate: z.number(),
    onex_id: nullableString,
    wallet: nullableString,
    note: nullableString,
    w_code: nullableString.optional(),
  }),
  cancel_reason: z.enum(CANCEL_REASONS).nullable(),
  cancel_note: nullableString,
  events: z.array(orderEventSchema),
  payment_received: z.boolean(),
  /** The payment is held for the shop's review. */
  payment_held: z.enum(['payer_mismatch', 'review']).nullable(),
  /** The shop's check of the payment in the customer's terms (decision 070). */
  payment_state: z.enum(PUBLIC_PAYMENT_STATES),
  received_amount: z.number().nullable(),
  late_claim_at: unixSeconds.nullable(),
  payout_trx_id: nullableString,
  /** Its delivery at the betting cash desk (decision 265); the admin's view adds amount, operation_id, at, attempts. */
  fulfilment: obj({
    status: z.enum(FULFILMENT_STATUSES),
    message: nullableString.optional(),
    amount: z.number().nullable().optional(),
    operation_id: nullableString.optional(),
    at: unixSeconds.optional(),
    attempts: z.number().int().optional(),
  }).nullable(),
  user_id: nullableString.optional(),
  verification: verificationSchema.optional(),
  payout_wallet_before: nullableString.optional(),
  accept_rule: z.enum(['admin', 'second_approval']).nullable().optional(),
});
export const orderAnswerSchema = success({ order: orderSchema });
/** `GET /cashdesks/{currency}/operations` (decision 265). */
export const deskOperationsAnswerSchema = success({
  operations: z.array(
    obj({
      id: z.number().int(),
      kind: z.enum(['deposit', 'payout', 'drift']),
      order_id: nullableString,
      amount: z.number().nullable(),
      limit_before: z.number().nullable(),
      limit_after: z.number().nullable(),
      status: z.string(),
      message: nullableString,
      at: unixSeconds,
    }),
  ),
  page: z.number().int(),
  pages,
});
export const ordersPageAnswerSchema = success({
  orders: z.array(orderSchema),
  pages,
  customers: z.record(z.string(), obj({})).optional(),
});
export const placedOrderAnswerSchema = success({ order: orderSchema.optional(), id: z.string().optional() });

export const homeAnswerSchema = success({
  products: z.array(productSchema),
  orders: z.array(
    obj({
      product_id: z.string(),
      created_at: unixSeconds,
      amount: z.number(),
      pm_amount: z.number(),
      status: orderStatus,
    }),
  ),
  user: userSchema.nullable(),
  adminOnline: z.boolean(),
});
const volumeSchema = obj({ count: z.number().int(), amount: z.string() });
export const statsAnswerSchema = success({
  stats: obj({ money_in: z.record(z.string(), volumeSchema), money_out: z.record(z.string(), volumeSchema) }),
});
export const typicalWaitAnswerSchema = success({
  wait: obj({
    minutes: z.number().int().positive().nullable(),
    orders: z.number().int().nonnegative(),
    review_minutes: z.number().int().positive().nullable(),
    review_orders: z.number().int().nonnegative(),
    measured_at: unixSeconds,
  }),
});
export const auditAnswerSchema = success({
  entries: z.array(obj({ id: z.union([z.string(), z.number()]), action: z.string() })),
  pages,
  actors: z.array(obj({})),
});
export const shopSettingsAnswerSchema = success({ settings: obj({}) });

// ---------- admin status ----------
export const adminInfoAnswerSchema = success({ admin: obj({ online: z.boolean() }) });
export const waitingAnswerSchema = success({
  waiting: obj({ orders: z.number().int(), tickets: z.number().int(), held: z.number().int(), gaps: z.number().int() }),
});

// ---------- SMS verification ----------
export const deviceSchema = obj({
  id: z.string(),
  name: z.string(),
  account: wallet,
  created_at: unixSeconds,
  last_seen_at: unixSeconds.nullable(),
  number_id: z.number().int().nullable(),
  sms_today: z.number().int(),
  silent: z.boolean(),
});
export const deviceCreatedAnswerSchema = success({ device: deviceSchema, token: z.string() });
export const devicesAnswerSchema = success({ devices: z.array(deviceSchema) });
export const smsSchema = obj({
  id: z.number().int(),
  device_id: z.string(),
  account: wallet,
  from: z.string(),
  text: z.string(),
  amount: z.number().nullable(),
  trx_id: nullableString,
  sender: nullableString,
  received_at: unixSeconds,
  arrived_at: unixSeconds,
  status: z.enum(SMS_STATUSES),
  order_id: nullableString,
  state: z.enum(SMS_STATES),
  state_order_id: nullableString,
  parse: obj({ kind: z.enum(['payment', 'ignored', 'unparsed']), reason: nullableString }),
});
export const smsForwardedAnswerSchema = success({
  sms: obj({ id: z.number().int(), status: z.enum(SMS_STATUSES), order_id: nullableString }),
});
export const smsPageAnswerSchema = success({ sms: z.array(smsSchema), pages });
export const gatewayDeliveryAnswerSchema = success({
  status: z.enum(['stored', 'duplicate', 'skipped']),
  sms: obj({}).optional(),
});
export const smsCandidatesAnswerSchema = success({ candidates: z.array(obj({ id: z.string() })) });
export const smsLinkedAnswerSchema = success({ sms: obj({}) });
// ---------- blocklist ----------
export const blocklistEntrySchema = obj({
  id: z.number().int(),
  kind: z.enum(BLOCKLIST_KINDS),
  value: z.string(),
  reason: z.string(),
  created_by: obj({ id: z.string(), name: z.string() }).nullable(),
  created_at: unixSeconds,
});
export const blocklistAnswerSchema = success({ entries: z.array(blocklistEntrySchema) });
export const blocklistEntryAnswerSchema = success({ entry: blocklistEntrySchema });
// ---------- cash desks ----------
export const cashdeskSchema = obj({
  currency: z.enum(['BDT', 'USD']),
  cashdesk_id: z.string(),
  login: z.string(),
  lng: z.string(),
  balance_variant: z.enum(['cashierpass', 'cashdeskid']),
  topup_auto: z.boolean(),
  withdraw_auto: z.boolean(),
  auto_max: z.number().int().nullable(),
  limit: z.number().nullable(),
  balance: z.number().nullable(),
  checked_at: unixSeconds.nullable(),
  state: z.enum(['ok', 'failing', 'paused']),
  last_error: nullableString,
});
export const cashdesksAnswerSchema = success({ cashdesks: z.array(cashdeskSchema) });
export const cashdeskAnswerSchema = success({ cashdesk: cashdeskSchema });
export const playerAnswerSchema = success({ player: obj({ name: z.string() }) });

// ---------- webhooks ----------
export const webhookSchema = obj({ id: z.string(), url: z.string(), events: z.array(z.string()) });
export const webhooksAnswerSchema = success({ webhooks: z.array(webhookSchema) });
export const pushKeyAnswerSchema = success({ public_key: z.string() });
export const webhookAnswerSchema = success({ webhook: webhookSchema });
export const webhookCreatedAnswerSchema = success({ webhook: webhookSchema, secret: z.string() });
export const webhookDeliveriesAnswerSchema = success({ deliveries: z.array(obj({})) });
export const webhookDeliveryAnswerSchema = success({ delivery: obj({}) });
export const deviceAnswerSchema = success({ device: deviceSchema });

export const smsTemplateSchema = obj({
  id: z.number().int(),
  account: wallet,
  label: z.string(),
  pattern: z.string(),
  time_format: nullableString,
  updated_at: unixSeconds,
});
export const smsTemplatesAnswerSchema = success({ templates: z.array(obj({})) });
export const smsTemplateAnswerSchema = success({ template: smsTemplateSchema });
export const smsTemplateTestAnswerSchema = success({ result: obj({}) });

// ---------- tickets ----------
export const ticketSchema = obj({
  id: z.string(),
  num: z.number().int(),
  created_at: unixSeconds,
  updated_at: unixSeconds,
  subject: z.string(),
  status: z.enum(['open', 'closed']),
  last_text: z.string(),
  user_id: z.string().nullable(),
  name: z.string(),
  userLogo: nullableString,
  order_id: nullableString,
  lang: z.enum(TICKET_LANGUAGES),
  texts: z
    .array(
      obj({
        id: z.number().int(),
        sender: z.enum(['user', 'admin']),
        text: z.string(),
        time: unixSeconds,
        picture: obj({
          path: z.string(),
          thumb_path: z.string(),
          width: z.number().int(),
          height: z.number().int(),
        }).nullable(),
      }),
    )
    .optional(),
  order: obj({ id: z.string(), status: orderStatus }).nullable().optional(),
});
export const ticketAnswerSchema = success({ support: ticketSchema });
export const ticketsPageAnswerSchema = success({ supports: z.array(ticketSchema), pages });
/** A guest's order page: its newest ticket, or null before they ask (decision 282). */
export const guestTicketAnswerSchema = success({ support: ticketSchema.nullable() });
export const ticketCreatedAnswerSchema = success({ id: z.string() });
// ---------- the customer's own limits (decisions 271-272) ----------
const limitValues = obj({
  daily_bdt: z.number().int().nullable(),
  weekly_bdt: z.number().int().nullable(),
  monthly_bdt: z.number().int().nullable(),
});
export const playerLimitsSchema = obj({
  limits: limitValues,
  pending: obj({ limits: limitValues, at: unixSeconds }).nullable(),
  used: obj({ daily_bdt: z.string(), weekly_bdt: z.string(), monthly_bdt: z.string() }),
  exclusion: obj({ period: z.enum(SELF_EXCLUSION_PERIODS), starts_at: unixSeconds, ends_at: unixSeconds }).nullable(),
});
export const playerLimitsAnswerSchema = success(playerLimitsSchema.shape);
export const userDetailsAnswerSchema = success({
  user: userSchema,
  orders: z.array(obj({ id: z.string(), status: orderStatus })),
  tickets: z.array(ticketSchema),
  player_limits: playerLimitsSchema.optional(),
});
export const replySchema = obj({ id: z.number().int(), title: z.string(), text_en: z.string(), text_bn: z.string() });
export const repliesAnswerSchema = success({ replies: z.array(replySchema) });
export const replyAnswerSchema = success({ reply: replySchema });

// ---------- recovery ----------
export const recoveryRequestedAnswerSchema = success({ id: z.string() });
export const recoveryLinkAnswerSchema = success({ email: z.string(), resend_at: unixSeconds });
export const recoveryDoneAnswerSchema = success({ user: userSchema, login_required: z.literal(true).optional() });

// ---------- Telegram ----------
export const telegramCodeAnswerSchema = success({ code: z.string(), link: nullableString, expires_at: unixSeconds });
export const telegramUnlinkedAnswerSchema = success({ telegram: telegramLinkSchema });

// ---------- operations ----------
export const captchaAnswerSchema = success({});
export const healthAnswerSchema = obj({ ok: z.boolean(), status: z.enum(['ok', 'degraded', 'down']) });

// ---------- the books (decision 290) ----------
const money = z.number();
const byCurrency = obj({ BDT: money, USD: money });
const bookItemSchema = obj({
  type: z.enum(['order', 'sms', 'operation', 'device']),
  id: z.string(),
  amount: money.nullable(),
  reason: z.string(),
  ref: nullableString,
});
const bookCheckSchema = obj({
  name: z.string(),
  expected: money.nullable(),
  actual: money.nullable(),
  difference: money.nullable(),
  ok: z.boolean(),
  items: z.array(bookItemSchema),
  items_total: z.number().int(),
});
export const booksDayAnswerSchema = success({
  date: z.string(),
  closed_at: unixSeconds.nullable(),
  closed_by: obj({ id: nullableString, name: z.string() }).nullable(),
  note: nullableString,
  phones: z.array(
    obj({
      device_id: z.string(),
      name: z.string(),
      account: z.string(),
      number: nullableString,
      opening: money.nullable(),
      credits: obj({ count: z.number().int(), amount: money }),
      debits: obj({ count: z.number().int(), amount: money, fees: money }),
      closing: money.nullable(),
      stated_closing: money.nullable(),
      gaps: z.array(obj({ from: unixSeconds, to: unixSeconds, sms_id: z.number().int(), unexplained: money })),
    }),
  ),
  cashdesks: z.array(
    obj({
      currency: z.string(),
      opening_limit: money.nullable(),
      deposits: obj({ count: z.number().int(), amount: money }),
      payouts: obj({ count: z.number().int(), amount: money }),
      drift: obj({ count: z.number().int(), amount: money }),
      closing_limit: money.nullable(),
      read_limit: money.nullable(),
    }),
  ),
  orders: obj({
    topups: obj({ count: z.number().int(), paid_bdt: money, delivered: byCurrency }),
    withdrawals: obj({ count: z.number().int(), redeemed: byCurrency, paid_bdt: money }),
    by_hand: obj({ count: z.number().int() }),
  }),
  commission: obj({
    deposit_pct: money.nullable(),
    payout_pct: money.nullable(),
    deposits: byCurrency.nullable(),
    payouts: byCurrency.nullable(),
  }).nullable(),
  checks: z.array(bookCheckSchema),
  adjustments: obj({
    changes: z.array(
      obj({ type: z.enum(['order', 'sms', 'operation', 'device']), id: z.string(), at: unixSeconds, what: z.string() }),
    ),
    checks: z.array(bookCheckSchema),
  }).nullable(),
});
export const booksChartAnswerSchema = success({
  days: z.array(obj({ date: z.string(), money_in: money, money_out: money, differences: money, closed: z.boolean() })),
});
