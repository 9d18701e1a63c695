// The Telegram desk's tables: links, link codes, order messages, the outbox, cancel prompts and the notices sent to
// unlinked chats. The only Prisma code of the domain; it returns plain records (chat ids as numbers: Telegram's
// fit in 52 bits).
import type { Prisma, Transaction } from '../db/database.js';
import { sqlTime } from '../db/sql-time.js';

export type BotLanguage = 'en' | 'bn';

export interface TelegramLinkRecord {
  userId: string;
  chatId: number;
  tgUserId: number;
  username: string | null;
  lang: BotLanguage;
  tokenVersion: number;
  linkedAt: Date;
}

export interface LinkCodeRecord {
  userId: string;
  lang: BotLanguage | null;
  tokenVersion: number;
}

export interface OrderMessageRecord {
  chatId: number;
  orderId: string;
  messageId: number;
  textHash: string;
}

export interface OutboxRow {
  id: number;
  chatId: number;
  orderId: string | null;
  text: string | null;
  version: number;
  attempts: number;
  createdAt: Date;
}

const language = (value: string | null): BotLanguage | null => (value === 'bn' ? 'bn' : value === 'en' ? 'en' : null);

function toLink(row: {
  userId: string;
  chatId: bigint;
  tgUserId: bigint;
  username: string | null;
  lang: string;
  tokenVersion: number;
  linkedAt: Date;
}): TelegramLinkRecord {
  return { ...row, chatId: Number(row.chatId), tgUserId: Number(row.tgUserId), lang: language(row.lang) ?? 'en' };
}

export function createTelegramRepository(prisma: Prisma) {
  return {
    // ---------- link codes ----------
    /** A new code for the account; its earlier unused codes and everyone's expired ones are dropped. */
    async createLinkCode(
      code: { codeHash: string; userId: string; lang: BotLanguage | null; tokenVersion: number; expiresAt: Date },
      now: Date,
      audit: (tx: Transaction) => Promise<void>,
    ): Promise<void> {
      await prisma.$transaction(async (tx) => {
        await tx.telegramLinkCode.deleteMany({ where: { OR: [{ userId: code.userId }, { expiresAt: { lte: now } }] } });
        await tx.telegramLinkCode.create({ data: code });
        await audit(tx);
      });
    },

    /** Uses a code up: it answers once, while it has not expired (one statement, so two presses race safely). */
    async takeLinkCode(codeHash: string, now: Date): Promise<LinkCodeRecord | null> {
      const rows = await prisma.$queryRaw<{ user_id: string; lang: string | null; token_version: number }[]>`
        DELETE FROM telegram_link_codes WHERE code_hash = ${codeHash} AND expires_at > ${sqlTime(now)}
        RETURNING user_id, lang, token_version`;
      const row = rows[0];
      return row ? { userId: row.user_id, lang: language(row.lang), tokenVersion: Number(row.token_version) } : null;
    },

    // ---------- links ----------
    /** Links the chat to the account: the account's earlier chat and the chat's earlier account are let go. */
    async saveLink(
      link: Omit<TelegramLinkRecord, 'linkedAt'>,
      audit: (tx: Transaction, replaced: TelegramLinkRecord[]) => Promise<void>,
    ): Promise<void> {
      await prisma.$transaction(async (tx) => {
        const chatId = BigInt(link.chatId);
        const replaced = await tx.telegramLink.findMany({ where: { OR: [{ userId: link.userId }, { chatId }] } });
        await tx.telegramLink.deleteMany({ where: { OR: [{ userId: link.userId }, { chatId }] } });
        await tx.telegramLink.create({ data: { ...link, chatId, tgUserId: BigInt(link.tgUserId) } });
        await audit(tx, replaced.map(toLink));
      });
    },

    async findLinkByChat(chatId: number): Promise<TelegramLinkRecord | null> {
      const row = await prisma.telegramLink.findUnique({ where: { chatId: BigInt(chatId) } });
      return row ? toLink(row) : null;
    },

    async findLinkByUser(userId: string): Promise<TelegramLinkRecord | null> {
      const row = await prisma.telegramLink.findUnique({ where: { userId } });
      return row ? toLink(row) : null;
    },

    async allLinks(): Promise<TelegramLinkRecord[]> {
      return (await prisma.telegramLink.findMany({ orderBy: { linkedAt: 'asc' } })).map(toLink);
    },

    /**
     * Removes the account's link (only the one to `chatId` when given: a link made since is not touched), with
     * its audit entry in the same transaction. False when there was none.
     */
    async deleteLink(
      userId: string,
      chatId: number | undefined,
      audit: (tx: Transaction, removed: TelegramLinkRecord) => Promise<void>,
    ): Promise<boolean> {
      return prisma.$transaction(async (tx) => {
        const row = await tx.telegramLink.findUnique({ where: { userId } });
        if (!row || (chatId !== undefined && Number(row.chatId) !== chatId)) return false;
        const { count } = await tx.telegramLink.deleteMany({ where: { userId, chatId: row.chatId } });
        if (count === 0) return false;
        await audit(tx, toLink(row));
        return true;
      });
    },

    // ---------- order messages ----------
    async findOrderMessage(chatId: number, orderId: string): Promise<OrderMessageRecord | null> {
      const row = await prisma.telegramOrderMessage.findUnique({
        where: { chatId_orderId: { chatId: BigInt(chatId), orderId } },
      });
      return row ? { ...row, chatId: Number(row.chatId) } : null;
    },

    async findOrderMessageById(chatId: number, messageId: number): Promise<OrderMessageRecord | null> {
      const row = await prisma.telegramOrderMessage.findUnique({
        where: { chatId_messageId: { chatId: BigInt(chatId), messageId } },
      });
      return row ? { ...row, chatId: Number(row.chatId) } : null;
    },

    async saveOrderMessage(m: OrderMessageRecord): Promise<void> {
      const chatId = BigInt(m.chatId);
      await prisma.telegramOrderMessage.upsert({
        where: { chatId_orderId: { chatId, orderId: m.orderId } },
        create: { ...m, chatId },
        update: { messageId: m.messageId, textHash: m.textHash },
      });
    },

    /** The chats that have a message about the order. */
    async chatsShowing(orderId: string): Promise<number[]> {
      return (await prisma.telegramOrderMessage.findMany({ where: { orderId }, select: { chatId: true } })).map((r) =>
        Number(r.chatId),
      );
    },

    // ---------- outbox ----------
    async outboxSize(): Promise<number> {
      return prisma.telegramOutbox.count();
    },

    /**
     * "Bring these chats' messages about the order up to date". A chat that already has such a row pending keeps
     * it (and its backoff): the change folds into it, and a row in flight is sent again after (version + 1).
     */
    async enqueueOrderSync(chatIds: number[], orderId: string, now: Date): Promise<void> {
      for (const chatId of chatIds) {
        await prisma.$executeRaw`
          INSERT INTO telegram_outbox (chat_id, order_id, next_at) VALUES (${chatId}, ${orderId}, ${sqlTime(now)})
          ON CONFLICT (chat_id, order_id) WHERE order_id IS NOT NULL DO UPDATE SET version = telegram_outbox.version + 1`;
      }
    },

    async enqueueText(chatIds: number[], text: string, now: Date): Promise<void> {
      if (chatIds.length === 0) return;
      await prisma.telegramOutbox.createMany({
        data: chatIds.map((chatId) => ({ chatId: BigInt(chatId), text, nextAt: now })),
      });
    },

    /** Takes up to `limit` due rows for `lockMs` (another instance skips them meanwhile), oldest first. */
    async claimDue(now: Date, limit: number, lockMs: number): Promise<OutboxRow[]> {
      const rows = await prisma.$queryRaw<
        {
          id: number;
          chat_id: bigint;
          order_id: string | null;
          text: string | null;
          version: number;
          attempts: number;
          created_at: string;
        }[]
      >`
        UPDATE telegram_outbox SET locked_until = ${sqlTime(new Date(now.getTime() + lockMs))}, attempts = attempts + 1
        WHERE id IN (
          SELECT id FROM telegram_outbox
          WHERE next_at <= ${sqlTime(now)} AND (locked_until IS NULL OR locked_until <= ${sqlTime(now)})
          ORDER BY id LIMIT ${limit} FOR UPDATE SKIP LOCKED)
        RETURNING id, chat_id, order_id, text, version, attempts, to_char(created_at, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at`;
      return rows
        .map((r) => ({
          id: r.id,
          chatId: Number(r.chat_id),
          orderId: r.order_id,
          text: r.text,
          version: Number(r.version),
          attempts: Number(r.attempts),
          createdAt: new Date(r.created_at),
        }))
        .sort((a, b) => a.id - b.id);
    },

    /** Sent: the row goes, unless a change folded into it meanwhile (then it is due again at once). */
    async finish(row: OutboxRow, now: Date): Promise<void> {
      const { count } = await prisma.telegramOutbox.deleteMany({ where: { id: row.id, version: row.version } });
      if (count === 0)
        await prisma.telegramOutbox.updateMany({
          where: { id: row.id },
          data: { lockedUntil: null, attempts: 0, nextAt: now },
        });
    },

    async retryAt(row: OutboxRow, at: Date, countAttempt: boolean): Promise<void> {
      await prisma.telegramOutbox.updateMany({
        where: { id: row.id },
        data: { lockedUntil: null, nextAt: at, ...(countAttempt ? {} : { attempts: { decrement: 1 } }) },
      });
    },

    /** Telegram is back: rows waiting out their backoff are due now. */
    async dueNow(now: Date): Promise<void> {
      await prisma.telegramOutbox.updateMany({
        where: { nextAt: { gt: now }, lockedUntil: null },
        data: { nextAt: now },
      });
    },

    async drop(row: OutboxRow): Promise<void> {
      await prisma.telegramOutbox.deleteMany({ where: { id: row.id } });
    },

    /** Drops a chat's pending sends (it was unlinked). */
    async dropChat(chatId: number): Promise<void> {
      await prisma.telegramOutbox.deleteMany({ where: { chatId: BigInt(chatId) } });
    },

    /** Housekeeping: sends older than `before` (news nobody needs any more), old prompts and notices. */
    async prune(before: { outbox: Date; prompts: Date; notices: Date }): Promise<number> {
      const [outbox] = await prisma.$transaction([
        prisma.telegramOutbox.deleteMany({ where: { createdAt: { lt: before.outbox } } }),
        prisma.telegramPrompt.deleteMany({ where: { createdAt: { lt: before.prompts } } }),
        prisma.telegramChatNotice.deleteMany({ where: { answeredAt: { lt: before.notices } } }),
      ]);
      return outbox.count;
    },

    // ---------- cancel prompts ----------
    async savePrompt(p: { chatId: number; messageId: number; orderId: string; userId: string }): Promise<void> {
      await prisma.telegramPrompt.create({ data: { ...p, chatId: BigInt(p.chatId) } });
    },

    /** The prompt a reply answers, used up (a second reply to it finds nothing). */
    async takePrompt(
      chatId: number,
      messageId: number,
    ): Promise<{ orderId: string; userId: string; createdAt: Date } | null> {
      const rows = await prisma.$queryRaw<{ order_id: string; user_id: string; created_at: string }[]>`
        DELETE FROM telegram_prompts WHERE chat_id = ${chatId} AND message_id = ${messageId}
        RETURNING order_id, user_id, to_char(created_at, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at`;
      const row = rows[0];
      return row ? { orderId: row.order_id, userId: row.user_id, createdAt: new Date(row.created_at) } : null;
    },

    // ---------- unlinked chats ----------
    /** True for the first message of an unlinked chat in `periodMs` (one statement: one answer even when racing). */
    async claimNotice(chatId: number, now: Date, periodMs: number): Promise<boolean> {
      const rows = await prisma.$queryRaw<{ chat_id: bigint }[]>`
        INSERT INTO telegram_chat_notices (chat_id, answered_at) VALUES (${chatId}, ${sqlTime(now)})
        ON CONFLICT (chat_id) DO UPDATE SET answered_at = excluded.answered_at
        WHERE telegram_chat_notices.answered_at <= ${sqlTime(new Date(now.getTime() - periodMs))}
        RETURNING chat_id`;
      return rows.length > 0;
    },
  };
}
export type TelegramRepository = ReturnType<typeof createTelegramRepository>;
