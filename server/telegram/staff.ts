// Who the desk serves. One function, so that the roles of issue 20 (operator) change one line.
import type { Role } from '#shared/constants';

/** Staff may link a chat, receive the desk's messages and act from them. */
export const isTelegramStaff = (role: Role): boolean => role === 'admin';
