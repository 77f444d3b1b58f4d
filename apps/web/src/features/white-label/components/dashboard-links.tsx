import { formatLongDate, VIEW_REPEAT_WINDOW_MINUTES, type WhiteLabelLink } from '@villas/shared';
import { ArrowUpRight, CalendarDays, Eye, Home, Link2, Timer } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { SearchCriteria } from '../../../components/property/search-criteria';
import { EmptyPanel } from '../../../components/ui/list-empty';
import { QueryState } from '../../../components/ui/query-state';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { useDashboardLinks } from '../api/get-links';
import { useLiveLinkActivity } from '../api/use-live-link-activity';
import { searchSummary } from '../utils/search-summary';
import { ActiveBadge, isLive, LinkBrochureButton } from './link-card';

function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="relative pl-6.5">
      <dt className="text-[11px] uppercase tracking-[0.14em] text-stone">
        <span className="absolute left-0 top-2.5 text-gold-deep" aria-hidden>
          {icon}
        </span>
        {label}
      </dt>
      <dd className="text-sm text-ink">{children}</dd>
    </div>
  );
}

function LinkRow({ link }: { link: WhiteLabelLink }) {
  const criteria = searchSummary(link.searchFilters);
  const count = link.propertyIds.length;
  return (
    <li className="group relative rounded-[3px] border border-line bg-paper p-5 shadow-soft transition-shadow hover:shadow-lift has-[h3_a:focus-visible]:ring-2 has-[h3_a:focus-visible]:ring-gold-deep sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h3 className="min-w-0 break-words font-display text-2xl leading-tight sm:text-[28px]">
          <a
            href={paths.whiteLabel(link.uuid)}
            target="_blank"
            rel="noopener noreferrer"
            className="after:absolute after:inset-0 after:content-[''] hover:text-gold-deep focus-visible:outline-none"
          >
            {link.title}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </h3>
        <div className="flex items-center gap-2">
          <ActiveBadge active={link.isActive} />
          <ArrowUpRight
            className="h-5 w-5 text-stone transition-colors group-hover:text-gold-deep"
            aria-hidden
          />
        </div>
      </div>
      {link.description && <p className="mt-2 text-sm leading-relaxed text-stone">{link.description}</p>}
      <dl className="mt-5 grid grid-cols-2 gap-4 sm:grid-cols-4">
        <Fact icon={<CalendarDays className="h-4 w-4" />} label="Created">
          {formatLongDate(link.createdAt)}
        </Fact>
        <Fact icon={<Eye className="h-4 w-4" />} label="Views">
          {link.viewCount}
        </Fact>
        <Fact icon={<Home className="h-4 w-4" />} label="Properties">
          {count}
        </Fact>
        <Fact icon={<Timer className="h-4 w-4" />} label="Expires">
          {link.expiresAt ? formatLongDate(link.expiresAt) : 'No expiry'}
        </Fact>
      </dl>
      <SearchCriteria criteria={criteria} className="mt-5 border-t border-line pt-4" />
      {isLive(link) && (
        // Above the card's stretched link, so it downloads rather than opening the page.
        <div className="relative z-10 mt-4 flex">
          <LinkBrochureButton link={link} variant="outline" />
        </div>
      )}
    </li>
  );
}

/**
 * My Dashboard's list of the agent's links: title, created date, views, property count,
 * expiry and the search criteria; each opens the client's page in a new tab, and a live one offers
 * its brochure (the PDF the client downloads). Views and inquiries
 * update live while it is shown.
 */
export function DashboardLinks() {
  const { data, isPending, isError } = useDashboardLinks();
  useLiveLinkActivity();

  if (isPending)
    return (
      <div className="flex justify-center py-16">
        <Spinner label="Loading your links" />
      </div>
    );
  if (isError)
    return (
      <QueryState
        pending={false}
        error
        what="Your links"
        errorNote="Please reload the page."
        errorLayout="text"
        errorClassName="rounded-[3px] border border-line bg-paper px-6 py-12 text-center text-sm text-stone"
      />
    );
  if (data.length === 0)
    return (
      <EmptyPanel icon={Link2}>
        <p className="mt-5 font-display text-3xl">No white-label links yet</p>
        <p className="mt-3 max-w-md text-sm leading-relaxed text-stone">
          Select villas on the property dashboard and create a branded link: your client sees your name, never
          our trade rates.
        </p>
        <Button className="mt-7" asChild>
          <Link to={paths.dashboard}>Search Properties</Link>
        </Button>
      </EmptyPanel>
    );

  return (
    <>
      <p className="mb-4 text-sm text-stone">{VIEWS_RULE}</p>
      <ul className="space-y-5">
        {data.map((l) => (
          <LinkRow key={l.id} link={l} />
        ))}
      </ul>
    </>
  );
}

/** What a view is (the server's rule, VIEW_REPEAT_WINDOW_MINUTES). */
export const VIEWS_RULE = `Views count your clients' visits: your own visits while signed in, and a reload from the same browser within ${VIEW_REPEAT_WINDOW_MINUTES} minutes, are not counted.`;
