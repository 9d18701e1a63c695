-- A payment staff accepted by hand says who accepted it (decision 316), not "verified by SMS": the order keeps the
-- staff member, the queue filters on it. Orders accepted before this migration take it from their timeline.
ALTER TABLE "orders" ADD COLUMN "accepted_by_id" TEXT;
ALTER TABLE "orders" ADD CONSTRAINT "orders_accepted_by_id_fkey" FOREIGN KEY ("accepted_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
CREATE INDEX "orders_accepted_by_id_created_at_idx" ON "orders" ("accepted_by_id", "created_at");

UPDATE "orders" o SET "accepted_by_id" = e."actor_id"
FROM "order_events" e
WHERE e."order_id" = o."id" AND e."kind" = 'verification_settled' AND e."note" LIKE 'accept:%'
  AND o."verification" = 'verified' AND e."actor_id" IN (SELECT "id" FROM "users");
