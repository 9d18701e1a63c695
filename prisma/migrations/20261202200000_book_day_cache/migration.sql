-- The books of a day that has ended, kept (decision 310): the day's aggregates over its completions, its phones'
-- messages and its desk operations are stored once with the generation they were read at; every write that could
-- change them bumps the day's generation in the same transaction (statement-level triggers below), and a stored
-- answer is served only while its generation is the day's. Today is read live and never stored, so today's writers
-- never meet on one row.
CREATE TABLE "book_day_cache" (
  "date" TEXT NOT NULL PRIMARY KEY,
  "generation" BIGINT NOT NULL DEFAULT 0,
  "computed_generation" BIGINT,
  "figures" JSONB
);

-- The Dhaka day (UTC+06:00 all year) of a stored time (UTC without a zone).
CREATE FUNCTION "book_day_of"(at TIMESTAMP) RETURNS TEXT LANGUAGE SQL IMMUTABLE AS $$
  SELECT to_char(at + interval '6 hours', 'YYYY-MM-DD')
$$;

-- Days in sorted order, so two writers touching the same past days lock their rows in the same order.
CREATE FUNCTION "book_days_changed"(days TEXT[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "book_day_cache" ("date", "generation")
    SELECT DISTINCT d, 1 FROM unnest(days) d
    WHERE d IS NOT NULL AND d < book_day_of((clock_timestamp() AT TIME ZONE 'UTC')::timestamp)
    ORDER BY 1
  ON CONFLICT ("date") DO UPDATE SET "generation" = "book_day_cache"."generation" + 1;
END $$;

-- The days an order's figures count on: the days it was completed.
CREATE FUNCTION "book_completion_days"(ids TEXT[]) RETURNS TEXT[] LANGUAGE SQL STABLE AS $$
  SELECT ARRAY(SELECT book_day_of(e.created_at) FROM order_events e
               WHERE e.order_id = ANY(ids) AND e.kind = 'status' AND e.to_status = 'complete')
$$;

-- A completion counts the order on its day, and moves its desk operations there from their own day.
CREATE FUNCTION "book_order_events_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  rows_ TEXT[];
  days TEXT[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(r.order_id), array_agg(book_day_of(r.created_at)) INTO rows_, days FROM new_rows r WHERE r.kind = 'status' AND r.to_status = 'complete';
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(r.order_id), array_agg(book_day_of(r.created_at)) INTO rows_, days FROM old_rows r WHERE r.kind = 'status' AND r.to_status = 'complete';
  ELSE
    SELECT array_agg(r.order_id), array_agg(book_day_of(r.created_at)) INTO rows_, days
      FROM (SELECT * FROM old_rows UNION ALL SELECT * FROM new_rows) r WHERE r.kind = 'status' AND r.to_status = 'complete';
  END IF;
  IF rows_ IS NOT NULL THEN
    PERFORM book_days_changed(days || ARRAY(SELECT book_day_of(c.at) FROM cashdesk_operations c WHERE c.order_id = ANY(rows_)));
  END IF;
  RETURN NULL;
END $$;

-- An order's figures (what it costs, what it delivers, the messages that prove it) on its completion days; the
-- payout message's own day (a Send Money debit that proves no order is a difference there).
CREATE FUNCTION "book_orders_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids TEXT[];
  sms INT[];
BEGIN
  IF TG_OP = 'UPDATE' THEN
    SELECT array_agg(n.id), array_agg(o.payout_sms_id) || array_agg(n.payout_sms_id) INTO ids, sms
      FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (o.product_id, o.amount, o.pm_amount, o.verification_sms_id, o.payout_sms_id)
        IS DISTINCT FROM (n.product_id, n.amount, n.pm_amount, n.verification_sms_id, n.payout_sms_id);
  ELSIF TG_OP = 'INSERT' THEN
    SELECT array_agg(r.payout_sms_id) INTO sms FROM new_rows r WHERE r.payout_sms_id IS NOT NULL;
  ELSE
    SELECT array_agg(r.id), array_agg(r.payout_sms_id) INTO ids, sms FROM old_rows r;
  END IF;
  IF ids IS NOT NULL OR sms IS NOT NULL THEN
    PERFORM book_days_changed(coalesce(book_completion_days(ids), '{}')
      || ARRAY(SELECT book_day_of(s.received_at) FROM sms_messages s WHERE s.id = ANY(sms)));
  END IF;
  RETURN NULL;
END $$;

-- A message counts on its own day (the phone's ledger, credits nobody claimed, unproven debits) and, through the
-- orders it proves, on their completion days.
CREATE FUNCTION "book_sms_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  days TEXT[];
  moved INT[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(book_day_of(r.received_at)) INTO days FROM new_rows r;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(book_day_of(r.received_at)), array_agg(r.id) INTO days, moved FROM old_rows r;
  ELSE
    SELECT array_agg(book_day_of(o.received_at)) || array_agg(book_day_of(n.received_at)),
           array_agg(n.id) FILTER (WHERE (o.amount, o.ledger_amount) IS DISTINCT FROM (n.amount, n.ledger_amount))
      INTO days, moved
      FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (o.device_id, o.received_at, o.amount, o.trx_id, o.parse_kind, o.order_id, o.debit_type,
             o.ledger_direction, o.ledger_amount, o.ledger_fee, o.ledger_state, o.balance)
        IS DISTINCT FROM (n.device_id, n.received_at, n.amount, n.trx_id, n.parse_kind, n.order_id, n.debit_type,
             n.ledger_direction, n.ledger_amount, n.ledger_fee, n.ledger_state, n.balance);
  END IF;
  IF moved IS NOT NULL THEN
    days := days || book_completion_days(ARRAY(SELECT o.id FROM orders o WHERE o.verification_sms_id = ANY(moved) OR o.payout_sms_id = ANY(moved)));
  END IF;
  IF days IS NOT NULL THEN
    PERFORM book_days_changed(days);
  END IF;
  RETURN NULL;
END $$;

-- A desk operation counts on its own day (the Limit) and on its order's completion days (the delivery checks).
CREATE FUNCTION "book_cashdesk_operations_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  days TEXT[];
  ids TEXT[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(book_day_of(r.at)), array_agg(r.order_id) INTO days, ids FROM new_rows r;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(book_day_of(r.at)), array_agg(r.order_id) INTO days, ids FROM old_rows r;
  ELSE
    SELECT array_agg(book_day_of(r.at)), array_agg(r.order_id) INTO days, ids FROM (SELECT * FROM old_rows UNION ALL SELECT * FROM new_rows) r;
  END IF;
  IF days IS NOT NULL THEN
    PERFORM book_days_changed(days || coalesce(book_completion_days(ids), '{}'));
  END IF;
  RETURN NULL;
END $$;

-- A phone's anchor stated inside a day starts that day's ledger.
CREATE FUNCTION "book_devices_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  days TEXT[];
BEGIN
  SELECT array_agg(book_day_of(o.anchor_at)) || array_agg(book_day_of(n.anchor_at)) INTO days
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE (o.anchor_at, o.anchor_after_sms_id) IS DISTINCT FROM (n.anchor_at, n.anchor_after_sms_id);
  IF days IS NOT NULL THEN
    PERFORM book_days_changed(days);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER "book_order_events_insert" AFTER INSERT ON "order_events"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "book_order_events_changed"();
CREATE TRIGGER "book_order_events_update" AFTER UPDATE ON "order_events"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "book_order_events_changed"();
CREATE TRIGGER "book_order_events_delete" AFTER DELETE ON "order_events"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "book_order_events_changed"();

CREATE TRIGGER "book_orders_insert" AFTER INSERT ON "orders"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "book_orders_changed"();
CREATE TRIGGER "book_orders_update" AFTER UPDATE ON "orders"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "book_orders_changed"();
CREATE TRIGGER "book_orders_delete" AFTER DELETE ON "orders"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "book_orders_changed"();

CREATE TRIGGER "book_sms_insert" AFTER INSERT ON "sms_messages"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "book_sms_changed"();
CREATE TRIGGER "book_sms_update" AFTER UPDATE ON "sms_messages"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "book_sms_changed"();
CREATE TRIGGER "book_sms_delete" AFTER DELETE ON "sms_messages"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "book_sms_changed"();

CREATE TRIGGER "book_cashdesk_operations_insert" AFTER INSERT ON "cashdesk_operations"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "book_cashdesk_operations_changed"();
CREATE TRIGGER "book_cashdesk_operations_update" AFTER UPDATE ON "cashdesk_operations"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "book_cashdesk_operations_changed"();
CREATE TRIGGER "book_cashdesk_operations_delete" AFTER DELETE ON "cashdesk_operations"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "book_cashdesk_operations_changed"();

CREATE TRIGGER "book_devices_update" AFTER UPDATE ON "devices"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "book_devices_changed"();

-- The orders a message verifies (a message's amount changing moves their completion days).
CREATE INDEX "orders_verification_sms_idx" ON "orders" ("verification_sms_id") WHERE "verification_sms_id" IS NOT NULL;
-- A day's desk operations (the desk's Limit of the day, and the operations behind no completed order).
CREATE INDEX "cashdesk_operations_at_idx" ON "cashdesk_operations" ("at");
