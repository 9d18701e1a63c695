// Whether an admin is online (product.md §11.1: shown to customers), the user count of the admin settings page, and what
// waits for the shop (the admin's tab title and alerts, decision 119).
import type { AdminInfoDto } from '#shared/api-types';
import type { WaitingItemsDto } from '#shared/admin-alerts';
import type { AuditRecorder } from '../audit/index.js';
import type { Publisher } from '../event-bus.js';
import type { UserRecord } from '../security/user-record.js';
import type { AdminStatusRepository, OnlineOverride } from './admin-status.repository.js';

/** A staff member counts as at work this long after the console or Telegram last heard from them. */
export const PRESENCE_MINUTES = 5;
/** One instance writes a staff member's presence at most this often (a console open all day is one row a minute). */
export const PRESENCE_WRITE_MS = 60_000;

/** What admin status tells the rest of the shop after its commit: the public "admin online" flag changed. */
export interface AdminStatusEvents {
  'admin.online': { online: boolean };
  /** A staff member is at work: the console is open (realtime) or they acted in Telegram (decision 217). */
  'staff.active': { userId: string; via: 'console' | 'telegram' };
}

export function createAdminStatusService(deps: {
  status: AdminStatusRepository;
  events: Publisher<AdminStatusEvents>;
  audit: AuditRecorder;
  /** The accounts domain's count of users. */
  countUsers: () => Promise<number>;
  /** The orders domain's count of its admin queue. */
  countQueuedOrders: () => Promise<number>;
  /** The tickets domain's count of open tickets whose last message is the customer's. */
  countTicketsAwaitingReply: () => Promise<number>;
  /** The orders domain's count of queued orders whose payment is held for review. */
  countHeldPayments: () => Promise<number>;
  /** The SMS domain's count of wallet phones with a gap in their ledger. */
  countLedgerGaps: () => Promise<number>;
  clock: () => Date;
}) {
  const { status, countUsers, clock } = deps;
  const presentSince = () => new Date(clock().getTime() - PRESENCE_MINUTES * 60_000);

  /** What customers see: the switch when it is set by hand, otherwise whether any staff member is at work. */
  async function isAdminOnline(): Promise<boolean> {
    const override = await status.override();
    return override ?? (await status.anyoneSeenSince(presentSince()));
  }

  const written = new Map<string, number>();
  /** The flag as it was last told (the presence watch's memory): a change is published once. */
  let told: boolean | undefined;
  async function tellIfChanged(): Promise<void> {
    const online = await isAdminOnline();
    if (online === told) return;
    told = online;
    await deps.events.publish('admin.online', { online });
  }

  return {
    isAdminOnline,

    /** Anyone sees the flag; the user count only an admin (0 for everyone else); staff also see how it is set. */
    async adminInfo(viewer: UserRecord | null): Promise<AdminInfoDto> {
      const [online, override] = await Promise.all([isAdminOnline(), status.override()]);
      return { online, users: viewer?.role === 'admin' ? await countUsers() : 0, auto: override === null };
    },

    /**
     * A staff member has the console open or acted in Telegram (decision 217). Written at most once a minute per
     * person and instance; when nobody was at work before, the badge turns online now rather than at the next watch.
     */
    async staffActive(userId: string, via: 'console' | 'telegram'): Promise<void> {
      const now = clock();
      const last = written.get(userId);
      if (last !== undefined && now.getTime() - last < PRESENCE_WRITE_MS) return;
      written.set(userId, now.getTime());
      if (written.size > 10_000) written.clear();
      const before = await status.touch(userId, via, now);
      if (before === null || before < presentSince()) await tellIfChanged();
    },

    /** The presence watch (every 30 s, background work): the badge turns offline 5 minutes after the last sign of staff. */
    watchPresence: tellIfChanged,

    /** What waits for the shop now: the queue's orders (the held payments among them), the tickets awaiting an answer, the ledger gaps. */
    async waitingItems(): Promise<WaitingItemsDto> {
      const [orders, tickets, held, gaps] = await Promise.all([
        deps.countQueuedOrders(),
        deps.countTicketsAwaitingReply(),
        deps.countHeldPayments(),
        deps.countLedgerGaps(),
      ]);
      return { orders, tickets, held, gaps };
    },

    /**
     * Stores the switch (true, false, or null: follow presence), then tells the shop (the public snapshot is dropped,
     * then every socket hears it).
     */
    async setAdminOnline(admin: UserRecord, override: OnlineOverride): Promise<AdminInfoDto> {
      await status.setOverride(override, (tx, before) =>
        deps.audit(tx, {
          actorId: admin.id,
          action: 'admin.online',
          targetType: 'setting',
          targetId: 'adminOnline',
          before: { online: before },
          after: { online: override },
        }),
      );
      const online = await isAdminOnline();
      told = online;
      await deps.events.publish('admin.online', { online });
      return { online, users: await countUsers(), auto: override === null };
    },
  };
}
export type AdminStatusService = ReturnType<typeof createAdminStatusService>;
