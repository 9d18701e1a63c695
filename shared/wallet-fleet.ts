// The wallet fleet (decisions 193-194): a payment method's receiving numbers with their own limits.
import { z } from 'zod';
import type { Wallet } from './constants.js';
import { dhakaDate } from './dhaka.js';
import { VALIDATION_KEYS as V } from './error-keys.js';
import { captchaField, moneyValue, shopWalletNumberSchema, twoFactorCodeSchema } from './schemas.js';

export const NUMBER_LABEL_MAX = 60;

const countLimit = z.number({ error: V.invalid }).int(V.invalid).min(0, V.invalid).max(1_000_000, V.invalid).nullable();
const amountLimit = z.union([moneyValue(V.invalid), z.null()]);

/** A number as the admin adds it; each limit null (or absent): none. */
export const numberInputSchemaFor = (account: Wallet) =>
  z.object({
    wallet: shopWalletNumberSchema(account),
    label: z.string({ error: V.invalid }).trim().max(NUMBER_LABEL_MAX, V.invalid).default(''),
    daily_count_limit: countLimit.default(null),
    daily_amount_limit: amountLimit.default(null),
    monthly_amount_limit: amountLimit.default(null),
    /** The wallet typed a second time, equal (decision 280). */
    confirm_wallet: shopWalletNumberSchema(account).optional(),
  });
export type NumberInput = z.output<ReturnType<typeof numberInputSchemaFor>>;

/** A partial edit: pause (`active: false`), resume, relabel, change the wallet or a limit; absent: unchanged. */
export const numberPatchSchemaFor = (account: Wallet) =>
  z.object({
    active: z.boolean({ error: V.invalid }).optional(),
    wallet: shopWalletNumberSchema(account).optional(),
    label: z.string({ error: V.invalid }).trim().max(NUMBER_LABEL_MAX, V.invalid).optional(),
    daily_count_limit: countLimit.optional(),
    daily_amount_limit: amountLimit.optional(),
    monthly_amount_limit: amountLimit.optional(),
    /** Required, equal, when `wallet` changes (decision 280). */
    confirm_wallet: shopWalletNumberSchema(account).optional(),
  });
export type NumberPatch = z.output<ReturnType<typeof numberPatchSchemaFor>>;

/** `otp`: the staff member's current code when they have two-factor and a receiving wallet is set (decision 280). */
export const numberPostBodySchemaFor = (account: Wallet) =>
  z.object({ captcha: captchaField, otp: twoFactorCodeSchema.optional(), number: numberInputSchemaFor(account) });
export const numberPatchBodySchemaFor = (account: Wallet) =>
  z.object({ captcha: captchaField, otp: twoFactorCodeSchema.optional(), number: numberPatchSchemaFor(account) });

export interface NumberUsageDto {
  count: number;
  /** Taka, as a number (like the method's `today`). */
  amount: number;
}

export interface PaymentNumberDto {
  id: number;
  wallet: string;
  label: string;
  active: boolean;
  daily_count_limit: number | null;
  daily_amount_limit: number | null;
  monthly_amount_limit: number | null;
  /** Today's (Asia/Dhaka) and this month's waiting, pending and complete top-ups given this number. */
  today: NumberUsageDto;
  month: NumberUsageDto;
}

/** The counter periods of a top-up placed at `at` (Asia/Dhaka): its day and its month (decision 194). */
export const dayPeriod = (at: Date): string => `day:${dhakaDate(at)}`;
export const monthPeriod = (at: Date): string => `month:${dhakaDate(at).slice(0, 7)}`;
