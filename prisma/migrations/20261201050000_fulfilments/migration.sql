-- Orders that deliver themselves at the betting cash desk (decision 265): one fulfilment per order (a deposit for a
-- top-up, a payout for a withdrawal's code), every operation the shop made on a desk (and every drift of its Limit),
-- and the lease that lets one operation at a time run on a desk across every instance.
CREATE TABLE "fulfilments" (
  "order_id" TEXT PRIMARY KEY REFERENCES "orders" ("id") ON DELETE CASCADE,
  "kind" TEXT NOT NULL,
  "currency" TEXT NOT NULL,
  "status" TEXT NOT NULL,
  "amount" DECIMAL(14,2),
  "operation_id" TEXT,
  "message" TEXT,
  "at" TIMESTAMP(3) NOT NULL,
  "attempts" INTEGER NOT NULL DEFAULT 0,
  "refusals" INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX "fulfilments_currency_status_idx" ON "fulfilments" ("currency", "status");

CREATE TABLE "cashdesk_operations" (
  "id" SERIAL PRIMARY KEY,
  "currency" TEXT NOT NULL,
  "kind" TEXT NOT NULL,
  "order_id" TEXT,
  "amount" DECIMAL(14,2),
  "limit_before" DECIMAL(16,2),
  "limit_after" DECIMAL(16,2),
  "status" TEXT NOT NULL,
  "message" TEXT,
  "at" TIMESTAMP(3) NOT NULL
);
CREATE INDEX "cashdesk_operations_currency_id_idx" ON "cashdesk_operations" ("currency", "id" DESC);
CREATE INDEX "cashdesk_operations_order_idx" ON "cashdesk_operations" ("order_id");

CREATE TABLE "cashdesk_leases" (
  "currency" TEXT PRIMARY KEY,
  "holder" TEXT NOT NULL,
  "until" TIMESTAMP(3) NOT NULL
);
