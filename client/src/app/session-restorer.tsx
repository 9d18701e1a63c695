import { useAtomValue } from 'jotai';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import type { UserDto } from '#shared/api-types';
import { api } from '../lib/api';
import { store, tokenAtom, userAtom, userLoadingAtom, withLoadingOverlay } from '../lib/session';

/**
 * Session restore of product.md §2.10: on any page except / (the home call returns the user itself), a stored token
 * without a loaded user is turned into a user through GET /users/me, under the global loading overlay.
 */
export function SessionRestorer() {
  const { pathname } = useLocation();
  const token = useAtomValue(tokenAtom);
  const user = useAtomValue(userAtom);
  const requestedFor = useRef<string | null>(null);

  useEffect(() => {
    if (!token) {
      store.set(userLoadingAtom, false);
      return;
    }
    if (pathname === '/' || user || requestedFor.current === token) return;
    requestedFor.current = token;
    store.set(userLoadingAtom, true);
    void withLoadingOverlay(() => api.get<{ user: UserDto }>('/users/me')).then((answer) => {
      if (requestedFor.current === token) requestedFor.current = null;
      // A late answer for a token that was replaced meanwhile must not overwrite the new session.
      if (store.get(tokenAtom) !== token) return;
      store.set(userAtom, answer.ok ? answer.user : null);
    });
  }, [pathname, token, user]);

  return null;
}
