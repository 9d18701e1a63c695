-- The admin's history filtered by payment verification (issue 10, decision 123): `verified=true|false` reads
-- this index, like the other filters read theirs.
CREATE INDEX "orders_verification_created_at_idx" ON "orders"("verification", "created_at");
