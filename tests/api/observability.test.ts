// Operations signals (decisions 075 and 078): request ids, structured and scrubbed logs, /metrics.
import { describe, expect, it } from 'vitest';
import { captureLog } from '../support/log-capture.js';
import { useTestServer } from '../support/server.js';
import { createUser } from '../factories/users.js';
import { placeOrder, placePendingOrder } from '../factories/orders.js';
import { outboxMailTo } from '../support/cast.js';

const METRICS_TOKEN = 'metrics-token-for-the-tests-0123';

describe('Request ids and logs', () => {
  const log = captureLog('info');
  const server = useTestServer({ logger: log.logger });

  it('When a request has no X-Request-Id, then the answer carries a new one, and every failure body repeats it', async () => {
    const res = await server.api.get('/nope');
    const id = res.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ ok: false, key: 'errors.notFound', request_id: id });

    const invalid = await server.api.post('/login', { user: { email: 'not-an-email', password: 'x' } });
    expect(invalid.status).toBe(400);
    expect(invalid.body.request_id).toBe(invalid.headers.get('x-request-id'));
    expect(invalid.body.request_id).not.toBe(id);
  });

  it('When the caller sends a sane X-Request-Id, then it is kept; an odd one is replaced', async () => {
    const kept = await fetch(`${server.url}/api/v1/health`, { headers: { 'x-request-id': 'lb-req-0001-abcd' } });
    expect(kept.headers.get('x-request-id')).toBe('lb-req-0001-abcd');
    const odd = await fetch(`${server.url}/api/v1/health`, { headers: { 'x-request-id': 'x"; drop table' } });
    expect(odd.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('When a request is handled, then one JSON access line names its route pattern, status and request id', async () => {
    const id = await placeOrder(server);
    log.clear();
    const res = await fetch(`${server.url}/api/v1/orders/${id}`);
    const requestId = res.headers.get('x-request-id');
    const line = log.lines.find((l) => l.msg === 'request' && l.request_id === requestId);
    expect(line).toMatchObject({ level: 'info', method: 'GET', route: '/api/v1/orders/:id', status: 200 });
    expect(typeof line?.ms).toBe('number');
  });

  it('When a service logs while handling a request, then its line carries the request id and masks the e-mail', async () => {
    const user = await createUser(server, { email: 'karim.uddin@example.com' });
    log.clear();
    const res = await fetch(`${server.url}/api/v1/recover`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': 'recover-req-42' },
      body: JSON.stringify({ email: user.email }),
    });
    expect(res.status).toBe(200);
    // This recovery's mail: mails go out through the job queue (decision 244), so an earlier test's mail may be
    // logged after log.clear() too.
    const ours = (l: { msg: string }) => /^Mail to/.test(l.msg) && l.msg.includes('k***@e***.com');
    const deadline = Date.now() + 20_000;
    while (!log.lines.some(ours) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const mailLine = log.lines.find(ours);
    expect(mailLine?.request_id).toBe('recover-req-42');
    expect(log.text()).not.toContain('karim.uddin@example.com');
  });

  it('When a token travels in the query or a header, then no log line holds it', async () => {
    const user = await createUser(server);
    log.clear();
    await fetch(`${server.url}/api/v1/users/me?jwt=${user.token}`);
    await fetch(`${server.url}/api/v1/users/me`, { headers: { authorization: `Bearer ${user.token}` } });
    expect(log.lines.filter((l) => l.msg === 'request')).toHaveLength(2);
    expect(log.text()).not.toContain(user.token);
    expect(log.text()).not.toContain(user.token.split('.')[2]);
    expect(log.text()).not.toContain('jwt=');
  });

  it("When the mailed recovery link is opened, then the access line names the route pattern, not the link's id or ref", async () => {
    const user = await createUser(server);
    await server.api.post('/recover', { email: user.email });
    const mail = await outboxMailTo(server, user.email);
    const [, id, ref] = /\/recovery\/([\w-]+)\?(?:[^\s&]*&)?ref=([\w.-]+)/.exec(mail.text)!;
    log.clear();
    const res = await fetch(`${server.url}/api/v1/recover/${id}?ref=${ref}&extra=secret-query-value`);
    expect(res.status).toBe(200);
    const requestId = res.headers.get('x-request-id');
    const line = log.lines.find((l) => l.msg === 'request' && l.request_id === requestId);
    expect(line).toMatchObject({ method: 'GET', route: '/api/v1/recover/:id', status: 200 });
    expect(line).not.toHaveProperty('url');
    expect(log.text()).not.toContain(ref);
    expect(log.text()).not.toContain(id);
    expect(log.text()).not.toContain('secret-query-value');
  });
});

describe('Metrics without METRICS_TOKEN', () => {
  const server = useTestServer();

  it('When a load balancer asks /health or /api/v1/health, then both report the database and Redis separately', async () => {
    for (const url of [`${server.url}/health`, `${server.url}/api/v1/health`]) {
      const res = await fetch(url);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(await res.json()).toMatchObject({
        ok: true,
        status: 'ok',
        database: 'up',
        db: 'up',
        dbKind: 'pglite',
        redis: 'disabled',
      });
    }
  });

  it('When no token is configured, then /metrics does not exist', async () => {
    const res = await fetch(`${server.url}/metrics`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ ok: false, key: 'errors.notFound' });
  });
});

describe('Metrics with METRICS_TOKEN', () => {
  const server = useTestServer({ env: { METRICS_TOKEN } });
  const scrape = (token?: string) =>
    fetch(`${server.url}/metrics`, { headers: token ? { authorization: `Bearer ${token}` } : {} });

  it('When the token is missing or wrong, then 401 and no metrics', async () => {
    for (const res of [await scrape(), await scrape('wrong-token-wrong-token')]) {
      expect(res.status).toBe(401);
      const body = (await res.json()) as Record<string, unknown>;
      expect(body).toMatchObject({ ok: false, key: 'errors.unauthorized' });
      expect(JSON.stringify(body)).not.toContain('shop_');
    }
  });

  it('When Prometheus scrapes with the token, then it gets latency by route pattern, orders by status, queue age, sockets, event-loop lag and dependencies', async () => {
    const id = await placeOrder(server);
    await placePendingOrder(server);
    await server.api.get(`/orders/${id}`);
    await server.api.get(`/orders/${id}`);
    const res = await scrape(METRICS_TOKEN);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = await res.text();
    expect(text).toMatch(
      /shop_http_request_duration_seconds_bucket\{le="[^"]+",method="GET",route="\/api\/v1\/orders\/:id",status="200"\}/,
    );
    expect(text).toMatch(
      /shop_http_request_duration_seconds_count\{method="GET",route="\/api\/v1\/orders\/:id",status="200"\} 2/,
    );
    expect(text).toMatch(
      /shop_http_request_duration_seconds_count\{method="POST",route="\/api\/v1\/orders\/:productId",status="201"\} 2/,
    );
    expect(text).not.toContain(id); // raw paths never become labels
    expect(text).toMatch(/shop_orders\{status="waiting"\} 1/);
    expect(text).toMatch(/shop_orders\{status="pending"\} 1/);
    expect(text).toMatch(/shop_orders\{status="complete"\} 0/);
    expect(text).toMatch(/shop_oldest_order_age_seconds\{status="waiting"\} \d/);
    expect(text).toMatch(/shop_oldest_order_age_seconds\{status="pending"\} \d/);
    expect(text).toMatch(/shop_sockets_connected \d+/);
    expect(text).toMatch(/shop_database_up 1/);
    expect(text).not.toContain('shop_redis_up'); // no REDIS_URL here
    expect(text).toMatch(/nodejs_eventloop_lag_seconds \d/);
  });
});
