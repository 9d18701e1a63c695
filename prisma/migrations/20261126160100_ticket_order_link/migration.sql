-- A ticket may name one of its owner's orders, and keeps the language it was written in (issue 10, decision 117).
ALTER TABLE "tickets" ADD COLUMN "order_id" TEXT;
ALTER TABLE "tickets" ADD COLUMN "lang" TEXT NOT NULL DEFAULT 'en';

CREATE INDEX "tickets_order_id_idx" ON "tickets"("order_id");

-- A deleted order leaves the ticket in place, about no order.
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE SET NULL ON UPDATE CASCADE;
