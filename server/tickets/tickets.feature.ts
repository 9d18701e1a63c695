// The support work (issue 4): tickets, password recovery, avatars and the admin's users screens.
import { Router } from 'express';
import type { AppContext } from '../context.js';
import type { Feature } from '../feature.js';
import { createUsersRepository } from '../users/users.repository.js';
import { createAdminUsersRepository } from '../users/admin-users.repository.js';
import { createAdminUsersService } from '../users/admin-users.service.js';
import { adminUsersRoutes } from '../users/admin-users.routes.js';
import { createRecoveryRepository } from '../recovery/recovery.repository.js';
import { createRecoveryService } from '../recovery/recovery.service.js';
import { recoveryRoutes } from '../recovery/recovery.routes.js';
import { createAvatarsRepository } from '../media/avatars.repository.js';
import { createAvatarsService } from '../media/avatars.service.js';
import { avatarsRoutes } from '../media/avatars.routes.js';
import { createTicketsRepository } from './tickets.repository.js';
import { createTicketsService } from './tickets.service.js';
import { ticketsRoutes } from './tickets.routes.js';

export function createSupportFeature(ctx: AppContext): Feature {
  const users = createUsersRepository(ctx.prisma);
  const mediaBaseUrl = ctx.config.mediaBaseUrl;

  const tickets = createTicketsService({ tickets: createTicketsRepository(ctx.prisma), realtime: ctx.realtime, mediaBaseUrl });
  const recovery = createRecoveryService({
    recoveries: createRecoveryRepository(ctx.prisma),
    users,
    mailer: ctx.mailer,
    logger: ctx.logger,
    jwtSecret: ctx.jwtSecret,
    publicUrl: ctx.config.publicUrl,
    gatePrefix: ctx.config.gatePrefix,
  });
  const avatars = createAvatarsService({ avatars: createAvatarsRepository(ctx.prisma), users, dataDir: ctx.config.dataDir, logger: ctx.logger });
  const adminUsers = createAdminUsersService({ adminUsers: createAdminUsersRepository(ctx.prisma), users, tickets, mediaBaseUrl });

  const router = Router();
  router.use(ticketsRoutes(ctx, tickets));
  router.use(recoveryRoutes(ctx, recovery));
  router.use(adminUsersRoutes(adminUsers));
  router.use(avatarsRoutes(ctx, avatars));
  return {
    router,
    stop: () => recovery.flush(),
  };
}
