import { Outlet, ScrollRestoration, type Location } from 'react-router';
import { NavBar } from './nav-bar';

/** Where a page's scroll position is kept: its path, whatever its query. */
export const scrollKey = (location: Location) => location.pathname;

export function AppLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-[70] bg-ink px-4 py-2 text-ivory focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        Skip to content
      </a>
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
