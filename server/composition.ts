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
import { blockedCondition, blocklistRoutes, createBlocklistRepository, createBlocklistService } from './blocklist/index.js';
import { createSettingsRepository, createSettingsService, settingsRoutes, type SettingsEvents } from './settings/index.js';
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
  createOrderViewCache,
  orderPageRoutes,
  createShopStatsRepository,
  createShopStatsService,
  createSweeper,
  ordersRoutes,
  shopStatsRoutes,
  type OrderEvents,
} from './orders/index.js';
import {
  createRepliesRepository,
  createRepliesService,
  createTicketsRepository,
  createTicketsService,
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
  productImagesRoutes,
} from './media/index.js';
import { adminStatusRoutes, createAdminStatusRepository, createAdminStatusService, type AdminStatusEvents } from './admin-status/index.js';
import { createRealtime } from './realtime/index.js';
import { createPublicSnapshots, homeRoutes } from './home/index.js';
import { createIpcInstanceBus, createRedisInstanceBus } from './instance-bus.js';
import { auditRoutes, createAuditRepository, createAuditService } from './audit/index.js';
import { createAndroidSmsGateway, createSilentDeviceWatch, createSmsRepository, createSmsService, smsForwardingRoutes, smsRoutes, type SmsEvents } from './sms/index.js';
import type { Clock } from './clock.js';
import { createEventBus } from './event-bus.js';
import { createIdempotencyStore } from './http/idempotency.js';
import { subscribeShop } from './subscriptions.js';
import { SMS_LIMITS } from '#shared/sms/sms-api';
import { createWebhookSender, createWebhooksRepository, createWebhooksService, webhooksRoutes } from './webhooks/index.js';
import { createTelegramDesk, createTelegramRepository, telegramRoutes, telegramWebhookRoutes } from './telegram/index.js';

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
}

export type Services = ReturnType<typeof composeShop>['services'];

/** Every event of the shop: each domain publishes its own part (decision 130). */
export type ShopEvents = OrderEvents & SmsEvents & TicketEvents & CatalogueEvents & AccountEvents & AdminStatusEvents & SettingsEvents;

export function composeShop(infra: Infrastructure) {
  const { config, prisma, logger, jwtSecret, captcha, limits, clock } = infra;
  const events = createEventBus<ShopEvents>(logger);

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
  // An SMS from a blocked wallet number is held (issue 23): orders ask the blocklist inside their transaction.
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

  // Data other instances hold in memory is dropped there through one bus with topics (decisions 081, 132): Redis
  // when REDIS_URL is set, else, as workers of one primary, its IPC channel; one instance alone needs none.
  const instanceBus = infra.redis ? createRedisInstanceBus(infra.redis, logger, config.redisChannelPrefix) : cluster.isWorker ? createIpcInstanceBus() : undefined;
  // The order page's kept views (decision 132); with other instances, a minute at most (a message lost meanwhile).
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
    // Staff share the admins' room; with STAFF_2FA=required only once their second factor is on (issue 20).
    mayJoinStaffRoom: (user) => isStaff(user) && !heldForSecondFactor(config.staffTwoFactor, user),
    onStaffPresent: (userId) => void events.publish('staff.active', { userId, via: 'console' }),
  });

  // Use cases. Every staff action records its audit entry through `audit.record`, inside its own transaction; every
  // change leaves as one event after its commit.
  const audit = createAuditService(auditRepository);
  const userDto = createUserPresenter(config.mediaBaseUrl);
  // Two-factor sign-in (issue 20): secrets sealed with TWO_FACTOR_KEY, else a key derived from the JWT secret.
  const twoFactor = createTwoFactorService({
    twoFactor: twoFactorRepository,
    users: usersRepository,
    box: createSecretBox(config.twoFactorKey ?? jwtSecret, 'two-factor'),
    jwtSecret,
    audit: audit.record,
    sessions: realtime,
    loginThrottle: infra.loginThrottle,
  });
  const accounts = createAccountsService({ users: usersRepository, jwtSecret, audit: audit.record, sessions: realtime, twoFactor, events });
  const products = createProductsService(productsRepository, config.mediaBaseUrl, audit.record, events);
  // The shop's own rules (issue 20): read through a short cache that every instance drops when they change
  // (decision 164: `settings.changed` drops the public snapshot, whose bus tells the other instances).
  const settings = createSettingsService({ settings: settingsRepository, audit: audit.record, logger, events });
  // The four-eyes threshold (issue 20, decision 168), as the orders' rules and staff views read it.
  const fourEyesBdt = async () => (await settings.current()).four_eyes_bdt;
  const orderLists = createOrderListsService({
    queries: orderQueries,
    paymentMethods: paymentMethodsRepository,
    numbersOf: (account) => paymentNumbersRepository.list(account),
    clock,
    mediaBaseUrl: config.mediaBaseUrl,
    fourEyesBdt,
  });
  const paymentMethods = createPaymentMethodsService(paymentMethodsRepository, audit.record, orderLists.topupUsageToday, events, {
    numbers: paymentNumbersRepository,
    usageNow: (ids) => orderLists.numberUsageNow(ids),
  });
  // Money controls (issue 23): the blocklist (admin), and the orders' admission check that reads it and the settings.
  const blocklist = createBlocklistService({ blocklist: blocklistRepository, audit: audit.record, clock });
  const admission = createOrderAdmission({ settings: () => settings.current(), blockedCondition });
  // Placing an order reads the catalogue from memory (decision 133), dropped by every catalogue change.
  const catalogue = createCatalogueCache({
    products: productsRepository,
    paymentMethods: paymentMethodsRepository,
    numbers: paymentNumbersRepository,
    maxAgeMs: instanceBus ? 60_000 : undefined,
  });
  events.subscribe('catalogue.changed', () => catalogue.dropped());
  instanceBus?.on('public', () => catalogue.dropped());
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
    fourEyesBdt,
    admission,
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
    // The payment loop's devices and templates from memory (decision 134), dropped on every instance when they change.
    announceChange: instanceBus ? () => instanceBus.publish('sms') : undefined,
    maxAgeMs: instanceBus ? 60_000 : undefined,
  });
  instanceBus?.on('sms', () => sms.dropped());
  // SMS Gateway for Android's signed webhooks (issue 19): keyed with the device's token, kept sealed.
  const androidSmsGateway = createAndroidSmsGateway({ repo: smsRepository, sms, deviceKeys, clock });
  // The admin's KPIs (GET /stats): read-only aggregates over the orders.
  const stats = createShopStatsService(createShopStatsRepository(prisma), clock);
  // The staff's desk in Telegram (issue 24): acts through the orders' own use cases as the linked staff member.
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
  });
  // Outbound webhooks (issue 25): secrets sealed with WEBHOOK_KEY, else a key derived from the JWT secret; a queue in
  // the database that every instance sends from (decisions 155-157).
  const webhooksRepository = createWebhooksRepository(prisma);
  const webhookBox = createSecretBox(config.webhookKey ?? jwtSecret, 'webhooks');
  const webhookSender = createWebhookSender({ repository: webhooksRepository, box: webhookBox, clock, logger, allowPrivate: config.webhookAllowPrivate });
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
  const tickets = createTicketsService({
    tickets: ticketsRepository,
    events,
    mediaBaseUrl: config.mediaBaseUrl,
    pictures: createTicketPictureStore({ dataDir: config.dataDir, logger }),
    audit: audit.record,
  });
  const replies = createRepliesService({ replies: repliesRepository, audit: audit.record });
  const adminUsers = createAdminUsersService({
    adminUsers: adminUsersRepository,
    users: usersRepository,
    userDto,
    ordersOfUser: orderLists.userOrderSummaries,
    ticketsOfUser: tickets.listTicketsOfUser,
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
  const avatars = createAvatarsService({ avatars: avatarsRepository, users: usersRepository, dataDir: config.dataDir, logger, events });
  const productImages = createProductImagesService({ images: productImagesRepository, dataDir: config.dataDir, logger, audit: audit.record, events });
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
      // Checkout reads the products from the snapshot: it carries today's capped methods (decision 124).
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
  // Another instance changed the shop's rules: drop them here too (decision 164; the snapshot hears the same topic).
  instanceBus?.on('settings', () => settings.dropped());
  const subscriptions = subscribeShop(events, {
    adminStatus,
    snapshots,
    realtime,
    settings,
    telegram: telegram.notifier,
    receipts: { mailer: infra.mailer, orderLink: (id) => `${config.publicUrl}/orders/${encodeURIComponent(id)}` },
    webhooks,
    logger,
    clock: () => clock.now(),
    // The order changed: its kept view is dropped here, then in every other instance (awaited, decision 132).
    orderViewChanged: async (id) => {
      orderViews.drop(id);
      try {
        await instanceBus?.publish('order', id);
      } catch (error) {
        logger.error('order view: change not published', error);
      }
    },
  });
  // Background work every instance runs (decision 013).
  const sweeper = createSweeper(() => orders.expireDueOrders(), logger);
  const silentDeviceWatch = createSilentDeviceWatch(() => sms.watchSilentDevices(), logger);
  // The badge turns offline 5 minutes after the last sign of staff (decision 217); the same small loop, every 30 s.
  const presenceWatch = createSilentDeviceWatch(() => adminStatus.watchPresence(), logger, 30_000);

  // Mounted under /api/v1 in this order: /users/me and PATCH /users/:id come before the admin's GET /users/:id.
  // The order routes first (issue 21): placing and paying walk no other router's route table.
  const routers: Router[] = [
    ordersRoutes({ orders, lists: orderLists, idempotency: createIdempotencyStore(prisma, clock), captcha, limits }),
    captchaRoutes(captcha),
    accountsRoutes({ accounts, userDto, captcha, limits, loginThrottle: infra.loginThrottle, twoFactor }),
    twoFactorRoutes({ twoFactor, userDto, captcha, limits }),
    usersRoutes({ accounts, userDto, captcha, limits, telegramLinkOf: telegram.linkStatus }),
    productsRoutes({ products, captcha, limits }),
    paymentMethodsRoutes({ pms: paymentMethods, captcha, limits }),
    adminStatusRoutes({ adminStatus, captcha, limits }),
    ticketsRoutes({ tickets, captcha, limits }),
    repliesRoutes({ replies, captcha, limits }),
    blocklistRoutes({ blocklist, captcha, limits }),
    recoveryRoutes({ recovery, userDto, captcha, limits }),
    adminUsersRoutes(adminUsers),
    avatarsRoutes({ avatars, userDto, captcha, limits }),
    productImagesRoutes({ images: productImages, getProduct: products.getProduct, captcha, limits }),
    auditRoutes({ audit, limits }),
    shopStatsRoutes({ stats, limits }),
    smsRoutes({ sms, captcha, limits }),
    settingsRoutes({ settings, captcha, limits }),
    telegramRoutes({ desk: telegram, captcha, limits }),
    webhooksRoutes({ webhooks, captcha, limits }),
  ];
  /**
   * The public reads answered from memory (/home, /products/all, /products/{id}): mounted ahead of the API's own
   * middleware (app.ts), so the busiest requests walk no route table and parse no body they do not have.
   */
  const authenticateCaller: RequestHandler = authenticate(jwtSecret, usersRepository);
  const twoFactorGate = staffTwoFactorGate(config.staffTwoFactor);
  const snapshotRoutes = Router();
  snapshotRoutes.use(homeRoutes({ snapshots, userDto, authenticate: authenticateCaller }));
  // The order page too (decision 132): the kept view, the caller's audience decided per request.
  snapshotRoutes.use(orderPageRoutes({ orders, authenticate: authenticateCaller, twoFactorGate }));
  /** Mounted before the user authentication: `POST /sms` carries a device token, not a JWT. */
  const deviceRouters: Router[] = [smsForwardingRoutes({ sms, gateway: androidSmsGateway, limits }), telegramWebhookRoutes({ desk: telegram, limits })];

  return {
    /** Sets req.user from a token (the kernel's passport-jwt strategy over the accounts repository). */
    authenticate: authenticateCaller,
    /** After `authenticate` on the API: STAFF_2FA=required holds staff without a second factor (decision 162). */
    twoFactorGate,
    routers,
    snapshotRoutes,
    deviceRouters,
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
      adminStatus,
      audit,
      sms,
      replies,
      stats,
      twoFactor,
      settings,
      blocklist,
      telegram: telegram.notifier,
      webhooks,
    },
    /** The shop's event bus: tests count what was published. */
    events,
    /** The order page's kept views (decision 132). */
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
    },
    start(): void {
      sweeper.start();
      silentDeviceWatch.start();
      presenceWatch.start();
    },
    /** Stops background work, waits for mails in flight, closes sockets (and with them the HTTP server). */
    async stop(): Promise<void> {
      await sweeper.stop();
      await silentDeviceWatch.stop();
      await presenceWatch.stop();
      await telegram.stop();
      await webhookSender.stop();
      await recovery.flush();
      subscriptions.stop();
      await realtime.close();
      await snapshots.close();
      await instanceBus?.close();
    },
  };
}
export type Shop = ReturnType<typeof composeShop>;
