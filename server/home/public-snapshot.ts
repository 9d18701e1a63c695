// The public read model (decision 081): /home, /products/all, /products/{id} and the recent-orders
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
  /**
   * The listing, and whether it follows the orders: a capped method or a limited or paused fleet number makes
   * `limit_reached` depend on the day's orders (decision 112); otherwise an order changes nothing in it.
   */
  listProducts: () => Promise<{ products: ProductDto[]; followsOrders: boolean }>;
  recentOrders: () => Promise<HomeOrderDto[]>;
  isAdminOnline: () => Promise<boolean>;
}

/** The instance bus key of an order's change: only the recent orders (and a listing that follows them) go. */
const ORDERS_KEY = 'orders';

/**
 * One part of the snapshot, rebuilt lazily: every change bumps the version, and a build keeps its result only if
 * no change happened while it read. A build begun before midnight Asia/Dhaka is not shared after it. `fresh`: a
 * further test of a kept value, and of whether a build under way may still be shared (`stamp`, taken as it began).
 */
function keptPart<T>(
  load: () => Promise<T>,
  clock: () => Date,
  maxAgeMs: number | undefined,
  fresh: (value: T) => boolean = () => true,
  stamp: () => number = () => 0,
) {
  let version = 0;
  let current: { version: number; builtAt: number; validUntil: number; value: T } | undefined;
  let building: { version: number; stamp: number; validUntil: number; promise: Promise<T> } | undefined;
  return {
    dirty(): void {
      version += 1;
      current = undefined;
    },
    async get(): Promise<T> {
      if (
        current &&
        current.version === version &&
        clock().getTime() < current.validUntil &&
        (!maxAgeMs || Date.now() - current.builtAt < maxAgeMs) &&
        fresh(current.value)
      ) {
        return current.value;
      }
      if (
        building &&
        building.version === version &&
        building.stamp === stamp() &&
        clock().getTime() < building.validUntil
      )
        return building.promise;
      const startedAt = version;
      const validUntil = nextDhakaMidnight(clock()).getTime();
      const promise = load();
      building = { version: startedAt, stamp: stamp(), validUntil, promise };
      try {
        const value = await promise;
        if (version === startedAt) current = { version: startedAt, builtAt: Date.now(), validUntil, value };
        return value;
      } finally {
        if (building?.promise === promise) building = undefined;
      }
    },
  };
}

interface CataloguePart {
  productsJson: string;
  productsAll: JsonBody;
  product: Map<string, JsonBody>;
  adminOnline: boolean;
  followsOrders: boolean;
  /** The orders' version when the build began: a listing that follows the orders is stale once it moved. */
  ordersSeen: number;
}

/**
 * `maxAgeMs`: a safety net with several instances (a bus message lost while Redis reconnected). `clock`: what the
 * day is; a snapshot lasts until the next midnight Asia/Dhaka at most, when capped payment methods open again
 * (decision 112). Two parts (decision 222): the catalogue (products, methods, the admin flag) and the
 * recent orders; an order's change rebuilds only the second, unless the listing follows the orders.
 */
export function createPublicSnapshots(deps: {
  source: PublicSnapshotSource;
  /** The other instances' changes: 'public' and 'settings' (the shop's rules) drop the snapshot (decision 081). */
  bus?: InstanceBus;
  logger: Logger;
  maxAgeMs?: number;
  clock?: () => Date;
}) {
  const { source, bus, logger } = deps;
  const clock = deps.clock ?? (() => new Date());

  // Bumped by every order's change. The catalogue does not take a version bump from it: under a stream of orders
  // a build would never be kept. Instead a listing that follows the orders is stale once they moved since it began.
  let ordersVersion = 0;
  const catalogue = keptPart<CataloguePart>(
    async () => {
      const ordersSeen = ordersVersion;
      const [{ products, followsOrders }, adminOnline] = await Promise.all([
        source.listProducts(),
        source.isAdminOnline(),
      ]);
      const productsJson = JSON.stringify(products);
      return {
        productsJson,
        productsAll: jsonBody(`{"ok":true,"products":${productsJson}}`),
        product: new Map(
          products.map((p) => [p.id, jsonBody(JSON.stringify({ ok: true, text: 'Success', product: p }))]),
        ),
        adminOnline,
        followsOrders,
        ordersSeen,
      };
    },
    clock,
    deps.maxAgeMs,
    (kept) => !kept.followsOrders || kept.ordersSeen === ordersVersion,
    () => ordersVersion,
  );
  const orders = keptPart(() => source.recentOrders(), clock, deps.maxAgeMs);
  // The whole answer, made once per pair of parts.
  let composed: { catalogue: CataloguePart; orders: HomeOrderDto[]; snapshot: PublicSnapshot } | undefined;

  const markDirty = () => {
    catalogue.dirty();
    orders.dirty();
  };
  const ordersDirty = () => {
    ordersVersion += 1;
    orders.dirty();
  };
  bus?.on('public', (key) => (key === ORDERS_KEY ? ordersDirty() : markDirty()));
  bus?.on('settings', markDirty);

  async function publish(topic: 'public' | 'settings', key?: string): Promise<void> {
    if (!bus) return;
    try {
      await bus.publish(topic, key);
    } catch (error) {
      logger.error('public snapshot: change not published', error);
    }
  }

  return {
    /** The snapshot as of now: every change that answered before this call is in it (on another instance too). */
    async get(): Promise<PublicSnapshot> {
      if (bus) {
        await bus.ready;
        // The other instances' changes that answered before this read, heard before it is answered (decision 245).
        // When Redis could not confirm it in time, a change's message may still be on its way: this read goes to the
        // database rather than answer from what may be stale (a CI run's /home missed an order after a timeout).
        if (!(await bus.settle())) markDirty();
      }
      const [c, o] = await Promise.all([catalogue.get(), orders.get()]);
      if (composed?.catalogue === c && composed.orders === o) return composed.snapshot;
      const head = `{"ok":true,"products":${c.productsJson},"orders":${JSON.stringify(o)},"user":`;
      const tail = `,"adminOnline":${c.adminOnline}}`;
      const snapshot: PublicSnapshot = {
        productsAll: c.productsAll,
        product: c.product,
        home: { head, tail, anonymous: jsonBody(`${head}null${tail}`) },
        orders: o,
      };
      composed = { catalogue: c, orders: o, snapshot };
      return snapshot;
    },

    /**
     * A write changed public data (or, `settings`, the shop's rules, which the other instances drop too): drop the
     * snapshot here at once, then tell the other instances (awaited, so the write answers only after the message
     * is on its way). A failed message is logged, not thrown: the write is committed, and the other instances'
     * `maxAgeMs` bounds how long they may lag.
     */
    async changed(topic: 'public' | 'settings' = 'public'): Promise<void> {
      markDirty();
      await publish(topic);
    },

    /** An order was placed or moved: the recent orders go, and the listing only where it follows the orders. */
    async ordersChanged(): Promise<void> {
      ordersDirty();
      await publish('public', ORDERS_KEY);
    },

    /** The bus is the composition root's: it closes it. */
    async close(): Promise<void> {},
  };
}
export type PublicSnapshots = ReturnType<typeof createPublicSnapshots>;
