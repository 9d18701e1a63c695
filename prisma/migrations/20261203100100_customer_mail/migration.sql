-- Registered customers are mailed too (issue 35 §11, decision 283): when their order completes (a top-up done, a
-- withdrawal paid) and when staff answer their ticket, unless their account's setting `mail_updates` is off. The jobs
-- are queued by the write itself, as a guest's receipt and reply are (decisions 244, 282).
ALTER TABLE "users" ADD COLUMN "mail_updates" BOOLEAN NOT NULL DEFAULT true;

-- A guest's order: every status move, as before; an account's: its completion, when the account takes mail.
CREATE OR REPLACE FUNCTION "orders_receipt_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "jobs" ("kind", "payload", "next_at", "created_at")
  SELECT 'mail.orderReceipt', jsonb_build_object('order_id', n."id", 'status', n."status"), n."updated_at", n."updated_at"
  FROM old_rows o JOIN new_rows n ON n."id" = o."id"
  LEFT JOIN "users" u ON u."id" = n."user_id"
  WHERE n."status" <> o."status"
    AND (n."user_id" IS NULL OR (n."status" = 'complete' AND u."mail_updates" AND n."contact_email" <> ''));
  RETURN NULL;
END $$;

-- Staff's answer: to a guest (the order's e-mail) as before, and to an account that takes mail (its e-mail).
CREATE OR REPLACE FUNCTION "ticket_messages_guest_reply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "jobs" ("kind", "payload", "next_at", "created_at")
  SELECT 'mail.guestTicketReply', jsonb_build_object('ticket_id', n."ticket_id", 'message_id', n."id"), n."created_at", n."created_at"
  FROM new_rows n
  JOIN "tickets" t ON t."id" = n."ticket_id"
  LEFT JOIN "orders" o ON o."id" = t."order_id"
  LEFT JOIN "users" u ON u."id" = t."user_id"
  WHERE n."sender" = 'admin'
    AND ((t."user_id" IS NULL AND o."contact_email" <> '') OR (t."user_id" IS NOT NULL AND u."mail_updates"));
  RETURN NULL;
END $$;
