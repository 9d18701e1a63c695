// What the bot does with each update (grammY handlers): `/start <code>` links a private chat; a linked staff
// member's commands (/queue, /today, /help, /stop), button presses on order messages and the answers to "why
// cancel?"; an unlinked chat gets one polite answer a day and nothing else. Group chats are ignored: a button there
// would act for whoever pressed it.
import { Bot, type Context } from 'grammy';
import { isAdminOrderDto, type AdminOrderDto, type OrderView } from '#shared/api-types';
import { LIMITS } from '#shared/constants';
import type { CancelReason } from '#shared/schemas';
import type { StatsDto } from '#shared/stats';
import { AppError } from '../http/app-error.js';
import type { Logger } from '../logger.js';
import type { UserRecord } from '../security/user-record.js';
import { isActing, type LiveLink, type Links } from './links.js';
import { namedStaff, needsDecision, parseCallbackData, shortOrderId, whyNotActionable } from './order-message.js';
import type { BotLanguage, TelegramRepository } from './telegram.repository.js';
import { botDate, botMoney, botNumber, botProductMoney, botText, languageOfTelegram, type TextKey } from './texts.js';

/** What the desk may do with orders: the orders domain's own use cases, acting as the linked staff member. */
export interface DeskOrders {
  /** The order as this staff member sees it. */
  readOrder(id: string, viewer: UserRecord): Promise<OrderView>;
  completeOrder(id: string, staff: UserRecord): Promise<OrderView>;
  cancelOrderAsAdmin(id: string, staff: UserRecord, why: { reason?: CancelReason; note?: string }): Promise<OrderView>;
  /** A page of the pending orders (newest first, LIMITS.pageSize a page), as the staff's history lists them. */
  pendingOrders(viewer: UserRecord, page: number): Promise<{ orders: OrderView[]; pages: number }>;
  /** Claiming an order; until it exists the button answers "not available yet". */
  claimOrder?: (id: string, staff: UserRecord) => Promise<OrderView>;
}

type DeskContext = Context & { desk?: LiveLink };

/** The order in the staff view as `viewer` sees it, or null when it does not exist (or the view is not staff's). */
export async function readStaffView(
  orders: Pick<DeskOrders, 'readOrder'>,
  id: string,
  viewer: UserRecord,
): Promise<AdminOrderDto | null> {
  try {
    const view = await orders.readOrder(id, viewer);
    return isAdminOrderDto(view) ? view : null;
  } catch (error) {
    if (error instanceof AppError && error.status === 404) return null;
    throw error;
  }
}

/** An unlinked chat hears from the bot at most once in this period (decision 170). */
export const NOTICE_PERIOD_MS = 24 * 3_600_000;
/** A "why cancel?" question can be answered this long. */
export const PROMPT_HOURS = 24;
/** /queue lists this many orders, the oldest first. */
const QUEUE_LINES = 10;
/** answerCallbackQuery's text is cut at 200 characters by Telegram. */
const toast = (text: string) => ({ text: text.slice(0, 200) });

export function createDeskBot(deps: {
  token: string;
  apiRoot: string;
  links: Links;
  repository: Pick<TelegramRepository, 'findOrderMessageById' | 'savePrompt' | 'takePrompt' | 'claimNotice'>;
  orders: DeskOrders;
  todayStats: () => Promise<StatsDto>;
  /** Names of staff members by id (who completed or cancelled). */
  staffNames: (ids: string[]) => Promise<Map<string, string>>;
  /** A linked staff member acted in the chat (presence, decision 217). */
  onStaffActive?: (userId: string) => void;
  logger: Logger;
  clock: () => Date;
}): Bot<DeskContext> {
  const { links, repository, orders, logger, clock } = deps;
  // Calls made while handling an update wait at most 15 s for Telegram (grammY's default is 500 s).
  const bot = new Bot<DeskContext>(deps.token, { client: { apiRoot: deps.apiRoot, timeoutSeconds: 15 } });

  const say = (lang: BotLanguage, key: TextKey, values?: Record<string, string | number>) => botText(lang, key, values);

  const adminView = (id: string, viewer: UserRecord) => readStaffView(orders, id, viewer);

  async function whyNot(orderId: string, live: LiveLink): Promise<string> {
    const order = await adminView(orderId, live.user);
    if (!order) return say(live.link.lang, 'toast.unknown');
    return whyNotActionable(order, live.link.lang, await deps.staffNames(namedStaff(order)), clock());
  }

  /** A refusal of the orders domain (409 the order moved on, 404 gone) as the presser reads it; others throw. */
  async function refusal(error: unknown, orderId: string, live: LiveLink): Promise<string> {
    if (error instanceof AppError && error.key === 'errors.secondApprovalRequired')
      return say(live.link.lang, 'toast.needsApproval');
    if (error instanceof AppError && error.key === 'errors.paymentNotVerified')
      return say(live.link.lang, 'toast.completeOnWebsite');
    if (error instanceof AppError && error.key === 'errors.payoutTrxIdRequired')
      return say(live.link.lang, 'toast.payoutOnWebsite');
    if (error instanceof AppError && (error.status === 409 || error.status === 404)) return whyNot(orderId, live);
    throw error;
  }

  /** The ten oldest pending orders (the last two pages of the newest-first list) and how many are pending. */
  async function oldestPending(viewer: UserRecord): Promise<{ pending: AdminOrderDto[]; total: number }> {
    const first = await orders.pendingOrders(viewer, 1);
    let list = first.orders;
    let total = first.orders.length;
    if (first.pages > 1) {
      const last = await orders.pendingOrders(viewer, first.pages);
      const beforeLast = first.pages > 2 ? await orders.pendingOrders(viewer, first.pages - 1) : first;
      list = [...beforeLast.orders, ...last.orders];
      total = (first.pages - 1) * LIMITS.pageSize + last.orders.length;
    }
    const pending = list
      .filter(isAdminOrderDto)
      .filter(needsDecision)
      .sort((a, b) => a.created_at - b.created_at || (a.id < b.id ? -1 : 1))
      .slice(0, QUEUE_LINES);
    return { pending, total };
  }

  // Only private chats: in a group, the chat's link would act for whoever pressed.
  bot.use(async (ctx, next) => {
    if (ctx.chat?.type === 'private' && ctx.from) await next();
  });

  bot.command('start', async (ctx, next) => {
    const code = ctx.match.trim();
    if (code === '') return next();
    const appLanguage = languageOfTelegram(ctx.from?.language_code);
    const result = await links.linkChat(code, {
      chatId: ctx.chat.id,
      tgUserId: ctx.from!.id,
      username: ctx.from?.username ?? null,
      appLanguage,
    });
    if (result.outcome === 'linked')
      await ctx.reply(say(result.live.link.lang, 'link.done', { name: result.live.user.name }));
    else if (result.outcome === 'notStaff') await ctx.reply(say(result.lang, 'link.notStaff'));
    else if (result.outcome === 'secondFactor') await ctx.reply(say(result.lang, 'link.twoFactorRequired'));
    else await ctx.reply(say(appLanguage, 'link.invalid'));
  });

  // Everything else needs a live link; the account's role and token version are checked at every update.
  bot.use(async (ctx, next) => {
    const found = await links.liveLinkOfChat(ctx.chat!.id);
    if (isActing(found)) {
      ctx.desk = found;
      deps.onStaffActive?.(found.user.id);
      return next();
    }
    // Linked, but the account may not act on the website now (no second factor where the shop requires one).
    if (typeof found === 'object') {
      if (ctx.callbackQuery) await ctx.answerCallbackQuery(toast(say(found.secondFactor, 'toast.twoFactorRequired')));
      else await ctx.reply(say(found.secondFactor, 'link.twoFactorRequired'));
      return;
    }
    const lang = languageOfTelegram(ctx.from?.language_code);
    if (ctx.callbackQuery) {
      await ctx.answerCallbackQuery(toast(say(lang, 'toast.notAllowed')));
      return;
    }
    if (found === 'revoked') await ctx.reply(say(lang, 'link.revoked'));
    else if (await repository.claimNotice(ctx.chat!.id, clock(), NOTICE_PERIOD_MS))
      await ctx.reply(say(lang, 'unlinked'));
  });

  bot.command(['help', 'start'], async (ctx) => {
    await ctx.reply(say(ctx.desk!.link.lang, 'help'));
  });

  bot.command('stop', async (ctx) => {
    const live = ctx.desk!;
    await links.unlink(live.user, live.link.chatId);
    await ctx.reply(say(live.link.lang, 'link.stopped'));
  });

  bot.command('queue', async (ctx) => {
    const { link, user } = ctx.desk!;
    const lang = link.lang;
    const { pending, total } = await oldestPending(user);
    if (pending.length === 0) {
      await ctx.reply(say(lang, 'queue.empty'));
      return;
    }
    const lines = pending.map((o) =>
      [
        shortOrderId(o.id),
        say(lang, `products.${o.product_id}` as TextKey),
        botProductMoney(lang, o.data.amount, o.product_id),
        say(lang, `wallets.${o.pm_method}`),
        ...(o.verification.status === 'none' ? [] : [say(lang, `verification.${o.verification.status}`)]),
      ].join(' · '),
    );
    const more = total > pending.length ? [say(lang, 'queue.more')] : [];
    await ctx.reply([say(lang, 'queue.title', { count: botNumber(lang, total) }), ...lines, ...more].join('\n'));
  });

  bot.command('today', async (ctx) => {
    const lang = ctx.desk!.link.lang;
    const stats = await deps.todayStats();
    const count = (n: number) => ({ count: botNumber(lang, n) });
    const by = stats.orders_by_status;
    const volume = Object.entries(stats.volume_total).map(([currency, amount]) =>
      botMoney(lang, amount, currency === 'USD' ? 'USD' : 'BDT'),
    );
    const lines = [
      say(lang, 'today.title', { date: botDate(lang, new Date(stats.from * 1000)) }),
      say(lang, 'today.orders', count(Object.values(by).reduce((a, b) => a + b, 0))),
      say(lang, 'today.complete', count(by.complete)),
      say(lang, 'today.pending', count(by.pending)),
      say(lang, 'today.waiting', count(by.waiting)),
      say(lang, 'today.cancelled', count(by.admin_cancelled + by.user_cancelled + by.cancelled)),
      say(lang, 'today.timedout', count(by.timedout)),
      volume.length > 0 ? say(lang, 'today.volume', { amount: volume.join(' + ') }) : say(lang, 'today.noVolume'),
      ...(stats.completion_p50_s === null
        ? []
        : [say(lang, 'today.median', { minutes: botNumber(lang, Math.round(stats.completion_p50_s / 60)) })]),
    ];
    await ctx.reply(lines.join('\n'));
  });

  bot.on('callback_query:data', async (ctx) => {
    const live = ctx.desk!;
    const lang = live.link.lang;
    const pressed = parseCallbackData(ctx.callbackQuery.data);
    const message = ctx.callbackQuery.message;
    const known =
      pressed && message ? await repository.findOrderMessageById(live.link.chatId, message.message_id) : null;
    if (!pressed || !known || shortOrderId(known.orderId) !== pressed.shortId) {
      await ctx.answerCallbackQuery(toast(say(lang, 'toast.unknown')));
      return;
    }
    const orderId = known.orderId;
    switch (pressed.action) {
      case 'claim': {
        if (!orders.claimOrder) {
          await ctx.answerCallbackQuery(toast(say(lang, 'toast.claimLater')));
          return;
        }
        const claim = orders.claimOrder;
        const answer = await claim(orderId, live.user).then(
          () => say(lang, 'toast.claimed'),
          (error: unknown) => refusal(error, orderId, live),
        );
        await ctx.answerCallbackQuery(toast(answer));
        return;
      }
      case 'complete': {
        const answer = await orders.completeOrder(orderId, live.user).then(
          () => say(lang, 'toast.completed'),
          (error: unknown) => refusal(error, orderId, live),
        );
        await ctx.answerCallbackQuery(toast(answer));
        return;
      }
      case 'cancel': {
        const order = await adminView(orderId, live.user);
        if (!order || !(order.status === 'pending' || order.status === 'waiting')) {
          await ctx.answerCallbackQuery(toast(await whyNot(orderId, live)));
          return;
        }
        await ctx.answerCallbackQuery(toast(say(lang, 'toast.cancelAsk')));
        const prompt = await ctx.reply(say(lang, 'cancel.ask', { id: shortOrderId(orderId) }), {
          reply_markup: { force_reply: true, input_field_placeholder: say(lang, 'cancel.placeholder').slice(0, 64) },
        });
        await repository.savePrompt({
          chatId: live.link.chatId,
          messageId: prompt.message_id,
          orderId,
          userId: live.user.id,
        });
        return;
      }
    }
  });

  bot.on('message:text', async (ctx, next) => {
    const live = ctx.desk!;
    const lang = live.link.lang;
    const repliedTo = ctx.message.reply_to_message?.message_id;
    const prompt = repliedTo === undefined ? null : await repository.takePrompt(live.link.chatId, repliedTo);
    if (
      !prompt ||
      prompt.userId !== live.user.id ||
      clock().getTime() - prompt.createdAt.getTime() > PROMPT_HOURS * 3_600_000
    )
      return next();
    const id = shortOrderId(prompt.orderId);
    const reason = ctx.message.text.trim();
    if (reason.length > LIMITS.cancelNote.max) {
      await ctx.reply(say(lang, 'cancel.tooLong', { max: botNumber(lang, LIMITS.cancelNote.max) }));
      return;
    }
    const answer = await orders.cancelOrderAsAdmin(prompt.orderId, live.user, { reason: 'other', note: reason }).then(
      () => say(lang, 'cancel.done', { id }),
      async (error: unknown) => say(lang, 'cancel.failed', { id, why: await refusal(error, prompt.orderId, live) }),
    );
    await ctx.reply(answer);
  });

  // Anything else from a linked chat: what the bot can do.
  bot.on('message', async (ctx) => {
    await ctx.reply(say(ctx.desk!.link.lang, 'help'));
  });

  bot.catch((error) => {
    logger.error('Telegram update failed', error.error);
  });
  return bot;
}
