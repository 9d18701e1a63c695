// Web Push subscriptions in the database (decision 275): one row per browser endpoint and owner (an order or a
// customer account), found by the endpoint's hash.
import type { Prisma, Transaction } from '../db/database.js';

/** Exactly one of the two: the order the subscription follows, or the account whose orders it follows. */
export type PushOwner = { orderId: string } | { userId: string };

export interface PushSubscriptionRecord {
  id: number;
  orderId: string | null;
  userId: string | null;
  endpoint: string;
  endpointHash: string;
  p256dh: string;
  authSealed: string;
}

export interface NewPushSubscription {
  endpoint: string;
  endpointHash: string;
  p256dh: string;
  authSealed: string;
}

const ownerWhere = (owner: PushOwner) => ('orderId' in owner ? { orderId: owner.orderId } : { userId: owner.userId });
const ownerKey = (owner: PushOwner) => ('orderId' in owner ? `order:${owner.orderId}` : `user:${owner.userId}`);

const SELECTED = {
  id: true,
  orderId: true,
  userId: true,
  endpoint: true,
  endpointHash: true,
  p256dh: true,
  authSealed: true,
} as const;

export function createPushRepository(prisma: Prisma) {
  return {
    /**
     * Adds the subscription, or renews the keys of the same endpoint already there (a browser that subscribed
     * again); `full` when the owner has `max` others. The audit entry commits with it.
     */
    async subscribe(
      owner: PushOwner,
      sub: NewPushSubscription,
      now: Date,
      max: number,
      audit: (tx: Transaction, renewed: boolean) => Promise<void>,
    ): Promise<'added' | 'renewed' | 'full'> {
      return prisma.$transaction(async (tx) => {
        // Two browsers subscribing the 5th at once: the count and the insert are one decision per owner.
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`push:${ownerKey(owner)}`}))`;
        const same = await tx.pushSubscription.findFirst({
          where: { ...ownerWhere(owner), endpointHash: sub.endpointHash },
          select: { id: true },
        });
        if (same) {
          await tx.pushSubscription.update({
            where: { id: same.id },
            data: { endpoint: sub.endpoint, p256dh: sub.p256dh, authSealed: sub.authSealed },
          });
          await audit(tx, true);
          return 'renewed';
        }
        if ((await tx.pushSubscription.count({ where: ownerWhere(owner) })) >= max) return 'full';
        await tx.pushSubscription.create({ data: { ...ownerWhere(owner), ...sub, createdAt: now } });
        await audit(tx, false);
        return 'added';
      });
    },

    /** Removes the owner's subscription of that endpoint; false when there was none (nothing is audited then). */
    async unsubscribe(
      owner: PushOwner,
      endpointHash: string,
      audit: (tx: Transaction) => Promise<void>,
    ): Promise<boolean> {
      return prisma.$transaction(async (tx) => {
        const { count } = await tx.pushSubscription.deleteMany({ where: { ...ownerWhere(owner), endpointHash } });
        if (count === 0) return false;
        await audit(tx);
        return true;
      });
    },

    async find(id: number): Promise<PushSubscriptionRecord | null> {
      return prisma.pushSubscription.findUnique({ where: { id }, select: SELECTED });
    },

    /** The push service said the subscription is gone (404/410): every row of that endpoint goes. */
    async removeEndpoint(endpointHash: string): Promise<number> {
      return (await prisma.pushSubscription.deleteMany({ where: { endpointHash } })).count;
    },

    /** The subscriptions following any of these orders directly or through their accounts. */
    async following(orderIds: readonly string[], userIds: readonly string[]): Promise<PushSubscriptionRecord[]> {
      if (orderIds.length === 0 && userIds.length === 0) return [];
      return prisma.pushSubscription.findMany({
        where: { OR: [{ orderId: { in: [...orderIds] } }, { userId: { in: [...userIds] } }] },
        select: SELECTED,
        orderBy: { id: 'asc' },
      });
    },

    async count(owner: PushOwner): Promise<number> {
      return prisma.pushSubscription.count({ where: ownerWhere(owner) });
    },
  };
}
export type PushRepository = ReturnType<typeof createPushRepository>;
