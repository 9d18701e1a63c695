// Whether an admin is online (spec §2: shown to customers), and the user count of the admin settings page.
import type { AdminInfoDto } from '#shared/api-types';
import type { AuditRecorder } from '../audit/index.js';
import type { Realtime } from '../realtime/index.js';
import type { UserRecord } from '../security/user-record.js';
import type { AdminStatusRepository } from './admin-status.repository.js';

export function createAdminStatusService(deps: {
  status: AdminStatusRepository;
  pushes: Pick<Realtime, 'adminOnline'>;
  audit: AuditRecorder;
  /** The accounts domain's count of users. */
  countUsers: () => Promise<number>;
}) {
  const { status, pushes, countUsers } = deps;
  return {
    isAdminOnline: () => status.isOnline(),

    /** Anyone sees the flag; the user count only an admin (0 for everyone else). */
    async adminInfo(viewer: UserRecord | null): Promise<AdminInfoDto> {
      return { online: await status.isOnline(), users: viewer?.role === 'admin' ? await countUsers() : 0 };
    },

    /** Stores the flag, then tells every socket. */
    async setAdminOnline(admin: UserRecord, online: boolean): Promise<AdminInfoDto> {
      await status.setOnline(online, (tx, before) =>
        deps.audit(tx, { actorId: admin.id, action: 'admin.online', targetType: 'setting', targetId: 'adminOnline', before: { online: before }, after: { online } }),
      );
      pushes.adminOnline(online);
      return { online, users: await countUsers() };
    },
  };
}
export type AdminStatusService = ReturnType<typeof createAdminStatusService>;
