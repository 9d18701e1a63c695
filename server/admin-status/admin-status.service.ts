// Whether an admin is online (spec §2: shown to customers), the user count of the admin settings page, and what
// waits for the shop (the admin's tab title and alerts, decision 119).
import type { AdminInfoDto } from '#shared/api-types';
import type { WaitingItemsDto } from '#shared/admin-alerts';
import type { AuditRecorder } from '../audit/index.js';
import type { Publisher } from '../event-bus.js';
import type { UserRecord } from '../security/user-record.js';
import type { AdminStatusRepository } from './admin-status.repository.js';

/** What admin status tells the rest of the shop after its commit: the public "admin online" flag changed. */
export interface AdminStatusEvents {
  'admin.online': { online: boolean };
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
}) {
  const { status, countUsers } = deps;
  return {
    isAdminOnline: () => status.isOnline(),

    /** Anyone sees the flag; the user count only an admin (0 for everyone else). */
    async adminInfo(viewer: UserRecord | null): Promise<AdminInfoDto> {
      return { online: await status.isOnline(), users: viewer?.role === 'admin' ? await countUsers() : 0 };
    },

    /** What waits for the shop now: the queue's orders and the tickets awaiting an answer. */
    async waitingItems(): Promise<WaitingItemsDto> {
      const [orders, tickets] = await Promise.all([deps.countQueuedOrders(), deps.countTicketsAwaitingReply()]);
      return { orders, tickets };
    },

    /** Stores the flag, then tells the shop (the public snapshot is dropped, then every socket hears it). */
    async setAdminOnline(admin: UserRecord, online: boolean): Promise<AdminInfoDto> {
      await status.setOnline(online, (tx, before) =>
        deps.audit(tx, { actorId: admin.id, action: 'admin.online', targetType: 'setting', targetId: 'adminOnline', before: { online: before }, after: { online } }),
      );
      await deps.events.publish('admin.online', { online });
      return { online, users: await countUsers() };
    },
  };
}
export type AdminStatusService = ReturnType<typeof createAdminStatusService>;
