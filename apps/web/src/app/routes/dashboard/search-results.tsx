import { plural } from '@villas/shared';
import type { PropertySort } from '@villas/shared';
import { RotateCcw } from 'lucide-react';
import { type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import type { CardProperty } from '../../../features/properties/components/property-card';
import {
  EmptyState,
  PropertyGrid,
  type MorePages,
} from '../../../features/properties/components/property-grid';
import { SortSelect } from '../../../features/search/components/sort-select';

/** The search's results: the sort, the cards (or why there are none) and the next page. */
export function Results({
  status,
  list,
  total,
  more,
  refreshing,
  sort,
  onSortChange,
  error,
  selected,
  onSelectedChange,
  stay,
  onClear,
  offMarket,
  offMarketBanner,
}: {
  status: 'none' | 'searching' | 'searched';
  list: readonly CardProperty[];
  /** How many match in all (the server's count; the list holds the pages loaded so far). */
  total: number;
  more: MorePages;
  /** Another order or search is on its way: the list shown is the previous one. */
  refreshing: boolean;
  sort: PropertySort;
  onSortChange: (sort: PropertySort) => void;
  error: string | null;
  selected: ReadonlySet<number>;
  onSelectedChange: (id: number, on: boolean) => void;
  stay: { checkIn: string; checkOut: string } | null;
  onClear: () => void;
  offMarket: ReactNode;
  offMarketBanner: ReactNode;
}) {
  const n = total;
  const summary =
    status === 'searching'
      ? 'Searching...'
      : status === 'searched'
        ? `${plural(n, 'property matches', 'properties match')} your search`
        : `${plural(n, 'property', 'properties')} in the collection`;

  if (status === 'searching' && list.length === 0) {
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
      <div className="mb-5 flex flex-wrap items-center justify-between gap-x-6 gap-y-3">
        <p role="status" className="text-xs font-medium uppercase tracking-[0.16em] text-stone">
          {summary}
        </p>
        <SortSelect value={sort} onChange={onSortChange} />
      </div>
      <div
        className={
          status === 'searching' || refreshing
            ? 'pointer-events-none opacity-60 transition-opacity'
            : undefined
        }
      >
        <PropertyGrid
          properties={list}
          selected={selected}
          onSelectedChange={onSelectedChange}
          stay={stay}
          trailing={status === 'searched' ? offMarket : undefined}
          more={more}
        />
      </div>
    </>
  );
}

/** The cards' outline while the first page loads. */
export function LoadingGrid() {
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
