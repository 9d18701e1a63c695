// The orders domain's repositories over a test server's database, for tests that drive a transition directly.
import { systemClock } from '../../server/clock.js';
import { createOrderCommandsRepository, createOrderQueriesRepository } from '../../server/orders/index.js';
import { createSmsRepository } from '../../server/sms/index.js';
import type { TestServer } from './server.js';

export function orderRepositories(server: TestServer) {
  const prisma = server.app.ctx.prisma;
  return {
    commands: createOrderCommandsRepository(prisma, {
      clock: systemClock,
      evidence: createSmsRepository(prisma).evidence,
    }),
    queries: createOrderQueriesRepository(prisma),
  };
}
