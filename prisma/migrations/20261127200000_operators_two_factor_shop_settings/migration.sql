-- Issue 20: two-factor sign-in (decision 161), login challenges that work across instances, and the shop's own
-- settings (decision 163). The role `operator` needs no schema change (users.role is text).

-- Whether the user signs in with a second factor: read with the caller on every request (the staff 2FA gate), so
-- it is a column of users, kept in the same transaction as the row below.
ALTER TABLE "users" ADD COLUMN "two_factor" BOOLEAN NOT NULL DEFAULT false;

-- The TOTP secret, encrypted (AES-256-GCM, decision 161): `pending_secret` between setup and enable, `secret` once
-- enabled. `last_step` is the last accepted time-step: a code is accepted once.
CREATE TABLE "user_two_factor" (
    "user_id" TEXT NOT NULL,
    "secret" TEXT,
    "pending_secret" TEXT,
    "enabled_at" TIMESTAMP(3),
    "last_step" BIGINT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "user_two_factor_pkey" PRIMARY KEY ("user_id"),
    CONSTRAINT "user_two_factor_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- Ten single-use recovery codes per enabling, stored as keyed hashes only.
CREATE TABLE "two_factor_recovery_codes" (
    "id" SERIAL NOT NULL,
    "user_id" TEXT NOT NULL,
    "code_hash" TEXT NOT NULL,
    "used_at" TIMESTAMP(3),

    CONSTRAINT "two_factor_recovery_codes_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "two_factor_recovery_codes_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "two_factor_recovery_codes_user_id_code_hash_key" ON "two_factor_recovery_codes"("user_id", "code_hash");

-- The second step of a login: the sha256 of the challenge handed to the client, its owner, wrong codes so far.
CREATE TABLE "login_challenges" (
    "id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "token_version" INTEGER NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "login_challenges_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "login_challenges_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "login_challenges_expires_at_idx" ON "login_challenges"("expires_at");

-- The shop's own rules (shared/shop-settings.ts names the keys); a key without a row has its default.
CREATE TABLE "shop_settings" (
    "key" TEXT NOT NULL,
    "value" JSONB NOT NULL,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "shop_settings_pkey" PRIMARY KEY ("key")
);
