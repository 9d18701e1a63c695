// The durable job queue (decision 227): a job exists exactly when the transaction that queued it committed, runs
// once when it succeeds, is retried with backoff when it throws, stops when its handler gives up, is queued once per
// key, and two instances sharing the database never run one job twice at once.
import { afterEach, describe, expect, it } from 'vitest';
import {
  createJobQueue,
  jobRetryDelayMs,
  JOB_QUEUE,
  type JobHandler,
  type JobQueue,
} from '../../server/jobs/job-queue.js';
import { createLogger } from '../../server/logger.js';
import { testDatabases } from '../support/databases.js';
import { testClock } from '../support/clock.js';
import { useTestInstances, useTestServer, type TestServer } from '../support/server.js';

const logger = createLogger(process.env.JOBS_TEST_LOG ? 'debug' : 'silent');

/** Polls `check` until it holds, at most 20 s. */
async function until(check: () => Promise<boolean> | boolean, what: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe("The job queue's retry schedule", () => {
  it('When a job keeps failing, then the first retry comes within 12 s and its tries span more than a day even with the least jitter', () => {
    for (const random of [0, 0.5, 0.999]) expect(jobRetryDelayMs(1, () => random)).toBeLessThanOrEqual(12_000);
    let total = 0;
    for (let n = 1; n < JOB_QUEUE.maxAttempts; n += 1) total += jobRetryDelayMs(n, () => 0);
    expect(total).toBeGreaterThan(24 * 3_600_000);
  });
});

describe.each(testDatabases())('The job queue on %s', (db) => {
  const server = useTestServer({ db, background: false });
  const queues: JobQueue[] = [];
  const clock = testClock();
  afterEach(async () => {
    await Promise.all(queues.splice(0).map((q) => q.stop()));
    clock.reset();
  });
  const queueOf = (s: TestServer, handlers: Record<string, JobHandler>) => {
    const q = createJobQueue({ sql: s.app.ctx.db.sql, clock, logger, pollMs: 20 });
    for (const [kind, handler] of Object.entries(handlers)) q.handle(kind, handler);
    queues.push(q);
    return q;
  };
  const row = (id: number) => server.app.ctx.prisma.job.findUniqueOrThrow({ where: { id } });
  const rowsOf = (kind: string) => server.app.ctx.prisma.job.findMany({ where: { kind }, orderBy: { id: 'asc' } });

  it('When jobs are queued in a transaction, then they exist only if it commits, and run once each', async () => {
    const ran: unknown[] = [];
    const q = queueOf(server, { 'test-commit': { run: async (payload) => void ran.push(payload) } });
    await expect(
      server.app.ctx.prisma.$transaction(async (tx) => {
        await q.enqueue([{ kind: 'test-commit', payload: { n: 1 } }], tx);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await server.app.ctx.prisma.$transaction((tx) =>
      q.enqueue([{ kind: 'test-commit', payload: { n: 2, text: 'টাকা' } }], tx),
    );
    q.start();
    await until(
      async () => (await rowsOf('test-commit')).every((j) => j.status === 'done') && ran.length > 0,
      'the job to run',
    );
    expect(ran).toEqual([{ n: 2, text: 'টাকা' }]);
    expect((await rowsOf('test-commit')).map((j) => [j.status, j.attempts])).toEqual([['done', 1]]);
  });

  it('When a handler throws, then the job is retried after the backoff, not before, and done when it succeeds', async () => {
    clock.set('2026-12-01T10:00:00Z');
    let calls = 0;
    const q = queueOf(server, {
      'test-retry': {
        run: async () => {
          calls += 1;
          if (calls < 3) throw new Error(`smtp 451 try ${calls}`);
        },
      },
    });
    q.start();
    await q.enqueue([{ kind: 'test-retry', payload: {} }]);
    const [job] = await rowsOf('test-retry');
    await until(async () => (await row(job.id)).lastError === 'smtp 451 try 1', 'the first failure');
    const first = await row(job.id);
    expect(first.status).toBe('pending');
    expect(first.nextAt.getTime() - Date.parse('2026-12-01T10:00:00Z')).toBeGreaterThanOrEqual(
      JOB_QUEUE.firstRetryMs * 0.8,
    );
    // Not due yet: nothing runs.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(calls).toBe(1);
    clock.set(first.nextAt.getTime() + 1);
    await until(async () => (await row(job.id)).lastError === 'smtp 451 try 2', 'the second failure');
    clock.set((await row(job.id)).nextAt.getTime() + 1);
    await until(async () => (await row(job.id)).status === 'done', 'the third try');
    expect(calls).toBe(3);
    expect((await row(job.id)).attempts).toBe(3);
  });

  it('When a handler gives up or the tries run out, then the job fails and is never run again', async () => {
    let calls = 0;
    const q = queueOf(server, {
      'test-gone': { run: async () => ({ giveUp: 'HTTP 410: the subscription is gone' }) },
      'test-out': {
        maxAttempts: 2,
        run: async () => {
          calls += 1;
          throw new Error('down');
        },
      },
    });
    q.start();
    await q.enqueue([
      { kind: 'test-gone', payload: {} },
      { kind: 'test-out', payload: {} },
    ]);
    const [gone] = await rowsOf('test-gone');
    await until(async () => (await row(gone.id)).status === 'failed', 'the give-up');
    expect((await row(gone.id)).lastError).toBe('HTTP 410: the subscription is gone');
    const [out] = await rowsOf('test-out');
    await until(
      async () => (await row(out.id)).attempts === 1 && (await row(out.id)).lockedUntil === null,
      'the first try',
    );
    clock.shift(JOB_QUEUE.maxRetryMs * 2);
    await until(async () => (await row(out.id)).status === 'failed', 'the last try');
    expect(calls).toBe(2);
    clock.shift(JOB_QUEUE.maxRetryMs * 4);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(calls).toBe(2);
  });

  it('When the same key is queued twice, then one job runs; a job whose instance died is claimed again after its lock', async () => {
    const q = queueOf(server, { 'test-key': { run: async () => undefined } });
    expect(await q.enqueue([{ kind: 'test-key', payload: { a: 1 }, dedupeKey: 'receipt:o1:created' }])).toBe(1);
    expect(await q.enqueue([{ kind: 'test-key', payload: { a: 2 }, dedupeKey: 'receipt:o1:created' }])).toBe(0);
    expect((await rowsOf('test-key')).map((j) => j.payload)).toEqual([{ a: 1 }]);

    // A job claimed by an instance that then died: locked, attempts 1, never finished.
    const [orphan] = await server.app.ctx.prisma.$queryRaw<{ id: number }[]>`
      INSERT INTO jobs (kind, payload, next_at, created_at, attempts, locked_until)
      VALUES ('test-key', '{"orphan":true}', now() AT TIME ZONE 'UTC', now() AT TIME ZONE 'UTC', 1, (now() + interval '5 minutes') AT TIME ZONE 'UTC') RETURNING id`;
    q.start();
    await until(
      async () => (await rowsOf('test-key')).filter((j) => j.status === 'done').length === 1,
      'the keyed job',
    );
    expect((await row(orphan.id)).status).toBe('pending');
    clock.shift(JOB_QUEUE.lockMs + 1_000);
    await until(async () => (await row(orphan.id)).status === 'done', 'the orphan to be claimed again');
    expect((await row(orphan.id)).attempts).toBe(2);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('The job queue on two instances (PostgreSQL)', () => {
  const [a, b] = useTestInstances(2, { background: false });
  const queues: JobQueue[] = [];
  afterEach(async () => {
    await Promise.all(queues.splice(0).map((q) => q.stop()));
  });

  it('When two instances run one queue, then the second takes what the first has not claimed and each of 60 jobs runs exactly once', async () => {
    const runs = new Map<number, string[]>();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const handler = (who: string): JobHandler => ({
      run: async (payload) => {
        const n = (payload as { n: number }).n;
        runs.set(n, [...(runs.get(n) ?? []), who]);
        // b's jobs wait on a slow outside service until a has done the rest.
        if (who === 'b') await held;
      },
    });
    for (const [name, s] of [
      ['a', a],
      ['b', b],
    ] as const) {
      const q = createJobQueue({ sql: s.app.ctx.db.sql, clock: { now: () => new Date() }, logger, pollMs: 10 });
      q.handle('test-pair', handler(name));
      queues.push(q);
    }
    const [onA, onB] = queues;
    await onA.enqueue(Array.from({ length: 60 }, (_, n) => ({ kind: 'test-pair', payload: { n } })));
    onB.start();
    await until(() => runs.size === JOB_QUEUE.maxParallel, 'b to claim as many as it runs at once');
    onA.start();
    await until(
      async () =>
        (await a.app.ctx.prisma.job.count({ where: { kind: 'test-pair', status: 'done' } })) ===
        60 - JOB_QUEUE.maxParallel,
      'a to do the rest',
    );
    release();
    await until(
      async () => (await a.app.ctx.prisma.job.count({ where: { kind: 'test-pair', status: 'done' } })) === 60,
      'every job',
    );
    expect(runs.size).toBe(60);
    expect([...runs.values()].every((who) => who.length === 1)).toBe(true);
    expect([...runs.values()].filter((who) => who[0] === 'b')).toHaveLength(JOB_QUEUE.maxParallel);
  });
});
