// What every feature's routes and services are built from (dependency injection without a container).
import type { Redis } from 'ioredis';
import type { Config } from './config.js';
import type { Database, Prisma } from './db/database.js';
import type { Logger } from './logger.js';
import type { CaptchaService } from './auth/captcha.js';
import type { Realtime } from './realtime/realtime.js';
import type { Mailer } from './mail/mailer.js';
import type { RateLimits } from './http/rate-limits.js';

export interface AppContext {
  config: Config;
  db: Database;
  prisma: Prisma;
  logger: Logger;
  jwtSecret: string;
  captcha: CaptchaService;
  realtime: Realtime;
  mailer: Mailer;
  limits: RateLimits;
  redis?: Redis;
}
