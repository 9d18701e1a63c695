-- Web Push subscriptions (decision 275): a browser's push endpoint and keys, for one order (anyone holding its id)
-- or for a customer's account (all their orders). The endpoint is kept as given because it is where the push is
-- sent; its SHA-256 is the key a repeated or removed subscription is found by (a fixed-length unique key for a URL
-- of up to 1000 characters). The `auth` secret is sealed (the secret box, purpose "web-push"); `p256dh` is the
-- browser's public key.
CREATE TABLE "push_subscriptions" (
  "id" SERIAL PRIMARY KEY,
  "order_id" TEXT REFERENCES "orders" ("id") ON DELETE CASCADE,
  "user_id" TEXT REFERENCES "users" ("id") ON DELETE CASCADE,
  "endpoint" TEXT NOT NULL,
  "endpoint_hash" TEXT NOT NULL,
  "p256dh" TEXT NOT NULL,
  "auth_sealed" TEXT NOT NULL,
  "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "push_subscriptions_owner_check" CHECK (("order_id" IS NULL) <> ("user_id" IS NULL))
);
CREATE UNIQUE INDEX "push_subscriptions_order_id_endpoint_hash_key" ON "push_subscriptions" ("order_id", "endpoint_hash");
CREATE UNIQUE INDEX "push_subscriptions_user_id_endpoint_hash_key" ON "push_subscriptions" ("user_id", "endpoint_hash");
