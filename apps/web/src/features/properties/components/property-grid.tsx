import type { Property } from '@villas/shared';
import { useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import type { Stay } from '../utils/estimate';
import { PropertyCard } from './property-card';
import { PropertyDetailDialog } from './property-detail-dialog';

export interface PropertyGridProps {
  properties: readonly Property[];
  selected: ReadonlySet<number>;
  onSelectedChange: (id: number, selected: boolean) => void;
  /** The dated search's stay: prefills the booking form and prices it with the search's totals. */
  stay?: Stay | null;
  /** Extra tiles after the cards (the dashboard's VIP off-market card). */
  trailing?: ReactNode;
  /** Cards rendered at first and added by each 'Show more' (a catalogue can hold hundreds). */
  pageSize?: number;
}

export const GRID_PAGE_SIZE = 24;

/** The responsive card grid (1 column on phones, 2 on tablets, 3 on desktops) and its detail dialog. */
export function PropertyGrid({
  properties,
  selected,
  onSelectedChange,
  stay,
  trailing,
  pageSize = GRID_PAGE_SIZE,
}: PropertyGridProps) {
  const [openId, setOpenId] = useState<number | null>(null);
  const [open, setOpen] = useState(false);
  // A new list (a search answered, filters cleared) starts again at the first page.
  const [shown, setShown] = useState({ list: properties, count: pageSize });
  const count = shown.list === properties ? shown.count : pageSize;
  if (shown.list !== properties) setShown({ list: properties, count: pageSize });
  const current = properties.find((p) => p.id === openId) ?? null;
  const visible = properties.slice(0, count);
  const rest = properties.length - visible.length;

  return (
    <>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3 lg:gap-8" aria-label="Properties">
        {visible.map((p) => (
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
      {rest > 0 && (
        <div className="mt-10 flex flex-col items-center gap-3">
          <p className="text-sm text-stone">
            Showing {visible.length} of {properties.length}
          </p>
          <Button variant="outline" onClick={() => setShown({ list: properties, count: count + pageSize })}>
            Show {Math.min(rest, pageSize)} more
          </Button>
        </div>
      )}
      <PropertyDetailDialog
        property={current}
        open={open && current != null}
        onOpenChange={setOpen}
        stay={stay}
      />
    </>
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
