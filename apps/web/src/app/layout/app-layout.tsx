import { Outlet, ScrollRestoration, type Location } from 'react-router';
import { SkipLink } from '../../components/layout/skip-link';
import { NavBar } from './nav-bar';

/** Where a page's scroll position is kept: its path, whatever its query. */
export const scrollKey = (location: Location) => location.pathname;

export function AppLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <NavBar />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      {/* By path: a change of the query alone (a list's search, a filter) keeps the page where it is. */}
      <ScrollRestoration getKey={scrollKey} />
    </div>
  );
}

/** The route module's component (router.tsx loads this module lazily). */
export const Component = AppLayout;
