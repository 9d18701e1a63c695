-- Retries never double an order (issue 7, decision 074): the first answer to an Idempotency-Key, kept 24 hours.
CREATE TABLE "idempotency_keys" (
    "owner" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "body_hash" TEXT NOT NULL,
    "status" INTEGER,
    "response" JSONB,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "idempotency_keys_pkey" PRIMARY KEY ("owner","key")
);

CREATE INDEX "idempotency_keys_created_at_idx" ON "idempotency_keys"("created_at");
