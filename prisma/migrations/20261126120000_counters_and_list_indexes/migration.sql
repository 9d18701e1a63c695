-- Issue 8 item 6, decision 080: lists cost the same at 1M orders as at 1k. Counts the lists need are kept by
-- triggers instead of being counted per request, and every list has an index that yields its page in order.

-- A user's number of orders (the admin's users list, every authenticated request's user record, a customer's
-- order pages), kept by statement-level triggers on orders: one UPDATE per statement, also for bulk inserts.
ALTER TABLE "users" ADD COLUMN "order_count" INTEGER NOT NULL DEFAULT 0;
UPDATE "users" u SET "order_count" = c.n
  FROM (SELECT "user_id", count(*)::int AS n FROM "orders" WHERE "user_id" IS NOT NULL GROUP BY "user_id") c
  WHERE u."id" = c."user_id";

CREATE FUNCTION "orders_count_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "users" u SET "order_count" = u."order_count" + c.n
    FROM (SELECT "user_id", count(*)::int AS n FROM new_rows WHERE "user_id" IS NOT NULL GROUP BY "user_id") c
    WHERE u."id" = c."user_id";
  RETURN NULL;
END $$;

CREATE FUNCTION "orders_count_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "users" u SET "order_count" = u."order_count" - c.n
    FROM (SELECT "user_id", count(*)::int AS n FROM old_rows WHERE "user_id" IS NOT NULL GROUP BY "user_id") c
    WHERE u."id" = c."user_id";
  RETURN NULL;
END $$;

-- An order changing hands (only ON DELETE SET NULL does that today): minus for the old owner, plus for the new.
CREATE FUNCTION "orders_count_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "users" u SET "order_count" = u."order_count" + c.n
    FROM (
      SELECT "user_id", sum(d)::int AS n FROM (
        SELECT o."user_id", -1 AS d FROM old_rows o JOIN new_rows n ON n."id" = o."id"
          WHERE o."user_id" IS DISTINCT FROM n."user_id" AND o."user_id" IS NOT NULL
        UNION ALL
        SELECT n."user_id", 1 AS d FROM old_rows o JOIN new_rows n ON n."id" = o."id"
          WHERE o."user_id" IS DISTINCT FROM n."user_id" AND n."user_id" IS NOT NULL
      ) moves GROUP BY "user_id"
    ) c
    WHERE u."id" = c."user_id";
  RETURN NULL;
END $$;

CREATE TRIGGER "orders_count_insert" AFTER INSERT ON "orders"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "orders_count_inserted"();
CREATE TRIGGER "orders_count_delete" AFTER DELETE ON "orders"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "orders_count_deleted"();
CREATE TRIGGER "orders_count_update" AFTER UPDATE ON "orders"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "orders_count_updated"();

-- Whole-table row counts for the lists that page over a whole table (admin users, admin tickets).
CREATE TABLE "row_counts" (
  "name" TEXT NOT NULL PRIMARY KEY,
  "n" BIGINT NOT NULL DEFAULT 0
);
INSERT INTO "row_counts" ("name", "n") VALUES
  ('users', (SELECT count(*) FROM "users")),
  ('tickets', (SELECT count(*) FROM "tickets"));

CREATE FUNCTION "row_counts_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "row_counts" SET "n" = "n" + (SELECT count(*) FROM new_rows) WHERE "name" = TG_TABLE_NAME;
  RETURN NULL;
END $$;

CREATE FUNCTION "row_counts_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "row_counts" SET "n" = "n" - (SELECT count(*) FROM old_rows) WHERE "name" = TG_TABLE_NAME;
  RETURN NULL;
END $$;

CREATE TRIGGER "users_count_insert" AFTER INSERT ON "users"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "row_counts_inserted"();
CREATE TRIGGER "users_count_delete" AFTER DELETE ON "users"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "row_counts_deleted"();
CREATE TRIGGER "tickets_count_insert" AFTER INSERT ON "tickets"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "row_counts_inserted"();
CREATE TRIGGER "tickets_count_delete" AFTER DELETE ON "tickets"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "row_counts_deleted"();

-- Indexes that return each list's page in its own order (no sort of the whole set):
-- the admin's users list, newest first;
CREATE INDEX "users_created_at_num_idx" ON "users" ("created_at" DESC, "num" DESC);
-- a customer's orders, newest first (replaces (user_id, created_at));
DROP INDEX IF EXISTS "orders_user_id_created_at_idx";
CREATE INDEX "orders_user_id_created_at_id_idx" ON "orders" ("user_id", "created_at" DESC, "id");
-- the admin's queue: only pending and waiting orders, a few hundred rows however many orders exist;
CREATE INDEX "orders_queue_idx" ON "orders" ("status", "created_at", "id") WHERE "status" IN ('pending', 'waiting');
-- the home page's recent orders;
DROP INDEX IF EXISTS "orders_created_at_idx";
CREATE INDEX "orders_created_at_id_idx" ON "orders" ("created_at" DESC, "id");
-- the admin's ticket list and a customer's (replaces (user_id, updated_at)).
CREATE INDEX "tickets_updated_at_num_idx" ON "tickets" ("updated_at" DESC, "num" DESC);
DROP INDEX IF EXISTS "tickets_user_id_updated_at_idx";
CREATE INDEX "tickets_user_id_updated_at_num_idx" ON "tickets" ("user_id", "updated_at" DESC, "num" DESC);
