-- The wallet fleet (issue 23, decisions 193-195): numbers per payment method, per-number counters, the order's and
-- the phone's number. Every existing method's wallet becomes its first number, and its phones belong to it.
CREATE TABLE "payment_numbers" (
    "id" SERIAL NOT NULL,
    "account" TEXT NOT NULL,
    "wallet" TEXT NOT NULL,
    "label" TEXT NOT NULL DEFAULT '',
    "active" BOOLEAN NOT NULL DEFAULT true,
    "daily_count_limit" INTEGER,
    "daily_amount_limit" DECIMAL(14,2),
    "monthly_amount_limit" DECIMAL(14,2),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "payment_numbers_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "payment_numbers_account_fkey" FOREIGN KEY ("account") REFERENCES "payment_methods"("account") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "payment_numbers_account_wallet_key" ON "payment_numbers"("account", "wallet");

CREATE TABLE "payment_number_usage" (
    "number_id" INTEGER NOT NULL,
    "period" TEXT NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 0,
    "amount" DECIMAL(14,2) NOT NULL DEFAULT 0,
    CONSTRAINT "payment_number_usage_pkey" PRIMARY KEY ("number_id", "period"),
    CONSTRAINT "payment_number_usage_number_id_fkey" FOREIGN KEY ("number_id") REFERENCES "payment_numbers"("id") ON DELETE CASCADE ON UPDATE CASCADE
);

INSERT INTO "payment_numbers" ("account", "wallet") SELECT "account", "wallet" FROM "payment_methods" ORDER BY "sort", "account";

ALTER TABLE "orders" ADD COLUMN "pm_number_id" INTEGER;
CREATE INDEX "orders_pm_number_id_created_at_idx" ON "orders"("pm_number_id", "created_at") WHERE "pm_number_id" IS NOT NULL;

ALTER TABLE "devices" ADD COLUMN "number_id" INTEGER;
UPDATE "devices" d SET "number_id" = n."id" FROM "payment_numbers" n WHERE n."account" = d."account";
