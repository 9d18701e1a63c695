-- Limits the customer sets (decisions 271-272): deposit limits per day, 7 days and 30 days with a 24-hour delay on
-- raising them, and self-exclusions that nobody can lift early.

-- Whole BDT, null = none; a raise or removal waits in the pending columns until pending_at.
CREATE TABLE "player_limits" (
    "user_id" TEXT NOT NULL,
    "daily_bdt" INTEGER,
    "weekly_bdt" INTEGER,
    "monthly_bdt" INTEGER,
    "pending_daily_bdt" INTEGER,
    "pending_weekly_bdt" INTEGER,
    "pending_monthly_bdt" INTEGER,
    "pending_at" TIMESTAMP(3),
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "player_limits_pkey" PRIMARY KEY ("user_id"),
    CONSTRAINT "player_limits_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- Only ever inserted: an exclusion is never shortened or removed before it ends.
CREATE TABLE "self_exclusions" (
    "id" SERIAL NOT NULL,
    "user_id" TEXT NOT NULL,
    "period" TEXT NOT NULL,
    "starts_at" TIMESTAMP(3) NOT NULL,
    "ends_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "self_exclusions_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "self_exclusions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "self_exclusions_ends_at_idx" ON "self_exclusions"("ends_at");
CREATE INDEX "self_exclusions_user_id_ends_at_idx" ON "self_exclusions"("user_id", "ends_at");
