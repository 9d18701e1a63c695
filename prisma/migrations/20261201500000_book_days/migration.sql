-- The day's books (decision 290): a closed Asia/Dhaka day keeps its figures as they were when an admin closed it
-- (the whole GET /books answer as JSON); nothing rewrites a row, later changes are shown beside it as adjustments.
CREATE TABLE "book_days" (
    "date" TEXT NOT NULL,
    "figures" JSONB NOT NULL,
    "note" TEXT NOT NULL,
    "closed_by" TEXT,
    "closed_by_name" TEXT NOT NULL,
    "closed_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "book_days_pkey" PRIMARY KEY ("date")
);

-- The books read one day out of every table by a time range, with aggregates: each read has its own narrow index so a
-- day costs the same at a million orders as at a thousand.
-- Completions of a day (the order's completion is its status event).
CREATE INDEX "order_events_completed_idx" ON "order_events" ("created_at", "order_id") WHERE "kind" = 'status' AND "to_status" = 'complete';
-- A phone's ledger steps of a day, and its last chained balance before the day (the opening): the figures a day sums
-- are in the index, so a day's sums read no table page.
CREATE INDEX "sms_messages_ledger_day_idx" ON "sms_messages" ("device_id", "received_at", "id") INCLUDE ("ledger_direction", "ledger_amount", "ledger_fee", "ledger_state", "balance") WHERE "ledger_direction" IS NOT NULL;
-- Credits nobody claimed and Send Money debits of a day.
CREATE INDEX "sms_messages_unclaimed_day_idx" ON "sms_messages" ("received_at") WHERE "parse_kind" = 'payment' AND "order_id" IS NULL;
CREATE INDEX "sms_messages_send_money_day_idx" ON "sms_messages" ("received_at") WHERE "debit_type" = 'send_money';
-- Messages of a closed day that arrived after its close (adjustments).
CREATE INDEX "sms_messages_created_idx" ON "sms_messages" ("created_at");
