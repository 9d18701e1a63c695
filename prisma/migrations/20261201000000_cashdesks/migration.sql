-- The betting cash desks the admin connects (issue 31, decision 260): one per currency (BDT for the _bdt products,
-- USD for the _usd ones). The cashier password and the hash are sealed with CASHDESK_KEY (never stored in the clear);
-- "limit" and balance are the desk's last Balance read, state and failures its health (failing at 3 in a row).
CREATE TABLE "cashdesks" (
    "currency" TEXT NOT NULL,
    "cashdesk_id" TEXT NOT NULL,
    "login" TEXT NOT NULL,
    "cashier_pass_sealed" TEXT NOT NULL,
    "hash_sealed" TEXT NOT NULL,
    "lng" TEXT NOT NULL DEFAULT 'en',
    "balance_variant" TEXT NOT NULL DEFAULT 'cashierpass',
    "currency_id" INTEGER,
    "topup_auto" BOOLEAN NOT NULL DEFAULT false,
    "withdraw_auto" BOOLEAN NOT NULL DEFAULT false,
    "auto_max" INTEGER,
    "paused" BOOLEAN NOT NULL DEFAULT false,
    "state" TEXT NOT NULL DEFAULT 'ok',
    "last_error" TEXT,
    "failures" INTEGER NOT NULL DEFAULT 0,
    "limit" DECIMAL(14,2),
    "balance" DECIMAL(14,2),
    "checked_at" TIMESTAMP(3),
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "cashdesks_pkey" PRIMARY KEY ("currency"),
    CONSTRAINT "cashdesks_currency_check" CHECK ("currency" IN ('BDT', 'USD')),
    CONSTRAINT "cashdesks_balance_variant_check" CHECK ("balance_variant" IN ('cashierpass', 'cashdeskid')),
    CONSTRAINT "cashdesks_state_check" CHECK ("state" IN ('ok', 'failing', 'paused')),
    CONSTRAINT "cashdesks_auto_max_check" CHECK ("auto_max" IS NULL OR "auto_max" > 0)
);
