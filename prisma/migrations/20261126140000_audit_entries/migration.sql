-- The audit log (issue 10): one row per admin action, written in the same transaction as the action.
CREATE TABLE "audit_entries" (
    "id" SERIAL NOT NULL,
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "actor_id" TEXT,
    "action" TEXT NOT NULL,
    "target_type" TEXT NOT NULL,
    "target_id" TEXT NOT NULL,
    "before" JSONB,
    "after" JSONB,

    CONSTRAINT "audit_entries_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "audit_entries_at_idx" ON "audit_entries"("at");
CREATE INDEX "audit_entries_action_at_idx" ON "audit_entries"("action", "at");
CREATE INDEX "audit_entries_actor_id_at_idx" ON "audit_entries"("actor_id", "at");

-- An admin account that is deleted keeps its entries; the actor then shows as unknown.
ALTER TABLE "audit_entries" ADD CONSTRAINT "audit_entries_actor_id_fkey" FOREIGN KEY ("actor_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
