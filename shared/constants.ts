// Business constants and limits of product.md §3.3/§9, shared by server and client.

export const PRODUCT_IDS = ['1xbet_topup_bdt', '1xbet_topup_usd', '1xbet_withdraw_bdt', '1xbet_withdraw_usd'] as const;
export type ProductId = (typeof PRODUCT_IDS)[number];

export const WALLETS = ['bkash', 'nagad', 'rocket'] as const;
export type Wallet = (typeof WALLETS)[number];

export const TICKET_SUBJECTS = [...PRODUCT_IDS, 'other'] as const;
export type TicketSubject = (typeof TICKET_SUBJECTS)[number];

/** The language a ticket is written in (decision 116): canned replies are inserted in it. */
export const TICKET_LANGUAGES = ['en', 'bn'] as const;
export type TicketLanguage = (typeof TICKET_LANGUAGES)[number];

export const ROLES = ['admin', 'operator', 'user', 'blocked'] as const;
export type Role = (typeof ROLES)[number];

/**
 * The shop's staff: admins, and operators who work the queue, the SMS inbox and the tickets but may not
 * change the shop (users, catalogue, devices, templates, audit, exports, settings). Both see the staff order view.
 */
export const STAFF_ROLES = ['admin', 'operator'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export function isStaffRole(role: string | null | undefined): role is StaffRole {
  return role === 'admin' || role === 'operator';
}

export const LIMITS = {
  name: { min: 3, max: 20 },
  email: { min: 3, max: 50 },
  password: { min: 8, max: 40 },
  contactEmail: { min: 5, max: 50 },
  /** Messages of the support chat: up to 2,000 characters. */
  ticketText: { min: 10, max: 2000 },
  ticketReply: { min: 2, max: 2000 },
  transactionId: { min: 5, max: 70 },
  recoveryCode: { min: 6, max: 9 },
  productDescription: { min: 5, max: 500 },
  pmNote: { max: 500 },
  /** The admin's note to the customer when cancelling. */
  cancelNote: { max: 300 },
  amountMax: 1_000_000_000,
  avatarBytes: 3_145_728,
  avatarSide: 1000,
  /** A ticket picture's longest side as stored (a phone's screenshot stays legible) and its thumbnail's (decision 022). */
  ticketPictureSide: 1600,
  ticketThumbSide: 320,
  pageSize: 10,
} as const;

export const TIMERS = {
  toastMs: 2000,
  logoutDelayMs: 500,
  homeRefreshShowMs: 2000,
  homeRefreshHideMs: 1000,
  settingsSaveLockMs: 2000,
  recoveryResendSeconds: 60,
  recoveryCodeMinutes: 15,
  recoveryMaxAttempts: 5,
  /** A login's second step: the challenge lasts 5 minutes and takes at most 5 wrong codes. */
  loginChallengeMinutes: 5,
  loginChallengeMaxAttempts: 5,
} as const;

/** Two-factor sign-in (decision 161): RFC 6238 TOTP of 6 digits every 30 s, 10 recovery codes. */
export const TWO_FACTOR = {
  digits: 6,
  periodSeconds: 30,
  /** Steps accepted either side of now (clock drift of the phone). */
  window: 1,
  recoveryCodes: 10,
  issuer: 'Wallet Shop',
} as const;

export const ERROR_CODES = {
  adminOnly: -10033,
  userOnly: -10034,
} as const;

export type OrderKind = 'topup' | 'withdraw';

/** What each product is: a top-up (the customer pays the shop) or a withdrawal (the shop pays the customer). */
export const PRODUCT_KINDS: Readonly<Record<ProductId, OrderKind>> = {
  '1xbet_topup_bdt': 'topup',
  '1xbet_topup_usd': 'topup',
  '1xbet_withdraw_bdt': 'withdraw',
  '1xbet_withdraw_usd': 'withdraw',
};

export function productKind(productId: string): OrderKind {
  return isProductId(productId) ? PRODUCT_KINDS[productId] : productId.includes('withdraw') ? 'withdraw' : 'topup';
}

/** The products of one kind, for lists and SQL filters. */
export const productsOfKind = (kind: OrderKind): ProductId[] => PRODUCT_IDS.filter((id) => PRODUCT_KINDS[id] === kind);

/** Currency of a product (or pay-method id): USD when the id contains 'usd', otherwise BDT (product.md §1.1). */
export function productCurrency(productId: string): 'USD' | 'BDT' {
  return productId.includes('usd') ? 'USD' : 'BDT';
}

export function isProductId(id: string): id is ProductId {
  return (PRODUCT_IDS as readonly string[]).includes(id);
}
