// The Telegram desk: the bot, the outbox that sends for it, long polling or the webhook, linking, and
// the notifier the rest of the shop calls when something happened. Without TELEGRAM_BOT_TOKEN it is a desk that
// does nothing: the notifier is silent, /health says "disabled", linking answers errors.telegramDisabled.
import crypto from 'node:crypto';
import { Api, GrammyError } from 'grammy';
import type { Update } from 'grammy/types';
import type { CashdeskAlertPayload } from '#shared/cashdesk';
import type { Wallet } from '#shared/constants';
import type { StatsDto } from '#shared/stats';
import type { TelegramLinkDto } from '#shared/telegram';
import type { AuditRecorder } from '../audit/index.js';
import type { TelegramConfig } from '../config.js';
import { AppError, errors } from '../http/app-error.js';
import type { Logger } from '../logger.js';
import type { UserLookup, UserRecord } from '../security/user-record.js';
import { createDeskBot, NOTICE_PERIOD_MS, PROMPT_HOURS, readStaffView, type DeskOrders } from './bot.js';
import { createLinks, isActing, type LiveLink } from './links.js';
import { namedStaff, needsDecision, renderOrderMessage } from './order-message.js';
import { createOutboxSender, OUTBOX_LIMITS } from './outbox.js';
import { advisoryLock, processLock } from './poll-lock.js';
import { createPoller, POLL_TIMEOUT_S } from './poller.js';
import { createTelegramHealth, type TelegramState } from './telegram-health.js';
import type { BotLanguage, OutboxRow, TelegramRepository } from './telegram.repository.js';
import { createSleeper } from './sleeper.js';
import { botMoney, botNumber, botText, botTime, type TextKey } from './texts.js';

/** What the shop tells the desk. Every method returns at once: the work (and any failure) happens after. */
export interface TelegramNotifier {
  /** An order was placed or moved: its staff messages are sent or edited (the desk reads the order itself). */
  orderChanged(orderId: string): void;
  /** A customer wrote in a support ticket. */
  ticketMessage(message: { ticketNum: number; customerName: string; text: string }): void;
  /** A wallet phone went silent while orders wait, or skipped messages. */
  deviceAlert(alert: {
    wallet: Wallet;
    deviceName: string;
    problem: 'silent' | 'gap';
    minutes?: number;
    gap?: { from: Date; to: Date; unexplained: number };
  }): void;
  /** A payment method reached its daily cap. */
  capReached(cap: { wallet: Wallet }): void;
  /** A betting cash desk turned failing (its automation stopped), or its Limit drifted from the shop's operations. */
  cashdeskAlert(alert: CashdeskAlertPayload): void;
}

export interface TelegramDesk {
  notifier: TelegramNotifier;
  /** `POST /account/telegram`: a single-use code and its t.me link for a staff member. */
  createLinkCode(user: UserRecord, lang: BotLanguage | null): Promise<{ code: string; link: string; expiresAt: Date }>;
  /** `DELETE /account/telegram`. */
  unlink(user: UserRecord): Promise<void>;
  linkStatus(user: UserRecord): Promise<TelegramLinkDto>;
  /** Webhook mode only: the secret Telegram sends back, and what to do with an update. */
  webhook?: { secretToken: string; handleUpdate(update: Update): Promise<void> };
  state(): TelegramState | 'disabled';
  start(): void;
  stop(): Promise<void>;
}

const HOUSEKEEPING_MS = 10 * 60_000;

/** The secret of `setWebhook`: the same on every instance (from the shop's JWT secret), never in the database. */
export const webhookSecret = (jwtSecret: string, botToken: string): string =>
  crypto.createHmac('sha256', jwtSecret).update(`telegram-webhook:${botToken}`).digest('base64url');

const isNotModified = (error: unknown) =>
  error instanceof GrammyError && error.error_code === 400 && /message is not modified/i.test(error.description);
const isMessageGone = (error: unknown) =>
  error instanceof GrammyError &&
  error.error_code === 400 &&
  /message to edit not found|message can't be edited/i.test(error.description);

export function createTelegramDesk(deps: {
  config?: TelegramConfig;
  repository: TelegramRepository;
  users: UserLookup;
  orders: DeskOrders;
  todayStats: () => Promise<StatsDto>;
  audit: AuditRecorder;
  logger: Logger;
  jwtSecret: string;
  /** PostgreSQL: the poll lock's own connection; unset (PGlite), the one process polls. */
  databaseUrl?: string;
  clock: () => Date;
  /** A linked staff member acted in Telegram (presence, decision 217). */
  onStaffActive?: (userId: string) => void;
  /** Whether the account may act on the website now (STAFF_2FA, decision 242): the chat acts only while it may. */
  mayAct?: (user: UserRecord) => boolean;
}): TelegramDesk {
  const { config, repository, users, orders, logger, clock } = deps;
  const links = createLinks({ repository, users, audit: deps.audit, clock, mayAct: deps.mayAct });
  if (!config) return disabledDesk(links);

  const health = createTelegramHealth(logger, clock);
  const staffNames = async (ids: string[]): Promise<Map<string, string>> => {
    const names = new Map<string, string>();
    for (const id of new Set(ids)) {
      const user = await users.findById(id);
      if (user) names.set(id, user.name);
    }
    return names;
  };
  const bot = createDeskBot({
    token: config.botToken,
    apiRoot: config.apiRoot,
    links,
    repository,
    orders,
    todayStats: deps.todayStats,
    staffNames,
    onStaffActive: deps.onStaffActive,
    logger,
    clock,
  });
  const api = bot.api;

  const adminView = (orderId: string, viewer: UserRecord) => readStaffView(orders, orderId, viewer);

  /** Brings a chat's message about an order up to date: sent when a decision is due, edited after. */
  async function syncOrderMessage(chatId: number, orderId: string): Promise<void> {
    const live = await links.liveLinkOfChat(chatId);
    if (!isActing(live)) return;
    const order = await adminView(orderId, live.user);
    if (!order) return;
    const existing = await repository.findOrderMessage(chatId, orderId);
    if (!existing && !needsDecision(order)) return;
    const rendered = renderOrderMessage(order, live.link.lang, await staffNames(namedStaff(order)), clock());
    if (existing?.textHash === rendered.hash) return;
    const save = (messageId: number) =>
      repository.saveOrderMessage({ chatId, orderId, messageId, textHash: rendered.hash });
    if (existing) {
      try {
        await api.editMessageText(chatId, existing.messageId, rendered.text, { reply_markup: rendered.keyboard });
        return save(existing.messageId);
      } catch (error) {
        if (isNotModified(error)) return save(existing.messageId);
        if (!isMessageGone(error)) throw error;
      }
      // The person deleted the message: a new one only while a decision is still due.
      if (!needsDecision(order)) return;
    }
    const sent = await api.sendMessage(chatId, rendered.text, { reply_markup: rendered.keyboard });
    await save(sent.message_id);
  }

  async function deliver(row: OutboxRow): Promise<void> {
    if (row.orderId !== null) return syncOrderMessage(row.chatId, row.orderId);
    // Alerts are checked again when they go: the account may have lost the right since.
    if (!isActing(await links.liveLinkOfChat(row.chatId)) || row.text === null) return;
    await api.sendMessage(row.chatId, row.text);
  }

  const outbox = createOutboxSender({
    repository,
    deliver,
    // 403: the person blocked the bot or deleted the chat; the link is no use any more.
    chatGone: async (chatId) => {
      const link = await repository.findLinkByChat(chatId);
      if (link) await links.revoke(link);
    },
    health,
    logger,
    clock,
  });

  let stopped = true;
  /** The notifier's work under way (a stop waits for it: it reads and writes the database). */
  const inFlight = new Set<Promise<void>>();
  /** Runs a notifier's work after the caller has moved on; failures are logged, never thrown at it. */
  const later = (what: string, work: () => Promise<void>) => {
    if (stopped) return;
    const job = new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      .catch((error: unknown) => logger.error(`Telegram ${what} failed`, error))
      .finally(() => inFlight.delete(job));
    inFlight.add(job);
  };

  /** One text per live staff chat, each in its own language. */
  function alert(what: string, text: (lang: BotLanguage) => string): void {
    later(what, async () => {
      const live = await links.liveLinks();
      if (live.length === 0 || !(await outbox.hasRoom(live.length))) return;
      for (const lang of ['en', 'bn'] as const) {
        await repository.enqueueText(
          live.filter((l) => l.link.lang === lang).map((l) => l.link.chatId),
          text(lang),
          clock(),
        );
      }
      outbox.kick();
    });
  }

  const notifier: TelegramNotifier = {
    orderChanged(orderId) {
      later('order message', async () => {
        const live = await links.liveLinks();
        if (live.length === 0) return;
        const order = await adminView(orderId, live[0].user);
        if (!order) return;
        const showing = needsDecision(order) ? null : new Set(await repository.chatsShowing(orderId));
        const chats = live.map((l: LiveLink) => l.link.chatId).filter((chatId) => !showing || showing.has(chatId));
        if (chats.length === 0 || !(await outbox.hasRoom(chats.length))) return;
        await repository.enqueueOrderSync(chats, orderId, clock());
        outbox.kick();
      });
    },
    ticketMessage({ ticketNum, customerName, text }) {
      alert('ticket alert', (lang) =>
        botText(lang, 'alerts.ticket', {
          num: botNumber(lang, ticketNum),
          name: customerName,
          text: text.slice(0, 500),
        }),
      );
    },
    deviceAlert({ wallet, deviceName, problem, minutes, gap }) {
      const gapText = (lang: BotLanguage) =>
        gap
          ? botText(lang, 'alerts.deviceGapDetail', {
              from: botTime(lang, gap.from, clock()),
              to: botTime(lang, gap.to, clock()),
              amount: botMoney(lang, gap.unexplained, 'BDT'),
            })
          : botText(lang, 'alerts.deviceGap');
      alert('device alert', (lang) =>
        botText(lang, 'alerts.device', {
          wallet: botText(lang, `wallets.${wallet}` as TextKey),
          device: deviceName,
          problem:
            problem === 'silent'
              ? botText(lang, 'alerts.deviceSilent', { minutes: botNumber(lang, minutes ?? 0) })
              : gapText(lang),
        }),
      );
    },
    capReached({ wallet }) {
      alert('cap alert', (lang) =>
        botText(lang, 'alerts.cap', { wallet: botText(lang, `wallets.${wallet}` as TextKey) }),
      );
    },
    cashdeskAlert(desk) {
      alert('cash desk alert', (lang) => {
        const currency = botText(lang, `currency.${desk.currency}`);
        return desk.problem === 'failing'
          ? botText(lang, 'alerts.deskFailing', { currency, message: desk.message.slice(0, 300) })
          : botText(lang, 'alerts.deskDrift', {
              currency,
              read: botMoney(lang, desk.read, desk.currency),
              expected: botMoney(lang, desk.expected, desk.currency),
            });
      });
    },
  };

  // Long polling, or the webhook Telegram posts to.
  const webhookMode = config.webhookUrl !== undefined;
  const secretToken = webhookSecret(deps.jwtSecret, config.botToken);
  const poller = webhookMode
    ? undefined
    : createPoller({
        // The long poll needs a request timeout beyond its own wait.
        api: new Api(config.botToken, { apiRoot: config.apiRoot, timeoutSeconds: POLL_TIMEOUT_S + 15 }),
        lock: deps.databaseUrl ? advisoryLock(deps.databaseUrl, logger) : processLock(),
        handleUpdate: (update) => bot.handleUpdate(update),
        health,
        logger,
        // A webhook left from webhook mode would refuse getUpdates.
        onPolling: async () => {
          await api.deleteWebhook();
        },
      });

  let starting: Promise<void> = Promise.resolve();
  let housekeeping: NodeJS.Timeout | undefined;
  const sleeper = createSleeper();
  const pause = (ms: number) => sleeper.sleep(ms);

  /** getMe (the bot's username for links) until Telegram answers, then the commands menu and the update source. */
  async function initialize(): Promise<void> {
    for (let failures = 0; !stopped; failures += 1) {
      try {
        await bot.init();
        health.answered();
        break;
      } catch (error) {
        health.failed(error);
        await pause(Math.min(60_000, 1_000 * 2 ** Math.min(failures, 6)));
      }
    }
    if (stopped) return;
    for (const lang of ['en', 'bn'] as const) {
      const commands = (['queue', 'today', 'help', 'stop'] as const).map((command) => ({
        command,
        description: botText(lang, `commands.${command}`),
      }));
      await api
        .setMyCommands(commands, lang === 'bn' ? { language_code: 'bn' } : {})
        .catch((error: unknown) => health.failed(error));
    }
    if (poller) {
      poller.start();
      return;
    }
    for (let failures = 0; !stopped; failures += 1) {
      try {
        await api.setWebhook(config!.webhookUrl!, {
          secret_token: secretToken,
          allowed_updates: ['message', 'callback_query'],
        });
        health.answered();
        return;
      } catch (error) {
        health.failed(error);
        if (error instanceof GrammyError && error.error_code === 400)
          logger.error('Telegram refused TELEGRAM_WEBHOOK_URL', { error: error.description });
        await pause(Math.min(60_000, 1_000 * 2 ** Math.min(failures, 6)));
      }
    }
  }

  return {
    notifier,
    async createLinkCode(user, lang) {
      const username = bot.isInited() ? bot.botInfo.username : undefined;
      if (!username)
        throw new AppError(
          503,
          'errors.telegramUnavailable',
          'Telegram cannot be reached right now; try again in a minute',
        );
      const { code, expiresAt } = await links.createCode(user, lang);
      return { code, link: `https://t.me/${username}?start=${code}`, expiresAt };
    },
    async unlink(user) {
      const removed = await links.unlink(user);
      // The chat hears it was let go; no outbox: the link that alerts are checked against is gone.
      if (removed) {
        api.sendMessage(removed.chatId, botText(removed.lang, 'link.stopped')).then(
          () => health.answered(),
          (error: unknown) => health.failed(error),
        );
      }
    },
    linkStatus: async (user) => ({ ...(await links.linkStatus(user)), available: true }),
    webhook: webhookMode
      ? {
          secretToken,
          async handleUpdate(update) {
            if (!bot.isInited())
              throw new AppError(
                503,
                'errors.telegramUnavailable',
                'The bot is starting; Telegram will send this update again',
              );
            await bot.handleUpdate(update);
          },
        }
      : undefined,
    state: () => health.state(),
    start() {
      stopped = false;
      outbox.start();
      starting = initialize().catch((error: unknown) => logger.error('Telegram desk failed to start', error));
      housekeeping = setInterval(() => {
        const now = clock().getTime();
        outbox
          .prune({
            outbox: new Date(now - OUTBOX_LIMITS.maxAgeMs),
            prompts: new Date(now - PROMPT_HOURS * 3_600_000),
            notices: new Date(now - NOTICE_PERIOD_MS),
          })
          .catch((error: unknown) => logger.error('Telegram housekeeping failed', error));
      }, HOUSEKEEPING_MS);
      housekeeping.unref();
    },
    async stop() {
      stopped = true;
      clearInterval(housekeeping);
      sleeper.wakeAll();
      // A getMe in flight may take its 15 s; it changes nothing once stopped.
      await Promise.race([starting, pause(2_000)]);
      await Promise.allSettled([...inFlight]);
      await poller?.stop();
      await outbox.stop();
    },
  };
}

/** No bot configured: nothing is sent, nothing is received; an account may still drop an old link. */
function disabledDesk(links: ReturnType<typeof createLinks>): TelegramDesk {
  const silent = () => undefined;
  return {
    notifier: {
      orderChanged: silent,
      ticketMessage: silent,
      deviceAlert: silent,
      capReached: silent,
      cashdeskAlert: silent,
    },
    async createLinkCode() {
      throw errors.conflict('errors.telegramDisabled', 'Telegram is not set up for this shop');
    },
    async unlink(user) {
      await links.unlink(user);
    },
    // No bot: the settings say so instead of offering a link that cannot work.
    linkStatus: async (user) => ({ ...(await links.linkStatus(user)), available: false }),
    state: () => 'disabled',
    start: silent,
    stop: async () => undefined,
  };
}
