// The shop's durable job queue (decision 227): work that must happen after a commit and must survive a crash or a
// slow outside service (a receipt mail, a web push) is queued as a row and done by whichever instance claims it
// first (SKIP LOCKED), retried with backoff, never twice at once. Handlers are registered per kind by the
// composition root; a domain only queues.
import { Prisma as P } from '../generated/prisma/client.js';
import type { Clock } from '../clock.js';
import type { AnyTransaction, SqlRunner } from '../db/database.js';
import { queryerOf } from '../db/database.js';
import { sqlTime, sqlTimeText } from '../db/sql-time.js';
import type { Logger } from '../logger.js';
import { claimLoop } from '../kernel/claim-loop.js';

export interface NewJob {
  kind: string;
  /** Plain JSON: what the handler needs, read back as it was queued. */
  payload: unknown;
  /** Queuing a key that is already queued (or was done) queues nothing: a repeated event is one job. */
  dedupeKey?: string;
  /** Not before this time (a reminder); now by default. */
  runAt?: Date;
}

/** What a handler tells the queue besides success (returning nothing) or a failure (throwing: retried). */
export type JobOutcome = void | { giveUp: string };

export interface JobHandler {
  run(payload: unknown, context: { attempt: number; jobId: number }): Promise<JobOutcome>;
  /** Tries in all, the first included (default 12: the retries span more than a day). */
  maxAttempts?: number;
}

export const JOB_QUEUE = {
  /** The first retry after 10 s, each next one 4 times later, at most 6 hours, ±20 %. */
  firstRetryMs: 10_000,
  factor: 4,
  maxRetryMs: 6 * 3_600_000,
  jitter: 0.2,
  maxAttempts: 12,
  /** Jobs one instance runs at once. */
  maxParallel: 8,
  /** A claimed job is this instance's for so long: a crash mid-run frees it after (it may then run again). */
  lockMs: 5 * 60_000,
  /** How often an instance looks for due jobs when nothing kicked it (retries, other instances' rows). */
  pollMs: 1_000,
  /** Finished jobs are kept this long (what a failed one said). */
  keepMs: 14 * 24 * 3_600_000,
  errorMax: 500,
};

/** The delay before retry number `n` (1 = the first retry), its jitter drawn from `random`. */
export function jobRetryDelayMs(n: number, random: () => number = Math.random): number {
  const q = JOB_QUEUE;
  const base = Math.min(q.maxRetryMs, q.firstRetryMs * q.factor ** Math.max(0, n - 1));
  return Math.round(base * (1 - q.jitter + 2 * q.jitter * random()));
}

interface ClaimedJob {
  id: number;
  kind: string;
  payload: unknown;
  attempts: number;
}

export function createJobQueue(deps: { sql: SqlRunner; clock: Clock; logger: Logger; pollMs?: number }) {
  const { sql, clock, logger } = deps;
  const handlers = new Map<string, JobHandler>();
  const inFlight = new Set<Promise<void>>();
  let lastPrune = 0;

  const errorText = (error: unknown) =>
    (error instanceof Error ? error.message : String(error)).slice(0, JOB_QUEUE.errorMax);

  async function claim(limit: number): Promise<ClaimedJob[]> {
    const kinds = [...handlers.keys()];
    if (limit <= 0 || kinds.length === 0) return [];
    const now = clock.now();
    // The due rows are picked once (MATERIALIZED): as a plain `IN (subquery)` the planner may scan the subquery again
    // for each row it updates, and with SKIP LOCKED each scan finds other rows, so one claim took every due job.
    const rows = await sql.query<{ id: number; kind: string; payload: string; attempts: number }>(P.sql`
      WITH due AS MATERIALIZED (
        SELECT id FROM jobs
        WHERE status = 'pending' AND kind = ANY(${kinds}::text[]) AND next_at <= ${sqlTime(now)}
          AND (locked_until IS NULL OR locked_until <= ${sqlTime(now)})
        ORDER BY next_at, id LIMIT ${limit} FOR UPDATE SKIP LOCKED)
      UPDATE jobs j SET locked_until = ${sqlTime(new Date(now.getTime() + JOB_QUEUE.lockMs))}, attempts = j.attempts + 1
      FROM due WHERE j.id = due.id
        -- Asked again of the row as locked: under READ COMMITTED a row another instance claimed and committed after
        -- this statement's snapshot is locked all the same, and only these conditions are re-checked on its newest version.
        AND j.status = 'pending' AND (j.locked_until IS NULL OR j.locked_until <= ${sqlTime(now)})
      RETURNING j.id, j.kind, j.payload::text AS payload, j.attempts`);
    return rows.map((r) => ({
      id: Number(r.id),
      kind: r.kind,
      payload: JSON.parse(r.payload) as unknown,
      attempts: Number(r.attempts),
    }));
  }

  async function finish(
    job: ClaimedJob,
    outcome: { status: 'done' } | { status: 'failed'; error: string } | { status: 'pending'; error: string; at: Date },
  ): Promise<void> {
    const now = clock.now();
    if (outcome.status === 'pending') {
      await sql.query(P.sql`
        UPDATE jobs SET status = 'pending', next_at = ${sqlTime(outcome.at)}, locked_until = NULL, last_error = ${outcome.error}
        WHERE id = ${job.id} RETURNING id`);
      return;
    }
    await sql.query(P.sql`
      UPDATE jobs SET status = ${outcome.status}, locked_until = NULL, finished_at = ${sqlTime(now)},
        last_error = ${outcome.status === 'failed' ? outcome.error : null}
      WHERE id = ${job.id} RETURNING id`);
  }

  async function runJob(job: ClaimedJob): Promise<void> {
    const handler = handlers.get(job.kind)!;
    const maxAttempts = handler.maxAttempts ?? JOB_QUEUE.maxAttempts;
    let result: JobOutcome;
    try {
      result = await handler.run(job.payload, { attempt: job.attempts, jobId: job.id });
    } catch (error) {
      const text = errorText(error);
      if (job.attempts >= maxAttempts) {
        logger.warn('job given up', { kind: job.kind, jobId: job.id, attempts: job.attempts, error: text });
        await finish(job, { status: 'failed', error: text });
      } else {
        await finish(job, {
          status: 'pending',
          error: text,
          at: new Date(clock.now().getTime() + jobRetryDelayMs(job.attempts)),
        });
      }
      return;
    }
    await finish(
      job,
      result && 'giveUp' in result
        ? { status: 'failed', error: result.giveUp.slice(0, JOB_QUEUE.errorMax) }
        : { status: 'done' },
    );
  }

  async function round(): Promise<void> {
    const now = clock.now().getTime();
    if (now - lastPrune > 3_600_000) {
      lastPrune = now;
      await sql.query(
        P.sql`DELETE FROM jobs WHERE status <> 'pending' AND finished_at < ${sqlTime(new Date(now - JOB_QUEUE.keepMs))} RETURNING id`,
      );
    }
    while (!loop.stopped()) {
      const jobs = await claim(JOB_QUEUE.maxParallel - inFlight.size);
      for (const job of jobs) {
        const running = runJob(job)
          .catch((error: unknown) => logger.error('job failed to finish', { kind: job.kind, jobId: job.id }, error))
          .finally(() => {
            inFlight.delete(running);
            loop.kick();
          });
        inFlight.add(running);
      }
      if (jobs.length === 0 || inFlight.size >= JOB_QUEUE.maxParallel) return;
    }
  }

  const loop = claimLoop('job queue', round, { pollMs: deps.pollMs ?? JOB_QUEUE.pollMs, logger });

  return {
    /** Registers the handler of a kind (before `start`); a kind without one is queued but never run here. */
    handle(kind: string, handler: JobHandler): void {
      handlers.set(kind, handler);
    },

    /**
     * Queues jobs, inside the caller's transaction when given one (they exist exactly when its change does), else
     * on their own. Returns how many were new. This instance looks for them at once after a commit it can see.
     */
    async enqueue(jobs: readonly NewJob[], tx?: AnyTransaction): Promise<number> {
      if (jobs.length === 0) return 0;
      const now = clock.now();
      const q = tx ? queryerOf(tx) : sql;
      const rows = await q.query<{ id: number }>(P.sql`
        INSERT INTO jobs (kind, payload, dedupe_key, next_at, created_at)
        SELECT j.kind, j.payload::jsonb, j.key, j.at::timestamptz AT TIME ZONE 'UTC', ${sqlTime(now)}
        FROM unnest(${jobs.map((j) => j.kind)}::text[], ${jobs.map((j) => JSON.stringify(j.payload))}::text[],
          ${jobs.map((j) => j.dedupeKey ?? null)}::text[], ${jobs.map((j) => (j.runAt ?? now).toISOString())}::text[]) AS j(kind, payload, key, at)
        ON CONFLICT (dedupe_key) DO NOTHING
        RETURNING id`);
      if (!tx) loop.kick();
      return rows.length;
    },

    /** Something was queued in a transaction that has committed: look now rather than at the next poll. */
    kick: loop.kick,

    start: loop.start,

    /** Stops claiming and waits for the jobs in flight; what they do not finish is claimed again after its lock. */
    async stop(): Promise<void> {
      await loop.stop();
      await Promise.all([...inFlight]);
    },

    /** Counts by kind and status, for /metrics and tests. */
    async counts(): Promise<{ kind: string; status: string; n: number; oldest: Date | null }[]> {
      const rows = await sql.query<{ kind: string; status: string; n: number; oldest: string | null }>(P.sql`
        SELECT kind, status, count(*)::int AS n, ${sqlTimeText('min(created_at)')} AS oldest FROM jobs GROUP BY kind, status ORDER BY kind, status`);
      return rows.map((r) => ({
        kind: r.kind,
        status: r.status,
        n: Number(r.n),
        oldest: r.oldest === null ? null : new Date(r.oldest),
      }));
    },
  };
}
export type JobQueue = ReturnType<typeof createJobQueue>;
