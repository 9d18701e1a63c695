-- The admin's order history (issue 10, decision 111): each filter and each exact search column has an index.
CREATE INDEX "orders_status_created_at_idx" ON "orders"("status", "created_at");
CREATE INDEX "orders_product_id_created_at_idx" ON "orders"("product_id", "created_at");
CREATE INDEX "orders_pm_method_created_at_idx" ON "orders"("pm_method", "created_at");
CREATE INDEX "orders_pm_id_idx" ON "orders"("pm_id");
CREATE INDEX "orders_onex_id_idx" ON "orders"("onex_id");
CREATE INDEX "orders_wallet_idx" ON "orders"("wallet");
CREATE INDEX "orders_contact_email_idx" ON "orders"("contact_email");
-- An id prefix (LIKE 'abc%') uses this one whatever the database's collation (Prisma's schema cannot say
-- text_pattern_ops for a B-tree; the index lives here only).
CREATE INDEX "orders_id_pattern_idx" ON "orders"("id" text_pattern_ops);
