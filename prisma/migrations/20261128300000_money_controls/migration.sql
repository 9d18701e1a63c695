-- Issue 23 (money controls): the shop's blocklist, the payer and the caller's address on each order, and business
-- hours per payment method (decisions 210-214).

-- Values the shop refuses orders from (decision 210): kind wallet | onex_id | email | ip, the value normalised
-- (a wallet's 11 local digits, an e-mail in lower case, an address without its IPv4-mapped prefix).
CREATE TABLE "blocklist_entries" (
    "id" SERIAL NOT NULL,
    "kind" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "reason" TEXT NOT NULL DEFAULT '',
    "created_by" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "blocklist_entries_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "blocklist_entries_created_by_fkey" FOREIGN KEY ("created_by") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "blocklist_entries_kind_value_key" ON "blocklist_entries"("kind", "value");

-- The wallet number a top-up's customer pays from (issue 23), and the address the order was placed from (the
-- hourly limit counts by it, decision 212).
ALTER TABLE "orders" ADD COLUMN "payer" TEXT;
ALTER TABLE "orders" ADD COLUMN "client_ip" TEXT;
CREATE INDEX "orders_payer_idx" ON "orders"("payer");
-- Why a `held` verification waits for a person (payer_mismatch, blocked_payer; decision 211).
ALTER TABLE "orders" ADD COLUMN "verification_reason" TEXT;
CREATE INDEX "orders_client_ip_created_at_idx" ON "orders"("client_ip", "created_at");

-- Business hours per method (decision 213): {"open": "HH:MM", "close": "HH:MM"} in Asia/Dhaka, or null (always).
ALTER TABLE "payment_methods" ADD COLUMN "hours" JSONB;
