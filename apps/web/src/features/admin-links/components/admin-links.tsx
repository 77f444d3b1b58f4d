import { formatLongDate, searchSummary, type AdminWhiteLabelLink, plural } from '@villas/shared';
import { CalendarDays, Eye, Home, Link2, Mail, User } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { ListCard } from '../../../components/ui/list-card';
import { ListSearch } from '../../../components/ui/list-search';
import { SearchCriteria } from '../../../components/property/search-criteria';
import { EmptyPanel } from '../../../components/ui/list-empty';
import { QueryState } from '../../../components/ui/query-state';
import { cn } from '../../../lib/utils';
import { useAdminLinks } from '../api/get-admin-links';
import { agentOf, linkStatus } from '../utils/link-status';
import { LinkDetailsDialog } from './link-details-dialog';
import { StatusBadge } from './status-badge';
import { VisitButton } from './visit-button';
import { useSettled } from '../../../lib/use-settled';

const SEARCH_DELAY_MS = 250;

function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="flex items-center gap-1.5 text-[11px] uppercase tracking-[0.14em] text-stone">
        <span className="text-gold-deep" aria-hidden>
          {icon}
        </span>
        {label}
      </dt>
      <dd className="mt-0.5 break-words text-sm text-ink">{children}</dd>
    </div>
  );
}

function LinkCard({ link }: { link: AdminWhiteLabelLink }) {
  const agent = agentOf(link);
  const criteria = searchSummary(link.searchCriteria ?? link.searchFilters);
  const headingId = useId();
  return (
    <ListCard labelledBy={headingId}>
      <div className="flex items-start justify-between gap-3">
        <h3 id={headingId} className="min-w-0 break-words text-2xl leading-tight">
          {link.title}
        </h3>
        <StatusBadge status={linkStatus(link)} />
      </div>
      <dl className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-2">
        <Fact icon={<User className="h-3.5 w-3.5" />} label="Agent">
          {agent.name}
        </Fact>
        <Fact icon={<Mail className="h-3.5 w-3.5" />} label="Email">
          <a href={`mailto:${agent.email}`} className="break-all underline-offset-4 hover:underline">
            {agent.email}
          </a>
        </Fact>
      </dl>
      <dl className="mt-4 grid grid-cols-3 gap-3 border-t border-line pt-4">
        <Fact icon={<Home className="h-3.5 w-3.5" />} label="Properties">
          {link.propertyIds.length}
        </Fact>
        <Fact icon={<CalendarDays className="h-3.5 w-3.5" />} label="Created">
          {formatLongDate(link.createdAt)}
        </Fact>
        <Fact icon={<Eye className="h-3.5 w-3.5" />} label="Views">
          {link.viewCount.toLocaleString('en-US')}
        </Fact>
      </dl>
      <SearchCriteria criteria={criteria} className="mt-4 flex-1" />
      <div className="mt-5 flex flex-wrap gap-2">
        <LinkDetailsDialog link={link} />
        <VisitButton link={link} compact />
      </div>
    </ListCard>
  );
}

/**
 * The White-label tab: every agent's link as a card with title, agent, e-mail, property
 * count, created date, views and search criteria, a Details dialog and Visit. The search box asks the
 * server (title, agent name or e-mail).
 */
export function AdminLinks() {
  const [text, setText] = useState('');
  const q = useSettled(text.trim(), SEARCH_DELAY_MS);
  const list = useAdminLinks(q);
  const { data, isPlaceholderData, isFetching } = list;
  const searchId = useId();

  return (
    <div>
      <div className="flex flex-col gap-5 md:flex-row md:items-end md:justify-between">
        <div>
          <h2 className="text-3xl sm:text-4xl">White-label Links</h2>
          <p className="mt-2 text-sm text-stone" aria-live="polite">
            {data
              ? q
                ? `${plural(data.length, 'link matches', 'links match')} “${q}”`
                : `${plural(data.length, 'link')} created by agents`
              : '\u00a0'}
          </p>
        </div>
        <ListSearch
          id={searchId}
          label="Search links by title, agent name or email"
          placeholder="Search title, agent or email"
          value={text}
          onChange={setText}
          className="md:max-w-sm"
        />
      </div>

      <div
        className={cn('mt-8 transition-opacity', isPlaceholderData && 'opacity-60')}
        aria-busy={isFetching}
      >
        <QueryState
          query={list}
          loadingLabel="Loading white-label links"
          what="The white-label links"
          isEmpty={data?.length === 0}
          empty={
            <EmptyPanel icon={Link2}>
              {q ? (
                <>
                  <p className="mt-5 font-display text-3xl">No links match “{q}”</p>
                  <p className="mt-3 max-w-md text-sm text-stone">
                    Try a title, an agent's name or an email address.
                  </p>
                  <Button className="mt-6" size="sm" variant="outline" onClick={() => setText('')}>
                    Clear search
                  </Button>
                </>
              ) : (
                <>
                  <p className="mt-5 font-display text-3xl">No white-label links yet</p>
                  <p className="mt-3 max-w-md text-sm leading-relaxed text-stone">
                    When agents share a selection of villas with their clients, their links appear here with
                    their views.
                  </p>
                </>
              )}
            </EmptyPanel>
          }
        >
          <ul className="grid gap-5 md:grid-cols-2 xl:grid-cols-3">
            {data?.map((l) => (
              <LinkCard key={l.id} link={l} />
            ))}
          </ul>
        </QueryState>
      </div>
    </div>
  );
}
