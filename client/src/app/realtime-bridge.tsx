import { useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { queryClient } from '../lib/query';
import { adminOnlineAtom, store, tokenAtom } from '../lib/session';
import { useOnReconnect, useSocketEvent } from '../lib/socket';

/**
 * Feeds app-wide atoms from realtime pushes and keeps the query cache honest: after a reconnect every shown query
 * is fetched again (pushes may have been missed), and a new session (sign-in, sign-out) drops the last one's answers.
 */
export function RealtimeBridge() {
  const setAdminOnline = useSetAtom(adminOnlineAtom);
  useSocketEvent('admin:online', ({ online }) => setAdminOnline(online));
  useOnReconnect(() => void queryClient.invalidateQueries());
  useEffect(() => store.sub(tokenAtom, () => void queryClient.resetQueries()), []);
  return null;
}
