-- Daily caps per payment method for top-ups (issue 10, decision 112): null is no cap.
ALTER TABLE "payment_methods" ADD COLUMN "daily_count_limit" INTEGER;
ALTER TABLE "payment_methods" ADD COLUMN "daily_amount_limit" DECIMAL(14,2);
