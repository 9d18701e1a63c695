// One zod schema per payload (design §5), used by the server to validate and by the client's forms.
// Messages are i18n keys (see VALIDATION_KEYS); the client translates them, the server returns them as `errors`.
import { z } from 'zod';
import { LIMITS, ROLES, TICKET_SUBJECTS, WALLETS } from './constants.js';
import { AMOUNT_PATTERN } from './money.js';

export const VALIDATION_KEYS = {
  required: 'validation.required',
  invalid: 'validation.invalid',
  nameLength: 'validation.nameLength',
  emailInvalid: 'validation.emailInvalid',
  emailLength: 'validation.emailLength',
  passwordLength: 'validation.passwordLength',
  passwordsMismatch: 'validation.passwordsMismatch',
  codeFormat: 'validation.codeFormat',
  ticketRequired: 'validation.ticketRequired',
  ticketShort: 'validation.ticketShort',
  ticketLong: 'validation.ticketLong',
  replyLength: 'validation.replyLength',
  subjectInvalid: 'validation.subjectInvalid',
  amountInvalid: 'validation.amountInvalid',
  withdrawAmountInvalid: 'validation.withdrawAmountInvalid',
  onexIdInvalid: 'validation.onexIdInvalid',
  walletInvalid: 'validation.walletInvalid',
  contactEmailInvalid: 'validation.contactEmailInvalid',
  transactionIdInvalid: 'validation.transactionIdInvalid',
  onexAccountInvalid: 'validation.onexAccountInvalid',
  withdrawCodeInvalid: 'validation.withdrawCodeInvalid',
  pmInvalid: 'validation.pmInvalid',
  pmWalletLength: 'validation.pmWalletLength',
  noteLong: 'validation.noteLong',
  descriptionShort: 'validation.descriptionShort',
  descriptionLong: 'validation.descriptionLong',
  rateInvalid: 'validation.rateInvalid',
  minMaxInvalid: 'validation.minMaxInvalid',
  roleInvalid: 'validation.roleInvalid',
  pageInvalid: 'validation.pageInvalid',
} as const;
const V = VALIDATION_KEYS;

const str = () => z.string({ error: V.required });
const trimmed = () => str().trim();

export const nameSchema = trimmed().min(1, V.required).min(LIMITS.name.min, V.nameLength).max(LIMITS.name.max, V.nameLength);
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
const captchaField = z.string().max(20_000).optional();

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
  })
  .refine((v) => v.new_password === undefined || v.new_password === v.confirm_password, {
    path: ['confirm_password'],
    error: V.passwordsMismatch,
  })
  .refine((v) => v.new_password === undefined || v.password !== undefined, { path: ['password'], error: V.required });
export const roleUpdateSchema = z.object({ role: z.enum(ROLES, { error: V.roleInvalid }) });
export const userPatchBodySchema = z.object({
  captcha: captchaField,
  user: z.union([roleUpdateSchema.strict(), profileUpdateSchema]),
});

export const pageQuerySchema = z.object({
  page: z.coerce.number({ error: V.pageInvalid }).int(V.pageInvalid).min(1, V.pageInvalid).max(1_000_000, V.pageInvalid).default(1),
});

// ---------- recovery ----------
export const recoveryCodeSchema = str()
  .min(1, V.required)
  .regex(/^[\d\s-]+$/, V.codeFormat)
  .transform((v) => v.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^\d{6,9}$/, V.codeFormat));
export const recoverBodySchema = z.object({ captcha: captchaField, email: emailSchema });
export const recoverConfirmBodySchema = z.object({ captcha: captchaField, code: recoveryCodeSchema, password: passwordSchema });
export const recoverConfirmFormSchema = z
  .object({ code: recoveryCodeSchema, password: passwordSchema, confirm_password: str().min(1, V.required) })
  .refine((v) => v.password === v.confirm_password, { path: ['confirm_password'], error: V.passwordsMismatch });

// ---------- catalogue ----------
const moneyValue = (key: string) =>
  z
    .union([z.string(), z.number()], { error: key })
    .transform((v) => String(v).trim())
    .pipe(z.string().regex(AMOUNT_PATTERN, key));
const rateValue = z
  .union([z.string(), z.number()], { error: V.rateInvalid })
  .transform((v) => String(v).trim())
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
export const productPatchBodySchema = z.object({
  captcha: captchaField,
  product: z.object({
    available: z.boolean({ error: V.invalid }).optional(),
    description: trimmed()
      .min(LIMITS.productDescription.min, V.descriptionShort)
      .max(LIMITS.productDescription.max, V.descriptionLong)
      .optional(),
    pms: z.array(productPmPatchSchema).max(WALLETS.length).optional(),
  }),
});

export const pmPatchBodySchema = z.object({
  captcha: captchaField,
  pm: z.object({
    wallet: trimmed().min(LIMITS.pmWallet.min, V.pmWalletLength).max(LIMITS.pmWallet.max, V.pmWalletLength),
    note: z.string({ error: V.invalid }).trim().max(LIMITS.pmNote.max, V.noteLong).default(''),
    available: z.boolean({ error: V.invalid }),
  }),
});

// ---------- orders ----------
export const contactEmailSchema = trimmed()
  .toLowerCase()
  .min(1, V.required)
  .min(LIMITS.contactEmail.min, V.contactEmailInvalid)
  .max(LIMITS.contactEmail.max, V.contactEmailInvalid)
  .pipe(z.email({ error: V.contactEmailInvalid }));
export const onexIdSchema = str().regex(/^\d{9}$/, V.onexIdInvalid);
export const customerWalletSchema = str().regex(/^01\d{9}$/, V.walletInvalid);

export const topupOrderSchema = z.object({
  pm_method: walletSchema,
  amount: moneyValue(V.amountInvalid),
  onex_id: onexIdSchema,
  contact_email: contactEmailSchema,
});
export const withdrawOrderSchema = z.object({
  pm_method: walletSchema,
  amount: moneyValue(V.withdrawAmountInvalid),
  wallet: customerWalletSchema,
  contact_email: contactEmailSchema,
});
export const createOrderBodySchema = z.object({
  captcha: captchaField,
  order: z.record(z.string(), z.unknown(), { error: V.invalid }),
});

export const submitTopupPaymentSchema = z.object({
  pm_id: str().regex(new RegExp(`^[A-Za-z0-9_-]{${LIMITS.transactionId.min},${LIMITS.transactionId.max}}$`), V.transactionIdInvalid),
});
export const submitWithdrawPaymentSchema = z.object({
  onex_id: str().regex(/^\d{9}$/, V.onexAccountInvalid),
  w_code: str().regex(/^[A-Za-z0-9]{4}$/, V.withdrawCodeInvalid),
});
export const customerCancelSchema = z.object({ cancel: z.literal(true, { error: V.invalid }) });
export const adminOrderUpdateSchema = z.object({ status: z.enum(['complete', 'cancelled'], { error: V.invalid }) });
export const orderPatchBodySchema = z.object({
  captcha: captchaField,
  order: z.record(z.string(), z.unknown(), { error: V.invalid }),
});

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
  support: z.object({ subject: z.enum(TICKET_SUBJECTS, { error: V.subjectInvalid }), text: newTicketTextSchema }),
});
export const ticketPatchBodySchema = z.object({
  captcha: captchaField,
  support: z.union([z.object({ status: z.literal('close') }).strict(), z.object({ text: ticketReplySchema }).strict()]),
});

// ---------- admin ----------
export const adminPatchBodySchema = z.object({
  captcha: captchaField,
  admin: z.object({ online: z.boolean({ error: V.invalid }) }),
});

export const idParamSchema = z.string().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/);
