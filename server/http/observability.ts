// Per-request observability (decision 075): a request id (the caller's `X-Request-Id` when it is sane, else a new
// one) that every log line of the request carries, that the answer returns as a header and that every failure
// body repeats as `request_id`; one access-log line and one latency observation per request, by route pattern.
import crypto from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import { requestContext, type Logger } from '../logger.js';
import type { Metrics } from './metrics.js';

const SANE_ID = /^[A-Za-z0-9._:-]{8,64}$/;

/** The route pattern of a handled request (`/api/v1/orders/:id`), never the raw path: bounded label values. */
export function routeLabel(req: Request, res: Response): string {
  const route = (req as Request & { route?: { path?: unknown } }).route;
  if (route && typeof route.path === 'string') return `${req.baseUrl}${route.path}` || '/';
  if (route) return '(page)'; // the client's catch-all route is a regular expression
  if (req.originalUrl.startsWith('/media/')) return '/media';
  if (res.statusCode === 404) return '(unmatched)';
  return '(static)';
}

export function requestObservability(opts: { logger: Logger; metrics?: Metrics }): RequestHandler {
  return (req, res, next) => {
    const given = req.get('x-request-id');
    const requestId = given && SANE_ID.test(given) ? given : crypto.randomUUID();
    res.locals.requestId = requestId;
    res.setHeader('X-Request-Id', requestId);

    const json = res.json.bind(res);
    res.json = (body?: unknown) => {
      if (
        body &&
        typeof body === 'object' &&
        !Array.isArray(body) &&
        (body as { ok?: unknown }).ok === false &&
        !('request_id' in body)
      ) {
        return json({ ...body, request_id: requestId });
      }
      return json(body);
    };

    const started = process.hrtime.bigint();
    res.once('finish', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const route = routeLabel(req, res);
      opts.metrics?.observeRequest(req.method, route, res.statusCode, seconds);
      // The route pattern, never the URL (decision 167): paths and queries carry secrets (a recovery
      // link's id and `ref`, `?jwt=`), and a pattern is all the line needs to be found and counted.
      const line = {
        request_id: requestId,
        method: req.method,
        route,
        status: res.statusCode,
        ms: Math.round(seconds * 10_000) / 10,
      };
      // A 503 is an outage already reported once (decision 076): its requests are ordinary access lines.
      if (res.statusCode >= 500 && res.statusCode !== 503) opts.logger.warn('request failed', line);
      else if (route.endsWith('/health') || route === '/metrics')
        opts.logger.debug('request', line); // probes every few seconds
      else opts.logger.info('request', line);
    });

    requestContext.run({ requestId }, () => next());
  };
}
