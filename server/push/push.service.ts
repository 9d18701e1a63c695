// Web Push (decisions 275-276): customers' browsers subscribe to an order or to their account; the shop's order
// changes, and the warning before a waiting order times out, become one job per subscription in the durable job
// queue, sent as RFC 8291 (aes128gcm) messages signed with the shop's VAPID key (RFC 8292) through the webhooks'
// address-checked client. A push service's 404 or 410 drops the subscription; any other failure is retried.
import crypto from 'node:crypto';
import net from 'node:net';
import webPush from 'web-push';
import { PUSH_LIMITS, pushMessageSchema, type PushMessage, type PushSubscriptionInput } from '#shared/push';
import type { AuditRecorder } from '../audit/index.js';
import type { Clock } from '../clock.js';
import type { AnyTransaction } from '../db/database.js';
import type { JobOutcome, NewJob } from '../jobs/job-queue.js';
import type { Logger } from '../logger.js';
import type { SecretBox } from '../security/secret-box.js';
import { AddressRefused, checkHost, hostOf, postOnce } from '../webhooks/index.js';
import {
  orderPushKinds,
  orderPushMessage,
  timeoutWarningKind,
  type PushedOrder,
  type PushKind,
} from './push-messages.js';
import { pushErrors } from './push-errors.js';
import type { PushOwner, PushRepository, PushSubscriptionRecord } from './push.repository.js';

/** The job kind of one push to one subscription. */
export const PUSH_JOB = 'push.send';

export const PUSH_DELIVERY = {
  /** How long a push service keeps an undelivered message for a phone that is off (seconds). */
  ttlSeconds: 24 * 3600,
  /** Tries of one push (the queue's backoff: the last about an hour after the first); later news is stale. */
  maxAttempts: 6,
  /** How often the shop looks for waiting orders about to time out. */
  timeoutCheckMs: 30_000,
};

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

interface PushJobPayload {
  subscriptionId: number;
  message: PushMessage;
}

/** The order as the push domain reads it: what a message says, and whose account follows it. */
export type PushOrder = PushedOrder & { userId: string | null };

const hashEndpoint = (endpoint: string) => crypto.createHash('sha256').update(endpoint).digest('hex');
const isLoopback = (host: string) =>
  host === 'localhost' || (net.isIP(host) !== 0 && (host === '::1' || /^127\./.test(host)));

export function createPushService(deps: {
  repository: PushRepository;
  /** Seals the subscriptions' `auth` secrets. */
  box: SecretBox;
  jobs: { enqueue(jobs: readonly NewJob[], tx?: AnyTransaction): Promise<number> };
  audit: AuditRecorder;
  clock: Clock;
  logger: Logger;
  vapid: VapidKeys;
  /** WEBHOOK_ALLOW_PRIVATE=1: private endpoints, and plain http to a loopback one (tests play the push service). */
  allowPrivate: boolean;
  orderExists: (id: string) => Promise<boolean>;
  /** Waiting orders whose time runs out after `from` and no later than `to`. */
  waitingEndingBetween: (from: Date, to: Date) => Promise<PushOrder[]>;
}) {
  const { repository, box, jobs, audit, clock, logger, vapid } = deps;

  /** The endpoint's address rules: https and public (the webhooks' guard), loopback http only when private ones are allowed. */
  async function checkEndpoint(endpoint: string, field: string): Promise<void> {
    const url = new URL(endpoint);
    const host = hostOf(url);
    if (url.protocol !== 'https:' && !(deps.allowPrivate && isLoopback(host)))
      throw pushErrors.endpointRefused(field, 'not https');
    try {
      await checkHost(host, deps.allowPrivate);
    } catch (error) {
      if (error instanceof AddressRefused) throw pushErrors.endpointRefused(field, error.message);
      throw error;
    }
  }

  async function subscribe(owner: PushOwner, sub: PushSubscriptionInput, actorId: string | null): Promise<void> {
    await checkEndpoint(sub.endpoint, 'subscription.endpoint');
    const endpointHash = hashEndpoint(sub.endpoint);
    const [targetType, targetId] = 'orderId' in owner ? ['order', owner.orderId] : ['user', owner.userId];
    const outcome = await repository.subscribe(
      owner,
      { endpoint: sub.endpoint, endpointHash, p256dh: sub.keys.p256dh, authSealed: box.seal(sub.keys.auth) },
      clock.now(),
      PUSH_LIMITS.maxSubscriptions,
      // The push service's origin only: the endpoint's path is the browser's address at it.
      (tx, renewed) =>
        audit(tx, {
          actorId,
          action: renewed ? 'push.renew' : 'push.subscribe',
          targetType,
          targetId,
          before: null,
          after: { push_service: new URL(sub.endpoint).origin, endpoint_hash: endpointHash.slice(0, 16) },
        }),
    );
    if (outcome === 'full') throw pushErrors.limit();
  }

  async function unsubscribe(owner: PushOwner, endpoint: string, actorId: string | null): Promise<void> {
    const endpointHash = hashEndpoint(endpoint);
    const [targetType, targetId] = 'orderId' in owner ? ['order', owner.orderId] : ['user', owner.userId];
    await repository.unsubscribe(owner, endpointHash, (tx) =>
      audit(tx, {
        actorId,
        action: 'push.unsubscribe',
        targetType,
        targetId,
        before: { push_service: new URL(endpoint).origin, endpoint_hash: endpointHash.slice(0, 16) },
        after: null,
      }),
    );
  }

  /** One job per phone (an endpoint following the order both directly and through its account is pushed once). */
  function pushJobs(
    subscriptions: readonly PushSubscriptionRecord[],
    order: PushOrder,
    kinds: readonly PushKind[],
  ): NewJob[] {
    const following = subscriptions.filter(
      (s) => s.orderId === order.id || (order.userId !== null && s.userId === order.userId),
    );
    const byEndpoint = new Map<string, PushSubscriptionRecord>();
    for (const s of following) if (!byEndpoint.has(s.endpointHash)) byEndpoint.set(s.endpointHash, s);
    return [...byEndpoint.values()].flatMap((s) =>
      kinds.map((kind) => ({
        kind: PUSH_JOB,
        payload: { subscriptionId: s.id, message: orderPushMessage(kind, order) } satisfies PushJobPayload,
        // A repeated event, or the periodic check seeing the same order again, is one push.
        dedupeKey: `push:${s.endpointHash.slice(0, 32)}:${order.id}:${kind}`,
      })),
    );
  }

  async function queuePushes(orders: readonly PushOrder[], kindsOf: (order: PushOrder) => PushKind[]): Promise<number> {
    const wanted = orders.map((order) => ({ order, kinds: kindsOf(order) })).filter((w) => w.kinds.length > 0);
    if (wanted.length === 0) return 0;
    const userIds = [...new Set(wanted.flatMap((w) => (w.order.userId ? [w.order.userId] : [])))];
    const subscriptions = await repository.following(
      wanted.map((w) => w.order.id),
      userIds,
    );
    if (subscriptions.length === 0) return 0;
    return jobs.enqueue(wanted.flatMap((w) => pushJobs(subscriptions, w.order, w.kinds)));
  }

  return {
    publicKey: (): string => vapid.publicKey,

    /** Whoever holds the order's id may follow it (decision 011: holding the id is the right to see the order). */
    async subscribeOrder(orderId: string, sub: PushSubscriptionInput, actorId: string | null): Promise<void> {
      if (!(await deps.orderExists(orderId))) throw pushErrors.orderNotFound();
      await subscribe({ orderId }, sub, actorId);
    },
    async unsubscribeOrder(orderId: string, endpoint: string, actorId: string | null): Promise<void> {
      if (!(await deps.orderExists(orderId))) throw pushErrors.orderNotFound();
      await unsubscribe({ orderId }, endpoint, actorId);
    },
    subscribeAccount: (userId: string, sub: PushSubscriptionInput) => subscribe({ userId }, sub, userId),
    unsubscribeAccount: (userId: string, endpoint: string) => unsubscribe({ userId }, endpoint, userId),

    /**
     * An order changed (after its commit): its pushes are queued, one job per phone. A failure is logged, never
     * thrown: the change is committed already, and a push is a courtesy, not a record.
     */
    async orderChanged(order: PushOrder, before: { status: string; verification: string } | null): Promise<void> {
      try {
        await queuePushes([order], (o) => orderPushKinds(o, before));
      } catch (error) {
        logger.error(`pushes of order ${order.id} were not queued`, error);
      }
    },

    /** The periodic check: waiting orders that time out within 5 minutes warn their followers, once per order and phone. */
    async warnTimeouts(): Promise<number> {
      const now = clock.now();
      const ending = await deps.waitingEndingBetween(
        now,
        new Date(now.getTime() + PUSH_LIMITS.timeoutWarningMinutes * 60_000),
      );
      return queuePushes(ending, (order) => [timeoutWarningKind(order.productId)]);
    },

    /** The job handler of PUSH_JOB: encrypt, sign, send once; what a retry needs is the queue's. */
    async sendPush(payload: unknown): Promise<JobOutcome> {
      const { subscriptionId, message } = payload as PushJobPayload;
      const parsed = pushMessageSchema.safeParse(message);
      if (!parsed.success) return { giveUp: 'the queued push is malformed' };
      const sub = await repository.find(subscriptionId);
      // Unsubscribed (or dropped) since it was queued: nothing to send.
      if (!sub) return undefined;
      const auth = box.open(sub.authSealed);
      if (auth === null) return { giveUp: "the subscription's auth secret does not open with this key" };
      const details = webPush.generateRequestDetails(
        { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth } },
        JSON.stringify(parsed.data),
        {
          vapidDetails: vapid,
          TTL: PUSH_DELIVERY.ttlSeconds,
          contentEncoding: 'aes128gcm',
          urgency: 'high',
        },
      );
      const headers = Object.fromEntries(
        Object.entries(details.headers).map(([name, value]) => [name.toLowerCase(), String(value)]),
      );
      const answer = await postOnce(details.endpoint, details.body ?? Buffer.alloc(0), headers, deps.allowPrivate);
      if (answer.statusCode === 404 || answer.statusCode === 410) {
        await repository.removeEndpoint(sub.endpointHash);
        return { giveUp: `HTTP ${answer.statusCode}: the subscription has expired and was removed` };
      }
      if (answer.error !== null) throw new Error(answer.error);
      return undefined;
    },
  };
}
export type PushService = ReturnType<typeof createPushService>;
