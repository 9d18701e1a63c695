-- The Telegram desk (issue 24, decisions 170-175): staff accounts linked to a private chat with the shop's bot,
-- single-use link codes (stored hashed), one message per (chat, order) edited as the order moves, the outbox of
-- sends, the cancel-reason prompts, and when an unlinked chat last got its one polite answer.
CREATE TABLE "telegram_links" (
    "user_id" TEXT NOT NULL,
    "chat_id" BIGINT NOT NULL,
    "tg_user_id" BIGINT NOT NULL,
    "username" TEXT,
    "lang" TEXT NOT NULL DEFAULT 'en',
    "token_version" INTEGER NOT NULL,
    "linked_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "telegram_links_pkey" PRIMARY KEY ("user_id")
);
CREATE UNIQUE INDEX "telegram_links_chat_id_key" ON "telegram_links"("chat_id");
ALTER TABLE "telegram_links" ADD CONSTRAINT "telegram_links_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "telegram_link_codes" (
    "code_hash" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "lang" TEXT,
    "token_version" INTEGER NOT NULL,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "telegram_link_codes_pkey" PRIMARY KEY ("code_hash")
);
CREATE INDEX "telegram_link_codes_user_id_idx" ON "telegram_link_codes"("user_id");
CREATE INDEX "telegram_link_codes_expires_at_idx" ON "telegram_link_codes"("expires_at");
ALTER TABLE "telegram_link_codes" ADD CONSTRAINT "telegram_link_codes_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "telegram_order_messages" (
    "chat_id" BIGINT NOT NULL,
    "order_id" TEXT NOT NULL,
    "message_id" INTEGER NOT NULL,
    "text_hash" TEXT NOT NULL,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "telegram_order_messages_pkey" PRIMARY KEY ("chat_id", "order_id")
);
CREATE UNIQUE INDEX "telegram_order_messages_chat_id_message_id_key" ON "telegram_order_messages"("chat_id", "message_id");
CREATE INDEX "telegram_order_messages_order_id_idx" ON "telegram_order_messages"("order_id");

CREATE TABLE "telegram_outbox" (
    "id" SERIAL NOT NULL,
    "chat_id" BIGINT NOT NULL,
    "order_id" TEXT,
    "text" TEXT,
    "version" INTEGER NOT NULL DEFAULT 0,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_at" TIMESTAMP(3) NOT NULL,
    "locked_until" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "telegram_outbox_pkey" PRIMARY KEY ("id")
);
-- One pending sync per (chat, order): later changes of the order fold into it (the text is made when it is sent).
CREATE UNIQUE INDEX "telegram_outbox_chat_order_key" ON "telegram_outbox"("chat_id", "order_id") WHERE "order_id" IS NOT NULL;
CREATE INDEX "telegram_outbox_next_at_idx" ON "telegram_outbox"("next_at");

CREATE TABLE "telegram_prompts" (
    "chat_id" BIGINT NOT NULL,
    "message_id" INTEGER NOT NULL,
    "order_id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "telegram_prompts_pkey" PRIMARY KEY ("chat_id", "message_id")
);
CREATE INDEX "telegram_prompts_created_at_idx" ON "telegram_prompts"("created_at");
ALTER TABLE "telegram_prompts" ADD CONSTRAINT "telegram_prompts_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "telegram_chat_notices" (
    "chat_id" BIGINT NOT NULL,
    "answered_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "telegram_chat_notices_pkey" PRIMARY KEY ("chat_id")
);
CREATE INDEX "telegram_chat_notices_answered_at_idx" ON "telegram_chat_notices"("answered_at");
