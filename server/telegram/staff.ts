// Who the desk serves: staff, admins and operators alike (the roles).
import { isStaffRole, type Role } from '#shared/constants';

/** Staff may link a chat, receive the desk's messages and act from them. */
export const isTelegramStaff = (role: Role): boolean => isStaffRole(role);
