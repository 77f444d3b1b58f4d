import type { Property } from '@villas/shared';
import { RotateCcw } from 'lucide-react';
import { useMemo, useState, type ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { OffMarketCard } from '../../features/off-market/components/off-market-card';
import type { OffMarketCriteria } from '../../features/off-market/utils/compose-message';
import { useProperties } from '../../features/properties/api/get-properties';
import { EmptyState, PropertyGrid } from '../../features/properties/components/property-grid';
import { filterAmenities, useAmenities } from '../../features/search/api/get-amenities';
import { useLocations } from '../../features/search/api/get-locations';
import { SearchPanel } from '../../features/search/components/search-panel';
import { usePropertySearch } from '../../features/search/hooks/use-property-search';
import { CreateLinkDialog } from '../../features/white-label/components/create-link-dialog';
import { RequireUser } from '../layout/require-user';

export function Component() {
  return <RequireUser>{(user) => <Dashboard agentId={user.id} />}</RequireUser>;
}

/**
 * The agent's dashboard (seed 000 §2, §4): the catalogue, the advanced search, selection of villas
 * for a white-label link, and the VIP off-market card after a search.
 */
function Dashboard({ agentId }: { agentId: number }) {
  const properties = useProperties();
  const locations = useLocations();
  const amenities = useAmenities();
  const search = usePropertySearch();
  const { state, filters } = search;
  const [selected, setSelected] = useState<ReadonlySet<number>>(() => new Set());

  const offered = useMemo(() => filterAmenities(amenities.data), [amenities.data]);
  const criteria = useMemo<OffMarketCriteria>(() => {
    const names = new Map((amenities.data ?? []).map((a) => [a.id, a.name]));
    return {
      ...state.form,
      amenities: state.form.amenityIds.map((id) => names.get(id) ?? `#${id}`),
    };
  }, [state.form, amenities.data]);

  const toggle = (id: number, on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const count = selected.size;

  const searched = state.searched;
  const stay =
    searched?.checkIn && searched.checkOut
      ? { checkIn: String(searched.checkIn), checkOut: String(searched.checkOut) }
      : null;

  return (
    <div className="pb-24">
      <header className="border-b border-line bg-paper">
        <div className="mx-auto flex max-w-7xl flex-col gap-6 px-5 py-10 sm:px-8 sm:py-12 lg:flex-row lg:items-end lg:justify-between">
          <div>
            <p className="eyebrow">Agent portfolio</p>
            <h1 className="mt-2 text-4xl sm:text-5xl">Search Properties</h1>
            <p className="mt-3 max-w-xl text-[15px] text-stone">
              Search the collection, select the villas that suit your client and share them in a branded link.
            </p>
          </div>
          <div className="flex flex-wrap items-center gap-x-5 gap-y-3">
            <p className="text-sm text-ink" aria-live="polite">
              <span className="font-display text-3xl leading-none lining-nums">{count}</span>{' '}
              <span className="text-stone">{count === 1 ? 'property' : 'properties'} selected</span>
            </p>
            {count > 0 && (
              <button
                type="button"
                onClick={() => setSelected(new Set())}
                className="cursor-pointer text-xs font-medium uppercase tracking-[0.14em] text-stone underline-offset-4 hover:text-ink hover:underline"
              >
                Clear selection
              </button>
            )}
            <CreateLinkDialog
              agentId={agentId}
              selectedIds={[...selected]}
              searchFilters={filters}
              onCreated={() => setSelected(new Set())}
            />
          </div>
        </div>
      </header>

      <div className="mx-auto max-w-7xl px-5 pt-8 sm:px-8 sm:pt-10">
        <SearchPanel search={search} locations={locations.data ?? []} amenities={offered} />

        <div className="mt-10">
          {properties.isPending && state.status === 'none' ? (
            <LoadingGrid />
          ) : properties.isError && state.status === 'none' ? (
            <EmptyState title="We could not load the properties">
              <p>Please check your connection and try again.</p>
              <Button variant="outline" onClick={() => void properties.refetch()}>
                Try again
              </Button>
            </EmptyState>
          ) : (
            <Results
              status={state.status}
              list={state.status === 'none' ? (properties.data ?? []) : state.results}
              error={state.error}
              selected={selected}
              onSelectedChange={toggle}
              stay={stay}
              onClear={search.actions.clear}
              offMarket={<OffMarketCard criteria={criteria} />}
              offMarketBanner={<OffMarketCard criteria={criteria} layout="banner" />}
            />
          )}
        </div>
      </div>
    </div>
  );
}

function Results({
  status,
  list,
  error,
  selected,
  onSelectedChange,
  stay,
  onClear,
  offMarket,
  offMarketBanner,
}: {
  status: 'none' | 'searching' | 'searched';
  list: readonly Property[];
  error: string | null;
  selected: ReadonlySet<number>;
  onSelectedChange: (id: number, on: boolean) => void;
  stay: { checkIn: string; checkOut: string } | null;
  onClear: () => void;
  offMarket: ReactNode;
  offMarketBanner: ReactNode;
}) {
  const n = list.length;
  const summary =
    status === 'searching'
      ? 'Searching...'
      : status === 'searched'
        ? `${n} ${n === 1 ? 'property matches' : 'properties match'} your search`
        : `${n} ${n === 1 ? 'property' : 'properties'} in the collection`;

  if (status === 'searching' && n === 0) {
    return (
      <div className="flex min-h-64 items-center justify-center gap-3 text-sm text-stone">
        <Spinner label="Searching" />
        <span aria-hidden>Searching the collection…</span>
      </div>
    );
  }
  if (status === 'searched' && n === 0) {
    return (
      <>
        <EmptyState title="No properties match your search criteria">
          {error && <p>{error}</p>}
          <Button variant="outline" onClick={onClear}>
            <RotateCcw className="h-4 w-4" aria-hidden />
            Clear Filters
          </Button>
        </EmptyState>
        <div className="mt-8">{offMarketBanner}</div>
      </>
    );
  }
  if (status === 'none' && n === 0) return <EmptyState title="No properties available" />;

  return (
    <>
      <p role="status" className="mb-5 text-xs font-medium uppercase tracking-[0.16em] text-stone">
        {summary}
      </p>
      <div
        className={status === 'searching' ? 'pointer-events-none opacity-60 transition-opacity' : undefined}
      >
        <PropertyGrid
          properties={list}
          selected={selected}
          onSelectedChange={onSelectedChange}
          stay={stay}
          trailing={status === 'searched' ? offMarket : undefined}
        />
      </div>
    </>
  );
}

function LoadingGrid() {
  return (
    <div
      role="status"
      aria-label="Loading properties"
      className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3 lg:gap-8"
    >
      {Array.from({ length: 6 }, (_, i) => (
        <div key={i} className="overflow-hidden rounded-[3px] bg-paper ring-1 ring-line/70" aria-hidden>
          <div className="aspect-[4/3] animate-pulse bg-sand" />
          <div className="space-y-3 p-6">
            <div className="h-3 w-1/3 animate-pulse rounded bg-sand" />
            <div className="h-6 w-2/3 animate-pulse rounded bg-sand" />
            <div className="h-3 w-full animate-pulse rounded bg-sand" />
            <div className="h-3 w-5/6 animate-pulse rounded bg-sand" />
          </div>
        </div>
      ))}
    </div>
  );
}
