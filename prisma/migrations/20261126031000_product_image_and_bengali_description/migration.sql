-- Product pictures (spec §9, decision 092): a media name under MEDIA_BASE_URL, like users.logo; null shows none.
ALTER TABLE "products" ADD COLUMN "image" TEXT;

-- The product's description for Bengali readers (decision 091); empty shows the English one.
ALTER TABLE "products" ADD COLUMN "description_bn" TEXT NOT NULL DEFAULT '';

-- The four seeded products get their Bengali text, unless an admin already rewrote the English one.
UPDATE "products" SET "description_bn" = 'মিনিটের মধ্যে আপনার 1xBet অ্যাকাউন্টে টাকা যোগ করুন, পেমেন্ট করুন মোবাইল ওয়ালেট থেকে।'
  WHERE "id" = '1xbet_topup_bdt' AND "description" = 'Add Taka to your 1xBet account in minutes, paid from your mobile wallet.';
UPDATE "products" SET "description_bn" = 'আপনার 1xBet অ্যাকাউন্টে ডলার যোগ করুন, মোবাইল ওয়ালেট থেকে টাকায় পেমেন্ট করুন।'
  WHERE "id" = '1xbet_topup_usd' AND "description" = 'Add US dollars to your 1xBet account, paid in Taka from your mobile wallet.';
UPDATE "products" SET "description_bn" = 'আপনার 1xBet অ্যাকাউন্ট থেকে টাকা সরাসরি মোবাইল ওয়ালেটে উইথড্র করুন।'
  WHERE "id" = '1xbet_withdraw_bdt' AND "description" = 'Withdraw Taka from your 1xBet account straight to your mobile wallet.';
UPDATE "products" SET "description_bn" = 'আপনার 1xBet অ্যাকাউন্ট থেকে ডলার উইথড্র করুন, টাকায় পাবেন আপনার ওয়ালেটে।'
  WHERE "id" = '1xbet_withdraw_usd' AND "description" = 'Withdraw US dollars from your 1xBet account, paid out in Taka to your wallet.';
