import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import type { Stay } from '../utils/estimate';
import { PropertyCard, type CardProperty } from './property-card';
import { PropertyDetailDialog } from './property-detail-dialog';

/** The next page of a list paged by the server: how many match in all and how to load more. */
export interface MorePages {
  total: number;
  hasMore: boolean;
  loading: boolean;
  onLoadMore: () => void;
}

export interface PropertyGridProps {
  properties: readonly CardProperty[];
  selected: ReadonlySet<number>;
  onSelectedChange: (id: number, selected: boolean) => void;
  /** The dated search's stay: prefills the booking form and prices it with the search's totals. */
  stay?: Stay | null;
  /** Extra tiles after the cards (the dashboard's VIP off-market card). */
  trailing?: ReactNode;
  /** More pages on the server: loaded as the end of the grid scrolls into view, or by 'Load more'. */
  more?: MorePages;
}

/** The responsive card grid (1 column on phones, 2 on tablets, 3 on desktops) and its detail dialog. */
export function PropertyGrid({
  properties,
  selected,
  onSelectedChange,
  stay,
  trailing,
  more,
}: PropertyGridProps) {
  const [openId, setOpenId] = useState<number | null>(null);
  const [open, setOpen] = useState(false);
  const current = properties.find((p) => p.id === openId) ?? null;

  return (
    <>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3 lg:gap-8" aria-label="Properties">
        {properties.map((p) => (
          <li key={p.id} className="flex">
            <div className="flex w-full flex-col [&>article]:flex-1">
              <PropertyCard
                property={p}
                selected={selected.has(p.id)}
                onSelectedChange={(on) => onSelectedChange(p.id, on)}
                onOpen={() => {
                  setOpenId(p.id);
                  setOpen(true);
                }}
              />
            </div>
          </li>
        ))}
        {trailing && <li className="flex [&>*]:flex-1">{trailing}</li>}
      </ul>
      {more?.hasMore && <LoadMore shown={properties.length} more={more} />}
      <PropertyDetailDialog
        property={current}
        open={open && current != null}
        onOpenChange={setOpen}
        stay={stay}
      />
    </>
  );
}

/**
 * Infinite scroll with a visible fallback: a sentinel loads the next page as it nears the viewport
 * (where IntersectionObserver exists), and the 'Load more' button does the same by click or keyboard.
 */
function LoadMore({ shown, more }: { shown: number; more: MorePages }) {
  const sentinel = useRef<HTMLDivElement>(null);
  const { loading, onLoadMore } = more;
  useEffect(() => {
    const el = sentinel.current;
    if (!el || loading || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) onLoadMore();
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [loading, onLoadMore]);

  return (
    <div ref={sentinel} className="mt-10 flex flex-col items-center gap-3">
      <p className="text-sm text-stone">
        Showing {shown} of {more.total}
      </p>
      {loading && <Spinner label="Loading more properties" />}
      <Button variant="outline" onClick={onLoadMore} disabled={loading}>
        Load more
      </Button>
    </div>
  );
}

/** A quiet, centred empty state with an optional action. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="rounded-[3px] border border-dashed border-line bg-paper/60 px-6 py-16 text-center">
      <h2 className="text-3xl text-ink">{title}</h2>
      {children && (
        <div className="mx-auto mt-4 flex max-w-md flex-col items-center gap-4 text-sm text-stone">
          {children}
        </div>
      )}
    </div>
  );
}
