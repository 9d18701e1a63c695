-- Staff presence (issue 22 point 13, decision 217): when each staff member last had the console open or acted in
-- Telegram. The public "admin online" badge follows it unless the manual switch overrides it.
CREATE TABLE "staff_presence" (
    "user_id" TEXT NOT NULL,
    "last_seen" TIMESTAMP(3) NOT NULL,
    "via" TEXT NOT NULL,
    CONSTRAINT "staff_presence_pkey" PRIMARY KEY ("user_id")
);
CREATE INDEX "staff_presence_last_seen_idx" ON "staff_presence"("last_seen");

-- The switch becomes an override: "auto" (follow presence, the new default), true or false. A shop that had it
-- on or off by hand now follows its staff; an admin who wants the old fixed state sets it again.
UPDATE "settings" SET "value" = '"auto"'::jsonb WHERE "key" = 'adminOnline';
