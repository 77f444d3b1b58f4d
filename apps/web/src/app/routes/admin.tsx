import { useEffect, useRef, useState } from 'react';
import { NavLink, Outlet, Link, useLocation } from 'react-router';
import { Badge } from '../../components/ui/badge';
import { ADMIN_TABS, paths } from '../../config/paths';
import { cn } from '../../lib/utils';
import { RequireAdmin } from '../layout/require-user';
import { AdminOverview } from './admin/overview';
import { ADMIN_TAB_LABELS } from './admin/tab-labels';

/**
 * The Admin Panel: header, summary cards and insight, then one URL per tab so a tab
 * survives a reload and can be linked. The gate shows nothing while loading, sends visitors to
 * /login and agents to /dashboard with 'Access Denied'.
 */
export function Component() {
  return (
    <RequireAdmin>
      {() => (
        <>
          <div className="border-b border-line bg-paper">
            <div className="mx-auto max-w-7xl px-5 pt-10 sm:px-8 sm:pt-14">
              <p className="eyebrow">Administration</p>
              <div className="mt-2 flex flex-wrap items-center gap-x-5 gap-y-3">
                <h1 className="text-4xl sm:text-5xl">Admin Panel</h1>
                <Badge tone="gold">Administrator</Badge>
              </div>
              <div className="mt-3 flex flex-wrap gap-x-6 gap-y-2 text-sm">
                <Link
                  to={paths.dashboard}
                  className="text-stone underline-offset-4 hover:text-ink hover:underline"
                >
                  Back to Dashboard
                </Link>
                <NavLink
                  to={paths.adminAuditLog}
                  className="text-stone underline-offset-4 hover:text-ink hover:underline aria-[current=page]:text-ink aria-[current=page]:underline"
                >
                  Audit log
                </NavLink>
              </div>
              <AdminOverview />
              <nav
                id={TABS_NAV_ID}
                aria-label="Admin sections"
                className="relative -mx-5 mt-10 scroll-mt-18 overflow-x-auto px-5 sm:-mx-8 sm:px-8"
              >
                <ul className="flex min-w-max gap-7">
                  {ADMIN_TABS.map((tab) => (
                    <li key={tab}>
                      <NavLink
                        to={paths.adminTab(tab)}
                        preventScrollReset
                        className={({ isActive }) =>
                          cn(
                            '-mb-px inline-block border-b-2 pb-3 text-sm font-medium tracking-wide whitespace-nowrap transition-colors',
                            isActive
                              ? 'border-gold-deep text-ink'
                              : 'border-transparent text-stone hover:text-ink',
                          )
                        }
                      >
                        {ADMIN_TAB_LABELS[tab]}
                      </NavLink>
                    </li>
                  ))}
                </ul>
              </nav>
            </div>
          </div>
          <ActiveTabInView />
          <DeepLinkInView />
          <div className="mx-auto max-w-7xl px-5 py-10 sm:px-8 sm:py-12">
            <Outlet />
          </div>
        </>
      )}
    </RequireAdmin>
  );
}

const TABS_NAV_ID = 'admin-sections';

/**
 * A link to a tab (`/admin/users`) opens on that tab, not on the overview above it: the tab row is
 * brought to the top of the screen (below the sticky navigation), and kept there while the tab's
 * content arrives and the page grows, until the reader scrolls or presses a key.
 */
function DeepLinkInView() {
  const { pathname } = useLocation();
  const [opened] = useState(pathname);
  useEffect(() => {
    if (opened === paths.admin || window.location.hash) return;
    const nav = document.getElementById(TABS_NAV_ID);
    if (!nav) return;
    const bring = () => nav.scrollIntoView?.({ block: 'start' });
    bring();
    const page = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(bring);
    page?.observe(document.body);
    const stop = () => {
      page?.disconnect();
      for (const type of STOP_ON) window.removeEventListener(type, stop);
    };
    const STOP_ON = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;
    for (const type of STOP_ON) window.addEventListener(type, stop, { passive: true });
    const timer = window.setTimeout(stop, 5000);
    return () => {
      window.clearTimeout(timer);
      stop();
    };
  }, [opened]);
  return null;
}

/**
 * On a phone the tab row scrolls sideways: the current tab (opened by URL, or chosen from the end
 * of the row) is scrolled into view so the reader sees where they are.
 */
function ActiveTabInView() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    const nav = document.getElementById(TABS_NAV_ID);
    const active = nav?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!nav || !active) return;
    const smooth = !first.current && !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    first.current = false;
    nav.scrollTo?.({
      left: active.offsetLeft - nav.clientWidth / 2 + active.offsetWidth / 2,
      behavior: smooth ? 'smooth' : 'auto',
    });
  }, [pathname]);
  return null;
}
