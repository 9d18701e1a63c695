// What the orders domain needs from the SMS inbox to verify a payment (decision 130): the SMS domain owns its
// messages and hands orders evidence through this port, inside the transaction orders opened, under the payment's
// lock; orders decides and writes the order, and asks the port to mark the message it took.
import type { AnyTransaction } from '../db/database.js';
import type { Prisma as P } from '../generated/prisma/client.js';

/** A payment SMS as evidence for an order. */
export interface PaymentEvidence {
  smsId: number;
  wallet: string;
  /** The transaction id in lower case, or null when the message names none. */
  trxKey: string | null;
  amount: string | null;
  /** The payer's number, as the message states it. */
  sender: string | null;
  /** The message's own time. */
  receivedAt: Date;
  /** Already taken by an order (this one or another): a message verifies one order, ever. */
  taken: boolean;
  /** A payment the parser read (or an unparsed text an admin may link by hand); ignored messages never verify. */
  linkable: boolean;
  /** Its state on the phone's balance ledger (decision 144): only a chained credit verifies by itself. */
  ledgerState: 'chained' | 'held' | null;
  ledgerReason: string | null;
  expectedBalance: string | null;
  /** Held on a balance gap: when the step its expected balance follows was (decision 303). */
  expectedSince: Date | null;
  balance: string | null;
}

export interface PaymentEvidenceSource {
  /** Every payment message of the wallet with this transaction id, oldest first. */
  forTransaction(tx: AnyTransaction, wallet: string, trxKey: string): Promise<PaymentEvidence[]>;
  /** One message by its id. */
  byId(tx: AnyTransaction, smsId: number): Promise<PaymentEvidence | null>;
  /** Marks the message as the order's proof; false when another order took it first. */
  take(tx: AnyTransaction, smsId: number, orderId: string): Promise<boolean>;
  /**
   * `forTransaction` as a column of the orders' own statement (decision 203): read with `fromColumn`. Run under the
   * payment's lock, as `forTransaction` is.
   */
  forTransactionColumn(wallet: string, trxKey: string): P.Sql;
  fromColumn(value: unknown): PaymentEvidence[];
  /** `take` as a data-modifying statement for a `WITH` of the orders' statement, done only when `when` holds; returns the taken id. */
  takeStatement(smsId: number, orderId: string, when: P.Sql): P.Sql;
}
