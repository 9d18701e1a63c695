-- The payment loop at line speed (issue 21, decision 203): a device whose every balance-stating message since its
-- anchor chained takes the next message that chains from its balance without reading its ledger again. The last
-- run says whether that holds (`ledger_settled`) and the latest own time among those messages (`ledger_last_at`);
-- existing devices start unsettled, so their next message runs the whole ledger once and sets both.
ALTER TABLE "devices" ADD COLUMN "ledger_settled" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "devices" ADD COLUMN "ledger_last_at" TIMESTAMP(3);
