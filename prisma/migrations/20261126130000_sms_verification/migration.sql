-- Payments verify themselves (issue 9, decisions 100-104): the wallet phones that forward SMS, every SMS they
-- forward, admin-made parser templates, and each order's verification.

-- A wallet phone running an SMS forwarder. Only the sha256 of its token is stored; a revoked device keeps its row
-- (its messages still name it) and its token stops working at once.
CREATE TABLE "devices" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "account" TEXT NOT NULL,
    "token_hash" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_seen_at" TIMESTAMP(3),
    "revoked_at" TIMESTAMP(3),
    CONSTRAINT "devices_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "devices_token_hash_key" ON "devices"("token_hash");

-- Every forwarded SMS, whatever its status; a message a device sends twice is stored once (dedupe_hash).
CREATE TABLE "sms_messages" (
    "id" SERIAL NOT NULL,
    "device_id" TEXT NOT NULL,
    "account" TEXT NOT NULL,
    "from" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "dedupe_hash" TEXT NOT NULL,
    "amount" DECIMAL(14,2),
    "trx_id" TEXT,
    -- lower(trx_id): matching ignores letter case.
    "trx_key" TEXT,
    "sender" TEXT,
    -- The SMS's own time (from its text in Asia/Dhaka, else the forwarder's received_at, else its arrival).
    "received_at" TIMESTAMP(3) NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "status" TEXT NOT NULL,
    -- payment | ignored | unparsed, and the parser's reason / template id.
    "parse_kind" TEXT NOT NULL,
    "parse_reason" TEXT,
    "template_id" TEXT,
    "order_id" TEXT,
    CONSTRAINT "sms_messages_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "sms_messages_device_id_fkey" FOREIGN KEY ("device_id") REFERENCES "devices"("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "sms_messages_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE SET NULL ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "sms_messages_device_id_dedupe_hash_key" ON "sms_messages"("device_id", "dedupe_hash");
CREATE INDEX "sms_messages_status_id_idx" ON "sms_messages"("status", "id");
CREATE INDEX "sms_messages_account_trx_key_idx" ON "sms_messages"("account", "trx_key");
CREATE INDEX "sms_messages_device_id_created_at_idx" ON "sms_messages"("device_id", "created_at");
-- A transaction id verifies one order, ever; an order is verified by one SMS.
CREATE UNIQUE INDEX "sms_messages_matched_trx_key" ON "sms_messages"("account", "trx_key") WHERE "status" = 'matched' AND "trx_key" IS NOT NULL;
CREATE UNIQUE INDEX "sms_messages_matched_order_key" ON "sms_messages"("order_id") WHERE "status" = 'matched';

-- Admin-made templates (a regular expression with named groups) per wallet account.
CREATE TABLE "sms_templates" (
    "id" SERIAL NOT NULL,
    "account" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "pattern" TEXT NOT NULL,
    "time_format" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "sms_templates_pkey" PRIMARY KEY ("id")
);

-- The order's verification (verified | amount_mismatch | awaiting_sms | none) and the SMS it shows.
ALTER TABLE "orders" ADD COLUMN "verification" TEXT NOT NULL DEFAULT 'none';
ALTER TABLE "orders" ADD COLUMN "verification_sms_id" INTEGER;
ALTER TABLE "orders" ADD CONSTRAINT "orders_verification_sms_id_fkey" FOREIGN KEY ("verification_sms_id") REFERENCES "sms_messages"("id") ON DELETE SET NULL ON UPDATE CASCADE;
-- A timed-out top-up's "paid late" claim (its transaction id goes to pm_id) and a withdrawal's payout trx id.
ALTER TABLE "orders" ADD COLUMN "late_claim_at" TIMESTAMP(3);
ALTER TABLE "orders" ADD COLUMN "payout_trx_id" TEXT;
-- A transaction id is one transaction whatever its letter case (decision 101).
CREATE UNIQUE INDEX "orders_pm_method_pm_id_lower_key" ON "orders"("pm_method", lower("pm_id"));

-- Timeline entries that are not status moves (an SMS linked by hand, a late claim) and the why of a move.
ALTER TABLE "order_events" ADD COLUMN "kind" TEXT NOT NULL DEFAULT 'status';
ALTER TABLE "order_events" ADD COLUMN "note" TEXT;
