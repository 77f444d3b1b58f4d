import { plural } from '@villas/shared';
import type { Amenity } from '@villas/shared';
import { useId, useMemo } from 'react';
import { Checkbox } from '../../../components/ui/checkbox';
import { QueryState } from '../../../components/ui/query-state';
import { groupCatalogue } from '../utils/property-form';

/**
 * The amenity catalogue in its nine categories, each with an 'n / total selected' count.
 * Names already on the property that the catalogue lacks are listed under their category too, so
 * nothing selected is hidden.
 */
export function AmenitiesPicker({
  amenities,
  isPending,
  isError,
  onRetry,
  value,
  onChange,
}: {
  amenities: readonly Amenity[] | undefined;
  isPending: boolean;
  isError: boolean;
  onRetry: () => void;
  value: readonly string[];
  onChange: (next: string[]) => void;
}) {
  const baseId = useId();
  const groups = useMemo(() => {
    const list = [...(amenities ?? [])];
    const known = new Set(list.map((a) => a.name.toLowerCase()));
    for (const name of value) {
      if (!known.has(name.toLowerCase())) list.push({ id: -1, name, category: '' });
    }
    return groupCatalogue(list);
  }, [amenities, value]);
  const selected = useMemo(() => new Set(value.map((v) => v.toLowerCase())), [value]);

  const toggle = (name: string, on: boolean) =>
    onChange(on ? [...value, name] : value.filter((v) => v.toLowerCase() !== name.toLowerCase()));

  return (
    <QueryState
      pending={isPending}
      error={isError}
      onRetry={onRetry}
      loadingLabel="Loading amenities"
      loadingClassName="py-12"
      what="The amenity catalogue"
      errorClassName="py-10 text-center text-sm text-stone"
    >
      <div className="space-y-8">
        <p className="text-sm text-stone">
          {value.length === 0
            ? 'Nothing selected yet.'
            : `${plural(value.length, 'amenity', 'amenities')} selected.`}
        </p>
        {groups.map(({ category, names }, gi) => {
          const count = names.filter((n) => selected.has(n.toLowerCase())).length;
          return (
            <fieldset key={category} className="border-t border-line pt-5">
              <legend className="sr-only">{`${category}: ${count} / ${names.length} selected`}</legend>
              <div className="flex items-baseline justify-between gap-4" aria-hidden>
                <span className="font-display text-xl text-ink">{category}</span>
                <span className="text-xs tabular-nums text-stone">
                  {count} / {names.length} selected
                </span>
              </div>
              {names.length === 0 ? (
                <p className="mt-3 text-sm text-stone">No amenities in this category yet.</p>
              ) : (
                <ul className="mt-4 grid gap-x-6 gap-y-3 sm:grid-cols-2 lg:grid-cols-3">
                  {names.map((name, i) => {
                    const id = `${baseId}-${gi}-${i}`;
                    return (
                      <li key={name} className="flex items-center gap-3">
                        <Checkbox
                          id={id}
                          checked={selected.has(name.toLowerCase())}
                          onCheckedChange={(on) => toggle(name, on)}
                        />
                        <label htmlFor={id} className="cursor-pointer text-sm text-ink">
                          {name}
                        </label>
                      </li>
                    );
                  })}
                </ul>
              )}
            </fieldset>
          );
        })}
      </div>
    </QueryState>
  );
}
