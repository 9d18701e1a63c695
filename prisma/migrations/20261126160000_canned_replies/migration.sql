-- Canned replies for the support chat (issue 10, decision 116): a title, an English and a Bengali text.
CREATE TABLE "canned_replies" (
    "id" SERIAL NOT NULL,
    "title" TEXT NOT NULL,
    "text_en" TEXT NOT NULL,
    "text_bn" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "canned_replies_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "canned_replies_title_id_idx" ON "canned_replies"("title", "id");
