// The composition root: builds every repository and service of the shop exactly once, from the infrastructure
// app.ts made, and hands each only what it uses. Domains never build each other; a new domain is wired here.
import cluster from 'node:cluster';
import type http from 'node:http';
import type { RequestHandler, Router } from 'express';
import type { Redis } from 'ioredis';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import type { RateLimits } from './http/rate-limits.js';
import type { Logger } from './logger.js';
import type { Mailer } from './mail/mailer.js';
import type { LoginThrottle } from './security/login-throttle.js';
import { authenticate } from './security/authenticate.js';
import { captchaRoutes, type CaptchaService } from './security/captcha.js';
import {
  accountsRoutes,
  adminUsersRoutes,
  createAccountsService,
  createAdminUsersRepository,
  createAdminUsersService,
  createUserPresenter,
  createUsersRepository,
  usersRoutes,
} from './accounts/index.js';
import {
  createPaymentMethodsRepository,
  createPaymentMethodsService,
  createProductsRepository,
  createProductsService,
  paymentMethodsRoutes,
  productsRoutes,
} from './catalogue/index.js';
import {
  createIdempotencyRepository,
  createOrderStatsRepository,
  createOrdersRepository,
  createOrdersService,
  createShopStatsRepository,
  createShopStatsService,
  createSweeper,
  ordersRoutes,
  shopStatsRoutes,
} from './orders/index.js';
import { createRepliesRepository, createRepliesService, createTicketsRepository, createTicketsService, repliesRoutes, ticketsRoutes } from './tickets/index.js';
import { createRecoveryRepository, createRecoveryService, recoveryRoutes } from './recovery/index.js';
import {
  avatarsRoutes,
  createAvatarsRepository,
  createAvatarsService,
  createProductImagesRepository,
  createProductImagesService,
  productImagesRoutes,
} from './media/index.js';
import { adminStatusRoutes, createAdminStatusRepository, createAdminStatusService } from './admin-status/index.js';
import { createRealtime } from './realtime/index.js';
import { createIpcSnapshotBus, createPublicSnapshots, createSnapshotBus, homeRoutes } from './home/index.js';
import { auditRoutes, createAuditRepository, createAuditService } from './audit/index.js';
import { createSilentDeviceWatch, createSmsRepository, createSmsService, smsForwardingRoutes, smsRoutes } from './sms/index.js';
import { SMS_LIMITS } from '#shared/sms/sms-api';
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
}

export type Services = ReturnType<typeof composeShop>['services'];

export function composeShop(infra: Infrastructure) {
  const { config, prisma, logger, jwtSecret, captcha, limits } = infra;

  // Repositories: the only code that touches Prisma, one of each.
  const usersRepository = createUsersRepository(prisma);
  const adminUsersRepository = createAdminUsersRepository(prisma);
  const productsRepository = createProductsRepository(prisma);
  const paymentMethodsRepository = createPaymentMethodsRepository(prisma);
  const ordersRepository = createOrdersRepository(prisma);
  const ticketsRepository = createTicketsRepository(prisma);
  const recoveryRepository = createRecoveryRepository(prisma);
  const avatarsRepository = createAvatarsRepository(prisma);
  const productImagesRepository = createProductImagesRepository(prisma);
  const adminStatusRepository = createAdminStatusRepository(prisma);
  const auditRepository = createAuditRepository(prisma);
  const smsRepository = createSmsRepository(prisma);
  const repliesRepository = createRepliesRepository(prisma);

  const realtime = createRealtime(infra.httpServer, {
    users: usersRepository,
    orderExists: (id) => ordersRepository.exists(id),
    jwtSecret,
    publicUrl: config.publicUrl,
    redis: infra.redis,
    redisChannelPrefix: config.redisChannelPrefix,
    logger,
  });

  // The public read model (decision 081): /home, /products/all, /products/{id} from memory. Its source is bound
  // late (the use cases below are made after it); every write that changes public data awaits `changed()`.
  // Other instances hear of changes over Redis, or, as workers of one primary without Redis, over its IPC channel.
  const snapshotBus = infra.redis ? createSnapshotBus(infra.redis, logger, config.redisChannelPrefix) : cluster.isWorker ? createIpcSnapshotBus() : undefined;
  const snapshotSource: { current?: Parameters<typeof createPublicSnapshots>[0]['source'] } = {};
  const snapshots = createPublicSnapshots({
    source: {
      listProducts: () => snapshotSource.current!.listProducts(),
      recentOrders: () => snapshotSource.current!.recentOrders(),
      isAdminOnline: () => snapshotSource.current!.isAdminOnline(),
    },
    bus: snapshotBus,
    logger,
    maxAgeMs: snapshotBus ? 60_000 : undefined,
    // Capped methods open again at midnight Asia/Dhaka, by the orders' (injectable) clock.
    clock: () => orders.now(),
  });
  /** The use case, then the snapshot dropped everywhere, then the answer. */
  const thenChanged =
    <A extends unknown[], R>(fn: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const result = await fn(...args);
      await snapshots.changed();
      return result;
    };

  // Use cases. Every admin action records its audit entry through `audit.record`, inside its own transaction.
  const audit = createAuditService(auditRepository);
  const userDto = createUserPresenter(config.mediaBaseUrl);
  const accountsService = createAccountsService({ users: usersRepository, jwtSecret, audit: audit.record, sessions: realtime });
  // A customer's name and picture show in the home page's recent orders.
  const accounts = { ...accountsService, updateProfile: thenChanged(accountsService.updateProfile) };
  const productsService = createProductsService(productsRepository, config.mediaBaseUrl, audit.record);
  const products = { ...productsService, editProduct: thenChanged(productsService.editProduct) };
  const paymentMethodsService = createPaymentMethodsService(paymentMethodsRepository, audit.record, () =>
    // The orders domain counts today's top-ups (called only once the shop is built).
    orders.topupUsageToday(),
  );
  const paymentMethods = { ...paymentMethodsService, savePaymentMethod: thenChanged(paymentMethodsService.savePaymentMethod) };
  const orders = createOrdersService({
    orders: ordersRepository,
    products: productsRepository,
    paymentMethods: paymentMethodsRepository,
    // Every announced order also reaches the staff's Telegram messages (issue 24; the event bus will carry this).
    pushes: {
      orderCreated: (views) => {
        realtime.orderCreated(views);
        telegram.notifier.orderChanged(views.full.id);
      },
      orderUpdated: (views) => {
        realtime.orderUpdated(views);
        telegram.notifier.orderChanged(views.full.id);
      },
      homeOrders: (list) => realtime.homeOrders(list),
    },
    audit: audit.record,
    logger,
    mediaBaseUrl: config.mediaBaseUrl,
    orderWaitMinutes: config.orderWaitMinutes,
    publicDataChanged: () => snapshots.changed(),
    lateClaimHours: SMS_LIMITS.lateClaimHours,
  });
  // The SMS inbox and the orders call each other (an SMS verifies an order; an order's id looks for its SMS).
  const sms = createSmsService({ sms: smsRepository, pushes: realtime, orders, logger, audit: audit.record });
  orders.useVerifier(sms);
  // The admin's KPIs (GET /stats): read-only aggregates over the orders.
  const stats = createShopStatsService(createShopStatsRepository(prisma));
  // The staff's desk in Telegram (issue 24): acts through the orders' own use cases as the linked staff member.
  const telegram = createTelegramDesk({
    config: config.telegram,
    repository: createTelegramRepository(prisma),
    users: usersRepository,
    orders: {
      readOrder: (id, viewer) => orders.expireIfDue(id, viewer),
      completeOrder: (id, staff) => orders.completeOrder(id, staff),
      cancelOrderAsAdmin: (id, staff, why) => orders.cancelOrderAsAdmin(id, staff, why),
      pendingOrders: (viewer, page) => orders.listOrders(viewer, page, { status: 'pending' }),
    },
    todayStats: () => stats.readStats('today'),
    audit: audit.record,
    logger,
    jwtSecret,
    databaseUrl: config.databaseUrl,
    clock: () => new Date(),
  });
  const tickets = createTicketsService({ tickets: ticketsRepository, pushes: realtime, mediaBaseUrl: config.mediaBaseUrl });
  const replies = createRepliesService({ replies: repliesRepository, audit: audit.record });
  const adminUsers = createAdminUsersService({
    adminUsers: adminUsersRepository,
    users: usersRepository,
    userDto,
    ordersOfUser: orders.userOrderSummaries,
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
  });
  const avatarsService = createAvatarsService({ avatars: avatarsRepository, users: usersRepository, dataDir: config.dataDir, logger });
  const avatars = { ...avatarsService, changeAvatar: thenChanged(avatarsService.changeAvatar) };
  const productImagesService = createProductImagesService({ images: productImagesRepository, dataDir: config.dataDir, logger });
  const productImages = { ...productImagesService, changeProductImage: thenChanged(productImagesService.changeProductImage) };
  // The flag is public data: the snapshot is dropped (here at once, elsewhere by the message sent first) before
  // the push goes out, and the PATCH answers once the message is sent.
  let adminFlagPublished: Promise<void> = Promise.resolve();
  const adminStatusService = createAdminStatusService({
    status: adminStatusRepository,
    pushes: {
      adminOnline: (online) => {
        adminFlagPublished = snapshots.changed();
        realtime.adminOnline(online);
      },
    },
    audit: audit.record,
    countUsers: () => usersRepository.count(),
    countQueuedOrders: () => orders.countQueue(),
    countTicketsAwaitingReply: () => tickets.countAwaitingReply(),
  });
  const adminStatus = {
    ...adminStatusService,
    setAdminOnline: async (...args: Parameters<typeof adminStatusService.setAdminOnline>) => {
      const info = await adminStatusService.setAdminOnline(...args);
      await adminFlagPublished;
      return info;
    },
  };
  snapshotSource.current = {
    // Checkout reads the products from the snapshot: it carries today's capped methods (decision 124).
    listProducts: async () => orders.markCappedMethods(await products.listProducts()),
    recentOrders: orders.recentOrders,
    isAdminOnline: adminStatus.isAdminOnline,
  };

  // Background work every instance runs (decision 013).
  const sweeper = createSweeper(() => orders.expireDueOrders(), logger);
  const silentDeviceWatch = createSilentDeviceWatch(() => sms.watchSilentDevices(), logger);

  // Mounted under /api/v1 in this order: /users/me and PATCH /users/:id come before the admin's GET /users/:id.
  const routers: Router[] = [
    captchaRoutes(captcha),
    accountsRoutes({ accounts, userDto, captcha, limits, loginThrottle: infra.loginThrottle }),
    usersRoutes({ accounts, userDto, captcha, limits, telegramLinkOf: telegram.linkStatus }),
    productsRoutes({ products, captcha, limits }),
    paymentMethodsRoutes({ pms: paymentMethods, captcha, limits }),
    adminStatusRoutes({ adminStatus, captcha, limits }),
    ordersRoutes({ orders, idempotency: createIdempotencyRepository(prisma), captcha, limits }),
    ticketsRoutes({ tickets, captcha, limits }),
    repliesRoutes({ replies, captcha, limits }),
    recoveryRoutes({ recovery, userDto, captcha, limits }),
    adminUsersRoutes(adminUsers),
    avatarsRoutes({ avatars, userDto, captcha, limits }),
    productImagesRoutes({ images: productImages, getProduct: products.getProduct, captcha, limits }),
    auditRoutes({ audit, limits }),
    shopStatsRoutes({ stats, limits }),
    smsRoutes({ sms, captcha, limits }),
    telegramRoutes({ desk: telegram, captcha, limits }),
  ];
  /**
   * The public reads answered from memory (/home, /products/all, /products/{id}): mounted ahead of the API's own
   * middleware (app.ts), so the busiest requests walk no route table and parse no body they do not have.
   */
  const authenticateCaller: RequestHandler = authenticate(jwtSecret, usersRepository);
  const snapshotRoutes = homeRoutes({ snapshots, userDto, authenticate: authenticateCaller });
  /** Mounted before the user authentication: `POST /sms` carries a device token, not a JWT. */
  const deviceRouters: Router[] = [smsForwardingRoutes({ sms, limits }), telegramWebhookRoutes({ desk: telegram, limits })];

  return {
    /** Sets req.user from a token (the kernel's passport-jwt strategy over the accounts repository). */
    authenticate: authenticateCaller,
    routers,
    snapshotRoutes,
    deviceRouters,
    /** The use cases, for tests and scripts that drive the shop without HTTP. */
    services: { accounts, products, paymentMethods, orders, tickets, adminUsers, recovery, avatars, productImages, adminStatus, audit, sms, replies, stats, telegram: telegram.notifier },
    realtime,
    /** Orders per status and the oldest waiting ones, for /metrics. */
    orderStats: createOrderStatsRepository(prisma),
    /** GET /health's `telegram`. */
    telegramState: () => telegram.state(),
    /**
     * Work every instance does, background or not: the Telegram desk (its outbox sends from any instance, the
     * webhook is answered by any; only the holder of the poll lock long-polls).
     */
    serve(): void {
      telegram.start();
    },
    start(): void {
      sweeper.start();
      silentDeviceWatch.start();
    },
    /** Stops background work, waits for mails in flight, closes sockets (and with them the HTTP server). */
    async stop(): Promise<void> {
      await sweeper.stop();
      await silentDeviceWatch.stop();
      await telegram.stop();
      await recovery.flush();
      await realtime.close();
      await snapshots.close();
    },
  };
}
export type Shop = ReturnType<typeof composeShop>;
