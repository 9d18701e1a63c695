-- A guest's receipt is a job queued by the write that calls for it (decision 244): a new guest order, or a guest
-- order whose status moved, inserts its `mail.orderReceipt` job in the same statement and transaction, whatever the
-- path (the one-statement placement of decision 222, a transition, the timeout sweep). No acknowledged order is
-- without its job; the mail is sent by whichever instance claims the job (server/jobs/job-queue.ts). The job is due
-- at the order's own `updated_at`, written from the shop's clock.
CREATE FUNCTION "orders_receipt_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "jobs" ("kind", "payload", "next_at", "created_at")
  SELECT 'mail.orderReceipt', jsonb_build_object('order_id', n."id", 'status', n."status"), n."updated_at", n."updated_at"
  FROM new_rows n WHERE n."user_id" IS NULL;
  RETURN NULL;
END $$;

CREATE FUNCTION "orders_receipt_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "jobs" ("kind", "payload", "next_at", "created_at")
  SELECT 'mail.orderReceipt', jsonb_build_object('order_id', n."id", 'status', n."status"), n."updated_at", n."updated_at"
  FROM old_rows o JOIN new_rows n ON n."id" = o."id"
  WHERE n."user_id" IS NULL AND n."status" <> o."status";
  RETURN NULL;
END $$;

CREATE TRIGGER "orders_receipt_insert" AFTER INSERT ON "orders"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "orders_receipt_inserted"();
CREATE TRIGGER "orders_receipt_update" AFTER UPDATE ON "orders"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "orders_receipt_updated"();
