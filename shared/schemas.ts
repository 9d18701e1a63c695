// One zod schema per payload (product.md §3.3), used by the server to validate and by the client's forms.
// Messages are i18n keys (see VALIDATION_KEYS); the client translates them, the server returns them as `errors`.
import { z } from 'zod';
import { LIMITS, ROLES, TICKET_LANGUAGES, TICKET_SUBJECTS, WALLETS, type Wallet } from './constants.js';
import { asciiDigitsOf, toAsciiDigits, toLocalMobileNumber } from './digits.js';
import { AMOUNT_PATTERN } from './money.js';
import { VALIDATION_KEYS, type ValidationKey } from './error-keys.js';
import type { OrderCommandName } from './order-status.js';
import { businessHoursSchema, payerSchema } from './money-controls.js';

export { VALIDATION_KEYS };
const V = VALIDATION_KEYS;

const str = () => z.string({ error: V.required });
const trimmed = () => str().trim();
/** A typed number, code or id: Bengali digits become ASCII (digits.ts) before `check` runs; the input stays a string. */
const typedDigits = <T extends z.ZodType<unknown, string>>(check: T) => str().transform(toAsciiDigits).pipe(check);
/** A mobile wallet number as people write it (spaces, dashes, +880, Bengali digits) reduced to its local digits. */
const mobileNumber = <T extends z.ZodType<unknown, string>>(check: T) =>
  str().transform(toLocalMobileNumber).pipe(check);

export const nameSchema = trimmed()
  .min(1, V.required)
  .min(LIMITS.name.min, V.nameLength)
  .max(LIMITS.name.max, V.nameLength);
export const emailSchema = trimmed()
  .toLowerCase()
  .min(1, V.required)
  .min(LIMITS.email.min, V.emailLength)
  .max(LIMITS.email.max, V.emailLength)
  .pipe(z.email({ error: V.emailInvalid }));
export const passwordSchema = str()
  .min(1, V.required)
  .min(LIMITS.password.min, V.passwordLength)
  .max(LIMITS.password.max, V.passwordLength);
export const captchaField = z.string().max(20_000).optional();

// ---------- accounts ----------
export const loginUserSchema = z.object({ email: emailSchema, password: passwordSchema });
export const loginBodySchema = z.object({ captcha: captchaField, user: loginUserSchema });

export const registerUserSchema = z.object({ name: nameSchema, email: emailSchema, password: passwordSchema });
export const registerBodySchema = z.object({ captcha: captchaField, user: registerUserSchema });

/** The register form has a confirmation the API does not take. */
export const registerFormSchema = registerUserSchema
  .extend({ confirm_password: str().min(1, V.required) })
  .refine((v) => v.password === v.confirm_password, { path: ['confirm_password'], error: V.passwordsMismatch });

export const profileUpdateSchema = z
  .object({
    name: nameSchema.optional(),
    password: passwordSchema.optional(),
    new_password: passwordSchema.optional(),
    confirm_password: str().optional(),
    /** Mail when an order completes or staff answer a ticket (decision 283). */
    mail_updates: z.boolean({ error: V.invalid }).optional(),
  })
  .refine((v) => v.new_password === undefined || v.new_password === v.confirm_password, {
    path: ['confirm_password'],
    error: V.passwordsMismatch,
  })
  .refine((v) => v.new_password === undefined || v.password !== undefined, { path: ['password'], error: V.required });
export const roleUpdateSchema = z.object({ role: z.enum(ROLES, { error: V.roleInvalid }) });
/**
 * The `user` of `PATCH /users/{id}`: a role change when it names `role` (then nothing else), else a profile edit.
 * Chosen by key rather than a union, so a bad role is a 400 naming `role`, not a profile edit of nothing.
 */
const userPatchSchema = z
  .record(z.string(), z.unknown(), { error: V.invalid })
  .transform((payload, ctx): z.output<typeof roleUpdateSchema> | z.output<typeof profileUpdateSchema> => {
    const schema = Object.hasOwn(payload, 'role') ? roleUpdateSchema.strict() : profileUpdateSchema;
    const parsed = schema.safeParse(payload);
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
      return z.NEVER;
    }
    return parsed.data;
  });
export const userPatchBodySchema = z.object({ captcha: captchaField, user: userPatchSchema });

// ---------- two-factor sign-in (decision 161) ----------
/** What the second step takes: the 6 digits of the authenticator app, or a recovery code (XXXXX-XXXXX, any case). */
export const twoFactorCodeSchema = typedDigits(
  z
    .string()
    .trim()
    .min(1, V.required)
    .max(32, V.twoFactorCodeFormat)
    .transform((v) => v.toUpperCase().replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^(\d{6}|[A-HJKMNP-Z2-9]{10})$/, V.twoFactorCodeFormat)),
);
export const twoFactorSetupBodySchema = z.object({ captcha: captchaField });
/** `POST /orders/{id}/claim`, `POST /orders/{id}/approve`, `DELETE /orders/{id}/claim`: a captcha only. */
export const orderStaffStepBodySchema = z.object({ captcha: captchaField });
export const twoFactorCodeBodySchema = z.object({ captcha: captchaField, code: twoFactorCodeSchema });
/** The forms that take a code (the login's second step, turning 2FA on or off). */
export const twoFactorCodeFormSchema = z.object({ code: twoFactorCodeSchema });
/** `POST /login/2fa`: the challenge a login answered, and the code. */
export const loginTwoFactorBodySchema = z.object({
  challenge: str().regex(/^[A-Za-z0-9_-]{20,100}$/, V.invalid),
  code: twoFactorCodeSchema,
});

export const pageQuerySchema = z.object({
  page: z
    .preprocess(
      asciiDigitsOf,
      z.coerce.number({ error: V.pageInvalid }).int(V.pageInvalid).min(1, V.pageInvalid).max(1_000_000, V.pageInvalid),
    )
    .default(1),
});

// ---------- recovery ----------
/**
 * Spec §5: 6 to 9 characters of digits, hyphens and spaces as typed (surrounding blanks aside), then stripped
 * to 6-9 digits (decision 014).
 */
export const recoveryCodeSchema = typedDigits(
  z
    .string()
    .trim()
    .min(1, V.required)
    .regex(new RegExp(`^[\\d\\s-]{${LIMITS.recoveryCode.min},${LIMITS.recoveryCode.max}}$`), V.codeFormat)
    .transform((v) => v.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{6,9}$/, V.codeFormat)),
);
export const recoverBodySchema = z.object({ captcha: captchaField, email: emailSchema });
export const recoverConfirmBodySchema = z.object({
  captcha: captchaField,
  code: recoveryCodeSchema,
  password: passwordSchema,
});
/** `GET /recover/{id}?ref=…`: the signed reference of the mailed link (decision 021). */
export const recoveryLinkQuerySchema = z.object({ ref: z.string().min(1).max(200) });
export const recoverConfirmFormSchema = z
  .object({ code: recoveryCodeSchema, password: passwordSchema, confirm_password: str().min(1, V.required) })
  .refine((v) => v.password === v.confirm_password, { path: ['confirm_password'], error: V.passwordsMismatch });

// ---------- catalogue ----------
export const moneyValue = (key: string) =>
  z
    .union([z.string(), z.number()], { error: key })
    .transform((v) => toAsciiDigits(String(v)).trim())
    .pipe(z.string().regex(AMOUNT_PATTERN, key));
const rateValue = z
  .union([z.string(), z.number()], { error: V.rateInvalid })
  .transform((v) => toAsciiDigits(String(v)).trim())
  .pipe(z.string().regex(/^\d{1,10}(\.\d{1,4})?$/, V.rateInvalid))
  .refine((v) => Number(v) > 0, V.rateInvalid);

export const walletSchema = z.enum(WALLETS, { error: V.pmInvalid });

export const productPmPatchSchema = z
  .object({
    account: walletSchema,
    available: z.boolean({ error: V.invalid }),
    rate: rateValue,
    min: moneyValue(V.minMaxInvalid),
    max: moneyValue(V.minMaxInvalid),
  })
  .refine((v) => Number(v.min) <= Number(v.max), { path: ['max'], error: V.minMaxInvalid });
export const productPatchSchema = z.object({
  available: z.boolean({ error: V.invalid }).optional(),
  description: trimmed()
    .min(LIMITS.productDescription.min, V.descriptionShort)
    .max(LIMITS.productDescription.max, V.descriptionLong)
    .optional(),
  /** The Bengali description (decision 091): empty, or the same 5-500 characters. */
  description_bn: trimmed()
    .max(LIMITS.productDescription.max, V.descriptionLong)
    .refine((text) => text === '' || text.length >= LIMITS.productDescription.min, V.descriptionShort)
    .optional(),
  pms: z.array(productPmPatchSchema).max(WALLETS.length).optional(),
});
/** An admin's edit of a product: any of availability, description and per-method terms. */
export type ProductPatch = z.infer<typeof productPatchSchema>;
export const productPatchBodySchema = z.object({ captcha: captchaField, product: productPatchSchema });

/**
 * The number customers pay to, per wallet (decision 193): bKash and Nagad accounts are the 11-digit mobile number
 * starting 01; a Rocket account is that number followed by one check digit (12 digits), which only the bank computes.
 */
export const SHOP_WALLET_NUMBER: Record<Wallet, { pattern: RegExp; key: ValidationKey }> = {
  bkash: { pattern: /^01\d{9}$/, key: V.pmWalletMobile },
  nagad: { pattern: /^01\d{9}$/, key: V.pmWalletMobile },
  rocket: { pattern: /^01\d{10}$/, key: V.pmWalletRocket },
};
export const shopWalletNumberSchema = (account: Wallet) =>
  mobileNumber(z.string().regex(SHOP_WALLET_NUMBER[account].pattern, SHOP_WALLET_NUMBER[account].key));

/** An admin's edit of one of the shop's receiving wallets; the number's shape depends on the wallet. */
export const pmPatchSchemaFor = (account: Wallet) =>
  z.object({
    wallet: shopWalletNumberSchema(account),
    note: z.string({ error: V.invalid }).trim().max(LIMITS.pmNote.max, V.noteLong).default(''),
    /** The note for Bengali readers ('' shows `note`); absent: unchanged (older clients do not send it). */
    note_bn: z.string({ error: V.invalid }).trim().max(LIMITS.pmNote.max, V.noteLong).optional(),
    available: z.boolean({ error: V.invalid }),
    /** Top-ups a Dhaka day may take with this method; null: no cap; absent: unchanged. */
    daily_count_limit: z
      .number({ error: V.invalid })
      .int(V.invalid)
      .min(0, V.invalid)
      .max(1_000_000, V.invalid)
      .nullable()
      .optional(),
    /** The day's total `pm_amount` in taka; null: no cap; absent: unchanged. */
    daily_amount_limit: z.union([moneyValue(V.invalid), z.null()]).optional(),
    /** Business hours in Asia/Dhaka (decision 210); null: always open; absent: unchanged. */
    hours: businessHoursSchema.nullable().optional(),
    /** The wallet typed a second time: required, equal, when `wallet` changes (decision 280). */
    confirm_wallet: shopWalletNumberSchema(account).optional(),
  });
export type PaymentMethodPatch = z.infer<ReturnType<typeof pmPatchSchemaFor>>;
/** `otp`: the staff member's current code when they have two-factor and the wallet changes (decision 280). */
export const pmPatchBodySchemaFor = (account: Wallet) =>
  z.object({ captcha: captchaField, otp: twoFactorCodeSchema.optional(), pm: pmPatchSchemaFor(account) });

// ---------- orders ----------
export const contactEmailSchema = trimmed()
  .toLowerCase()
  .min(1, V.required)
  .min(LIMITS.contactEmail.min, V.contactEmailInvalid)
  .max(LIMITS.contactEmail.max, V.contactEmailInvalid)
  .pipe(z.email({ error: V.contactEmailInvalid }));
export const onexIdSchema = typedDigits(
  z
    .string()
    .trim()
    .regex(/^\d{9}$/, V.onexIdInvalid),
);
export const customerWalletSchema = mobileNumber(z.string().regex(/^01\d{9}$/, V.walletInvalid));

export const topupOrderSchema = z.object({
  pm_method: walletSchema,
  amount: moneyValue(V.amountInvalid),
  onex_id: onexIdSchema,
  contact_email: contactEmailSchema,
  /** The wallet number the customer pays from; required when the shop's `payer_required` is on. */
  payer: payerSchema.optional(),
});
export const withdrawOrderSchema = z.object({
  pm_method: walletSchema,
  amount: moneyValue(V.withdrawAmountInvalid),
  wallet: customerWalletSchema,
  contact_email: contactEmailSchema,
});
export type TopupOrderInput = z.infer<typeof topupOrderSchema>;
export type WithdrawOrderInput = z.infer<typeof withdrawOrderSchema>;
/** The `order` of `POST /orders/{productId}` after parsing (amount a decimal string). */
export type PlaceOrderInput = TopupOrderInput | WithdrawOrderInput;
/** The `order` a client sends to `POST /orders/{productId}` (before parsing). */
export type NewOrderInput = z.input<typeof topupOrderSchema> | z.input<typeof withdrawOrderSchema>;
/** `POST /orders/{productId}` bodies; the product's kind picks one. Unknown fields in `order` are refused. */
export const placeOrderBodySchemas = {
  topup: z.object({ captcha: captchaField, order: topupOrderSchema.strict() }),
  withdraw: z.object({ captcha: captchaField, order: withdrawOrderSchema.strict() }),
} as const;

export const submitTopupPaymentSchema = z.object({
  pm_id: typedDigits(
    z
      .string()
      .trim()
      .regex(
        new RegExp(`^[A-Za-z0-9_-]{${LIMITS.transactionId.min},${LIMITS.transactionId.max}}$`),
        V.transactionIdInvalid,
      ),
  ),
});
export const submitWithdrawPaymentSchema = z.object({
  onex_id: typedDigits(
    z
      .string()
      .trim()
      .regex(/^\d{9}$/, V.onexAccountInvalid),
  ),
  w_code: typedDigits(
    z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9]{4}$/, V.withdrawCodeInvalid),
  ),
});
export const customerCancelSchema = z.object({ cancel: z.literal(true, { error: V.invalid }) });
/** Why the admin cancelled an order; the customer's order page shows it in their language. */
export const CANCEL_REASONS = ['payment_not_received', 'wrong_amount', 'customer_request', 'other'] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];
/** `{status:'cancelled'}` with an optional reason and a note to the customer. */
export const adminCancelSchema = z.strictObject({
  status: z.literal('cancelled', { error: V.invalid }),
  reason: z.enum(CANCEL_REASONS, { error: V.invalid }).optional(),
  note: z.string({ error: V.invalid }).trim().max(LIMITS.cancelNote.max, V.noteLong).optional(),
});
/** The transaction id of a withdrawal's payout, optional when completing it. */
export const payoutTrxIdSchema = typedDigits(
  z
    .string()
    .trim()
    .regex(
      new RegExp(`^[A-Za-z0-9_-]{${LIMITS.transactionId.min},${LIMITS.transactionId.max}}$`),
      V.payoutTrxIdInvalid,
    ),
);
/** Why the admin reopens a timed-out order, or completes a top-up whose payment is not verified (on its timeline). */
export const reopenReasonSchema = str().trim().min(3, V.reasonLength).max(300, V.reasonLength);
/**
 * Complete; a top-up whose payment is not verified also needs `unverified: true` and the reason (decision 241),
 * which come together or not at all.
 */
export const completeOrderSchema = z
  .object({
    status: z.literal('complete', { error: V.invalid }),
    payout_trx_id: payoutTrxIdSchema.optional(),
    unverified: z.literal(true, { error: V.invalid }).optional(),
    reason: reopenReasonSchema.optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    if (body.unverified && body.reason === undefined)
      ctx.addIssue({ code: 'custom', message: V.reasonLength, path: ['reason'] });
    if (!body.unverified && body.reason !== undefined)
      ctx.addIssue({ code: 'custom', message: V.invalid, path: ['reason'] });
  });
export const reopenOrderSchema = z.object({
  status: z.literal('pending', { error: V.invalid }),
  reason: reopenReasonSchema,
});
/** `POST /orders/{id}/late-payment`: a timed-out top-up's "paid late" claim. */
export const latePaymentBodySchema = z.object({ captcha: captchaField, pm_id: submitTopupPaymentSchema.shape.pm_id });

/** A customer's payment details: a top-up's transaction id, or a withdrawal's account id and code. */
export type OrderPayment = { kind: 'topup'; pm_id: string } | { kind: 'withdraw'; onex_id: string; w_code: string };

interface OrderCommandFields {
  submitPayment: { payment: OrderPayment };
  cancelOrder: unknown;
  completeOrder: { payoutTrxId?: string; unverifiedReason?: string };
  cancelOrderAsAdmin: { reason?: CancelReason; note?: string };
  reopenOrder: { reason: string };
}
/**
 * The commands of `PATCH /orders/{id}`, one name each from the client's button to the transition table:
 * the names are `OrderCommandName` of order-status.ts, each the name of its rule in `ORDER_TRANSITIONS`.
 */
export type OrderCommand =
  { [N in OrderCommandName]: { name: N } & OrderCommandFields[N] }[OrderCommandName] | PayoutWalletCorrection;
/**
 * The customer corrects a withdrawal's payout number (decision 281): no status moves, so it is no rule of the
 * transition table; allowed while the order waits or is pending and nothing has been paid out.
 */
export type PayoutWalletCorrection = { name: 'correctPayoutWallet'; wallet: string; confirm: string };
/** `{payout_wallet, confirm_payout_wallet}`: the new number typed twice, the same (decision 281). */
export const correctPayoutWalletSchema = z.object({
  payout_wallet: customerWalletSchema,
  confirm_payout_wallet: customerWalletSchema,
});

const completeAsAdmin = completeOrderSchema.transform(({ payout_trx_id, reason }): OrderCommand => ({
  name: 'completeOrder',
  ...(payout_trx_id === undefined ? {} : { payoutTrxId: payout_trx_id }),
  ...(reason === undefined ? {} : { unverifiedReason: reason }),
}));
const cancelAsAdmin = adminCancelSchema.transform(({ reason, note }): OrderCommand => ({
  name: 'cancelOrderAsAdmin',
  ...(reason ? { reason } : {}),
  ...(note ? { note } : {}),
}));
const reopenAsAdmin = reopenOrderSchema
  .strict()
  .transform(({ reason }): OrderCommand => ({ name: 'reopenOrder', reason }));
const correctPayoutWallet = correctPayoutWalletSchema
  .strict()
  .transform(({ payout_wallet, confirm_payout_wallet }): OrderCommand => ({
    name: 'correctPayoutWallet',
    wallet: payout_wallet,
    confirm: confirm_payout_wallet,
  }));
const cancelAsCustomer = customerCancelSchema.strict().transform((): OrderCommand => ({ name: 'cancelOrder' }));
const payTopup = submitTopupPaymentSchema
  .strict()
  .transform(({ pm_id }): OrderCommand => ({ name: 'submitPayment', payment: { kind: 'topup', pm_id } }));
const payWithdraw = submitWithdrawPaymentSchema.strict().transform(({ onex_id, w_code }): OrderCommand => ({
  name: 'submitPayment',
  payment: { kind: 'withdraw', onex_id, w_code },
}));

/** product.md §7.2's payloads carry no command name: the keys tell which one it is. */
function wirePayloadSchema(payload: Record<string, unknown>) {
  const has = (key: string) => Object.hasOwn(payload, key);
  if (has('status')) {
    if (payload.status === 'complete') return completeAsAdmin;
    if (payload.status === 'pending') return reopenAsAdmin;
    return cancelAsAdmin;
  }
  if (has('cancel')) return cancelAsCustomer;
  if (has('payout_wallet') || has('confirm_payout_wallet')) return correctPayoutWallet;
  if (has('pm_id')) return payTopup;
  if (has('onex_id') || has('w_code')) return payWithdraw;
  return undefined;
}

/**
 * The `order` of `PATCH /orders/{id}` (product.md §7.2, unchanged on the wire) parsed into one command:
 * `{status:'complete', payout_trx_id?}` → completeOrder, `{status:'cancelled'}` → cancelOrderAsAdmin,
 * `{status:'pending', reason}` → reopenOrder (the three admin only),
 * `{pm_id}` or `{onex_id, w_code}` → submitPayment, `{cancel:true}` → cancelOrder,
 * `{payout_wallet, confirm_payout_wallet}` → correctPayoutWallet (decision 281). Unknown keys are refused.
 */
export const orderCommandSchema = z
  .record(z.string(), z.unknown(), { error: V.invalid })
  .transform((payload, ctx): OrderCommand => {
    const schema = wirePayloadSchema(payload);
    if (!schema) {
      ctx.addIssue({ code: 'custom', message: V.invalid });
      return z.NEVER;
    }
    const parsed = schema.safeParse(payload);
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
      return z.NEVER;
    }
    return parsed.data;
  });
export const orderPatchBodySchema = z.object({ captcha: captchaField, order: orderCommandSchema });

/** The wire payload of a command, for the client (the inverse of orderCommandSchema). */
export function orderCommandPayload(command: OrderCommand): Record<string, unknown> {
  switch (command.name) {
    case 'submitPayment': {
      const { kind: _kind, ...fields } = command.payment;
      return fields;
    }
    case 'cancelOrder':
      return { cancel: true };
    case 'completeOrder':
      return {
        status: 'complete',
        ...(command.payoutTrxId === undefined ? {} : { payout_trx_id: command.payoutTrxId }),
        ...(command.unverifiedReason === undefined ? {} : { unverified: true, reason: command.unverifiedReason }),
      };
    case 'cancelOrderAsAdmin':
      return {
        status: 'cancelled',
        ...(command.reason ? { reason: command.reason } : {}),
        ...(command.note ? { note: command.note } : {}),
      };
    case 'reopenOrder':
      return { status: 'pending', reason: command.reason };
    case 'correctPayoutWallet':
      return { payout_wallet: command.wallet, confirm_payout_wallet: command.confirm };
  }
}

// ---------- tickets ----------
export const newTicketTextSchema = str()
  .trim()
  .min(1, V.ticketRequired)
  .min(LIMITS.ticketText.min, V.ticketShort)
  .max(LIMITS.ticketText.max, V.ticketLong);
export const ticketReplySchema = str()
  .trim()
  .min(1, V.required)
  .min(LIMITS.ticketReply.min, V.replyLength)
  .max(LIMITS.ticketReply.max, V.replyLength);
export const createTicketBodySchema = z.object({
  captcha: captchaField,
  support: z.object({
    subject: z.enum(TICKET_SUBJECTS, { error: V.subjectInvalid }),
    text: newTicketTextSchema,
    /** The customer's own order the ticket is about; another's or an unknown one is a 404. */
    order_id: z
      .string({ error: V.invalid })
      .min(1, V.invalid)
      .max(64, V.invalid)
      .regex(/^[A-Za-z0-9_-]+$/, V.invalid)
      .optional(),
    /** The language the customer writes in (their interface's); absent: Bengali script in the text says bn. */
    lang: z.enum(TICKET_LANGUAGES, { error: V.invalid }).optional(),
  }),
});
/**
 * `POST /orders/{id}/support` (decision 282): a guest writes about their order from its page; the first message
 * opens the ticket (it must then be a question, `newTicketTextSchema`'s length, checked by the server), the next ones
 * are replies. The subject is the order's product.
 */
export const guestTicketBodySchema = z.object({
  captcha: captchaField,
  support: z.object({
    text: ticketReplySchema,
    lang: z.enum(TICKET_LANGUAGES, { error: V.invalid }).optional(),
  }),
});
/**
 * The form fields beside the picture of `POST /supports/{id}/pictures` (decision 022): the picture
 * may go with words or alone.
 */
export const ticketPictureFormSchema = z.object({
  captcha: captchaField,
  text: z.string({ error: V.replyLength }).trim().max(LIMITS.ticketReply.max, V.replyLength).optional().default(''),
});
/** `GET /supports/{id}/pictures/{messageId}?size=thumb`: the thumbnail, or the picture (the default). */
export const ticketPictureQuerySchema = z.object({
  size: z.enum(['full', 'thumb'], { error: V.invalid }).default('full'),
});
export const ticketPatchBodySchema = z.object({
  captcha: captchaField,
  support: z.union([z.object({ status: z.literal('close') }).strict(), z.object({ text: ticketReplySchema }).strict()]),
});

// ---------- admin ----------
export const adminPatchBodySchema = z.object({
  captcha: captchaField,
  /** true or false by hand; null follows staff presence (decision 217). */
  admin: z.object({ online: z.boolean({ error: V.invalid }).nullable() }),
});

export const idParamSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/);
