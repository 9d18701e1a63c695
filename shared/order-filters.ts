// The admin's order history: the filters of `GET /orders/all` and `GET /orders/export.csv`, and the
// customer details the admin list carries beside the orders.
import { z } from 'zod';
import { PRODUCT_IDS, WALLETS } from './constants.js';
import { asciiDigitsOf, toAsciiDigits } from './digits.js';
import { VALIDATION_KEYS as V } from './error-keys.js';
import { ORDER_STATUSES } from './order-status.js';

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const unixSeconds = z.preprocess(
  (v) => asciiDigitsOf(blankToUndefined(v)),
  z.coerce.number({ error: V.invalid }).int(V.invalid).min(0, V.invalid).max(253_402_300_799, V.invalid).optional(),
);

/**
 * An order's short reference as staff may type it ("a7k392", "A7K-৩৯২") in its one written form, "A7K-392"
 * (decision 284); null when the text is no reference. The database derives the reference from the id.
 */
export function orderRefOf(text: string): string | null {
  const match = /^([A-HJ-NP-Z])(\d)([A-HJ-NP-Z])-?(\d{3})$/.exec(toAsciiDigits(text.trim()).toUpperCase());
  return match ? `${match[1]}${match[2]}${match[3]}-${match[4]}` : null;
}

/** The filters alone (no page): what the CSV export takes. */
export const orderFilterSchema = z
  .object({
    status: z.preprocess(blankToUndefined, z.enum(['all', ...ORDER_STATUSES], { error: V.invalid }).optional()),
    product: z.preprocess(blankToUndefined, z.enum(PRODUCT_IDS, { error: V.invalid }).optional()),
    method: z.preprocess(blankToUndefined, z.enum(WALLETS, { error: V.invalid }).optional()),
    /** Unix seconds, inclusive, on `created_at`. */
    from: unixSeconds,
    /** Unix seconds, inclusive, on `created_at`. */
    to: unixSeconds,
    /** An id prefix, a transaction id, a 1xBet id, a wallet number, a contact e-mail, a customer's name or e-mail. */
    q: z.preprocess(
      (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : v.trim()) : v),
      z.string({ error: V.invalid }).max(100, V.invalid).optional(),
    ),
    /**
     * The payment's SMS verification (decision 012): `true` the orders an SMS verified, `false` the top-ups no
     * SMS verified yet (withdrawals have no payment to verify, so they are in neither), `hand` the payments staff
     * accepted by hand (decision 316), which `true` leaves out.
     */
    verified: z.preprocess(
      blankToUndefined,
      z
        .enum(['true', 'false', 'hand'], { error: V.invalid })
        .transform((v) => (v === 'hand' ? v : v === 'true'))
        .optional(),
    ),
  })
  .refine((f) => f.from === undefined || f.to === undefined || f.from <= f.to, { path: ['to'], error: V.invalid });
export type OrderFilter = z.infer<typeof orderFilterSchema>;

export const orderListQuerySchema = z.intersection(
  z.object({
    page: z
      .preprocess(
        asciiDigitsOf,
        z.coerce
          .number({ error: V.pageInvalid })
          .int(V.pageInvalid)
          .min(1, V.pageInvalid)
          .max(1_000_000, V.pageInvalid),
      )
      .default(1),
  }),
  orderFilterSchema,
);

/** No filter given: the live queue (waiting and pending) as the queue has always been. */
export function isQueueRequest(f: OrderFilter): boolean {
  return (
    f.status === undefined &&
    f.product === undefined &&
    f.method === undefined &&
    f.from === undefined &&
    f.to === undefined &&
    f.q === undefined &&
    f.verified === undefined
  );
}

/** The filters as a query string (the client's list and CSV link). */
export function orderFilterQuery(f: Partial<Record<keyof OrderFilter, string | number | undefined>>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(f)) if (value !== undefined && value !== '') params.set(key, String(value));
  return params.toString();
}

/** Who placed an order, for the admin's list and detail popup. */
export interface OrderCustomerDto {
  id: string;
  /** The public number (users.num). */
  num: number;
  name: string;
  email: string;
  /** How many orders this customer has placed in all. */
  orders: number;
}

/** The CSV's columns, in order. */
export const ORDER_CSV_COLUMNS = [
  'id',
  'created',
  'status',
  'product',
  'method',
  'amount',
  'pm_amount',
  'pm_id',
  'customer',
  'contact_email',
  'completed_at',
  'completed_by',
] as const;
