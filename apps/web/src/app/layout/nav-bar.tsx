import { LogOut, Menu, X } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link, NavLink, useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { notify } from '../../components/ui/toaster';
import { paths } from '../../config/paths';
import { useLiveNotifications } from '../../features/notifications/api/use-live-notifications';
import { useLogout, useUser } from '../../lib/auth';
import { useCompany } from '../../lib/company';
import { useHydrated } from '../../lib/use-hydrated';
import { cn } from '../../lib/utils';

/** The bell and its panel (a popover, the notification list) load only for a signed-in user. */
const NotificationBell = lazy(() =>
  import('../../features/notifications/components/notification-bell').then((m) => ({
    default: m.NotificationBell,
  })),
);

/**
 * The bell, holding its place (the button's size) while its code loads. Browser-only: the server's
 * HTML and the hydrating render show the place, then the bell comes in.
 */
function Bell({ userId }: { userId: number }) {
  const place = <span className="inline-block h-11 w-11" aria-hidden />;
  if (!useHydrated()) return place;
  return (
    <Suspense fallback={place}>
      <NotificationBell userId={userId} />
    </Suspense>
  );
}

interface Item {
  to: string;
  label: string;
}

/**
 * The nav bar in its three variants: signed out (Home, About, Login), signed in (Home,
 * Search Properties, My Links, About, the bell, Logout) and admin (plus Admin Panel).
 */
export function NavBar() {
  const { data: user } = useUser();
  const { data: company } = useCompany();
  const logout = useLogout();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  // The bell is live while signed in (one stream per tab); signing out ends it.
  useLiveNotifications(user?.id);

  const items: Item[] = user
    ? [
        { to: paths.home, label: 'Home' },
        { to: paths.dashboard, label: 'Search Properties' },
        { to: paths.userDashboard, label: 'My Links' },
        { to: paths.about, label: 'About' },
        ...(user.role === 'admin' ? [{ to: paths.admin, label: 'Admin Panel' }] : []),
      ]
    : [
        { to: paths.home, label: 'Home' },
        { to: paths.about, label: 'About' },
      ];

  const onLogout = () =>
    logout.mutate(undefined, {
      onSuccess: () => {
        notify.success('Logged Out', 'You have been successfully logged out.');
        setOpen(false);
        navigate(paths.login);
      },
      onError: () => notify.error('Logout Failed', 'There was an error logging out. Please try again.'),
    });

  const linkClass = ({ isActive }: { isActive: boolean }) =>
    cn(
      'rounded-[2px] px-3 py-2 text-[13px] font-medium uppercase tracking-[0.14em] transition-colors',
      isActive ? 'bg-ink text-ivory' : 'text-ink hover:bg-sand',
    );

  return (
    <header className="sticky top-0 z-40 border-b border-line/80 bg-ivory">
      <nav
        aria-label="Main"
        className="mx-auto flex h-18 max-w-7xl items-center justify-between gap-4 px-5 sm:px-8"
      >
        <Link
          to={paths.home}
          className="font-display text-2xl font-semibold tracking-tight text-ink sm:text-[28px]"
        >
          {company?.brandName ?? '\u00a0'}
        </Link>

        <div className="hidden items-center gap-1 lg:flex">
          {items.map((i) => (
            <NavLink key={i.to} to={i.to} end={i.to === paths.home} className={linkClass}>
              {i.label}
            </NavLink>
          ))}
        </div>

        <div className="hidden items-center gap-3 lg:flex">
          {user ? (
            <>
              <span className="text-sm text-stone">Welcome, {user.firstName}</span>
              <Bell userId={user.id} />
              <Button variant="outline" size="sm" onClick={onLogout} disabled={logout.isPending}>
                <LogOut className="h-4 w-4" aria-hidden />
                {logout.isPending ? 'Logging out...' : 'Logout'}
              </Button>
            </>
          ) : (
            <Button size="sm" asChild>
              <Link to={paths.login}>Login</Link>
            </Button>
          )}
        </div>

        <div className="flex items-center gap-1 lg:hidden">
          {user && <Bell userId={user.id} />}
          <button
            type="button"
            className="inline-flex h-11 w-11 cursor-pointer items-center justify-center rounded-full hover:bg-sand"
            aria-expanded={open}
            aria-controls="mobile-menu"
            aria-label={open ? 'Close menu' : 'Open menu'}
            onClick={() => setOpen((o) => !o)}
          >
            {open ? <X className="h-6 w-6" aria-hidden /> : <Menu className="h-6 w-6" aria-hidden />}
          </button>
        </div>
      </nav>

      {open && (
        <div id="mobile-menu" className="border-t border-line bg-ivory px-5 pb-6 pt-3 lg:hidden">
          {user && <p className="px-3 pb-3 text-sm text-stone">Welcome, {user.firstName}</p>}
          <div className="flex flex-col gap-1">
            {items.map((i) => (
              <NavLink
                key={i.to}
                to={i.to}
                end={i.to === paths.home}
                className={linkClass}
                onClick={() => setOpen(false)}
              >
                {i.label}
              </NavLink>
            ))}
          </div>
          <div className="mt-4 px-3">
            {user ? (
              <Button variant="outline" className="w-full" onClick={onLogout} disabled={logout.isPending}>
                {logout.isPending ? 'Logging out...' : 'Logout'}
              </Button>
            ) : (
              <Button className="w-full" asChild>
                <Link to={paths.login} onClick={() => setOpen(false)}>
                  Login
                </Link>
              </Button>
            )}
          </div>
        </div>
      )}
    </header>
  );
}
