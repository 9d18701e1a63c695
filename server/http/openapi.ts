// The OpenAPI 3.1 document of the API, generated from the route list (api-routes.ts) and the zod schemas of
// shared/ with zod 4's JSON Schema output (decision 150), and the routes that serve it: GET /api/v1/openapi.json
// and the reference page at /api/docs (Redoc's standalone bundle from npm, served by the shop; decision 150).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import crypto from 'node:crypto';
import compression from 'compression';
import { Router, type RequestHandler } from 'express';
import { z } from 'zod';
import { failureAnswerSchema } from '#shared/api-answers';
import type { ErrorKey } from '#shared/error-keys';
import { API_ROUTES, ERROR_STATUS, type ApiAuth, type ApiRoute } from './api-routes.js';

type Json = Record<string, unknown>;

export const OPENAPI_PATH = '/api/v1/openapi.json';
export const DOCS_PATH = '/api/docs';
export const DOCS_SCRIPT_PATH = '/api/docs/redoc.standalone.js';

/** A zod schema as JSON Schema (2020-12, the dialect of OpenAPI 3.1): requests as they are sent, answers as sent back. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Json {
  const out = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as Json;
  delete out.$schema;
  return out;
}

/** The properties of an object schema, an intersection's (allOf) merged. */
function objectProperties(schema: Json): { properties: Record<string, Json>; required: string[] } {
  const properties: Record<string, Json> = { ...((schema.properties as Record<string, Json> | undefined) ?? {}) };
  const required = [...((schema.required as string[] | undefined) ?? [])];
  for (const part of (schema.allOf as Json[] | undefined) ?? []) {
    const inner = objectProperties(part);
    Object.assign(properties, inner.properties);
    required.push(...inner.required);
  }
  return { properties, required };
}

/** The object schema, or one of its alternatives or parts, has this property. */
function hasProperty(schema: Json, name: string): boolean {
  if (Object.hasOwn((schema.properties as Json | undefined) ?? {}, name)) return true;
  return ['allOf', 'anyOf', 'oneOf'].some((k) =>
    ((schema[k] as Json[] | undefined) ?? []).some((part) => hasProperty(part, name)),
  );
}

/** '/api/v1/orders/:id' → '/api/v1/orders/{id}'. */
export const openApiPath = (expressPath: string) => expressPath.replace(/:([A-Za-z_$][\w$]*)/g, '{$1}');

const SECURITY: Record<ApiAuth, Json[] | undefined> = {
  none: [],
  public: [{}, { bearerAuth: [] }],
  user: [{ bearerAuth: [] }],
  customer: [{ bearerAuth: [] }],
  staff: [{ bearerAuth: [] }],
  admin: [{ bearerAuth: [] }],
  device: [{ deviceToken: [] }],
  gateway: [{ gatewaySignature: [] }],
  telegram: [{ telegramSecret: [] }],
  metrics: [{ metricsToken: [] }],
};

const ROLE_NOTE: Record<ApiAuth, string> = {
  none: 'Anyone; no token is read.',
  public: 'Anyone; a bearer token, when sent, must be valid and names the caller.',
  user: 'Any signed-in account.',
  customer: "A customer's account.",
  staff: 'Operators and admins.',
  admin: 'Admins.',
  device: "A forwarding phone's device token.",
  gateway: "SMS Gateway for Android, signing the body with the phone's device token (decision 147).",
  telegram: "Telegram, with the webhook's secret token.",
  metrics: 'The METRICS_TOKEN.',
};

/** Every refusal a route can give, by status: its own keys and the ones its kind of route shares. */
export function errorKeysOf(route: ApiRoute, bodySchema: Json | undefined): Map<number, Set<ErrorKey>> {
  const byStatus = new Map<number, Set<ErrorKey>>();
  const add = (status: number, ...keys: ErrorKey[]) => {
    const set = byStatus.get(status) ?? new Set<ErrorKey>();
    for (const key of keys) set.add(key);
    byStatus.set(status, set);
  };
  // Node itself refuses a request it cannot parse or whose headers are too large (app.ts), on any route.
  add(400, 'errors.badRequest');
  add(431, 'errors.tooLarge');
  if (route.auth === 'none') {
    add(500, 'errors.server');
    add(503, 'errors.unavailable', 'errors.dbDown');
    // Such a route reads no token, but still has refusals of its own (a rate limit, a missing picture).
    for (const key of route.errors ?? []) add(ERROR_STATUS[key], key);
    return byStatus;
  }
  add(400, 'errors.validation', 'errors.malformed', 'errors.badRequest');
  add(404, 'errors.notFound');
  add(413, 'errors.tooLarge');
  add(429, 'errors.rateLimited');
  add(500, 'errors.server');
  add(503, 'errors.unavailable', 'errors.dbDown');
  if (['public', 'user', 'customer', 'staff', 'admin'].includes(route.auth)) {
    add(401, 'errors.unauthorized', 'errors.sessionExpired', 'errors.blocked');
    add(403, 'errors.twoFactorRequired');
  }
  if (['user', 'customer', 'staff', 'admin'].includes(route.auth))
    add(403, 'errors.forbidden', 'errors.adminOnly', 'errors.userOnly');
  if (route.auth === 'telegram' || route.auth === 'metrics') add(401, 'errors.unauthorized');
  if (route.auth === 'device') add(401, 'errors.deviceToken');
  if (bodySchema && hasProperty(bodySchema, 'captcha')) add(400, 'errors.captcha', 'errors.captchaHarder');
  for (const key of route.errors ?? []) add(ERROR_STATUS[key], key);
  for (const key of route.fieldErrors ?? []) add(400, key);
  return byStatus;
}

function operation(route: ApiRoute): Json {
  const params: Json[] = [...route.path.matchAll(/:([A-Za-z_$][\w$]*)/g)].map((m) => ({
    name: m[1],
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
  if (route.query) {
    const { properties, required } = objectProperties(jsonSchema(route.query, 'input'));
    for (const [name, schema] of Object.entries(properties))
      params.push({ name, in: 'query', required: required.includes(name), schema });
  }
  if (route.method === 'POST' && route.path === '/api/v1/orders/:productId') {
    params.push({ name: 'Idempotency-Key', in: 'header', required: false, schema: { type: 'string', maxLength: 200 } });
  }
  const body = route.body ? jsonSchema(route.body, 'input') : undefined;
  const responses: Record<string, Json> = {};
  const status = String(route.status ?? 200);
  if (route.produces)
    responses[status] = { description: 'Success', content: { [route.produces]: { schema: { type: 'string' } } } };
  else
    responses[status] = {
      description: 'Success',
      content: { 'application/json': { schema: route.answer ? jsonSchema(route.answer, 'output') : {} } },
    };
  for (const [code, keys] of [...errorKeysOf(route, body)].sort(([a], [b]) => a - b)) {
    responses[String(code)] = {
      description: [...keys].join(', '),
      content: {
        'application/json': {
          schema: {
            allOf: [
              { $ref: '#/components/schemas/Failure' },
              { type: 'object', properties: { key: { enum: [...keys].sort() } } },
            ],
          },
        },
      },
    };
  }
  return {
    operationId: `${route.method.toLowerCase()}${openApiPath(route.path).replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ?? '').toUpperCase())}`,
    summary: route.summary,
    description: `Who may call: ${ROLE_NOTE[route.auth]}`,
    tags: [route.tag],
    security: SECURITY[route.auth],
    ...(params.length ? { parameters: params } : {}),
    ...(body
      ? {
          requestBody: {
            required: true,
            content: { [route.multipart ? 'multipart/form-data' : 'application/json']: { schema: body } },
          },
        }
      : {}),
    responses,
  };
}

/** The whole document (built once per process: the route list and schemas are constants). */
export function buildOpenApiDocument(routes: readonly ApiRoute[] = API_ROUTES, version = '1.0.0'): Json {
  const paths: Record<string, Record<string, Json>> = {};
  for (const route of routes) {
    const path = openApiPath(route.path);
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = operation(route);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Wallet shop API',
      version,
      description:
        'The JSON API of the shop. Every answer is JSON with `ok`; a refusal is `{ok:false, key, text}` where `key` is an ' +
        'i18n key (errors.*) and `errors` names each bad field. Times are unix seconds; money is a number rounded to 2 places.',
    },
    servers: [{ url: '/' }],
    tags: [...new Set(routes.map((r) => r.tag))].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'The `jwt` a login or registration answers.',
        },
        deviceToken: {
          type: 'http',
          scheme: 'bearer',
          description: 'The token `POST /api/v1/devices` answered for a forwarding phone.',
        },
        metricsToken: { type: 'http', scheme: 'bearer', description: 'The METRICS_TOKEN setting.' },
        gatewaySignature: {
          type: 'apiKey',
          in: 'header',
          name: 'X-Signature',
          description: 'HMAC-SHA256 of the raw body and X-Timestamp with the device token (SMS Gateway for Android).',
        },
        telegramSecret: {
          type: 'apiKey',
          in: 'header',
          name: 'X-Telegram-Bot-Api-Secret-Token',
          description: "The webhook's secret token.",
        },
      },
      schemas: { Failure: jsonSchema(failureAnswerSchema, 'output') },
    },
  };
}

let cached: { body: string; etag: string } | undefined;
function documentJson(): { body: string; etag: string } {
  if (!cached) {
    const body = JSON.stringify(buildOpenApiDocument());
    cached = { body, etag: `"${crypto.createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
  }
  return cached;
}

const DOCS_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Wallet shop API reference</title>
<style>body{margin:0}</style>
</head>
<body>
<redoc spec-url="${OPENAPI_PATH}"></redoc>
<script src="${DOCS_SCRIPT_PATH}"></script>
</body>
</html>
`;

/**
 * GET /api/v1/openapi.json (public, cached: ETag and an hour's max-age), GET /api/docs and Redoc's bundle. Mounted
 * ahead of the API router: no token is read, so a stale one cannot keep a partner from the reference.
 */
export function openApiRoutes(limit: RequestHandler[]): Router {
  const router = Router();
  router.use([OPENAPI_PATH, DOCS_PATH], compression({ threshold: 1024 }));
  router.get(OPENAPI_PATH, ...limit, (req, res) => {
    const { body, etag } = documentJson();
    res.set('Cache-Control', 'public, max-age=3600').set('ETag', etag).type('application/json');
    if (req.fresh) return void res.status(304).end();
    res.send(body);
  });
  router.get(DOCS_PATH, ...limit, (_req, res) => {
    res.set('Cache-Control', 'public, max-age=3600').type('html').send(DOCS_PAGE);
  });
  const script = createRequire(import.meta.url).resolve('redoc/bundles/redoc.standalone.js');
  router.get(DOCS_SCRIPT_PATH, ...limit, (_req, res, next) => {
    res.sendFile(
      script,
      { maxAge: '1d', headers: { 'Content-Type': 'text/javascript; charset=utf-8' } },
      (error) => error && next(error),
    );
  });
  if (!fs.existsSync(script)) throw new Error(`The reference page's bundle is missing: ${script}`);
  return router;
}
