-- A guest asks about their order from its page (decision 282): the ticket has no account, the order is its key.
-- One open guest ticket per order (a closed one stays readable; the next question opens another); a registered
-- customer's tickets keep their owner.
ALTER TABLE "tickets" ALTER COLUMN "user_id" DROP NOT NULL;
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_owner_or_order" CHECK ("user_id" IS NOT NULL OR "order_id" IS NOT NULL);
CREATE UNIQUE INDEX "tickets_guest_order_key" ON "tickets" ("order_id") WHERE "user_id" IS NULL AND "status" = 'open';

-- The shop's answer reaches a guest by mail when their order has an e-mail: the job is queued by the message's own
-- insert, in its transaction (as a guest's receipt is, decision 244), and sent by whichever instance claims it.
CREATE FUNCTION "ticket_messages_guest_reply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "jobs" ("kind", "payload", "next_at", "created_at")
  SELECT 'mail.guestTicketReply', jsonb_build_object('ticket_id', n."ticket_id", 'message_id', n."id"), n."created_at", n."created_at"
  FROM new_rows n
  JOIN "tickets" t ON t."id" = n."ticket_id"
  JOIN "orders" o ON o."id" = t."order_id"
  WHERE n."sender" = 'admin' AND t."user_id" IS NULL AND o."contact_email" <> '';
  RETURN NULL;
END $$;

CREATE TRIGGER "ticket_messages_guest_reply" AFTER INSERT ON "ticket_messages"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "ticket_messages_guest_reply"();
