// Outbound webhooks (decision 157): the admin's endpoints, and the shop's events queued for them.
// `emit` is what the event bus's subscribers call: it only queues (a lookup and an insert), so a shop request never
// waits on a webhook's answer (the sender delivers from the queue, sender.ts).
import crypto from 'node:crypto';
import { unixSeconds } from '#shared/time';
import {
  WEBHOOK_LIMITS,
  WEBHOOK_TEST_EVENT,
  type WebhookAttemptDto,
  type WebhookDeliveryDto,
  type WebhookDeliveryType,
  type WebhookDto,
  type WebhookEventBody,
  type WebhookEventType,
  type WebhookInput,
  type WebhookPatch,
} from '#shared/webhooks';
import type { AuditJson } from '#shared/audit';
import type { AuditRecorder } from '../audit/index.js';
import type { Clock } from '../clock.js';
import type { Logger } from '../logger.js';
import type { SecretBox } from '../security/secret-box.js';
import { keptReads } from '../kept-reads.js';
import type { UserRecord } from '../security/user-record.js';
import { AddressRefused, checkHost, hostOf } from './address-guard.js';
import type { WebhookSender } from './sender.js';
import { webhookErrors } from './webhook-errors.js';
import type {
  AlsoInTransaction,
  DeliveryRecord,
  WebhookRecord,
  WebhooksRepository,
  WebhookSummary,
} from './webhooks.repository.js';

/** Deliveries the log shows per endpoint (newest first). */
export const DELIVERY_LOG_SIZE = 50;

export const newWebhookSecret = (): string => `whsec_${crypto.randomBytes(32).toString('base64url')}`;
export const newEventId = (): string => `evt_${crypto.randomBytes(16).toString('hex')}`;

export function toWebhookDto(w: WebhookRecord | WebhookSummary): WebhookDto {
  return {
    id: w.id,
    url: w.url,
    events: w.events,
    enabled: w.enabled,
    created_at: unixSeconds(w.createdAt),
    pending: 'pending' in w ? w.pending : 0,
    failed: 'failed' in w ? w.failed : 0,
  };
}

export function toDeliveryDto(d: DeliveryRecord): WebhookDeliveryDto {
  return {
    id: d.id,
    event_id: d.eventId,
    type: d.type,
    status: d.status,
    created_at: unixSeconds(d.createdAt),
    next_at: d.status === 'pending' ? unixSeconds(d.nextAt) : null,
    attempts: d.tries.map((t): WebhookAttemptDto => ({
      at: unixSeconds(t.at),
      duration_ms: t.durationMs,
      status_code: t.statusCode,
      error: t.error,
    })),
  };
}

const auditView = (w: WebhookRecord): AuditJson => ({ url: w.url, events: w.events, enabled: w.enabled });

export function createWebhooksService(deps: {
  repository: WebhooksRepository;
  sender: Pick<WebhookSender, 'kick'>;
  box: SecretBox;
  audit: AuditRecorder;
  clock: Clock;
  logger: Logger;
  allowPrivate: boolean;
  /** Tells the other instances that the endpoints changed (the instance bus's 'webhooks' topic); none alone. */
  announceChange?: () => Promise<void>;
  /** With other instances, how old the kept subscriber lists may get (a bus message lost while Redis reconnected). */
  maxAgeMs?: number;
}) {
  const { repository, box, clock, logger } = deps;

  /**
   * Which endpoints take each event type, kept in memory (decision 222): every order placed asks, and
   * endpoints change only by an admin's hand. Dropped by this instance's changes and, through the instance bus, by
   * every other instance's; a read under way while a change drops the lists is answered but not kept.
   */
  const subscribers = keptReads<WebhookEventType, string[]>(deps.maxAgeMs);
  const subscribersOf = (type: WebhookEventType) => subscribers.read(type, () => repository.subscribersOf(type));
  /** After an endpoint changed: read the lists again here, and tell the other instances before the admin is answered. */
  async function endpointsChanged(): Promise<void> {
    subscribers.clear();
    await deps
      .announceChange?.()
      .catch((error: unknown) => logger.warn('webhook change not announced to the other instances', error));
  }

  async function checkUrl(url: string): Promise<void> {
    try {
      await checkHost(hostOf(new URL(url)), deps.allowPrivate);
    } catch (error) {
      if (error instanceof AddressRefused) throw webhookErrors.addressRefused();
      throw error;
    }
  }

  async function queue(
    type: WebhookDeliveryType,
    data: unknown,
    webhookIds: string[],
    audit?: AlsoInTransaction,
  ): Promise<DeliveryRecord[]> {
    if (webhookIds.length === 0) return [];
    const now = clock.now();
    const id = newEventId();
    const event: WebhookEventBody = { id, type, created_at: unixSeconds(now), data };
    const body = JSON.stringify(event);
    const made = await repository.enqueue(
      webhookIds.map((webhookId) => ({ webhookId, eventId: id, type, body })),
      now,
      audit,
    );
    deps.sender.kick();
    return made;
  }

  return {
    /**
     * A shop event for every endpoint that takes it: queued (one insert per endpoint; none when no endpoint takes
     * it) before the use case answers, so a 2xx means the event is in the queue; sending is the sender's, never the
     * request's. A failure is logged, never thrown: the change it tells of is committed already.
     */
    async emit(type: WebhookEventType, data: unknown): Promise<void> {
      try {
        await queue(type, data, await subscribersOf(type));
      } catch (error) {
        logger.error(`webhook event ${type} was not queued`, error);
      }
    },

    async list(): Promise<WebhookDto[]> {
      return (await repository.list()).map(toWebhookDto);
    },

    /** `POST /webhooks`: the secret is answered this once; stored sealed (decision 157). */
    async create(admin: UserRecord, input: WebhookInput): Promise<{ webhook: WebhookDto; secret: string }> {
      await checkUrl(input.url);
      const secret = newWebhookSecret();
      const id = crypto.randomUUID();
      const made = await repository.create(
        { id, url: input.url, events: input.events, secretSealed: box.seal(secret) },
        clock.now(),
        WEBHOOK_LIMITS.maxWebhooks,
        (tx) =>
          deps.audit(tx, {
            actorId: admin.id,
            action: 'webhook.create',
            targetType: 'webhook',
            targetId: id,
            before: null,
            after: { url: input.url, events: input.events, enabled: true },
          }),
      );
      if (!made) throw webhookErrors.limit();
      await endpointsChanged();
      return { webhook: toWebhookDto(made), secret };
    },

    async update(admin: UserRecord, id: string, patch: WebhookPatch): Promise<WebhookDto> {
      if (patch.url !== undefined) await checkUrl(patch.url);
      const changed = await repository.update(id, patch, clock.now(), (tx, before) =>
        deps.audit(tx, {
          actorId: admin.id,
          action: 'webhook.update',
          targetType: 'webhook',
          targetId: id,
          before: auditView(before),
          after: auditView({ ...before, ...patch }),
        }),
      );
      if (!changed) throw webhookErrors.notFound();
      await endpointsChanged();
      if (changed.enabled) deps.sender.kick();
      return toWebhookDto(changed);
    },

    async remove(admin: UserRecord, id: string): Promise<void> {
      const removed = await repository.delete(id, (tx, before) =>
        deps.audit(tx, {
          actorId: admin.id,
          action: 'webhook.delete',
          targetType: 'webhook',
          targetId: id,
          before: auditView(before),
          after: null,
        }),
      );
      if (!removed) throw webhookErrors.notFound();
      await endpointsChanged();
    },

    /** Another instance changed the endpoints (or its messages may have been lost): read them again. */
    dropped(): void {
      subscribers.clear();
    },

    async deliveries(id: string): Promise<WebhookDeliveryDto[]> {
      if (!(await repository.find(id))) throw webhookErrors.notFound();
      return (await repository.deliveries(id, DELIVERY_LOG_SIZE)).map(toDeliveryDto);
    },

    /** A new run of one delivery: sent at once (same event id and body), with a full schedule of retries. */
    async retry(admin: UserRecord, id: string, deliveryId: number): Promise<WebhookDeliveryDto> {
      const result = await repository.retry(id, deliveryId, clock.now(), (tx, d) =>
        deps.audit(tx, {
          actorId: admin.id,
          action: 'webhook.retry',
          targetType: 'webhook',
          targetId: id,
          before: null,
          after: { delivery: d.id, event_id: d.eventId, type: d.type },
        }),
      );
      if (result === 'notFound') throw webhookErrors.deliveryNotFound();
      if (result === 'busy') throw webhookErrors.deliveryPending();
      deps.sender.kick();
      return toDeliveryDto(result);
    },

    /** "Send test event": a `webhook.test` event to this endpoint alone, whatever it subscribed to. */
    async sendTest(admin: UserRecord, id: string): Promise<WebhookDeliveryDto> {
      const webhook = await repository.find(id);
      if (!webhook) throw webhookErrors.notFound();
      const [made] = await queue(
        WEBHOOK_TEST_EVENT,
        { webhook_id: id, message: 'A test event from the shop' },
        [id],
        (tx) =>
          deps.audit(tx, {
            actorId: admin.id,
            action: 'webhook.test',
            targetType: 'webhook',
            targetId: id,
            before: null,
            after: { url: webhook.url },
          }),
      );
      return toDeliveryDto(made);
    },
  };
}
export type WebhooksService = ReturnType<typeof createWebhooksService>;
