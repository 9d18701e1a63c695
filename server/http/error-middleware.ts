// The one error middleware, registered last: every failure leaves as JSON with a real status.
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { AppError, failureBody } from './app-error.js';
import type { Logger } from '../logger.js';
import { isDatabaseBusy, isDatabaseUnavailable } from '../db/availability.js';
import { isRedisUnavailable } from '../redis/redis-guard.js';

/** Seconds a client is asked to wait when a dependency is down (the database probe runs every second). */
export const UNAVAILABLE_RETRY_AFTER_S = 5;

/** The 503 answer while the database (or another dependency) is unreachable (decision 076). */
export function unavailableBody() {
  return failureBody('errors.unavailable', 'The service is temporarily unavailable, please try again in a few seconds');
}

interface HttpLikeError {
  status?: number;
  statusCode?: number;
  type?: string;
  code?: string;
  expose?: boolean;
}

export function notFoundHandler(): RequestHandler {
  return (_req, res) => {
    res.status(404).json(failureBody('errors.notFound', 'Not found'));
  };
}

export interface ErrorMiddlewareOptions {
  /** Told about every lost-connection failure (it logs the outage once); such failures answer 503, unlogged. */
  onDatabaseUnavailable?: (error: unknown) => void;
}

export function errorMiddleware(logger: Logger, options: ErrorMiddlewareOptions = {}): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    if (res.headersSent) return;
    if (error instanceof AppError) {
      const { code, errors, logout, params } = error.extras;
      res.status(error.status).json({
        ok: false,
        text: error.message,
        key: error.key,
        ...(code !== undefined ? { code } : {}),
        ...(errors ? { errors } : {}),
        ...(logout ? { logout: true } : {}),
        ...(params ? { params } : {}),
      });
      return;
    }
    const e = (error ?? {}) as HttpLikeError;
    // body-parser, multer and friends: client mistakes with their own status.
    if (e.type === 'entity.too.large' || e.code === 'LIMIT_FILE_SIZE') {
      res.status(413).json(failureBody('errors.tooLarge', 'The request is too large'));
      return;
    }
    if (e.type === 'entity.parse.failed') {
      res.status(400).json(failureBody('errors.malformed', 'The request body is not valid JSON'));
      return;
    }
    const status = e.status ?? e.statusCode;
    if (status && status >= 400 && status < 500) {
      res.status(status).json(failureBody('errors.badRequest', 'The request could not be understood'));
      return;
    }
    if (isDatabaseUnavailable(error) || isRedisUnavailable(error)) {
      if (isDatabaseUnavailable(error)) options.onDatabaseUnavailable?.(error);
      res.status(503).set('Retry-After', String(UNAVAILABLE_RETRY_AFTER_S)).json(unavailableBody());
      return;
    }
    if (isDatabaseBusy(error)) {
      // Not an outage and not a bug: the caller may simply try again (nothing was written: the transaction rolled back).
      logger.warn(`Database too busy for ${req.method} ${req.originalUrl}`, error);
      res.status(503).set('Retry-After', '1').json(unavailableBody());
      return;
    }
    logger.error(`Unexpected error on ${req.method} ${req.originalUrl}`, error);
    res.status(500).json(failureBody('errors.server', 'Something went wrong, please try again'));
  };
}
