import {
  INBOX_SOURCE_LABELS,
  INBOX_SOURCES,
  INBOX_STATUSES,
  plural,
  type InboxSource,
  type InboxStatus,
} from '@villas/shared';
import { Inbox, X } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Count } from '../../../components/ui/count';
import { DateField } from '../../../components/ui/date-field';
import { Label } from '../../../components/ui/field';
import { ListEmpty } from '../../../components/ui/list-empty';
import { QueryState } from '../../../components/ui/query-state';
import { Select } from '../../../components/ui/select';
import { ShowMoreButton } from '../../../components/ui/show-more';
import { cn } from '../../../lib/utils';
import { useAdminInquiries } from '../api/get-inquiries';
import { InquiryCard, STATUS, type Filters } from './inquiry-card';

/** Radix forbids '' as an item's value: 'any' stands for no filter. */
const ANY = 'any';

/** A chosen agent or villa, with the button that lifts it. */
function Chip({ label, value, onRemove }: { label: string; value: string; onRemove: () => void }) {
  return (
    <span className="inline-flex h-9 max-w-full items-center gap-1 rounded-full border border-line bg-paper pl-3.5 text-sm">
      <span className="truncate">
        <span className="text-stone">{label}: </span>
        {value}
      </span>
      <button
        type="button"
        onClick={onRemove}
        aria-label={`Remove the ${label.toLowerCase()} filter: ${value}`}
        className="flex h-9 w-9 shrink-0 cursor-pointer items-center justify-center rounded-full text-stone hover:bg-sand hover:text-ink"
      >
        <X className="h-3.5 w-3.5" aria-hidden />
      </button>
    </span>
  );
}

function DateFilter({
  label,
  value,
  onChange,
  min,
  max,
}: {
  label: string;
  value: string | undefined;
  onChange: (v: string | undefined) => void;
  min?: string;
  max?: string;
}) {
  return (
    <div>
      {/* The field's own name says it ('Received from: Add date'); the caption is for sight. */}
      <span className="mb-1.5 block text-xs font-medium uppercase tracking-[0.12em] text-stone" aria-hidden>
        {label}
      </span>
      <DateField
        label={label}
        value={value ?? null}
        onChange={(v) => onChange(v ?? undefined)}
        min={min}
        max={max}
        placeholder="Any day"
      />
    </div>
  );
}

/**
 * The Notifications tab's inbox: every request (contact form, off-market, an agent's booking inquiry,
 * a client's request through a link), newest first, 24 at a time, with its source, status, agent and
 * agency, villa, dates and age. Filters (source, status, agent, villa, days received) are combined on
 * the server; the counts per status follow the other filters. Each request's status changes here.
 */
export function AdminInquiries() {
  const [filters, setFilters] = useState<Filters>({});
  const { agentName, propertyName, ...query } = filters;
  const list = useAdminInquiries(query);
  const { data, isFetching, isPlaceholderData, hasNextPage, fetchNextPage, isFetchingNextPage } = list;
  const first = data?.pages[0];
  const items = data?.pages.flatMap((p) => p.items) ?? [];
  const sourceId = useId();
  const statusId = useId();
  const filtered = Object.values(query).some((v) => v !== undefined);
  const set = (f: Partial<Filters>) => setFilters((now) => ({ ...now, ...f }));
  const clear = () => setFilters({});

  return (
    <div>
      <div className="flex flex-col gap-5 md:flex-row md:items-end md:justify-between">
        <div>
          <h2 className="text-3xl sm:text-4xl">Inquiries</h2>
          <p className="mt-2 max-w-xl text-sm text-stone">
            Every request, newest first: the contact form, off-market requests, agents&rsquo; booking
            inquiries and their clients&rsquo; requests through white-label links.
          </p>
        </div>
        {first && (
          <div role="group" aria-label="Inquiry counts">
            <dl className="flex flex-wrap gap-3">
              <Count label="Pending" value={first.counts.pending} />
              <Count label="Closed" value={first.counts.closed} />
              {INBOX_STATUSES.filter((s) => s !== 'pending' && s !== 'closed' && first.counts[s] > 0).map(
                (s) => (
                  <Count key={s} label={STATUS[s].label} value={first.counts[s]} />
                ),
              )}
            </dl>
          </div>
        )}
      </div>

      <div role="group" aria-label="Filter inquiries" className="mt-8">
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <div>
            <Label htmlFor={sourceId}>Source</Label>
            <Select
              id={sourceId}
              value={filters.source ?? ANY}
              onValueChange={(v) => set({ source: v === ANY ? undefined : (v as InboxSource) })}
              options={[
                { value: ANY, label: 'All sources' },
                ...INBOX_SOURCES.map((s) => ({ value: s, label: INBOX_SOURCE_LABELS[s] })),
              ]}
            />
          </div>
          <div>
            <Label htmlFor={statusId}>Status</Label>
            <Select
              id={statusId}
              value={filters.status ?? ANY}
              onValueChange={(v) => set({ status: v === ANY ? undefined : (v as InboxStatus) })}
              options={[
                { value: ANY, label: 'All statuses' },
                ...INBOX_STATUSES.map((s) => ({ value: s, label: STATUS[s].label })),
              ]}
            />
          </div>
          <DateFilter
            label="Received from"
            value={filters.from}
            onChange={(from) => set({ from })}
            max={filters.to}
          />
          <DateFilter
            label="Received to"
            value={filters.to}
            onChange={(to) => set({ to })}
            min={filters.from}
          />
        </div>
        <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2">
          {filters.agentId && (
            <Chip
              label="Agent"
              value={agentName ?? `#${filters.agentId}`}
              onRemove={() => set({ agentId: undefined, agentName: undefined })}
            />
          )}
          {filters.propertyId && (
            <Chip
              label="Villa"
              value={propertyName ?? `#${filters.propertyId}`}
              onRemove={() => set({ propertyId: undefined, propertyName: undefined })}
            />
          )}
          {filtered && (
            <Button size="sm" variant="ghost" onClick={clear}>
              Clear filters
            </Button>
          )}
          {!filters.agentId && !filters.propertyId && (
            <p className="text-xs text-stone">Choose an agent or a villa on a request to see only theirs.</p>
          )}
          <p className="text-sm text-stone sm:ml-auto" aria-live="polite">
            {first ? `${items.length} of ${plural(first.total, 'inquiry', 'inquiries')}` : ''}
          </p>
        </div>
      </div>

      <div className="mt-8">
        <QueryState
          query={list}
          loadingLabel="Loading inquiries"
          what="The inquiries"
          isEmpty={items.length === 0}
          empty={
            filtered ? (
              <div className="flex flex-col items-center rounded-[3px] border border-dashed border-line bg-paper px-6 py-16 text-center">
                <Inbox className="h-9 w-9 text-gold-deep" strokeWidth={1.25} aria-hidden />
                <p className="mt-5 font-display text-3xl">No matching inquiries</p>
                <p className="mt-3 max-w-md text-sm leading-relaxed text-stone">
                  No request matches these filters.
                </p>
                <Button className="mt-6" size="sm" variant="outline" onClick={clear}>
                  Clear filters
                </Button>
              </div>
            ) : (
              <ListEmpty icon={Inbox} title="No inquiries yet">
                Off-market requests, contact-form messages, agents&rsquo; booking inquiries and their
                clients&rsquo; requests will appear here as they arrive.
              </ListEmpty>
            )
          }
        >
          <div className={cn('transition-opacity', isPlaceholderData && 'opacity-60')} aria-busy={isFetching}>
            <ul className="space-y-5">
              {items.map((i) => (
                <InquiryCard key={i.key} item={i} onFilter={set} />
              ))}
            </ul>
            {hasNextPage && (
              <div className="mt-8 flex justify-center">
                <ShowMoreButton
                  onClick={fetchNextPage}
                  loading={isFetchingNextPage}
                  label="Show more inquiries"
                />
              </div>
            )}
          </div>
        </QueryState>
      </div>
    </div>
  );
}
