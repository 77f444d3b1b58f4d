import { plural } from '@villas/shared';
import type { AdminPropertyItem, Currency } from '@villas/shared';
import { Building2, Link2, Plus } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { ListSearch } from '../../../components/ui/list-search';
import { EmptyPanel } from '../../../components/ui/list-empty';
import { QueryState } from '../../../components/ui/query-state';
import { paths } from '../../../config/paths';
import { cn } from '../../../lib/utils';
import { useAdminProperties } from '../api/get-admin-properties';
import { useDeleteProperty } from '../api/delete-property';
import { AdminPropertyCard } from './admin-property-card';
import { PropertyFormDialog } from './property-form-dialog';
import { ShowMoreButton } from '../../../components/ui/show-more';

/** Typing settles this long before the search is sent and written to the URL. */
export const SEARCH_DELAY_MS = 300;

/** What the calendar and pricing tool is given of a property. */
export interface CalendarProperty {
  id: number;
  name: string;
  basePricePerNight: number | null;
  propertyCurrency: Currency;
}

export interface RenderCalendarArgs {
  property: CalendarProperty;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

type FormState = { open: boolean; propertyId?: number };

/**
 * The admin Properties tab: a search (name, location, description or type, asked of the
 * server once typing pauses and kept in `?q=`), the total, a grid of cards a page at a time with
 * 'Show more', White-label Links and Add Property. The calendar tool is composed in by the route
 * through `renderCalendar` (features do not import each other).
 */
export function PropertiesTab({
  renderCalendar,
}: {
  renderCalendar?: (args: RenderCalendarArgs) => ReactNode;
}) {
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const [text, setText] = useState(params.get('q') ?? '');
  const [form, setForm] = useState<FormState>({ open: false });
  const [calendar, setCalendar] = useState<{ property: CalendarProperty; open: boolean } | null>(null);
  const searchId = useId();
  const del = useDeleteProperty();
  // The dialogs open without a Radix trigger, so focus goes back to the button that opened them here.
  const opener = useRef<HTMLElement | null>(null);
  const remember = () => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  };
  const dialogOpen = form.open || Boolean(calendar?.open);
  useEffect(() => {
    if (dialogOpen) return;
    const el = opener.current;
    opener.current = null;
    if (el?.isConnected) el.focus();
  }, [dialogOpen]);

  // The URL follows the text once typing pauses (replace: no history entry per keystroke).
  useEffect(() => {
    const next = text.trim();
    if (next === q) return;
    const t = setTimeout(() => {
      setParams(
        (prev) => {
          const out = new URLSearchParams(prev);
          if (next) out.set('q', next);
          else out.delete('q');
          return out;
        },
        { replace: true },
      );
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(t);
  }, [text, q, setParams]);

  const list = useAdminProperties(q);
  const { data, isFetching, isPlaceholderData, hasNextPage, fetchNextPage, isFetchingNextPage } = list;
  const items = data?.pages.flatMap((p) => p.items) ?? [];
  const total = data?.pages.at(-1)?.total ?? 0;

  const openForm = (propertyId?: number) => {
    remember();
    setForm({ open: true, propertyId });
  };
  const openCalendar = (p: AdminPropertyItem) => {
    remember();
    setCalendar({
      property: {
        id: p.id,
        name: p.name,
        basePricePerNight: p.basePricePerNight,
        propertyCurrency: p.propertyCurrency,
      },
      open: true,
    });
  };

  const body = (
    <QueryState
      query={list}
      loadingLabel="Loading properties"
      loadingClassName="py-20"
      what="The properties"
      isEmpty={items.length === 0}
      empty={
        <EmptyPanel icon={Building2}>
          {q ? (
            <>
              <p className="mt-5 font-display text-3xl">No properties found</p>
              <p className="mt-3 max-w-md text-sm leading-relaxed text-stone">
                Nothing matches “{q}”. Try a name, a place, a word from the description, or villa, chalet or
                private island.
              </p>
              <Button className="mt-6" size="sm" variant="outline" onClick={() => setText('')}>
                Clear search
              </Button>
            </>
          ) : (
            <>
              <p className="mt-5 font-display text-3xl">No properties yet</p>
              <p className="mt-3 max-w-md text-sm leading-relaxed text-stone">
                Add the first villa, chalet or private island to the collection.
              </p>
              <Button className="mt-6" size="sm" onClick={() => openForm()}>
                <Plus className="h-3.5 w-3.5" aria-hidden />
                Add Property
              </Button>
            </>
          )}
        </EmptyPanel>
      }
    >
      <div className={cn('transition-opacity', isPlaceholderData && 'opacity-60')} aria-busy={isFetching}>
        <ul aria-label="Properties" className="grid gap-6 sm:grid-cols-2 xl:grid-cols-3">
          {items.map((p) => (
            <AdminPropertyCard
              key={p.id}
              property={p}
              onCalendar={renderCalendar ? () => openCalendar(p) : undefined}
              onEdit={() => openForm(p.id)}
              onDelete={() => del.mutateAsync(p.id)}
              focusAfterDelete={() => document.getElementById(searchId)}
            />
          ))}
        </ul>
        <div className="mt-10 flex flex-col items-center gap-4">
          <p className="text-xs uppercase tracking-[0.16em] text-stone">
            Showing {items.length} of {total}
          </p>
          {hasNextPage && (
            <ShowMoreButton onClick={fetchNextPage} loading={isFetchingNextPage} label="Load more" />
          )}
        </div>
      </div>
    </QueryState>
  );

  return (
    <div>
      <div className="flex flex-col gap-6 lg:flex-row lg:items-end lg:justify-between">
        <div>
          <h2 className="text-3xl sm:text-4xl">Properties</h2>
          <p className="mt-2 max-w-xl text-sm text-stone">
            The collection agents book from: details, photographs, nightly prices and availability.
          </p>
        </div>
        <div className="flex flex-wrap gap-3">
          <Button asChild variant="outline">
            <Link to={paths.adminTab('white-label')}>
              <Link2 className="h-4 w-4" aria-hidden />
              White-label Links
            </Link>
          </Button>
          <Button onClick={() => openForm()}>
            <Plus className="h-4 w-4" aria-hidden />
            Add Property
          </Button>
        </div>
      </div>

      <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <ListSearch
          id={searchId}
          label="Search properties by name, location, description or type"
          placeholder="Search name, location, description or type"
          value={text}
          onChange={setText}
          count={
            data
              ? q
                ? `${plural(total, 'property matches', 'properties match')} “${q}”`
                : plural(total, 'property', 'properties')
              : undefined
          }
        />
      </div>

      <div className="mt-8">{body}</div>

      <PropertyFormDialog
        open={form.open}
        propertyId={form.propertyId}
        onOpenChange={(open) => setForm((f) => ({ ...f, open }))}
      />
      {calendar &&
        renderCalendar?.({
          property: calendar.property,
          open: calendar.open,
          onOpenChange: (open) => setCalendar((c) => (c ? { ...c, open } : c)),
        })}
    </div>
  );
}
