-- The shop's durable job queue (decision 227): work that must happen after a commit and survive a crash (mail, web
-- pushes) is a row here, claimed by any instance with SKIP LOCKED and retried with backoff.
CREATE TABLE "jobs" (
  "id" SERIAL PRIMARY KEY,
  "kind" TEXT NOT NULL,
  "payload" JSONB NOT NULL,
  "dedupe_key" TEXT,
  "status" TEXT NOT NULL DEFAULT 'pending',
  "attempts" INTEGER NOT NULL DEFAULT 0,
  "next_at" TIMESTAMP(3) NOT NULL,
  "locked_until" TIMESTAMP(3),
  "last_error" TEXT,
  "created_at" TIMESTAMP(3) NOT NULL,
  "finished_at" TIMESTAMP(3)
);
CREATE UNIQUE INDEX "jobs_dedupe_key_key" ON "jobs" ("dedupe_key");
CREATE INDEX "jobs_due_idx" ON "jobs" ("next_at", "id") WHERE "status" = 'pending';
CREATE INDEX "jobs_finished_idx" ON "jobs" ("finished_at") WHERE "status" <> 'pending';
