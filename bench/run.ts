// `npm run bench`: load figures for the hot paths, against an in-process shop on loopback.
// Bounded in requests and time; prints throughput and latency percentiles. BENCH_DB=postgres uses TEST_DATABASE_URL.
import { startTestServer, type TestServer } from '../tests/support/server.js';
import { createUser } from '../tests/factories/users.js';

interface Figures {
  name: string;
  requests: number;
  errors: number;
  seconds: number;
  p50: number;
  p95: number;
  p99: number;
}

async function measure(name: string, total: number, concurrency: number, run: (i: number) => Promise<boolean>): Promise<Figures> {
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  const deadline = Date.now() + 60_000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total && Date.now() < deadline) {
        const i = next++;
        const t = performance.now();
        const ok = await run(i).catch(() => false);
        latencies.push(performance.now() - t);
        if (!ok) errors += 1;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
  return { name, requests: latencies.length, errors, seconds, p50: pct(50), p95: pct(95), p99: pct(99) };
}

function print(f: Figures): void {
  console.log(
    `${f.name.padEnd(34)} ${String(f.requests).padStart(6)} req  ${(f.requests / f.seconds).toFixed(1).padStart(8)} req/s  ` +
      `p50 ${f.p50.toFixed(1).padStart(7)} ms  p95 ${f.p95.toFixed(1).padStart(7)} ms  p99 ${f.p99.toFixed(1).padStart(7)} ms  errors ${f.errors}`,
  );
}

async function main(): Promise<void> {
  const db = process.env.BENCH_DB === 'postgres' ? 'postgres' : 'pglite';
  const server: TestServer = await startTestServer({ db, rateLimitScale: 1e6 });
  try {
    console.log(`Benchmark on ${db}, ${new Date().toISOString()}`);
    const user = await createUser(server);
    print(await measure('GET /health', 2000, 20, async () => (await server.api.get('/health')).status === 200));
    print(await measure('GET /users/me (jwt + user load)', 2000, 20, async () => (await server.api.get('/users/me', user.token)).status === 200));
    print(await measure('GET /home', 1000, 20, async () => (await server.api.get('/home')).status === 200));
    const ids: string[] = [];
    print(
      await measure('POST /orders/1xbet_topup_bdt', 500, 10, async (i) => {
        const res = await server.api.post<{ id: string }>('/orders/1xbet_topup_bdt', {
          order: { pm_method: 'bkash', amount: `${100 + (i % 50)}.25`, onex_id: '123456789', contact_email: 'bench@test.local' },
        });
        if (res.status === 200 || res.status === 201) ids.push(res.body.id);
        return res.body.ok;
      }),
    );
    print(await measure('GET /orders/:id', 2000, 20, async (i) => (await server.api.get(`/orders/${ids[i % Math.max(1, ids.length)]}`)).status === 200));
    print(
      await measure('PATCH /orders/:id (submit payment)', ids.length, 10, async (i) =>
        (await server.api.patch(`/orders/${ids[i]}`, { order: { pm_id: `BENCH${i}TX${Date.now()}` } })).body.ok === true,
      ),
    );
    print(await measure('POST /login (argon2id)', 100, 4, async () => (await server.api.post('/login', { user: { email: user.email, password: user.password } })).status === 200));
  } finally {
    await server.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
