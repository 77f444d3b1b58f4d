import { Outlet } from 'react-router';
import { PageLoading } from '../../components/ui/spinner';
import { RouteTitle } from './page-title';
import { SessionEndedRedirect } from './session-ended';

/** The root of every screen: its document title, the session watcher, then the matched route. */
export function Root() {
  return (
    <>
      <RouteTitle />
      <SessionEndedRedirect />
      <Outlet />
    </>
  );
}

/**
 * Shown while the first screen's lazy route modules load. Without it React Router renders nothing
 * and warns ('No `HydrateFallback` element provided to render during initial hydration').
 */
export function RootHydrateFallback() {
  return <PageLoading />;
}
