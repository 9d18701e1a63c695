// Messages between the orchestrator and the payment loop's clients process (decision 060).
import type { Spread } from './report.js';

export interface PrepareRequest {
  /** A name for this target's customers (several targets stay connected side by side). */
  name: string;
  kind: 'shop' | 'baseline';
  /** The server's origin, e.g. http://127.0.0.1:1234 */
  url: string;
  /** Shop: an admin's token, to register the wallet phone. */
  adminToken?: string;
  /** Baseline: the token its `POST /sms` takes. */
  deviceToken?: string;
  /** Customers, each with one paid top-up that it watches. */
  customers: number;
  /** Shop: the 1xBet ids the customers' top-ups name, in turn (a cash desk knows only its players); unset: random. */
  onexIds?: string[];
  /** Shop: whole-taka amounts only (the cash desk delivers by itself only those). */
  wholeAmounts?: boolean;
}

export interface PrepareResult {
  prepareMs: number;
  connectMs: number;
  /** Whether the shop took `device.balance` at registration (the ledger). */
  anchoredAtCreation: boolean;
  /** The first credit posted to anchor the ledger when the shop did not take the balance. */
  anchorSmsStatus?: string;
}

export interface RunRequest {
  name: string;
  /** The customers (by index) whose SMS this run forwards: [from, from + count). */
  from: number;
  count: number;
  /** SMS posts in flight at once. */
  inFlight: number;
  /** One at a time: the next SMS is posted only after the previous one reached its customer. */
  waitForDelivery: boolean;
  /** The lane waits for (and the run times) the customer hearing its top-up `complete`, not only "payment received". */
  untilComplete?: boolean;
  /** Bytes of the baseline's frame (the shop's, measured in its warm-up); baseline only. */
  frameBytes?: number;
  timeoutMs: number;
}

export interface LoopRun {
  count: number;
  inFlight: number;
  waitForDelivery: boolean;
  /** From the first POST to the last delivery. */
  wallMs: number;
  /** Delivered SMS per second of wall time. */
  smsPerSec: number;
  /** From sending the POST to the customer's socket hearing `order:updated` with payment_received: true. */
  latency: Spread;
  /** From sending the POST to its HTTP answer. */
  http: Spread;
  /** Answers other than 200. */
  failedHttp: number;
  /** SMS whose customer heard nothing within the timeout. */
  undelivered: number;
  /** `sms.status` of the answers (matched, unmatched, …) */
  smsStatuses: Record<string, number>;
  /** Size of one delivered frame. */
  frameBytes: number;
  /** With `untilComplete`: from sending the POST to the customer hearing `order:updated` with status complete. */
  complete?: Spread;
  /** With `untilComplete`: customers who heard no `complete` within the timeout. */
  uncompleted?: number;
}
