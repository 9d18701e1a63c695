-- An order's short reference (issue 35, decision 284): "A7K-392", derived from its id and nothing else, so customers
-- can quote it instead of the 22-character id and staff can search for it. The rule lives here, once: the column is
-- written by the insert itself (every path, the one-statement placement of decision 222 too) and read like any other.
-- Letters without I and O (read as 1 and 0); about 5.8 million references, so two orders may share one: the search
-- lists every order that has it (decision 284).
CREATE FUNCTION "order_ref"(order_id TEXT) RETURNS TEXT LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT substr('ABCDEFGHJKLMNPQRSTUVWXYZ', (('x' || substr(h, 1, 4))::bit(16)::int % 24) + 1, 1)
      || (('x' || substr(h, 5, 4))::bit(16)::int % 10)::text
      || substr('ABCDEFGHJKLMNPQRSTUVWXYZ', (('x' || substr(h, 9, 4))::bit(16)::int % 24) + 1, 1)
      || '-' || lpad(((('x' || substr(h, 13, 6))::bit(24)::int) % 1000)::text, 3, '0')
  FROM (SELECT md5(order_id) AS h) m
$$;

ALTER TABLE "orders" ADD COLUMN "ref" TEXT NOT NULL DEFAULT '';
UPDATE "orders" SET "ref" = "order_ref"("id");

CREATE FUNCTION "orders_ref"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."ref" := "order_ref"(NEW."id");
  RETURN NEW;
END $$;
CREATE TRIGGER "orders_ref" BEFORE INSERT OR UPDATE OF "id" ON "orders" FOR EACH ROW EXECUTE FUNCTION "orders_ref"();

CREATE INDEX "orders_ref_idx" ON "orders" ("ref");
