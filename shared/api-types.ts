// JSON shapes of the API answers (spec §3, §7). Dates are unix seconds; money is a number rounded to 2 places.
import type { OrderActor, OrderStatus } from './order-status.js';
import type { Role, Wallet } from './constants.js';
import type { OrderVerificationDto } from './sms/sms-api.js';

export interface UserDto {
  id: string;
  num: number;
  name: string;
  email: string;
  role: Role;
  /** URL of the avatar, or null for the default image. */
  logo: string | null;
  created_at: number;
  orders: number;
  /** Only in login/register answers. */
  jwt?: string;
}

export interface ProductPmDto {
  account: Wallet;
  available: boolean;
  rate: number;
  min: number;
  max: number;
}
export interface ProductDto {
  id: string;
  available: boolean;
  description: string;
  /** The description for Bengali readers; '' means show `description`. */
  description_bn: string;
  /** URL of the product's picture (under MEDIA_BASE_URL), or null. */
  image: string | null;
  pms: ProductPmDto[];
}

export interface PaymentMethodDto {
  account: Wallet;
  wallet: string;
  note: string;
  available: boolean;
}

export interface OrderEventDto {
  from: OrderStatus | null;
  to: OrderStatus;
  actor: OrderActor;
  actor_id: string | null;
  /** `status` for a move; `sms_linked` (an admin linked an SMS by hand) and `late_claim` change no status. */
  kind: 'status' | 'sms_linked' | 'late_claim';
  /** The admin's reason (reopen, manual link) or the claimed transaction id; admin's view only. */
  note?: string | null;
  time: number;
}

export interface OrderDto {
  id: string;
  created_at: number;
  product_id: string;
  status: OrderStatus;
  last_time: number;
  pm_method: Wallet;
  pm_wallet: string;
  pm_amount: number;
  pm_id: string | null;
  pm_coin: string;
  contact_email: string;
  user_id: string | null;
  data: { amount: number; rate: number; onex_id: string | null; w_code: string | null; wallet: string | null; note: string | null };
  events: OrderEventDto[];
  /** An SMS from the shop's wallet phone verified the payment: the customer's "payment received ✓". */
  payment_received: boolean;
  /** When a timed-out top-up's customer said they paid late (its id is `pm_id`), or null. */
  late_claim_at: number | null;
  /** A completed withdrawal's payout transaction id, or null. */
  payout_trx_id: string | null;
  /** The admin's view only (issue 9): what the SMS inbox says about this payment. */
  verification?: OrderVerificationDto;
}

export interface HomeOrderDto {
  product_id: string;
  created_at: number;
  amount: number;
  pm_amount: number;
  status: OrderStatus;
  userName: string;
  userLogo: string | null;
}

/** One line of a user's order history on the admin's user page (decision 023): a summary, not an OrderDto. */
export interface UserOrderSummaryDto {
  id: string;
  created_at: number;
  product_id: string;
  status: OrderStatus;
  pm_amount: number;
  amount: number;
}

/** `GET /users/{id}` (admin): the user, their latest orders and tickets. */
export interface UserDetailsDto {
  user: UserDto;
  orders: UserOrderSummaryDto[];
  tickets: TicketDto[];
}

export interface HomeDto {
  ok: true;
  products: ProductDto[];
  orders: HomeOrderDto[];
  user: UserDto | null;
  adminOnline: boolean;
}

export interface TicketMessageDto {
  id: number;
  sender: 'user' | 'admin';
  text: string;
  time: number;
}
export interface TicketDto {
  id: string;
  num: number;
  created_at: number;
  updated_at: number;
  subject: string;
  status: 'open' | 'closed';
  last_text: string;
  user_id: string;
  name: string;
  userLogo: string | null;
  texts?: TicketMessageDto[];
}

/** `GET /recover/{id}?ref=…`: what the confirm page shows when opened from the mailed link. */
export interface RecoveryLinkDto {
  email: string;
  /** Unix seconds from which a new code may be asked for. */
  resend_at: number;
}

export interface AdminInfoDto {
  online: boolean;
  users: number;
}

export interface ApiError {
  ok: false;
  text: string;
  key: string;
  code?: number;
  errors?: Record<string, string>;
  logout?: true;
}
