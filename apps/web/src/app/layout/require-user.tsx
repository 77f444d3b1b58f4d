import type { CurrentUser } from '@villas/shared';
import { useEffect, useRef, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageLoading } from '../../components/ui/spinner';
import { notify } from '../../components/ui/toaster';
import { paths } from '../../config/paths';
import { useUser } from '../../lib/auth';
import { loginPathFor } from '../../lib/session';

/** /login, coming back here after signing in. */
function useLoginPath() {
  const { pathname, search, hash } = useLocation();
  return loginPathFor(`${pathname}${search}${hash}`);
}

/**
 * Signed-in screens: signed-out visitors go to /login (and back here once signed in). The server
 * enforces the same on every call.
 */
export function RequireUser({ children }: { children: (user: CurrentUser) => ReactNode }) {
  const { data: user, isPending } = useUser();
  const login = useLoginPath();
  if (isPending) return <PageLoading />;
  if (!user) return <Navigate to={login} replace />;
  return <>{children(user)}</>;
}

/**
 * The admin gate: nothing while loading, /login when signed out, /dashboard with
 * 'Access Denied' for a signed-in non-admin.
 */
export function RequireAdmin({ children }: { children: (user: CurrentUser) => ReactNode }) {
  const { data: user, isPending } = useUser();
  const login = useLoginPath();
  const told = useRef(false);
  const denied = !isPending && user != null && user.role !== 'admin';
  useEffect(() => {
    if (denied && !told.current) {
      told.current = true;
      notify.error('Access Denied', 'You need admin privileges to access this page.');
    }
  }, [denied]);
  if (isPending) return null;
  if (!user) return <Navigate to={login} replace />;
  if (denied) return <Navigate to={paths.dashboard} replace />;
  return <>{children(user)}</>;
}
