import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { UserDto } from '#shared/api-types';
import { dashboardHref } from '../../../config';
import { startSession, userAtom } from '../../../lib/session';

/**
 * Logged-in visitors of /login and /register go to /, except right after signing in on that page, when they
 * go to their dashboard instead (otherwise the redirect to / would race the dashboard navigation).
 */
export function useStartSession() {
  const navigate = useNavigate();
  const user = useAtomValue(userAtom);
  const [signedInHere, setSignedInHere] = useState(false);

  const start = (signedIn: UserDto) => {
    setSignedInHere(true);
    startSession(signedIn);
    navigate(dashboardHref(signedIn.role), { replace: true });
  };

  return { start, redirectHome: user !== null && !signedInHere };
}
