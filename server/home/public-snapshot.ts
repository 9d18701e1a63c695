// The public read model (issue 8 item 4, decision 081): /home, /products/all, /products/{id} and the recent-orders
// list, built from the database once and kept in memory as ready-to-send JSON with an ETag. Writes that change
// them call `changed()` before they answer: the snapshot is dropped at once in this instance and, through the bus,
// in every other instance, which rebuilds lazily on its next read.
import type { HomeOrderDto, ProductDto } from '#shared/api-types';
import { nextDhakaMidnight } from '#shared/dhaka';
import { jsonBody, type JsonBody } from '../http/etag.js';
import type { Logger } from '../logger.js';
import type { InstanceBus } from '../instance-bus.js';

export interface PublicSnapshot {
  /** GET /products/all. */
  productsAll: JsonBody;
  /** GET /products/{id}, by id. */
  product: Map<string, JsonBody>;
  /** GET /home without the caller: the text before and after the `user` value. */
  home: { head: string; tail: string; anonymous: JsonBody };
  orders: HomeOrderDto[];
}

export interface PublicSnapshotSource {
  listProducts: () => Promise<ProductDto[]>;
  recentOrders: () => Promise<HomeOrderDto[]>;
  isAdminOnline: () => Promise<boolean>;
}

/**
 * `maxAgeMs`: a safety net with several instances (a bus message lost while Redis reconnected). `clock`: what the
 * day is; a snapshot lasts until the next midnight Asia/Dhaka at most, when capped payment methods open again
 * (decision 124).
 */
export function createPublicSnapshots(deps: {
  source: PublicSnapshotSource;
  /** The other instances' changes: 'public' and 'settings' (the shop's rules) drop the snapshot (decision 164). */
  bus?: InstanceBus;
  logger: Logger;
  maxAgeMs?: number;
  clock?: () => Date;
}) {
  const { source, bus, logger } = deps;
  const clock = deps.clock ?? (() => new Date());
  // Every change bumps the version; a build keeps its result only if no change happened while it read.
  let version = 0;
  let current: { version: number; builtAt: number; validUntil: number; snapshot: PublicSnapshot } | undefined;
  let building: { version: number; validUntil: number; promise: Promise<PublicSnapshot> } | undefined;

  const markDirty = () => {
    version += 1;
    current = undefined;
  };
  bus?.on('public', markDirty);
  bus?.on('settings', markDirty);

  async function build(): Promise<PublicSnapshot> {
    const [products, orders, adminOnline] = await Promise.all([source.listProducts(), source.recentOrders(), source.isAdminOnline()]);
    const productsJson = JSON.stringify(products);
    const head = `{"ok":true,"products":${productsJson},"orders":${JSON.stringify(orders)},"user":`;
    const tail = `,"adminOnline":${adminOnline}}`;
    return {
      productsAll: jsonBody(`{"ok":true,"products":${productsJson}}`),
      product: new Map(products.map((p) => [p.id, jsonBody(JSON.stringify({ ok: true, text: 'Success', product: p }))])),
      home: { head, tail, anonymous: jsonBody(`${head}null${tail}`) },
      orders,
    };
  }

  return {
    /** The snapshot as of now: every change that answered before this call is in it. */
    async get(): Promise<PublicSnapshot> {
      if (bus) await bus.ready;
      if (
        current &&
        current.version === version &&
        clock().getTime() < current.validUntil &&
        (!deps.maxAgeMs || Date.now() - current.builtAt < deps.maxAgeMs)
      ) {
        return current.snapshot;
      }
      // A build begun before midnight is not shared after it: the day's caps have reset.
      if (building && building.version === version && clock().getTime() < building.validUntil) return building.promise;
      const startedAt = version;
      const validUntil = nextDhakaMidnight(clock()).getTime();
      const promise = build();
      building = { version: startedAt, validUntil, promise };
      try {
        const snapshot = await promise;
        if (version === startedAt) current = { version: startedAt, builtAt: Date.now(), validUntil, snapshot };
        return snapshot;
      } finally {
        if (building?.promise === promise) building = undefined;
      }
    },

    /**
     * A write changed public data (or, `settings`, the shop's rules, which the other instances drop too): drop the
     * snapshot here at once, then tell the other instances (awaited, so
     * the write answers only after the message is on its way). A failed message is logged, not thrown: the
     * write is committed, and the other instances' `maxAgeMs` bounds how long they may lag.
     */
    async changed(topic: 'public' | 'settings' = 'public'): Promise<void> {
      markDirty();
      if (!bus) return;
      try {
        await bus.publish(topic);
      } catch (error) {
        logger.error('public snapshot: change not published', error);
      }
    },

    /** The bus is the composition root's: it closes it. */
    async close(): Promise<void> {},
  };
}
export type PublicSnapshots = ReturnType<typeof createPublicSnapshots>;
