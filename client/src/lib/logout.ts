// Signing out (product.md §2.10): the server revokes the token first (POST /logout, decision 004), then the session ends here.
import { useSetAtom } from 'jotai';
import { useCallback } from 'react';
import { TIMERS } from '#shared/constants';
import { api } from './api';
import { tokenAtom, userAtom } from './session';

const REVOKE_WAIT_MS = 3000;

/** Logout of product.md §2.10: revoke the token on the server, remove it, wait 500 ms, then clear the user. */
export function useLogout(): () => Promise<void> {
  const setToken = useSetAtom(tokenAtom);
  const setUser = useSetAtom(userAtom);
  return useCallback(async () => {
    // The request takes the token with it before it is removed below; a failed call still ends the local session.
    const revoking = api.post('/logout');
    setToken(null);
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    // Wait for the revocation (bounded: a hanging network must not keep the user signed in on screen).
    await Promise.all([Promise.race([revoking, pause(REVOKE_WAIT_MS)]), pause(TIMERS.logoutDelayMs)]);
    setUser(null);
  }, [setToken, setUser]);
}
