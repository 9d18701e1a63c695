// The composition root: builds every repository and service of the shop exactly once, from the infrastructure
// app.ts made, and hands each only what it uses. Domains never build each other; a new domain is wired here.
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
import { createIdempotencyRepository, createOrdersRepository, createOrdersService, createSweeper, ordersRoutes } from './orders/index.js';
import { createTicketsRepository, createTicketsService, ticketsRoutes } from './tickets/index.js';
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
import { homeRoutes } from './home/index.js';

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

  const realtime = createRealtime(infra.httpServer, {
    users: usersRepository,
    orderExists: (id) => ordersRepository.exists(id),
    jwtSecret,
    publicUrl: config.publicUrl,
    redis: infra.redis,
    logger,
  });

  // Use cases.
  const userDto = createUserPresenter(config.mediaBaseUrl);
  const accounts = createAccountsService({ users: usersRepository, jwtSecret, sessions: realtime });
  const products = createProductsService(productsRepository, config.mediaBaseUrl);
  const paymentMethods = createPaymentMethodsService(paymentMethodsRepository);
  const orders = createOrdersService({
    orders: ordersRepository,
    products: productsRepository,
    paymentMethods: paymentMethodsRepository,
    pushes: realtime,
    logger,
    mediaBaseUrl: config.mediaBaseUrl,
    orderWaitMinutes: config.orderWaitMinutes,
  });
  const tickets = createTicketsService({ tickets: ticketsRepository, pushes: realtime, mediaBaseUrl: config.mediaBaseUrl });
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
  const avatars = createAvatarsService({ avatars: avatarsRepository, users: usersRepository, dataDir: config.dataDir, logger });
  const productImages = createProductImagesService({ images: productImagesRepository, dataDir: config.dataDir, logger });
  const adminStatus = createAdminStatusService({ status: adminStatusRepository, pushes: realtime, countUsers: () => usersRepository.count() });

  // Background work every instance runs (decision 013).
  const sweeper = createSweeper(() => orders.expireDueOrders(), logger);

  // Mounted under /api/v1 in this order: /users/me and PATCH /users/:id come before the admin's GET /users/:id.
  const routers: Router[] = [
    captchaRoutes(captcha),
    accountsRoutes({ accounts, userDto, captcha, limits, loginThrottle: infra.loginThrottle }),
    usersRoutes({ accounts, userDto, captcha, limits }),
    homeRoutes({ listProducts: products.listProducts, recentOrders: orders.recentOrders, isAdminOnline: adminStatus.isAdminOnline, userDto }),
    productsRoutes({ products, captcha, limits }),
    paymentMethodsRoutes({ pms: paymentMethods, captcha, limits }),
    adminStatusRoutes({ adminStatus, captcha, limits }),
    ordersRoutes({ orders, idempotency: createIdempotencyRepository(prisma), captcha, limits }),
    ticketsRoutes({ tickets, captcha, limits }),
    recoveryRoutes({ recovery, userDto, captcha, limits }),
    adminUsersRoutes(adminUsers),
    avatarsRoutes({ avatars, userDto, captcha, limits }),
    productImagesRoutes({ images: productImages, getProduct: products.getProduct, captcha, limits }),
  ];
  const authenticateCaller: RequestHandler = authenticate(jwtSecret, usersRepository);

  return {
    /** Sets req.user from a token (the kernel's passport-jwt strategy over the accounts repository). */
    authenticate: authenticateCaller,
    routers,
    /** The use cases, for tests and scripts that drive the shop without HTTP. */
    services: { accounts, products, paymentMethods, orders, tickets, adminUsers, recovery, avatars, productImages, adminStatus },
    realtime,
    start(): void {
      sweeper.start();
    },
    /** Stops background work, waits for mails in flight, closes sockets (and with them the HTTP server). */
    async stop(): Promise<void> {
      await sweeper.stop();
      await recovery.flush();
      await realtime.close();
    },
  };
}
export type Shop = ReturnType<typeof composeShop>;
