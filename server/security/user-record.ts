// The caller of a request or socket as every domain sees it: the user row that the accounts repository loads
// (the kernel only declares its shape and how to look it up, so that it depends on no domain).
import type { Role } from '#shared/constants';

export interface UserRecord {
  id: string;
  num: number;
  name: string;
  email: string;
  passwordHash: string;
  role: Role;
  logo: string | null;
  tokenVersion: number;
  createdAt: Date;
  orderCount: number;
  /** Signs in with a second factor; staff without it are held by STAFF_2FA=required. */
  twoFactor: boolean;
  /** Mailed when an order completes or staff answer a ticket (decision 283). */
  mailUpdates: boolean;
}

/** What authentication needs from the accounts domain. */
export interface UserLookup {
  findById(id: string): Promise<UserRecord | null>;
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type
    interface User extends UserRecord {}
  }
}
