// Generated hostile requests (fast-check) for any route read from the router, and the property every answer must
// hold: never a 5xx, JSON under /api, and a rejected (4xx) request changes no row. tests/api/hostile-*.test.ts
// split the routes between files; each file runs one server.
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { AUTHZ_TABLE, MATRIX_PLAYER, REJECTION_MAY_CHANGE_ANYWHERE } from '../api/authz-matrix.table.js';
import { startFakeCashdesk } from './fake-cashdesk.js';
import { createCast, type Cast } from './cast.js';
import { createFingerprinter, type Fingerprint, type Fingerprinter } from './db-fingerprint.js';
import type { RouteRequest } from './route-requests.js';
import { sendRouteRequest } from './route-requests.js';
import { listRoutes, type RouteInfo } from './routes.js';
import { startTestServer, type TestServer } from './server.js';

/** fast-check runs per route (CI: at least 200). HOSTILE_RUNS raises it for a deeper local search. */
export const HOSTILE_RUNS = Math.max(200, Number(process.env.HOSTILE_RUNS ?? 200) || 200);

const FIELD_NAMES = [
  'user',
  'order',
  'support',
  'product',
  'pm',
  'admin',
  'captcha',
  'email',
  'password',
  'name',
  'role',
  'status',
  'cancel',
  'pm_id',
  'onex_id',
  'w_code',
  'amount',
  'pm_method',
  'wallet',
  'contact_email',
  'text',
  'subject',
  'online',
  'available',
  'pms',
  'account',
  'rate',
  'min',
  'max',
  'description',
  'description_bn',
  'note',
  'code',
  'page',
  'new_password',
  'confirm_password',
  'ref',
  'jwt',
  'id',
  'logo',
  'tokenVersion',
  'userId',
  'user_id',
];
const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf'];

/** Strings that broke or nearly broke parsers, databases and number handling somewhere. */
const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\t\n\r',
  '__proto__',
  'constructor',
  'null',
  'undefined',
  'true',
  'NaN',
  'Infinity',
  '-Infinity',
  '-1',
  '-0',
  '0',
  '1e309',
  '9'.repeat(40),
  '0x10',
  '1_000',
  ' 500 ',
  '500.00001',
  '১২৩৪৫৬৭৮৯',
  '০১৭১২৩৪৫৬৭৮',
  '৫০০',
  '٣٤٥',
  'admin',
  'complete',
  'cancelled',
  'blocked',
  'close',
  'bkash',
  '1xbet_topup_bdt',
  'all',
  'me',
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  '<script>alert(1)</script>',
  '{{7*7}}',
  '${7*7}',
  '../../etc/passwd',
  '%00',
  '%2e%2e%2f',
  '\u202e\u0645',
  '😀'.repeat(50),
  '\ud800',
  'e\u0301',
  'ﬀ',
  'İ',
  'x'.repeat(300),
  'x'.repeat(20_000),
  'a@b.c',
  'A@B.C ',
  'user@test.local\u0000',
  'Bearer x',
  'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4IiwidmVyIjowfQ.',
];

const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.integer().map(String) },
  { weight: 1, arbitrary: fc.double().map(String) },
  { weight: 1, arbitrary: fc.stringMatching(/^[০-৯]{1,12}$/) },
);

const hostileScalar: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double() }, // NaN and ±Infinity become null in JSON
  {
    weight: 1,
    arbitrary: fc.constantFrom(0, -1, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 0.1 + 0.2, true, false, null),
  },
);

const hostileKey: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...FIELD_NAMES) },
  { weight: 2, arbitrary: fc.constantFrom(...PROTOTYPE_KEYS) },
  { weight: 1, arbitrary: hostileString.map((s) => s.slice(0, 60)) },
);

/** JSON values of any shape: wrong types, nested arrays, prototype keys, odd strings. */
export const hostileJson: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    hostileScalar,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.array(fc.tuple(hostileKey, tie('value')), { maxLength: 5 }).map((pairs) => {
      // Own properties named __proto__ are what JSON.parse makes of them on the server.
      const object: Record<string, unknown> = {};
      for (const [key, value] of pairs)
        Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
      return object;
    }),
  ),
})).value;

type Step = { kind: 'replace'; value: unknown } | { kind: 'delete' } | { kind: 'add'; key: string; value: unknown };

/** A known-good body with a few leaves replaced, removed or joined by unknown fields: input that gets deep. */
function mutate(seed: unknown, picks: number[], steps: Step[]): unknown {
  const copy: unknown = structuredClone(seed);
  steps.forEach((step, i) => {
    const slots: { parent: Record<string, unknown> | unknown[]; key: string | number }[] = [];
    const collect = (node: unknown) => {
      if (node && typeof node === 'object') {
        for (const [key, child] of Object.entries(node)) {
          slots.push({ parent: node as Record<string, unknown>, key: Array.isArray(node) ? Number(key) : key });
          collect(child);
        }
      }
    };
    collect(copy);
    if (slots.length === 0) return;
    const slot = slots[picks[i] % slots.length];
    const parent = slot.parent as Record<string | number, unknown>;
    if (step.kind === 'replace') parent[slot.key] = step.value;
    else if (step.kind === 'delete') delete parent[slot.key];
    else {
      const target = parent[slot.key];
      const holder =
        target && typeof target === 'object' && !Array.isArray(target) ? (target as Record<string, unknown>) : parent;
      // An array gets the value appended: a key such as "1719229152" defined on it made a sparse array 1.7 billion
      // long, which no JSON body can carry (JSON.stringify threw "Invalid string length"; with the report's replacer
      // on the same value, Node 20 aborted the whole test process).
      if (Array.isArray(holder)) holder.push(step.value);
      else
        Object.defineProperty(holder, step.key, {
          value: step.value,
          enumerable: true,
          writable: true,
          configurable: true,
        });
    }
  });
  return copy;
}

const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: hostileJson.map((value): Step => ({ kind: 'replace', value })) },
  { weight: 1, arbitrary: fc.constant<Step>({ kind: 'delete' }) },
  {
    weight: 2,
    arbitrary: fc.tuple(hostileKey, hostileJson).map(([key, value]): Step => ({ kind: 'add', key, value })),
  },
);

/** Bodies JSON.parse, the body size limit or the depth scan must refuse. */
const rawBody: fc.Arbitrary<NonNullable<RouteRequest['raw']>> = fc.oneof(
  // Deep nesting: past the scan's limit, and (rarely) the 100 KB body of nested arrays that once overflowed the stack.
  fc
    .oneof(fc.integer({ min: 20, max: 200 }), fc.constant(45_000))
    .map((n) => ({ text: `${'['.repeat(n)}${']'.repeat(n)}`, contentType: 'application/json' })),
  fc
    .integer({ min: 20, max: 200 })
    .map((n) => ({ text: `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`, contentType: 'application/json' })),
  fc.constantFrom(
    { text: '{"user":', contentType: 'application/json' },
    { text: "{'user':1}", contentType: 'application/json' },
    { text: 'null', contentType: 'application/json' },
    { text: '"just a string"', contentType: 'application/json' },
    { text: '{"user":{"email":"a@b.c"}}', contentType: 'text/plain' },
    { text: 'user[email]=a@b.c&user[password][$ne]=1', contentType: 'application/x-www-form-urlencoded' },
    {
      text: '--x\r\nContent-Disposition: form-data; name="pic"\r\n\r\nnot an image',
      contentType: 'multipart/form-data; boundary=x',
    },
    { text: '--x\r\nbroken', contentType: 'multipart/form-data' },
    { text: '{"a":1}', contentType: 'application/json; charset=utf-7' },
    { text: '\u0000\u0001', contentType: 'application/octet-stream' },
  ),
  fc.constant({ text: JSON.stringify({ user: { name: 'x'.repeat(120_000) } }), contentType: 'application/json' }),
);

const headerValue = fc.stringMatching(/^[\x20-\x7e]{0,120}$/);
const hostileHeaders: fc.Arbitrary<Record<string, string>> = fc.dictionary(
  fc.constantFrom(
    'authorization',
    'accept-language',
    'x-forwarded-for',
    'idempotency-key',
    'accept',
    'cookie',
    'origin',
    'x-request-id',
    'if-none-match',
  ),
  fc.oneof(
    headerValue,
    fc.constantFrom(
      'Bearer ',
      'Bearer null',
      'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4IiwidmVyIjowLCJleHAiOjk5OTk5OTk5OTl9.',
      'bn',
      '*',
      '127.0.0.1, ::1, x',
    ),
  ),
  { maxKeys: 3 },
);

export type HostileCaller = 'guest' | 'user' | 'operator' | 'admin';
export interface HostileRequest {
  caller: HostileCaller;
  request: RouteRequest;
}

/** Values that name real things, so generated requests reach past the "not found" answers. */
export interface KnownIds {
  [param: string]: string[];
}

export function hostileRequests(
  route: RouteInfo,
  seeds: RouteRequest[],
  known: KnownIds,
): fc.Arbitrary<HostileRequest> {
  const seed = fc.constantFrom<RouteRequest>(...(seeds.length > 0 ? seeds : [{}]));
  const params = fc.record(
    Object.fromEntries(
      route.params.map((name) => [
        name,
        fc.oneof(
          { weight: 3, arbitrary: fc.constantFrom(...(known[name]?.length ? known[name] : ['x'])) },
          { weight: 2, arbitrary: hostileString.filter((s) => s.length > 0) },
        ),
      ]),
    ),
  );
  const query = fc.array(fc.tuple(hostileKey, hostileString), { maxLength: 4 });
  // Percent escapes that decode to nothing valid, sent as they are.
  const malformed = fc.constantFrom(
    '%',
    '%ff',
    '%E0%A4%A',
    '%C0%AF',
    '%2e%2e%2f%2e%2e',
    '..',
    '%00',
    'a%2Fb',
    '%F0%9F%98',
  );
  const rawParams = route.params.length
    ? fc.option(
        fc.tuple(fc.constantFrom(...route.params), malformed).map(([name, value]) => ({ [name]: value })),
        { nil: undefined, freq: 8 },
      )
    : fc.constant(undefined);
  const rawQuery = fc.option(
    fc.oneof(
      malformed.map((m) => `page=${m}`),
      malformed.map((m) => `${m}=1`),
      fc.constant('page[x][y]=1&page[]=2&&=&'),
    ),
    { nil: undefined, freq: 6 },
  );
  const body: fc.Arbitrary<Pick<RouteRequest, 'body' | 'raw' | 'form'>> = fc.oneof(
    {
      weight: 4,
      arbitrary: fc
        .tuple(seed, fc.array(fc.nat(), { minLength: 3, maxLength: 3 }), fc.array(step, { minLength: 1, maxLength: 3 }))
        .map(([s, picks, steps]) => ({ body: mutate(s.body ?? {}, picks, steps) })),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.constantFrom('user', 'order', 'support', 'product', 'pm', 'admin', 'settings'), hostileJson)
        .map(([envelope, value]) => ({ body: { [envelope]: value } })),
    },
    { weight: 2, arbitrary: hostileJson.map((value) => ({ body: value })) },
    { weight: 1, arbitrary: rawBody.map((raw) => ({ raw })) },
    {
      weight: 1,
      arbitrary: fc
        .record({
          fields: fc.dictionary(fc.constantFrom('captcha', 'pic', 'user', 'name', '__proto__'), hostileString, {
            maxKeys: 3,
          }),
          field: fc.constantFrom('pic', 'pic', 'avatar', 'pic[]'),
          data: fc.uint8Array({ maxLength: 2_000 }),
          name: fc.constantFrom('a.png', '../../x.png', 'a'.repeat(300), 'ছবি.png', ''),
          type: fc.constantFrom('image/png', 'image/jpeg', 'image/svg+xml', 'text/html', 'application/octet-stream'),
        })
        .map(({ fields, ...file }) => ({ form: { fields, file } })),
    },
  );
  return fc.record({
    caller: fc.constantFrom<HostileCaller>('guest', 'user', 'operator', 'admin'),
    request: fc
      .record({
        seed,
        params,
        rawParams,
        query,
        rawQuery,
        body,
        headers: fc.option(hostileHeaders, { nil: undefined }),
        keepSeedParams: fc.boolean(),
      })
      .map(({ seed: s, params: p, rawParams: rp, query: q, rawQuery: rq, body: b, headers, keepSeedParams }) => ({
        params: keepSeedParams && s.params ? { ...p, ...s.params } : p,
        rawParams: rp,
        rawQuery: rq,
        query: [...(s.query ?? []), ...q],
        ...b,
        headers,
      })),
  });
}

export interface HostileSuiteOptions {
  shard: number;
  of: number;
}

/** Where a rejected request may still have written (security bookkeeping the table allows). */
function mayChange(route: RouteInfo): string[] {
  return [...REJECTION_MAY_CHANGE_ANYWHERE, ...(AUTHZ_TABLE[route.key]?.rejectionMayChange ?? [])];
}

function summarize(value: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(value, (_k, v: unknown) =>
      typeof v === 'string' && v.length > 120 ? `${v.slice(0, 120)}…(${v.length})` : v,
    );
  } catch (error) {
    // A generated body too big to print whole (deep nesting): say so rather than hide the failure behind it.
    text = `(not printable: ${error instanceof Error ? error.message : String(error)})`;
  }
  return text.length > 600 ? `${text.slice(0, 600)}…` : text;
}

/**
 * Defines the generated tests of one shard of the routes. Top-level await: the routes are read from a running
 * server while the file is collected, so every route gets its own named test.
 */
export async function defineHostileSuite(options: HostileSuiteOptions): Promise<void> {
  // A metrics token routes GET /metrics, so it is generated against too; a fake betting cash desk answers
  // the desks' calls, knowing the matrix's player.
  const desk = await startFakeCashdesk();
  desk.addPlayer(MATRIX_PLAYER, { name: 'Matrix Player', currencyId: 1 });
  const server: TestServer = await startTestServer({
    db: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite',
    env: { METRICS_TOKEN: 'metrics-token-for-hostile-tests-0123456789', CASHDESK_API_ROOT: desk.root },
  });
  afterAll(async () => {
    await server.close();
    await desk.close();
  });
  // HOSTILE_ROUTE=<key> and HOSTILE_SEED=<seed> replay a failure as its report printed it.
  const only = process.env.HOSTILE_ROUTE;
  const routes = listRoutes(server.app.app).filter((r, i) =>
    only ? r.key === only : i % options.of === options.shard - 1,
  );
  let cast: Cast | undefined;
  let prints: Fingerprinter | undefined;
  let known: KnownIds = {};
  let last: Fingerprint | undefined;

  const ready = async (): Promise<{ cast: Cast; prints: Fingerprinter }> => {
    if (!cast || !prints) {
      cast = await createCast(server);
      prints = await createFingerprinter(server);
      const ids = [
        cast.owner.id,
        cast.other.id,
        cast.admin.id,
        cast.operator.id,
        await cast.order(),
        await cast.order('pending', 'withdraw'),
        await cast.timedOutOrder(),
        await cast.ticket(),
        (await cast.device()).id,
        String(await cast.sms()),
        String(await cast.template()),
      ];
      known = {
        id: [...ids, '1xbet_topup_bdt', '1xbet_withdraw_usd'],
        productId: ['1xbet_topup_bdt', '1xbet_topup_usd', '1xbet_withdraw_bdt', '1xbet_withdraw_usd'],
        account: ['bkash', 'nagad', 'rocket'],
      };
    }
    return { cast, prints };
  };

  describe(`Generated hostile requests (shard ${options.shard} of ${options.of})`, () => {
    describe.each(routes.map((r) => [r.key, r] as const))('%s', (_key, route) => {
      it(
        `When ${HOSTILE_RUNS} generated hostile requests arrive as guest, customer, operator or admin, then none answers 5xx, all answer JSON and no rejected one changes a row`,
        { timeout: 600_000 },
        async () => {
          const { cast: c, prints: p } = await ready();
          const seeds: RouteRequest[] = [];
          for (const matrixCase of AUTHZ_TABLE[route.key]?.cases ?? [])
            seeds.push((await matrixCase.request?.(c)) ?? {});
          const allowedToChange = mayChange(route);
          const statuses = new Map<number, number>();
          last = await p.take();
          await fc.assert(
            fc.asyncProperty(hostileRequests(route, seeds, known), async ({ caller, request }) => {
              const answer = await sendRouteRequest(server.url, route, { ...request, token: c.tokenOf(caller) });
              // A served POST /logout revoked the caller's token: the next runs get new ones (no row changes).
              if (answer.status < 300 && AUTHZ_TABLE[route.key]?.cases.some((matrixCase) => matrixCase.revokesTokens))
                await c.renewTokens();
              statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
              const before = last!;
              const after = await p.take();
              last = after;
              const what = `${caller} ${route.method} → ${answer.status} ${answer.text.slice(0, 200)}`;
              expect(answer.status, what).toBeLessThan(500);
              // A served file (the CSV exports, a ticket's picture) is its own type; every other answer under /api is
              // JSON with `ok`. A path parameter sent verbatim may climb out of a file route ('..' segments: the
              // picture's path becomes the ticket's), where a JSON answer is right; outside /api ('/media/../x') it lands
              // on a page of the web app, where the app's HTML is right.
              const fileType = AUTHZ_TABLE[route.key]?.fileType;
              const jsonAnswer = answer.contentType.includes('application/json');
              const climbedOut =
                request.rawParams &&
                (jsonAnswer || (!route.path.startsWith('/api/') && answer.contentType.includes('text/html')));
              if (fileType && answer.status >= 200 && answer.status < 300 && !climbedOut)
                expect(answer.contentType, what).toContain(fileType);
              else if (route.path.startsWith('/api/')) {
                expect(answer.contentType, what).toContain('application/json');
                expect(typeof (answer.json as { ok?: unknown } | undefined)?.ok, what).toBe('boolean');
              }
              if (answer.status >= 400) {
                const changed = p.changed(before, after).filter((t) => !allowedToChange.includes(t));
                expect(changed, `${what}: a rejected request changed rows`).toEqual([]);
              }
            }),
            {
              numRuns: HOSTILE_RUNS,
              endOnFailure: true,
              ...(process.env.HOSTILE_SEED ? { seed: Number(process.env.HOSTILE_SEED) } : {}),
              reporter: (details) => {
                if (details.failed) {
                  const cause =
                    details.errorInstance instanceof Error
                      ? details.errorInstance.message
                      : String(details.errorInstance);
                  throw new Error(
                    `${(fc.defaultReportMessage(details) ?? '').split('\n').slice(0, 2).join(' ')}\nCounterexample: ${summarize(details.counterexample)}\n${cause.slice(0, 1500)}`,
                  );
                }
              },
            },
          );
          // Nothing a hostile caller sent polluted prototypes or brought the shop down.
          expect(({} as Record<string, unknown>).polluted).toBeUndefined();
          expect((await server.api.get('/health')).status).toBe(200);
          expect([...statuses.keys()].every((s) => s < 500)).toBe(true);
        },
      );
    });
  });
}
