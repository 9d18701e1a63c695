-- The admin's queue lists pending and waiting orders OR timed-out orders with a late claim (decision 219). The OR
-- kept the planner off the partial queue index: at 1M orders page 1 scanned the whole status index (4.7 s). With
-- this partial index beside orders_queue_idx the two sides are a BitmapOr of two small indexes (5 ms).
CREATE INDEX "orders_late_claims_idx" ON "orders" ("late_claim_at") WHERE "status" = 'timedout' AND "late_claim_at" IS NOT NULL;
