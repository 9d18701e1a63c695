-- A phone with no stated balance verifies nothing by itself (decision 226): its messages' chain of their own is no
-- proof, so every balance-stating message of such a phone is held `no_anchor` and the phone knows no balance until
-- an admin states one. Orders already verified stay verified (decided and possibly delivered); held ones stay held
-- and are released when the stated balance proves their message (the ledger's backward chain).
UPDATE "sms_messages" m SET "ledger_state" = 'held', "ledger_reason" = 'no_anchor', "expected_balance" = NULL
FROM "devices" d
WHERE m."device_id" = d."id" AND d."anchor_balance" IS NULL AND m."ledger_direction" IS NOT NULL AND m."balance" IS NOT NULL;

UPDATE "devices" SET "ledger_balance" = NULL, "ledger_gap" = NULL, "ledger_settled" = false WHERE "anchor_balance" IS NULL;
