import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { loginPathFor, onSessionEnded, type SessionEndedState } from '../../lib/session';

/**
 * Inside the router: when an API call finds the session gone (lib/session.ts), goes to /login with
 * the page to come back to (`?returnTo=`), where 'Your session has ended. Please sign in again.' is
 * said. Nothing while already on /login.
 */
export function SessionEndedRedirect() {
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  useEffect(
    () =>
      onSessionEnded(() => {
        if (pathname === paths.login) return;
        const state: SessionEndedState = { sessionEnded: true };
        void navigate(loginPathFor(`${pathname}${search}${hash}`), { replace: true, state });
      }),
    [navigate, pathname, search, hash],
  );
  return null;
}
