// The OpenAPI document: generated from the route list and the shared zod schemas, it must be valid
// OpenAPI 3.1 and name every route the router serves; the API tests check each answer they receive against it
// (tests/support/openapi-answers.ts), and here a few answers the other tests rarely see.
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it, onTestFinished } from 'vitest';
import { API_ROUTES } from '../../server/http/api-routes.js';
import { DOCS_PATH, DOCS_SCRIPT_PATH, OPENAPI_PATH, openApiPath } from '../../server/http/openapi.js';
import { hasChromium, launchBrowser } from '../support/browser.js';
import { listRoutes } from '../support/routes.js';
import { useTestServer } from '../support/server.js';

/** Routes that are pages or assets, not API operations: the reference page itself and the client's pages. */
const NOT_OPERATIONS = new Set([
  `GET ${DOCS_PATH}`,
  `GET ${DOCS_SCRIPT_PATH}`,
  'GET /^(?!\\/(api|socket\\.io|media)\\/).*/',
]);

describe('OpenAPI document', () => {
  const server = useTestServer({ env: { METRICS_TOKEN: 'metrics-token-for-the-openapi-test-0123' } });

  it('When the document is fetched, then it is valid OpenAPI 3.1, cached, and names every route the router serves and no other', async () => {
    const res = await fetch(`${server.url}${OPENAPI_PATH}`, { headers: { authorization: 'Bearer not-a-token' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('public');
    const doc = (await res.json()) as {
      openapi: string;
      paths: Record<string, Record<string, unknown>>;
      components: { securitySchemes: object };
    };
    const again = await fetch(`${server.url}${OPENAPI_PATH}`, {
      // fetch() adds `Cache-Control: no-cache` to a conditional request unless told otherwise (a browser sends max-age=0).
      headers: { 'if-none-match': res.headers.get('etag')!, 'cache-control': 'max-age=0' },
    });
    expect(again.status).toBe(304);

    const validator = new Validator();
    const result = await validator.validate(doc);
    expect(result.errors ?? [], 'the document must validate as OpenAPI 3.1').toEqual([]);
    expect([validator.version, result.valid]).toEqual(['3.1', true]);
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual([
      'bearerAuth',
      'deviceToken',
      'gatewaySignature',
      'metricsToken',
      'telegramSecret',
    ]);

    const served = listRoutes(server.app.app).filter((r) => !NOT_OPERATIONS.has(r.key));
    const documented = new Set(
      Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`)),
    );
    const missing = served.map((r) => `${r.method} ${openApiPath(r.path)}`).filter((key) => !documented.has(key));
    expect(missing, 'add these routes to server/http/api-routes.ts').toEqual([]);
    const servedKeys = new Set(served.map((r) => `${r.method} ${openApiPath(r.path)}`));
    expect(
      [...documented].filter((key) => !servedKeys.has(key)),
      'the document names routes the router does not serve',
    ).toEqual([]);
    expect(API_ROUTES.length).toBe(documented.size);
  });

  it('When an answer disagrees with the document, then the API client of the tests fails', async () => {
    // A route's status the document does not list: the orders of the public view never answer 418.
    const { checkAnswerAgainstDocument } = await import('../support/openapi-answers.js');
    // Not while a run collects its disagreements in a file instead of failing (OPENAPI_DRIFT_LOG).
    const log = process.env.OPENAPI_DRIFT_LOG;
    delete process.env.OPENAPI_DRIFT_LOG;
    onTestFinished(() => {
      if (log !== undefined) process.env.OPENAPI_DRIFT_LOG = log;
    });
    expect(() =>
      checkAnswerAgainstDocument('GET', '/api/v1/orders/abc', 418, { ok: false, key: 'errors.server', text: 'x' }),
    ).toThrow(/documents no 418/);
    // A refusal whose key the route does not give.
    expect(() =>
      checkAnswerAgainstDocument('GET', '/api/v1/orders/abc', 404, {
        ok: false,
        key: 'errors.ticketNotFound',
        text: 'x',
      }),
    ).toThrow(/disagrees/);
    // A success missing a field.
    expect(() => checkAnswerAgainstDocument('GET', '/api/v1/users/me', 200, { ok: true, user: { id: 'u1' } })).toThrow(
      /disagrees/,
    );
    expect(() =>
      checkAnswerAgainstDocument('GET', '/api/v1/orders/abc', 404, {
        ok: false,
        key: 'errors.orderNotFound',
        text: 'Not found',
      }),
    ).not.toThrow();
  });

  it('When the reference page is opened, then it is served by the shop with its own script and no other origin', async () => {
    const page = await fetch(`${server.url}${DOCS_PATH}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`spec-url="${OPENAPI_PATH}"`);
    expect(html).not.toMatch(/https?:\/\//);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const script = await fetch(`${server.url}${DOCS_SCRIPT_PATH}`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toContain('text/javascript');
    expect((await script.arrayBuffer()).byteLength).toBeGreaterThan(100_000);
  });

  // Redoc lays out ~150 operations in the page's own thread: 6 s on a quiet machine, past 30 s while CI runs the browser
  // project beside it on two cores.
  it.runIf(hasChromium())(
    'When the reference page is opened in a browser, then Redoc lists the operations and nothing is fetched from elsewhere',
    { timeout: 150_000 },
    async () => {
      const browser = await launchBrowser();
      try {
        const page = await browser.newPage();
        const problems: string[] = [];
        page.on('pageerror', (error) => problems.push(`script error: ${error.message}`));
        // Redoc's footer names a logo on its CDN: the shop's CSP (img-src 'self') blocks it, so no answer may arrive.
        page.on('response', (res) => {
          // Redoc's search worker is a blob of the page itself.
          if (!res.url().startsWith(server.url) && !res.url().startsWith(`blob:${server.url}`))
            problems.push(`answer from outside the shop: ${res.url()}`);
        });
        await page.goto(`${server.url}${DOCS_PATH}`);
        await page.waitForSelector('h2:has-text("Place a top-up or withdrawal order")', { timeout: 120_000 });
        expect(await page.title()).toBe('Wallet shop API reference');
        expect(problems).toEqual([]);
      } finally {
        await browser.close();
      }
    },
  );
});
