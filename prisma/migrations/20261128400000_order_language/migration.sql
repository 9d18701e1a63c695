-- The language an order was placed in (issue 22): its receipts and status mails to a guest are written in it.
-- Orders placed before keep English, the shop's first language.
ALTER TABLE "orders" ADD COLUMN "lang" TEXT NOT NULL DEFAULT 'en';
