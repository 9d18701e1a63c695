// Linking a staff account to its private chat with the bot (decision 170): a single-use code of 10 minutes (only
// its hash is stored) that `/start <code>` turns into a link. A link is live only while its account is still staff
// and still has the token version it was made under: blocking, demoting, logging out everywhere or a new password
// end it like any other session, and the first use that finds it dead removes it.
import crypto from 'node:crypto';
import type { TelegramLinkDto } from '#shared/telegram';
import { TELEGRAM_LINK_MINUTES } from '#shared/telegram';
import { unixSeconds } from '#shared/time';
import type { AuditRecorder } from '../audit/index.js';
import type { Transaction } from '../db/database.js';
import type { UserLookup, UserRecord } from '../security/user-record.js';
import { isTelegramStaff } from './staff.js';
import type { BotLanguage, TelegramLinkRecord, TelegramRepository } from './telegram.repository.js';

const hashLinkCode = (code: string): string => crypto.createHash('sha256').update(code).digest('hex');

/** 18 random bytes: 24 characters of base64url, inside Telegram's 64-character `start` parameter alphabet. */
const newLinkCode = (): string => crypto.randomBytes(18).toString('base64url');
export const LINK_CODE_PATTERN = /^[A-Za-z0-9_-]{24}$/;

/** A live link and its account, as every use of the desk needs them. */
export interface LiveLink {
  link: TelegramLinkRecord;
  user: UserRecord;
}

/** An answer of `liveLinkOfChat` that may act. */
export const isActing = (found: LiveLink | 'none' | 'revoked' | { secondFactor: BotLanguage }): found is LiveLink =>
  typeof found === 'object' && 'link' in found;

/** Whether a link still speaks for its account. */
export const isLive = (
  link: Pick<TelegramLinkRecord, 'tokenVersion'>,
  user: Pick<UserRecord, 'role' | 'tokenVersion'> | null,
): user is UserRecord => user !== null && isTelegramStaff(user.role) && user.tokenVersion === link.tokenVersion;

export function createLinks(deps: {
  repository: TelegramRepository;
  users: UserLookup;
  audit: AuditRecorder;
  clock: () => Date;
  /**
   * Whether the account may act on the website now (STAFF_2FA: a staff member without a second factor may not,
   * decision 242). A live link of one who may not keeps its link but neither acts nor receives the desk's messages.
   */
  mayAct?: (user: UserRecord) => boolean;
}) {
  const { repository, users, audit, clock } = deps;
  const mayAct = deps.mayAct ?? (() => true);

  const auditUnlink = (actorId: string | null, reason: string) => (tx: Transaction, removed: TelegramLinkRecord) =>
    audit(tx, {
      actorId,
      action: 'telegram.unlink',
      targetType: 'user',
      targetId: removed.userId,
      before: { chat_id: removed.chatId, username: removed.username },
      after: { reason },
    });

  /** Removes a dead link (its account was blocked, demoted or signed out everywhere). */
  async function revoke(link: TelegramLinkRecord): Promise<void> {
    if (await repository.deleteLink(link.userId, link.chatId, auditUnlink(null, 'revoked')))
      await repository.dropChat(link.chatId);
  }

  return {
    revoke,

    /** A fresh single-use code for the staff member (earlier unused ones stop working). */
    async createCode(user: UserRecord, lang: BotLanguage | null): Promise<{ code: string; expiresAt: Date }> {
      const now = clock();
      const code = newLinkCode();
      const expiresAt = new Date(now.getTime() + TELEGRAM_LINK_MINUTES * 60_000);
      await repository.createLinkCode(
        { codeHash: hashLinkCode(code), userId: user.id, lang, tokenVersion: user.tokenVersion, expiresAt },
        now,
        (tx) =>
          audit(tx, {
            actorId: user.id,
            action: 'telegram.code',
            targetType: 'user',
            targetId: user.id,
            before: null,
            after: { expires_at: unixSeconds(expiresAt) },
          }),
      );
      return { code, expiresAt };
    },

    /**
     * `/start <code>` in a private chat: the code is used up whatever happens; the account must still be staff
     * and on the token version the code was made under. The chat's earlier account and the account's earlier
     * chat are let go (audited as replaced).
     */
    async linkChat(
      code: string,
      chat: { chatId: number; tgUserId: number; username: string | null; appLanguage: BotLanguage },
    ): Promise<
      | { outcome: 'linked'; live: LiveLink }
      | { outcome: 'invalid' }
      | { outcome: 'notStaff' | 'secondFactor'; lang: BotLanguage }
    > {
      if (!LINK_CODE_PATTERN.test(code)) return { outcome: 'invalid' };
      const taken = await repository.takeLinkCode(hashLinkCode(code), clock());
      if (!taken) return { outcome: 'invalid' };
      const user = await users.findById(taken.userId);
      const lang = taken.lang ?? chat.appLanguage;
      if (!isLive({ tokenVersion: taken.tokenVersion }, user)) return { outcome: 'notStaff', lang };
      if (!mayAct(user)) return { outcome: 'secondFactor', lang };
      const link = {
        userId: user.id,
        chatId: chat.chatId,
        tgUserId: chat.tgUserId,
        username: chat.username,
        lang,
        tokenVersion: taken.tokenVersion,
      };
      await repository.saveLink(link, async (tx, replaced) => {
        for (const old of replaced) await auditUnlink(user.id, 'replaced')(tx, old);
        await audit(tx, {
          actorId: user.id,
          action: 'telegram.link',
          targetType: 'user',
          targetId: user.id,
          before: null,
          after: { chat_id: chat.chatId, username: chat.username, lang },
        });
      });
      return { outcome: 'linked', live: { link: { ...link, linkedAt: clock() }, user } };
    },

    /**
     * The chat's link when it is live and its account may act. A dead one is removed at once (audited, no actor) and
     * reported as `revoked`, so the chat can be told once; a live one whose account may not act now (no second
     * factor where the shop requires one) is `secondFactor`, with the link's language, and stays.
     */
    async liveLinkOfChat(chatId: number): Promise<LiveLink | 'none' | 'revoked' | { secondFactor: BotLanguage }> {
      const link = await repository.findLinkByChat(chatId);
      if (!link) return 'none';
      const user = await users.findById(link.userId);
      if (isLive(link, user)) return mayAct(user) ? { link, user } : { secondFactor: link.lang };
      await revoke(link);
      return 'revoked';
    },

    /** Every live link whose account may act (the staff who get an alert); dead ones found on the way are removed. */
    async liveLinks(): Promise<LiveLink[]> {
      const live: LiveLink[] = [];
      for (const link of await repository.allLinks()) {
        const user = await users.findById(link.userId);
        if (isLive(link, user)) {
          if (mayAct(user)) live.push({ link, user });
        } else await revoke(link);
      }
      return live;
    },

    /** The account unlinks (DELETE /account/telegram, or /stop in the chat). Returns the link it had, if any. */
    async unlink(user: UserRecord, chatId?: number): Promise<TelegramLinkRecord | null> {
      const link = await repository.findLinkByUser(user.id);
      if (!link || (chatId !== undefined && link.chatId !== chatId)) return null;
      if (!(await repository.deleteLink(user.id, link.chatId, auditUnlink(user.id, 'unlinked')))) return null;
      await repository.dropChat(link.chatId);
      return link;
    },

    /** `GET /users/me`'s `telegram`: a read only (a dead link shows as not linked until its next use removes it). */
    async linkStatus(user: UserRecord): Promise<TelegramLinkDto> {
      if (!isTelegramStaff(user.role)) return { linked: false, username: null };
      const link = await repository.findLinkByUser(user.id);
      return link && isLive(link, user) ? { linked: true, username: link.username } : { linked: false, username: null };
    },
  };
}
export type Links = ReturnType<typeof createLinks>;
