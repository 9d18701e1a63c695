-- A method's note for Bengali readers (issue 35 §8), as products have `description_bn`; '' shows the English note.
ALTER TABLE "payment_methods" ADD COLUMN "note_bn" TEXT NOT NULL DEFAULT '';

-- A shop still showing the first-start notes gets their Bengali ones; a note the admin wrote stays theirs to translate.
UPDATE "payment_methods" SET "note_bn" = CASE "account"
    WHEN 'bkash' THEN 'এই পার্সোনাল বিকাশ নম্বরে সেন্ড মানি করুন।'
    WHEN 'nagad' THEN 'এই পার্সোনাল নগদ নম্বরে সেন্ড মানি করুন।'
    WHEN 'rocket' THEN 'এই পার্সোনাল রকেট নম্বরে সেন্ড মানি করুন।'
  END
WHERE "note" = 'Send Money to this personal ' || CASE "account" WHEN 'bkash' THEN 'bKash' WHEN 'nagad' THEN 'Nagad' WHEN 'rocket' THEN 'Rocket' END || ' number.';
