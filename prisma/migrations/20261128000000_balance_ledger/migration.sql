-- The balance ledger per wallet phone (issue 19, decisions 144-146): the balance an admin states for a device (and
-- after which of its messages), the balance its chain reached and its open gap; every balance-stating message's
-- step and its state in the chain; an order's payout proven by an outgoing Send Money SMS.
ALTER TABLE "devices" ADD COLUMN "anchor_balance" DECIMAL(14,2);
ALTER TABLE "devices" ADD COLUMN "anchor_at" TIMESTAMP(3);
ALTER TABLE "devices" ADD COLUMN "anchor_after_sms_id" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "devices" ADD COLUMN "ledger_balance" DECIMAL(14,2);
ALTER TABLE "devices" ADD COLUMN "ledger_gap" JSONB;

-- credit | debit (null: the message moves no balance the shop can read).
ALTER TABLE "sms_messages" ADD COLUMN "ledger_direction" TEXT;
ALTER TABLE "sms_messages" ADD COLUMN "ledger_amount" DECIMAL(14,2);
ALTER TABLE "sms_messages" ADD COLUMN "ledger_fee" DECIMAL(14,2);
ALTER TABLE "sms_messages" ADD COLUMN "balance" DECIMAL(14,2);
-- chained | held, with held's reason (balance_gap | no_balance | no_anchor) and the balance the chain expected.
ALTER TABLE "sms_messages" ADD COLUMN "ledger_state" TEXT;
ALTER TABLE "sms_messages" ADD COLUMN "ledger_reason" TEXT;
ALTER TABLE "sms_messages" ADD COLUMN "expected_balance" DECIMAL(14,2);
-- A debit's kind (send_money, cash_out, …) and whom the money went to.
ALTER TABLE "sms_messages" ADD COLUMN "debit_type" TEXT;
ALTER TABLE "sms_messages" ADD COLUMN "counterparty" TEXT;
CREATE INDEX "sms_messages_ledger_idx" ON "sms_messages"("device_id", "id") WHERE "ledger_direction" IS NOT NULL;

-- The outgoing Send Money SMS that proves a withdrawal was paid: one message proves one payout.
ALTER TABLE "orders" ADD COLUMN "payout_sms_id" INTEGER;
ALTER TABLE "orders" ADD COLUMN "payout_sms_trx_id" TEXT;
ALTER TABLE "orders" ADD COLUMN "payout_sms_at" TIMESTAMP(3);
CREATE UNIQUE INDEX "orders_payout_sms_id_key" ON "orders"("payout_sms_id");
ALTER TABLE "orders" ADD CONSTRAINT "orders_payout_sms_id_fkey" FOREIGN KEY ("payout_sms_id") REFERENCES "sms_messages"("id") ON DELETE SET NULL ON UPDATE CASCADE;
