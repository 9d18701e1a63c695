// The composition root: builds every repository and service of the shop exactly once, from the infrastructure
// app.ts made, and hands each only what it uses. Domains never build each other; a new domain is wired here.
import cluster from 'node:cluster';
import type http from 'node:http';
import { Router, type RequestHandler } from 'express';
import type { Redis } from 'ioredis';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import type { RateLimits } from './http/rate-limits.js';
import type { Logger } from './logger.js';
import type { Mailer } from './mail/mailer.js';
import { createJobQueue } from './jobs/job-queue.js';
import { every } from './kernel/every.js';
import type { LoginThrottle } from './security/login-throttle.js';
import { authenticate } from './security/authenticate.js';
import { isStaff } from './security/guards.js';
import { createSecretBox } from './security/secret-box.js';
import { heldForSecondFactor, staffTwoFactorGate } from './security/staff-two-factor.js';
import { captchaRoutes, type CaptchaService } from './security/captcha.js';
import {
  accountsRoutes,
  adminUsersRoutes,
  createAccountsService,
  createAdminUsersRepository,
  createAdminUsersService,
  createUserPresenter,
  createUsersRepository,
  createTwoFactorRepository,
  createTwoFactorService,
  twoFactorRoutes,
  usersRoutes,
  type AccountEvents,
} from './accounts/index.js';
import {
  blockedCondition,
  blocklistRoutes,
  createBlocklistRepository,
  createBlocklistService,
} from './blocklist/index.js';
import {
  createPlayerLimitsRepository,
  createPlayerLimitsService,
  exclusionEndSql,
  playerLimitsRoutes,
} from './player-limits/index.js';
import {
  createSettingsRepository,
  createSettingsService,
  settingsRoutes,
  type SettingsEvents,
} from './settings/index.js';
import { booksRoutes, createBooksRepository, createBooksService } from './books/index.js';
import {
  createCatalogueCache,
  createPaymentMethodsRepository,
  createPaymentMethodsService,
  createPaymentNumbersRepository,
  createProductsRepository,
  createProductsService,
  paymentMethodsRoutes,
  productsRoutes,
  type CatalogueEvents,
} from './catalogue/index.js';
import {
  createOrderCommandsRepository,
  createOrderListsService,
  createOrderQueriesRepository,
  createOrderStatsRepository,
  createOrdersService,
  createOrderAdmission,
  ownTopupUsage,
  createOrderViewCache,
  orderPageRoutes,
  createShopStatsRepository,
  createShopStatsService,
  SWEEP_INTERVAL_MS,
  ordersRoutes,
  orderViews as orderViewsOf,
  staffRulesOf,
  RECEIPT_JOB,
  receiptMailJob,
  shopStatsRoutes,
  type OrderEvents,
} from './orders/index.js';
import {
  createRepliesRepository,
  createRepliesService,
  createTicketsRepository,
  createTicketsService,
  TICKET_REPLY_JOB,
  ticketReplyMailJob,
  repliesRoutes,
  ticketsRoutes,
  type TicketEvents,
} from './tickets/index.js';
import { createRecoveryRepository, createRecoveryService, recoveryRoutes } from './recovery/index.js';
import {
  avatarsRoutes,
  createAvatarsRepository,
  createAvatarsService,
  createProductImagesRepository,
  createProductImagesService,
  createTicketPictureStore,
  createMediaObjectsRepository,
  createMediaStore,
  createS3Bucket,
  importDiskMedia,
  mediaRoutes,
  productImagesRoutes,
} from './media/index.js';
import {
  adminStatusRoutes,
  createAdminStatusRepository,
  createAdminStatusService,
  type AdminStatusEvents,
} from './admin-status/index.js';
import { createRealtime } from './realtime/index.js';
import { createPublicSnapshots, homeRoutes } from './home/index.js';
import { createIpcInstanceBus, createRedisInstanceBus } from './instance-bus.js';
import { auditRoutes, createAuditRepository, createAuditService } from './audit/index.js';
import {
  createAndroidSmsGateway,
  createSmsRepository,
  createSmsService,
  smsForwardingRoutes,
  smsRoutes,
  type SmsEvents,
} from './sms/index.js';
import type { Clock } from './clock.js';
import { createEventBus } from './event-bus.js';
import { createIdempotencyStore } from './http/idempotency.js';
import { subscribeShop } from './subscriptions.js';
import { SMS_LIMITS } from '#shared/sms/sms-api';
import {
  createWebhookSender,
  createWebhooksRepository,
  createWebhooksService,
  webhooksRoutes,
} from './webhooks/index.js';
import {
  createTelegramDesk,
  createTelegramRepository,
  telegramRoutes,
  telegramWebhookRoutes,
} from './telegram/index.js';
import {
  cashdesksRoutes,
  createCashdeskClient,
  createCashdesksService,
  createDeskRoom,
  createDesksRepository,
  createFulfilmentEngine,
  createFulfilmentRepository,
  DESK_CURRENCIES,
  FULFILMENT,
  FULFILMENT_JOBS,
  fulfilmentRoutes,
  type CashdeskEvents,
} from './cashdesk/index.js';
import {
  createPushRepository,
  createPushService,
  PUSH_DELIVERY,
  PUSH_JOB,
  pushRoutes,
  type PushOrder,
  type VapidKeys,
} from './push/index.js';
import type { OrderRecord } from './orders/index.js';

/** What the shop is built from: configuration and the shared infrastructure (app.ts makes it). */
export interface Infrastructure {
  config: Config;
  db: Database;
  /** The same client as `db.prisma`; tests and scripts reach the database through it. */
  prisma: Database['prisma'];
  logger: Logger;
  jwtSecret: string;
  redis?: Redis;
  captcha: CaptchaService;
  mailer: Mailer;
  limits: RateLimits;
  loginThrottle: LoginThrottle;
  /** Socket.IO attaches to it. */
  httpServer: http.Server;
  /** The one clock every time-dependent rule reads (tests hand in their own). */
  clock: Clock;
  /** Web Push's VAPID key pair and subject (decision 275): from the environment or kept in the database. */
  vapid: VapidKeys;
}

/** An order as the push domain reads it. */
const pushOrderOf = (o: OrderRecord): PushOrder => ({
  id: o.id,
  productId: o.productId,
  status: o.status,
  verification: o.verification,
  lang: o.lang,
  amount: o.amount,
  pmAmount: o.pmAmount,
  lastTime: o.lastTime,
  userId: o.userId,
});

export type Services = ReturnType<typeof composeShop>['services'];

/** Every event of the shop: each domain publishes its own part (decision 130). */
export type ShopEvents = OrderEvents &
  SmsEvents &
  TicketEvents &
  CatalogueEvents &
  AccountEvents &
  AdminStatusEvents &
  SettingsEvents &
  CashdeskEvents;

export function composeShop(infra: Infrastructure) {
  const { config, prisma, logger, jwtSecret, captcha, limits, clock } = infra;
  const events = createEventBus<ShopEvents>(logger);
  // Work after a commit that must survive a crash (decision 227): domains queue, handlers registered here, every
  // instance runs what is due.
  const jobs = createJobQueue({ sql: infra.db.sql, clock, logger });

  // Repositories: the only code that touches Prisma, one of each.
  const usersRepository = createUsersRepository(prisma);
  const adminUsersRepository = createAdminUsersRepository(prisma);
  const productsRepository = createProductsRepository(prisma);
  const paymentMethodsRepository = createPaymentMethodsRepository(prisma);
  const paymentNumbersRepository = createPaymentNumbersRepository(prisma);
  const smsRepository = createSmsRepository(prisma);
  const orderQueries = createOrderQueriesRepository(prisma, infra.db.sql);
  // Orders write their rows alone; the SMS inbox hands them evidence inside their transaction (decision 130).
  const blocklistRepository = createBlocklistRepository(prisma);
  // An SMS from a blocked wallet number is held: orders ask the blocklist inside their transaction.
  const orderCommands = createOrderCommandsRepository(prisma, {
    clock,
    evidence: smsRepository.evidence,
    isWalletBlocked: (tx, wallet) => blocklistRepository.isListed(tx, 'wallet', wallet),
    walletBlockedSql: (wallet) => blocklistRepository.listedSql('wallet', wallet),
    sql: infra.db.sql,
  });
  const ticketsRepository = createTicketsRepository(prisma);
  const recoveryRepository = createRecoveryRepository(prisma);
  const avatarsRepository = createAvatarsRepository(prisma);
  const productImagesRepository = createProductImagesRepository(prisma);
  const adminStatusRepository = createAdminStatusRepository(prisma);
  const auditRepository = createAuditRepository(prisma, clock);
  const repliesRepository = createRepliesRepository(prisma);
  const twoFactorRepository = createTwoFactorRepository(prisma);
  const settingsRepository = createSettingsRepository(prisma);
  const mediaObjectsRepository = createMediaObjectsRepository(prisma, infra.db.sql);

  // Data other instances hold in memory is dropped there through one bus with topics (decision 081): Redis
  // when REDIS_URL is set, else, as workers of one primary, its IPC channel; one instance alone needs none.
  const instanceBus = infra.redis
    ? createRedisInstanceBus(infra.redis, logger, config.redisChannelPrefix)
    : cluster.isWorker
      ? createIpcInstanceBus()
      : undefined;
  // The order page's kept views (decision 081); with other instances, a minute at most (a message lost meanwhile).
  const orderViews = createOrderViewCache({ maxAgeMs: instanceBus ? 60_000 : undefined });
  instanceBus?.on('order', (id) => orderViews.drop(id));

  const realtime = createRealtime(infra.httpServer, {
    users: usersRepository,
    orderExists: (id) => orderQueries.exists(id),
    jwtSecret,
    publicUrl: config.publicUrl,
    redis: infra.redis,
    redisChannelPrefix: config.redisChannelPrefix,
    logger,
    // Staff share the admins' room; with STAFF_2FA=required only once their second factor is on.
    mayJoinStaffRoom: (user) => isStaff(user) && !heldForSecondFactor(config.staffTwoFactor, user),
    onStaffPresent: (userId) => void events.publish('staff.active', { userId, via: 'console' }),
  });

  // Use cases. Every staff action records its audit entry through `audit.record`, inside its own transaction; every
  // change leaves as one event after its commit.
  const audit = createAuditService(auditRepository);
  const userDto = createUserPresenter(config.mediaBaseUrl);
  // Two-factor sign-in: secrets sealed with TWO_FACTOR_KEY, else a key derived from the JWT secret.
  const twoFactor = createTwoFactorService({
    twoFactor: twoFactorRepository,
    users: usersRepository,
    box: createSecretBox(config.twoFactorKey ?? jwtSecret, 'two-factor'),
    jwtSecret,
    audit: audit.record,
    sessions: realtime,
    loginThrottle: infra.loginThrottle,
    clock,
  });
  const accounts = createAccountsService({
    users: usersRepository,
    jwtSecret,
    audit: audit.record,
    sessions: realtime,
    twoFactor,
    events,
  });
  const products = createProductsService(productsRepository, config.mediaBaseUrl, audit.record, events);
  // The shop's own rules: read through a short cache that every instance drops when they change
  // (decision 081: `settings.changed` drops the public snapshot, whose bus tells the other instances).
  const settings = createSettingsService({ settings: settingsRepository, audit: audit.record, logger, events });
  // The four-eyes threshold (decision 168), as the orders' rules and staff views read it.
  const staffRules = async () => staffRulesOf(await settings.current());
  const orderLists = createOrderListsService({
    queries: orderQueries,
    paymentMethods: paymentMethodsRepository,
    numbersOf: (account) => paymentNumbersRepository.list(account),
    clock,
    mediaBaseUrl: config.mediaBaseUrl,
    staffRules,
  });
  const paymentMethods = createPaymentMethodsService(
    paymentMethodsRepository,
    audit.record,
    orderLists.topupUsageToday,
    events,
    {
      numbers: paymentNumbersRepository,
      usageNow: (ids) => orderLists.numberUsageNow(ids),
    },
    (staff, otp) => twoFactor.confirmSensitiveStep(staff, otp),
  );
  // Money controls: the blocklist (admin), and the orders' admission check that reads it and the settings.
  const blocklist = createBlocklistService({ blocklist: blocklistRepository, audit: audit.record, clock });
  // The customer's own limits and self-exclusion (decisions 271-272): set on their account, asked by every top-up.
  const playerLimitsRepository = createPlayerLimitsRepository(prisma);
  const playerLimits = createPlayerLimitsService({
    repository: playerLimitsRepository,
    audit: audit.record,
    clock,
    usageOf: (userId, at) => ownTopupUsage(infra.db.sql, userId, at),
  });
  const admission = createOrderAdmission({
    settings: () => settings.current(),
    blockedCondition,
    playerRules: {
      limitsOf: playerLimitsRepository.read,
      limitsIn: playerLimitsRepository.readIn,
      exclusionEnd: exclusionEndSql,
    },
  });
  // Placing an order reads the catalogue from memory (decision 222), dropped by every catalogue change.
  const catalogue = createCatalogueCache({
    products: productsRepository,
    paymentMethods: paymentMethodsRepository,
    numbers: paymentNumbersRepository,
    maxAgeMs: instanceBus ? 60_000 : undefined,
  });
  events.subscribe('catalogue.changed', () => catalogue.dropped());
  instanceBus?.on('public', () => catalogue.dropped());
  // The betting cash desks: secrets sealed with CASHDESK_KEY, else a key derived from the JWT secret; no
  // CASHDESK_API_ROOT, no client (decision 260).
  const desks = createDesksRepository({
    prisma,
    box: createSecretBox(config.cashdeskKey ?? jwtSecret, 'cashdesks'),
    clock,
  });
  // What the desk's engine writes (decision 265); checkout reads from it how much of the Limit is promised.
  const fulfilments = createFulfilmentRepository(infra.db.sql, clock);
  const cashdeskClient = config.cashdeskApiRoot ? createCashdeskClient({ root: config.cashdeskApiRoot }) : null;
  const cashdesks = createCashdesksService({
    desks,
    client: cashdeskClient,
    // A customer waits for a lookup: 5 s, then the order goes on without it (the engine checks again).
    lookupClient: config.cashdeskApiRoot
      ? createCashdeskClient({ root: config.cashdeskApiRoot, timeoutMs: 5_000 })
      : null,
    audit: audit.record,
    clock,
    logger,
  });
  const orders = createOrdersService({
    commands: orderCommands,
    queries: orderQueries,
    products: catalogue,
    paymentMethods: catalogue,
    events,
    views: orderViews,
    audit: audit.record,
    clock,
    orderWaitMinutes: config.orderWaitMinutes,
    lateClaimHours: SMS_LIMITS.lateClaimHours,
    staffRules,
    admission,
    deskRoom: createDeskRoom({ desks, repo: fulfilments }),
    // With a desk connected, an unknown 1xBet id is refused before anyone pays.
    playerCheck: cashdesks.checkOrderPlayer,
  });
  // Device tokens kept sealed as the gateway's signing keys (decision 147): the same key material as the TOTP
  // secrets, another purpose (an independent derived key).
  const deviceKeys = createSecretBox(config.twoFactorKey ?? jwtSecret, 'device-token');
  const sms = createSmsService({
    sms: smsRepository,
    events,
    payments: orders,
    walletsAwaitingPayment: orderLists.walletsAwaitingPayment,
    linkCandidates: orderLists.linkCandidates,
    audit: audit.record,
    clock,
    deviceKeys,
    // The payment loop's devices and templates from memory (decision 203), dropped on every instance when they change.
    announceChange: instanceBus ? () => instanceBus.publish('sms') : undefined,
    maxAgeMs: instanceBus ? 60_000 : undefined,
  });
  instanceBus?.on('sms', () => sms.dropped());
  // SMS Gateway for Android's signed webhooks: keyed with the device's token, kept sealed.
  const androidSmsGateway = createAndroidSmsGateway({ repo: smsRepository, sms, deviceKeys, clock });
  // The admin's KPIs (GET /stats): read-only aggregates over the orders.
  const stats = createShopStatsService(createShopStatsRepository(prisma), clock);
  // The day's books (decision 290): read-only aggregates over the orders, the phones' ledgers and the cash desks'
  // operations; it writes only its closed days.
  const books = createBooksService({
    books: createBooksRepository(prisma, infra.db.sql),
    audit: audit.record,
    clock,
    commission: async () => {
      const current = await settings.current();
      return { deposit_pct: current.desk_commission_deposit_pct, payout_pct: current.desk_commission_payout_pct };
    },
  });
  // The staff's desk in Telegram: acts through the orders' own use cases as the linked staff member.
  const telegram = createTelegramDesk({
    config: config.telegram,
    repository: createTelegramRepository(prisma),
    users: usersRepository,
    orders: {
      readOrder: (id, viewer) => orders.expireIfDue(id, viewer),
      completeOrder: (id, staff) => orders.completeOrder(id, staff),
      cancelOrderAsAdmin: (id, staff, why) => orders.cancelOrderAsAdmin(id, staff, why),
      claimOrder: (id, staff) => orders.claimOrder(id, staff),
      pendingOrders: (viewer, page) => orderLists.listOrders(viewer, page, { status: 'pending' }),
    },
    todayStats: () => stats.readStats('today'),
    audit: audit.record,
    logger,
    jwtSecret,
    databaseUrl: config.databaseUrl,
    clock: () => clock.now(),
    onStaffActive: (userId) => void events.publish('staff.active', { userId, via: 'telegram' }),
    mayAct: (user) => !heldForSecondFactor(config.staffTwoFactor, user),
  });
  // Outbound webhooks: secrets sealed with WEBHOOK_KEY, else a key derived from the JWT secret; a queue in
  // the database that every instance sends from (decision 157).
  const webhooksRepository = createWebhooksRepository(prisma);
  const webhookBox = createSecretBox(config.webhookKey ?? jwtSecret, 'webhooks');
  const webhookSender = createWebhookSender({
    repository: webhooksRepository,
    box: webhookBox,
    clock,
    logger,
    allowPrivate: config.webhookAllowPrivate,
  });
  const webhooks = createWebhooksService({
    repository: webhooksRepository,
    sender: webhookSender,
    box: webhookBox,
    audit: audit.record,
    clock,
    logger,
    allowPrivate: config.webhookAllowPrivate,
    announceChange: instanceBus ? () => instanceBus.publish('webhooks') : undefined,
    maxAgeMs: instanceBus ? 60_000 : undefined,
  });
  instanceBus?.on('webhooks', () => webhooks.dropped());
  // Orders delivered at the desk exactly once (decision 265): queued with their job when an order turns deliverable,
  // sent by whichever instance claims the job, one operation per desk at a time; none without a client.
  const fulfilment = cashdeskClient
    ? createFulfilmentEngine({
        repo: fulfilments,
        desks,
        client: cashdeskClient,
        orders: {
          read: (id) => orderQueries.findById(id),
          completeByShop: (id, payoutTrxId, note) => orders.completeByShop(id, payoutTrxId, note),
          refuseCode: (id, message, recordRefusal) => orders.refuseCode(id, message, recordRefusal),
          recordRedemption: (id, amount) => orders.recordRedemption(id, amount),
          noteFulfilment: async (id, note, change) => void (await orders.noteFulfilment(id, note, { change })),
        },
        jobs,
        sql: infra.db.sql,
        alerts: {
          failing: (currency, message) => void events.publish('cashdesk.failing', { currency, message }),
          drift: (currency, drift) => void events.publish('cashdesk.drift', { currency, drift }),
        },
        clock,
        logger,
      })
    : null;
  if (fulfilment) {
    // A deposit or payout is sent once: the handler never sends a delivery that is not queued, and a failure before
    // the send (the desk busy or not answering) is retried by the queue.
    jobs.handle(FULFILMENT_JOBS.deposit, { run: (payload) => fulfilment.run('deposit', payload) });
    jobs.handle(FULFILMENT_JOBS.payout, { run: (payload) => fulfilment.run('payout', payload) });
  }
  // Web Push (decisions 275-276): subscriptions' `auth` secrets sealed like the device tokens (another purpose); every
  // push a job of the durable queue, sent through the webhooks' address-checked client.
  const push = createPushService({
    repository: createPushRepository(prisma),
    box: createSecretBox(config.twoFactorKey ?? jwtSecret, 'web-push'),
    jobs,
    audit: audit.record,
    clock,
    logger,
    vapid: infra.vapid,
    allowPrivate: config.webhookAllowPrivate,
    orderExists: (id) => orderQueries.exists(id),
    waitingEndingBetween: async (from, to) => (await orderQueries.waitingEndingBetween(from, to)).map(pushOrderOf),
  });
  jobs.handle(PUSH_JOB, { run: (payload) => push.sendPush(payload), maxAttempts: PUSH_DELIVERY.maxAttempts });
  // Every picture in the database, or in S3 with MEDIA_S3_URL (decision 250): every instance sees the same ones.
  const media = createMediaStore({
    objects: mediaObjectsRepository,
    bucket: config.mediaS3 ? createS3Bucket(config.mediaS3) : undefined,
    clock,
    logger,
  });
  const tickets = createTicketsService({
    tickets: ticketsRepository,
    events,
    mediaBaseUrl: config.mediaBaseUrl,
    pictures: createTicketPictureStore({ media }),
    audit: audit.record,
  });
  const replies = createRepliesService({ replies: repliesRepository, audit: audit.record });
  const adminUsers = createAdminUsersService({
    adminUsers: adminUsersRepository,
    users: usersRepository,
    userDto,
    ordersOfUser: orderLists.userOrderSummaries,
    ticketsOfUser: tickets.listTicketsOfUser,
    playerLimitsOf: playerLimits.limitsOf,
  });
  const recovery = createRecoveryService({
    recoveries: recoveryRepository,
    users: usersRepository,
    mailer: infra.mailer,
    logger,
    jwtSecret,
    sessions: realtime,
    publicUrl: config.publicUrl,
    gatePrefix: config.gatePrefix,
    clock,
  });
  const avatars = createAvatarsService({ avatars: avatarsRepository, users: usersRepository, media, events });
  const productImages = createProductImagesService({
    images: productImagesRepository,
    media,
    audit: audit.record,
    events,
  });
  const adminStatus = createAdminStatusService({
    status: adminStatusRepository,
    events,
    audit: audit.record,
    countUsers: () => usersRepository.count(),
    countQueuedOrders: orderLists.countQueue,
    countTicketsAwaitingReply: () => tickets.countAwaitingReply(),
    countHeldPayments: orderLists.countHeld,
    countLedgerGaps: () => sms.countLedgerGaps(),
    clock: () => clock.now(),
  });

  // The public read model (decision 081): /home, /products/all, /products/{id} from memory, dropped by the events
  // that change public data. Other instances hear of it over Redis, or, as workers of one primary without Redis,
  // over its IPC channel.
  const snapshots = createPublicSnapshots({
    source: {
      // Checkout reads the products from the snapshot: it carries today's capped methods (decision 112).
      listProducts: async () => orderLists.markCappedMethods(await products.listProducts()),
      recentOrders: async () => orderLists.recentOrders((await settings.current()).home_show_names),
      isAdminOnline: adminStatus.isAdminOnline,
    },
    bus: instanceBus,
    logger,
    maxAgeMs: instanceBus ? 60_000 : undefined,
    // Capped methods open again at midnight Asia/Dhaka.
    clock: () => clock.now(),
  });

  // Subscribers, in the order they run for one event: the snapshot is dropped before any push goes out, so a client
  // that reloads on a push reads the new data.
  // Another instance changed the shop's rules: drop them here too (decision 081; the snapshot hears the same topic).
  instanceBus?.on('settings', () => settings.dropped());
  // A guest's receipt, an account's completion (decisions 244, 283): queued by the order's own write, mailed by
  // whichever instance claims it.
  jobs.handle(
    RECEIPT_JOB,
    receiptMailJob({
      findOrder: (id) => orderQueries.findById(id),
      send: (message) => infra.mailer.send(message),
      orderLink: (id) => `${config.publicUrl}/orders/${encodeURIComponent(id)}`,
    }),
  );
  // The shop's answer to a ticket (decisions 282, 283): queued by the message's own insert, mailed the same way.
  jobs.handle(
    TICKET_REPLY_JOB,
    ticketReplyMailJob({
      findReply: (ticketId, messageId) => ticketsRepository.replyForMail(ticketId, messageId),
      send: (message) => infra.mailer.send(message),
      orderLink: (id) => `${config.publicUrl}/orders/${encodeURIComponent(id)}`,
      ticketLink: (id) => `${config.publicUrl}/account/supports/${encodeURIComponent(id)}`,
    }),
  );
  const subscriptions = subscribeShop(events, {
    adminStatus,
    snapshots,
    realtime,
    settings,
    telegram: telegram.notifier,
    receipts: { kick: () => jobs.kick() },
    webhooks,
    fulfilment,
    pushOrderChanged: (order, before) => push.orderChanged(pushOrderOf(order), before),
    logger,
    clock: () => clock.now(),
    // The order changed: its kept view is dropped here, then in every other instance (awaited, decision 081).
    orderViewChanged: async (id) => {
      orderViews.drop(id);
      try {
        await instanceBus?.publish('order', id);
      } catch (error) {
        logger.error('order view: change not published', error);
      }
    },
  });
  // Background work every instance runs (decision 010), each loop through the kernel's `every`.
  const sweeper = every('order timeout sweep', SWEEP_INTERVAL_MS, () => orders.expireDueOrders(), {
    logger,
    atStart: true,
  });
  const silentDeviceWatch = every('silent phone watch', 60_000, () => sms.watchSilentDevices(), { logger });
  // The badge turns offline 5 minutes after the last sign of staff (decision 217); the same small loop, every 30 s.
  const presenceWatch = every('staff presence watch', 30_000, () => adminStatus.watchPresence(), { logger });
  // The desks watched each minute and at start (decisions 265, 300): Balance, open operations settled by the Limit,
  // drift, and deliveries a crash stranded swept.
  const deskWatch = every(
    'cash desk watch',
    FULFILMENT.watchMs,
    async () => {
      if (fulfilment) for (const currency of DESK_CURRENCIES) await fulfilment.watch(currency);
    },
    { logger, atStart: true },
  );
  // Pictures nothing refers to (a crash between storing one and its row's commit) go within the hour and a quarter.
  const mediaSweep = every('media sweep', 15 * 60_000, () => media.sweep(), { logger });
  // The warning 5 minutes before a waiting order times out (decision 276): every instance looks, the queue's dedupe
  // key makes it one push per order and phone.
  const timeoutWarnings = every('timeout warnings', PUSH_DELIVERY.timeoutCheckMs, () => push.warnTimeouts(), {
    logger,
  });

  // Mounted under /api/v1 in this order: /users/me and PATCH /users/:id come before the admin's GET /users/:id.
  // The order routes first: placing and paying walk no other router's route table.
  const routers: Router[] = [
    ordersRoutes({ orders, lists: orderLists, idempotency: createIdempotencyStore(prisma, clock), captcha, limits }),
    captchaRoutes(captcha),
    accountsRoutes({ accounts, userDto, captcha, limits, loginThrottle: infra.loginThrottle, twoFactor }),
    twoFactorRoutes({ twoFactor, userDto, captcha, limits }),
    usersRoutes({ accounts, userDto, captcha, limits, telegramLinkOf: telegram.linkStatus }),
    productsRoutes({ products, captcha, limits }),
    paymentMethodsRoutes({ pms: paymentMethods, captcha, limits }),
    adminStatusRoutes({ adminStatus, captcha, limits }),
    ticketsRoutes({ tickets, captcha, limits, logger }),
    repliesRoutes({ replies, captcha, limits }),
    blocklistRoutes({ blocklist, captcha, limits }),
    playerLimitsRoutes({ playerLimits, captcha, limits }),
    recoveryRoutes({ recovery, userDto, captcha, limits }),
    adminUsersRoutes(adminUsers),
    avatarsRoutes({ avatars, userDto, captcha, limits }),
    productImagesRoutes({ images: productImages, getProduct: products.getProduct, captcha, limits }),
    auditRoutes({ audit, limits }),
    shopStatsRoutes({ stats, limits }),
    booksRoutes({ books, captcha, limits }),
    smsRoutes({ sms, captcha, limits }),
    settingsRoutes({ settings, captcha, limits }),
    telegramRoutes({ desk: telegram, captcha, limits }),
    webhooksRoutes({ webhooks, captcha, limits }),
    fulfilmentRoutes({
      engine: fulfilment,
      operations: fulfilments,
      recordDecision: async (id, note, staff, after, change) =>
        (await orders.noteFulfilment(id, note, {
          change,
          staff: { user: staff, action: 'order.fulfilment', after },
        })) !== null,
      staffView: async (id) => {
        const order = await orderQueries.findById(id);
        return order ? orderViewsOf(order, await staffRules()).full : null;
      },
      captcha,
      limits,
    }),
    cashdesksRoutes({ cashdesks, captcha, limits }),
    pushRoutes({ push, limits }),
  ];
  /**
   * The public reads answered from memory (/home, /products/all, /products/{id}): mounted ahead of the API's own
   * middleware (app.ts), so the busiest requests walk no route table and parse no body they do not have.
   */
  const authenticateCaller: RequestHandler = authenticate(jwtSecret, usersRepository);
  const twoFactorGate = staffTwoFactorGate(config.staffTwoFactor);
  const snapshotRoutes = Router();
  snapshotRoutes.use(homeRoutes({ snapshots, userDto, authenticate: authenticateCaller }));
  // The order page too (decision 081): the kept view, the caller's audience decided per request.
  snapshotRoutes.use(orderPageRoutes({ orders, authenticate: authenticateCaller, twoFactorGate }));
  /** Mounted before the user authentication: `POST /sms` carries a device token, not a JWT. */
  const deviceRouters: Router[] = [
    smsForwardingRoutes({ sms, gateway: androidSmsGateway, limits }),
    telegramWebhookRoutes({ desk: telegram, limits }),
  ];
  /** GET /media/…: the public pictures, outside /api/v1 (app.ts mounts it where MEDIA_BASE_URL points by default). */
  const mediaRouter = mediaRoutes({ media, limits, logger });

  return {
    /** Sets req.user from a token (the kernel's passport-jwt strategy over the accounts repository). */
    authenticate: authenticateCaller,
    /** After `authenticate` on the API: STAFF_2FA=required holds staff without a second factor (decision 161). */
    twoFactorGate,
    routers,
    snapshotRoutes,
    deviceRouters,
    mediaRouter,
    /** Moves pictures an older shop kept under DATA_DIR into the media store (after the migrations, before serving). */
    importDiskMedia: () => importDiskMedia({ dataDir: config.dataDir, media, logger }),
    /** The use cases, for tests and scripts that drive the shop without HTTP. */
    services: {
      accounts,
      products,
      paymentMethods,
      orders,
      orderLists,
      tickets,
      adminUsers,
      recovery,
      avatars,
      productImages,
      media,
      adminStatus,
      audit,
      sms,
      replies,
      stats,
      books,
      twoFactor,
      settings,
      blocklist,
      telegram: telegram.notifier,
      webhooks,
      /** The cash desks: their table, and the brand's API client (null without CASHDESK_API_ROOT). */
      cashdesk: { desks, client: cashdeskClient, cashdesks, fulfilment, fulfilments },
      push,
    },
    /** The shop's event bus: tests count what was published. */
    events,
    /** The durable job queue (decision 227): tests queue and watch jobs. */
    jobs,
    /** The order page's kept views (decision 081). */
    orderViews,
    realtime,
    /** Orders per status and the oldest waiting ones, for /metrics. */
    orderStats: createOrderStatsRepository(prisma),
    /** GET /health's `telegram`. */
    telegramState: () => telegram.state(),
    /**
     * Work every instance does, background or not: the Telegram desk (its outbox sends from any instance, the
     * webhook is answered by any; only the holder of the poll lock long-polls) and the webhooks' queue.
     */
    serve(): void {
      telegram.start();
      webhookSender.start();
      jobs.start();
    },
    start(): void {
      sweeper.start();
      silentDeviceWatch.start();
      presenceWatch.start();
      mediaSweep.start();
      deskWatch.start();
      timeoutWarnings.start();
    },
    /** Stops background work, waits for mails in flight, closes sockets (and with them the HTTP server). */
    async stop(): Promise<void> {
      await sweeper.stop();
      await silentDeviceWatch.stop();
      await presenceWatch.stop();
      await mediaSweep.stop();
      await deskWatch.stop();
      await timeoutWarnings.stop();
      await telegram.stop();
      await webhookSender.stop();
      await jobs.stop();
      await recovery.flush();
      subscriptions.stop();
      await realtime.close();
      await snapshots.close();
      await instanceBus?.close();
      media.close();
    },
  };
}
export type Shop = ReturnType<typeof composeShop>;
