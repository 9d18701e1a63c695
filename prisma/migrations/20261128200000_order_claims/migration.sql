-- Issue 20 part 2: claimed orders (decision 167). Who holds an order now is a column of the order, changed by one
-- conditional update (one winner); every claim and release is also an event row (kind `claimed` / `released`), as
-- is every approval of the four-eyes rule (kind `approved`, decision 168): the timeline is the history.
ALTER TABLE "orders" ADD COLUMN "assignee_id" TEXT;
ALTER TABLE "orders" ADD COLUMN "claimed_at" TIMESTAMP(3);
ALTER TABLE "orders" ADD CONSTRAINT "orders_assignee_id_fkey" FOREIGN KEY ("assignee_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
