// Messages between the orchestrator and the soak's traffic process (decision 060).
import type { Spread } from './report.js';

export interface SoakStart {
  /** The shop's origin. */
  url: string;
  adminEmail: string;
  adminPassword: string;
  /** Anonymous sockets kept open all along (visitors of the home page), besides each customer's own. */
  sockets: number;
  /** New customers per second (arrivals spaced at random, exponentially). */
  rate: number;
  /** Visitors' page reads per second (GET /home, GET /products/all). */
  visitorRate: number;
}

export interface SoakSetup {
  setupMs: number;
  admins: number;
  phones: Record<string, number>;
  registeredCustomers: number;
  /** Whether the shop took `device.balance` when the phones were registered (the ledger). */
  anchoredAtCreation: boolean;
}

/** One interval's traffic, as the clients saw it. */
export interface SoakBucket {
  /** ms since the traffic started, at the end of the interval */
  atMs: number;
  seconds: number;
  requests: number;
  failed: number;
  /** Every HTTP request of the interval. */
  http: Spread;
  byKind: Record<string, { count: number; failed: number; p50: number; p99: number }>;
  /** POST /sms sent → the customer's socket hears payment_received: true. */
  smsToCustomer: Spread;
  /** The admin's PATCH complete sent → the customer's socket hears status complete. */
  completeToCustomer: Spread;
  flowsStarted: number;
  flowsDone: number;
  flowsActive: number;
  /** Socket.IO connections this process holds open now (background + customers + admins). */
  socketsOpen: number;
  /** Connects, watches or expected pushes that failed or timed out, and unexpected errors of a flow. */
  socketFailures: number;
  /** The first failure messages of the interval (at most 10). */
  failures: string[];
}

/** The end of the traffic: the drain interval, customers still under way after it, the whole run by kind. */
export interface SoakFinish {
  drain: SoakBucket;
  unfinishedFlows: number;
  byKind: Record<string, Spread & { failed: number }>;
}
