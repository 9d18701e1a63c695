// The shop's own rules (decision 163): ONE typed registry of keys, each with its zod schema and its
// default. `GET /shop-settings` answers every key (a key never set has its default); `PATCH /shop-settings` takes
// any subset and refuses keys not listed here (400 validation.settingUnknown). A later issue adds its rule with one
// entry below; the server stores, audits and caches it, and the client form reads its type from here.
import { z } from 'zod';
import { LIMITS } from './constants.js';
import { VALIDATION_KEYS as V } from './error-keys.js';

/** A percentage of 0 to 100 with at most two decimals, or null (off). */
const commissionPct = z
  .number({ error: V.percentInvalid })
  .min(0, V.percentInvalid)
  .max(100, V.percentInvalid)
  .refine((n) => Math.round(n * 100) === n * 100, V.percentInvalid)
  .nullable();

export const SHOP_SETTINGS = {
  /**
   * A withdrawal of at least this many BDT (USD converted at the order's rate) needs a second staff member's
   * approval before it completes; null: off.
   */
  four_eyes_bdt: {
    schema: z
      .number({ error: V.fourEyesInvalid })
      .min(0, V.fourEyesInvalid)
      .max(LIMITS.amountMax, V.fourEyesInvalid)
      .refine((n) => Math.round(n * 100) === n * 100, V.fourEyesInvalid)
      .nullable(),
    default: null as number | null,
  },
  /**
   * Who accepts a held payment by hand (decision 315): 'admin' (an admin only) or 'second_approval' (an operator
   * too, once another staff member approved it, as a large withdrawal is approved).
   */
  held_accept: {
    schema: z.enum(['admin', 'second_approval'], { error: V.invalid }),
    default: 'admin' as 'admin' | 'second_approval',
  },
  /** Every top-up must name the wallet number it is paid from (`payer`); off, it is optional. */
  payer_required: {
    schema: z.boolean({ error: V.invalid }),
    default: false as boolean,
  },
  /**
   * (decision 210) A customer with no completed order in the last 30 days ("a stranger") may have one open
   * (waiting or pending) order at a time; false: off.
   */
  new_customer_one_open_order: {
    schema: z.boolean({ error: V.invalid }),
    default: false as boolean,
  },
  /** The largest top-up (BDT paid) a stranger may place; null: off. */
  new_customer_max_bdt: {
    schema: z
      .number({ error: V.limitSettingInvalid })
      .min(1, V.limitSettingInvalid)
      .max(LIMITS.amountMax, V.limitSettingInvalid)
      .refine((n) => Math.round(n * 100) === n * 100, V.limitSettingInvalid)
      .nullable(),
    default: null as number | null,
  },
  /** Orders any caller may place per hour, counted per 1xBet id, e-mail and address; null: off. */
  orders_per_hour: {
    schema: z
      .number({ error: V.limitSettingInvalid })
      .int(V.limitSettingInvalid)
      .min(1, V.limitSettingInvalid)
      .max(10_000, V.limitSettingInvalid)
      .nullable(),
    default: null as number | null,
  },
  /**
   * The public home page's recent orders show customers' full names and photos (true), or names masked as `R***n`
   * and initials instead of photos (false, the default: betting top-ups next to a full name are nobody's business;
   * decision 216).
   */
  home_show_names: {
    schema: z.boolean({ error: V.invalid }),
    default: false as boolean,
  },
  /**
   * The brand's commission on the cash desk's deposits, in percent of their amount: the books show the day's
   * expected commission on the desk's volumes (decision 290); null: not shown.
   */
  desk_commission_deposit_pct: {
    schema: commissionPct,
    default: null as number | null,
  },
  /** The same on the desk's payouts (redeemed withdrawal codes); null: not shown. */
  desk_commission_payout_pct: {
    schema: commissionPct,
    default: null as number | null,
  },
} as const;

export type ShopSettingKey = keyof typeof SHOP_SETTINGS;
export type ShopSettings = { [K in ShopSettingKey]: z.output<(typeof SHOP_SETTINGS)[K]['schema']> };
export const SHOP_SETTING_KEYS = Object.keys(SHOP_SETTINGS) as ShopSettingKey[];

export const SHOP_SETTINGS_DEFAULTS = Object.fromEntries(
  SHOP_SETTING_KEYS.map((k) => [k, SHOP_SETTINGS[k].default]),
) as ShopSettings;

const settingsShape = Object.fromEntries(SHOP_SETTING_KEYS.map((k) => [k, SHOP_SETTINGS[k].schema])) as {
  [K in ShopSettingKey]: (typeof SHOP_SETTINGS)[K]['schema'];
};

/** All keys: what GET answers. */
export const shopSettingsSchema = z.object(settingsShape);

/**
 * A partial change: each key optional, unknown keys refused (each named with validation.settingUnknown), and at
 * least one key.
 */
export const shopSettingsPatchSchema = z
  .record(z.string(), z.unknown(), { error: V.invalid })
  .superRefine((payload, ctx) => {
    for (const key of Object.keys(payload)) {
      if (!Object.hasOwn(SHOP_SETTINGS, key)) ctx.addIssue({ code: 'custom', message: V.settingUnknown, path: [key] });
    }
    if (Object.keys(payload).length === 0) ctx.addIssue({ code: 'custom', message: V.required, path: [] });
  })
  .pipe(z.strictObject(settingsShape).partial());

export const shopSettingsPatchBodySchema = z.object({
  captcha: z.string().max(20_000).optional(),
  settings: shopSettingsPatchSchema,
});

export type ShopSettingsPatch = z.output<typeof shopSettingsPatchSchema>;
