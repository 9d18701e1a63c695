-- A message held on a balance gap keeps when the step its expected balance follows was (the phone's last chained
-- message before it, or the balance an admin stated): the held popup says the missing message came between then and
-- the held one (issue 35, point 12). Messages held before this migration take it from the chain as it stands.
ALTER TABLE "sms_messages" ADD COLUMN "expected_since" TIMESTAMP(3);

UPDATE "sms_messages" h SET "expected_since" = COALESCE(
  (SELECT max(p."received_at") FROM "sms_messages" p
   WHERE p."device_id" = h."device_id" AND p."ledger_state" = 'chained' AND p."id" > d."anchor_after_sms_id"
     AND (p."received_at" < h."received_at" OR (p."received_at" = h."received_at" AND p."id" < h."id"))),
  d."anchor_at", d."created_at")
FROM "devices" d
WHERE d."id" = h."device_id" AND h."ledger_state" = 'held' AND h."ledger_reason" = 'balance_gap';
