import { useSetAtom } from 'jotai';
import { adminOnlineAtom } from '../lib/session';
import { useSocketEvent } from '../lib/socket';

/** Feeds app-wide atoms from realtime pushes. */
export function RealtimeBridge() {
  const setAdminOnline = useSetAtom(adminOnlineAtom);
  useSocketEvent('admin:online', ({ online }) => setAdminOnline(online));
  return null;
}
