// The webhooks' tables (decision 156): the admin's endpoints, one delivery per (endpoint, event), which is also the
// job of the durable queue, and one row per attempt. The only Prisma code of the domain.
import {
  WEBHOOK_EVENTS,
  type WebhookDeliveryStatus,
  type WebhookDeliveryType,
  type WebhookEventType,
} from '#shared/webhooks';
import { Prisma as P } from '../generated/prisma/client.js';
import type { Prisma, Transaction } from '../db/database.js';
import { sqlTime } from '../db/sql-time.js';

export type AlsoInTransaction<T = void> = (tx: Transaction, value: T) => Promise<void>;

export interface WebhookRecord {
  id: string;
  url: string;
  events: WebhookEventType[];
  secretSealed: string;
  enabled: boolean;
  createdAt: Date;
}

export interface WebhookSummary extends WebhookRecord {
  pending: number;
  failed: number;
}

export interface AttemptRecord {
  at: Date;
  durationMs: number;
  statusCode: number | null;
  error: string | null;
}

export interface DeliveryRecord {
  id: number;
  webhookId: string;
  eventId: string;
  type: WebhookDeliveryType;
  status: WebhookDeliveryStatus;
  attempts: number;
  nextAt: Date;
  lockedUntil: Date | null;
  createdAt: Date;
  tries: AttemptRecord[];
}

/** A job taken from the queue: what one attempt needs. */
export interface ClaimedDelivery {
  id: number;
  webhookId: string;
  eventId: string;
  body: string;
  /** This attempt's number in the current run (1 = the first). */
  attempt: number;
  url: string;
  secretSealed: string;
}

export interface NewDelivery {
  webhookId: string;
  eventId: string;
  type: WebhookDeliveryType;
  body: string;
}

/** What follows an attempt: delivered, tried again at `at`, or given up. */
export type AttemptOutcome = { status: 'delivered' } | { status: 'pending'; at: Date } | { status: 'failed' };

const knownEvents = (events: string[]): WebhookEventType[] => WEBHOOK_EVENTS.filter((e) => events.includes(e));

function toWebhook(row: {
  id: string;
  url: string;
  events: string[];
  secretSealed: string;
  enabled: boolean;
  createdAt: Date;
}): WebhookRecord {
  return {
    id: row.id,
    url: row.url,
    events: knownEvents(row.events),
    secretSealed: row.secretSealed,
    enabled: row.enabled,
    createdAt: row.createdAt,
  };
}

const deliveryInclude = { tries: { orderBy: { id: 'desc' } } } as const;

function toDelivery(row: {
  id: number;
  webhookId: string;
  eventId: string;
  eventType: string;
  status: string;
  attempts: number;
  nextAt: Date;
  lockedUntil: Date | null;
  createdAt: Date;
  tries: { at: Date; durationMs: number; statusCode: number | null; error: string | null }[];
}): DeliveryRecord {
  return {
    id: row.id,
    webhookId: row.webhookId,
    eventId: row.eventId,
    type: row.eventType as WebhookDeliveryType,
    status: row.status as WebhookDeliveryStatus,
    attempts: row.attempts,
    nextAt: row.nextAt,
    lockedUntil: row.lockedUntil,
    createdAt: row.createdAt,
    tries: row.tries.map((t) => ({ at: t.at, durationMs: t.durationMs, statusCode: t.statusCode, error: t.error })),
  };
}

export function createWebhooksRepository(prisma: Prisma) {
  return {
    // ---------- endpoints ----------
    async list(): Promise<WebhookSummary[]> {
      const rows = await prisma.webhook.findMany({ orderBy: { createdAt: 'asc' } });
      const counts = await prisma.webhookDelivery.groupBy({
        by: ['webhookId', 'status'],
        where: { status: { in: ['pending', 'failed'] } },
        _count: { _all: true },
      });
      const count = (id: string, status: string) =>
        counts.find((c) => c.webhookId === id && c.status === status)?._count._all ?? 0;
      return rows.map((row) => ({
        ...toWebhook(row),
        pending: count(row.id, 'pending'),
        failed: count(row.id, 'failed'),
      }));
    },

    async find(id: string): Promise<WebhookRecord | null> {
      const row = await prisma.webhook.findUnique({ where: { id } });
      return row ? toWebhook(row) : null;
    },

    /** Adds the endpoint unless `max` exist already (false then); the audit entry commits with it. */
    async create(
      webhook: Omit<WebhookRecord, 'createdAt' | 'enabled'>,
      now: Date,
      max: number,
      audit: AlsoInTransaction,
    ): Promise<WebhookRecord | null> {
      return prisma.$transaction(async (tx) => {
        // Two admins adding the 20th at once: the count and the insert are one decision.
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('webhooks.create'))`;
        if ((await tx.webhook.count()) >= max) return null;
        const row = await tx.webhook.create({ data: { ...webhook, createdAt: now, updatedAt: now } });
        await audit(tx);
        return toWebhook(row);
      });
    },

    /** Changes the endpoint (null when it does not exist); the audit entry sees it before. */
    async update(
      id: string,
      patch: { url?: string; events?: string[]; enabled?: boolean },
      now: Date,
      audit: AlsoInTransaction<WebhookRecord>,
    ): Promise<WebhookRecord | null> {
      return prisma.$transaction(async (tx) => {
        const before = await tx.webhook.findUnique({ where: { id } });
        if (!before) return null;
        const row = await tx.webhook.update({ where: { id }, data: { ...patch, updatedAt: now } });
        await audit(tx, toWebhook(before));
        return toWebhook(row);
      });
    },

    /** Removes the endpoint with its deliveries and their log; false when it did not exist. */
    async delete(id: string, audit: AlsoInTransaction<WebhookRecord>): Promise<boolean> {
      return prisma.$transaction(async (tx) => {
        const before = await tx.webhook.findUnique({ where: { id } });
        if (!before) return false;
        await tx.webhook.delete({ where: { id } });
        await audit(tx, toWebhook(before));
        return true;
      });
    },

    /** The enabled endpoints that take `type`. */
    async subscribersOf(type: WebhookEventType): Promise<string[]> {
      return (
        await prisma.webhook.findMany({ where: { enabled: true, events: { has: type } }, select: { id: true } })
      ).map((w) => w.id);
    },

    // ---------- the queue ----------
    /** Queues the deliveries (due now), with the audit entry of an admin's test send in the same transaction. */
    async enqueue(deliveries: NewDelivery[], now: Date, audit?: AlsoInTransaction): Promise<DeliveryRecord[]> {
      return prisma.$transaction(async (tx) => {
        const made: DeliveryRecord[] = [];
        for (const d of deliveries) {
          const row = await tx.webhookDelivery.create({
            data: {
              webhookId: d.webhookId,
              eventId: d.eventId,
              eventType: d.type,
              body: d.body,
              nextAt: now,
              createdAt: now,
            },
            include: deliveryInclude,
          });
          made.push(toDelivery(row));
        }
        await audit?.(tx);
        return made;
      });
    },

    /**
     * Takes up to `limit` due deliveries for `lockMs`, at most one per endpoint and none of the endpoints in `busy`
     * (this instance is sending to them): rows another instance holds are skipped (FOR UPDATE SKIP LOCKED, and
     * `locked_until` while it sends), so one delivery is sent by one instance.
     */
    async claimDue(now: Date, limit: number, lockMs: number, busy: readonly string[]): Promise<ClaimedDelivery[]> {
      if (limit <= 0) return [];
      const notBusy = busy.length > 0 ? P.sql`AND d.webhook_id NOT IN (${P.join(busy)})` : P.empty;
      // The due rows are picked once (MATERIALIZED), as the job queue does: as a plain `IN (subquery)` the planner may
      // scan the subquery again for each row it updates, and with SKIP LOCKED each scan can find other rows.
      const rows = await prisma.$queryRaw<
        { id: number; webhook_id: string; event_id: string; body: string; attempts: number }[]
      >`
        WITH due AS MATERIALIZED (
          SELECT c.id FROM webhook_deliveries c
          WHERE c.id IN (
            SELECT DISTINCT ON (d.webhook_id) d.id FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id AND w.enabled
            WHERE d.status = 'pending' AND d.next_at <= ${sqlTime(now)} AND (d.locked_until IS NULL OR d.locked_until <= ${sqlTime(now)}) ${notBusy}
            ORDER BY d.webhook_id, d.next_at, d.id)
            AND c.status = 'pending' AND (c.locked_until IS NULL OR c.locked_until <= ${sqlTime(now)})
          ORDER BY c.next_at, c.id LIMIT ${limit} FOR UPDATE SKIP LOCKED)
        UPDATE webhook_deliveries u SET locked_until = ${sqlTime(new Date(now.getTime() + lockMs))}, attempts = u.attempts + 1
        FROM due WHERE u.id = due.id
          -- Asked again of the row as locked: under READ COMMITTED a row another instance claimed (and committed) after
          -- this statement's snapshot is locked here all the same, and only the conditions on the locked relation itself
          -- are re-checked against its newest version; without these it could be sent twice.
          AND u.status = 'pending' AND (u.locked_until IS NULL OR u.locked_until <= ${sqlTime(now)})
        RETURNING u.id, u.webhook_id, u.event_id, u.body, u.attempts`;
      if (rows.length === 0) return [];
      const hooks = await prisma.webhook.findMany({
        where: { id: { in: rows.map((r) => r.webhook_id) } },
        select: { id: true, url: true, secretSealed: true },
      });
      return rows.flatMap((r) => {
        const hook = hooks.find((h) => h.id === r.webhook_id);
        return hook
          ? [
              {
                id: Number(r.id),
                webhookId: r.webhook_id,
                eventId: r.event_id,
                body: r.body,
                attempt: Number(r.attempts),
                url: hook.url,
                secretSealed: hook.secretSealed,
              },
            ]
          : [];
      });
    },

    /** Logs the attempt and moves the delivery on, in one transaction (the delivery may have been deleted since). */
    async finishAttempt(deliveryId: number, attempt: AttemptRecord, outcome: AttemptOutcome, now: Date): Promise<void> {
      await prisma.$transaction(async (tx) => {
        const { count } = await tx.webhookDelivery.updateMany({
          where: { id: deliveryId },
          data:
            outcome.status === 'pending'
              ? { status: 'pending', nextAt: outcome.at, lockedUntil: null }
              : { status: outcome.status, lockedUntil: null, finishedAt: now },
        });
        if (count > 0) await tx.webhookAttempt.create({ data: { deliveryId, ...attempt } });
      });
    },

    /** Lets go of claimed deliveries that were not tried (the instance stops): due again at once. */
    async release(deliveryIds: number[]): Promise<void> {
      if (deliveryIds.length === 0) return;
      await prisma.webhookDelivery.updateMany({
        where: { id: { in: deliveryIds } },
        data: { lockedUntil: null, attempts: { decrement: 1 } },
      });
    },

    /** Deliveries finished before `before` (delivered or given up) go, with their log. */
    async prune(before: Date): Promise<number> {
      return (
        await prisma.webhookDelivery.deleteMany({
          where: { status: { in: ['delivered', 'failed'] }, finishedAt: { lt: before } },
        })
      ).count;
    },

    // ---------- the log ----------
    async deliveries(webhookId: string, limit: number): Promise<DeliveryRecord[]> {
      const rows = await prisma.webhookDelivery.findMany({
        where: { webhookId },
        orderBy: { id: 'desc' },
        take: limit,
        include: deliveryInclude,
      });
      return rows.map(toDelivery);
    },

    /**
     * A new run of the delivery: tried at once, with a full schedule of retries. Not while an instance is sending it
     * ('busy'); 'notFound' when the endpoint has no such delivery.
     */
    async retry(
      webhookId: string,
      deliveryId: number,
      now: Date,
      audit: AlsoInTransaction<DeliveryRecord>,
    ): Promise<DeliveryRecord | 'notFound' | 'busy'> {
      return prisma.$transaction(async (tx) => {
        const rows = await tx.$queryRaw<{ id: number; locked_until: Date | null }[]>`
          SELECT id, locked_until FROM webhook_deliveries WHERE id = ${deliveryId} AND webhook_id = ${webhookId} FOR UPDATE`;
        const row = rows[0];
        if (!row) return 'notFound';
        const held = await tx.webhookDelivery.count({ where: { id: deliveryId, lockedUntil: { gt: now } } });
        if (held > 0) return 'busy';
        const updated = await tx.webhookDelivery.update({
          where: { id: deliveryId },
          data: { status: 'pending', attempts: 0, nextAt: now, lockedUntil: null, finishedAt: null },
          include: deliveryInclude,
        });
        const delivery = toDelivery(updated);
        await audit(tx, delivery);
        return delivery;
      });
    },
  };
}
export type WebhooksRepository = ReturnType<typeof createWebhooksRepository>;
