import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { useCompany } from '../../../lib/company';

/**
 * The about page's own top bar: home link with the brand, Agent Login, Apply for
 * Access. On phones the two buttons take a row of their own rather than shortening their labels.
 */
const compact = 'flex-1 whitespace-nowrap px-2 tracking-[0.08em] sm:flex-none sm:px-4 sm:tracking-[0.14em]';

export function AboutTopBar() {
  const { data: company } = useCompany();
  return (
    <header className="border-b border-line/80 bg-ivory/90 backdrop-blur-md sm:sticky sm:top-0 sm:z-40">
      <nav
        aria-label="Main"
        className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-5 py-3 sm:h-18 sm:flex-nowrap sm:px-8 sm:py-0"
      >
        <Link
          to={paths.home}
          className="inline-flex min-h-11 items-center font-display text-2xl font-semibold tracking-tight text-ink sm:text-[28px]"
        >
          {company?.brandName ?? 'Home'}
        </Link>
        <div className="flex w-full gap-2 sm:w-auto sm:gap-3">
          <Button asChild variant="outline" size="sm" className={compact}>
            <Link to={paths.login}>Agent Login</Link>
          </Button>
          <Button asChild size="sm" className={compact}>
            <Link to={paths.register}>Apply for Access</Link>
          </Button>
        </div>
      </nav>
    </header>
  );
}
