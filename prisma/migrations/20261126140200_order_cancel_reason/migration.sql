-- Why the admin cancelled an order and their note to the customer (issue 10, decision 112).
ALTER TABLE "orders" ADD COLUMN "cancel_reason" TEXT;
ALTER TABLE "orders" ADD COLUMN "cancel_note" TEXT;
