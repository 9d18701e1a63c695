// The order page's read model (decision 081): each order read once and kept in memory with its two answers
// (the public view and the staff's full view) as ready JSON and a weak ETag, until the order changes. The order's
// `order.changed` drops it here before any push goes out, and the instance bus drops it in every other instance.
// The cache holds views, never decisions: who sees which view is decided on every request (decision 070).
import type { OrderView } from '#shared/api-types';
import { jsonBody, weakEtagOf, type JsonBody } from '../http/etag.js';
import { toAdminOrderDto, toPublicOrderDto } from './order-dto.js';
import type { OrderRecord } from './order-row.js';
import { DEFAULT_STAFF_RULES, type StaffRules } from './four-eyes.js';

export type OrderAudience = 'public' | 'full';

export interface CachedOrder {
  order: OrderRecord;
  /** When it was read (ms), for the max age. */
  readAt: number;
  /** Keyed by audience (and, for the staff's view, the shop's rules it was made with). */
  answers: Partial<Record<string, JsonBody>>;
}

/** GET /orders/{id}'s body for one audience, with its validator (made once per cached order and audience). */
export function orderAnswer(
  entry: CachedOrder,
  audience: OrderAudience,
  rules: StaffRules = DEFAULT_STAFF_RULES,
): JsonBody {
  const key = audience === 'full' ? `full:${rules.fourEyesBdt}:${rules.heldAccept}` : audience;
  let answer = entry.answers[key];
  if (!answer) {
    const view: OrderView = audience === 'full' ? toAdminOrderDto(entry.order, rules) : toPublicOrderDto(entry.order);
    const body = JSON.stringify({ ok: true, text: 'Success', order: view });
    answer = jsonBody(body, weakEtagOf(`${audience}:${body}`));
    entry.answers[key] = answer;
  }
  return answer;
}

export interface OrderViewCache {
  /** The order from memory, else read by `read` and kept (unless it changed while it was read); null: no such order. */
  get(id: string, read: () => Promise<OrderRecord | null>): Promise<CachedOrder | null>;
  /** The order changed: forget it (undefined: every order, e.g. after the bus reconnected). */
  drop(id?: string): void;
  size(): number;
}

/**
 * `maxEntries`: the most orders kept (the least recently read go first). `maxAgeMs`: with several instances, how old
 * a kept order may get (a bus message lost while Redis reconnected); none with one instance, whose own writes drop it.
 */
export function createOrderViewCache(
  opts: { maxEntries?: number; maxAgeMs?: number; now?: () => number } = {},
): OrderViewCache {
  const maxEntries = opts.maxEntries ?? 10_000;
  const now = opts.now ?? Date.now;
  const entries = new Map<string, CachedOrder>();
  // Reads in flight per id: a drop while one reads makes its result too old to keep.
  const reading = new Map<string, symbol>();

  return {
    async get(id, read) {
      const kept = entries.get(id);
      if (kept && (opts.maxAgeMs === undefined || now() - kept.readAt < opts.maxAgeMs)) {
        // Most recently used last: Map keeps insertion order.
        entries.delete(id);
        entries.set(id, kept);
        return kept;
      }
      entries.delete(id);
      const token = Symbol(id);
      reading.set(id, token);
      const readAt = now();
      let order: OrderRecord | null;
      let current = false;
      try {
        order = await read();
      } finally {
        // Still this read's turn: no drop (and no later read of the same order) since it began.
        current = reading.get(id) === token;
        if (current) reading.delete(id);
      }
      if (!order) return null;
      const entry: CachedOrder = { order, readAt, answers: {} };
      if (current) {
        entries.set(id, entry);
        if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
      }
      return entry;
    },
    drop(id) {
      if (id === undefined) {
        entries.clear();
        reading.clear();
        return;
      }
      entries.delete(id);
      reading.delete(id);
    },
    size: () => entries.size,
  };
}
