import { foldForSearch, type Property, plural } from '@villas/shared';
import { Search, X } from 'lucide-react';
import { useEffect, useId, useMemo, useState } from 'react';
import { QueryState } from '../../../components/ui/query-state';
import { Checkbox } from '../../../components/ui/checkbox';
import { Input } from '../../../components/ui/input';
import { cn } from '../../../lib/utils';
import { OPTIONS_PAGE_SIZE, usePropertyOptions } from '../api/get-property-options';

/** Pause after typing before the server is asked, so one request goes out per pause. */
export const PICKER_DEBOUNCE_MS = 250;

export interface PropertyPickerProps {
  value: number[];
  onChange: (ids: number[]) => void;
  /** Id of an error message describing the field, for aria-describedby. */
  errorId?: string;
  invalid?: boolean;
}

type Option = Pick<Property, 'id' | 'name' | 'location' | 'region' | 'subregion'>;
const placeOf = (p: Option) => [p.subregion, p.region].filter(Boolean).join(', ') || p.location;
const villas = (n: number) => plural(n, 'villa');

/**
 * A searchable selector over the catalogue, searched on the server (POST /api/properties/search with
 * `q`, the first 40 matches), not a list of 520: typing filters by name or destination (country,
 * destination, location), ignoring case and accents, with a count of the matches; each villa is a
 * checkbox, so it can be chosen only once. The chosen villas stay listed above the
 * search as 'Selected (n)', removable, whatever the filter shows.
 */
export function PropertyPicker({ value, onChange, errorId, invalid }: PropertyPickerProps) {
  const [query, setQuery] = useState('');
  // The text the server is asked about: the folded query once typing pauses.
  const [asked, setAsked] = useState('');
  useEffect(() => {
    const folded = foldForSearch(query);
    const timer = setTimeout(() => setAsked(folded), PICKER_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [query]);
  const catalogue = usePropertyOptions('');
  const found = usePropertyOptions(asked, asked !== '');
  const { data, isPending, isError } = asked === '' ? catalogue : found;
  const id = useId();
  const chosen = useMemo(() => new Set(value), [value]);
  // The chosen villas' names, kept from the list they were chosen in (the filter may hide them).
  const [names, setNames] = useState<ReadonlyMap<number, Option>>(() => new Map());

  const shownMatches: readonly Option[] = data?.items ?? [];
  const matchCount = data?.total ?? 0;
  const catalogueCount = catalogue.data?.total;

  const toggle = (p: Option, on: boolean) => {
    if (on && !chosen.has(p.id)) {
      setNames((prev) => new Map(prev).set(p.id, p));
      onChange([...value, p.id]);
    }
    if (!on) onChange(value.filter((v) => v !== p.id));
  };
  const remove = (pid: number) => {
    onChange(value.filter((v) => v !== pid));
    // The chip and its button are gone: keep the keyboard in the field.
    document.getElementById(`${id}-search`)?.focus();
  };

  return (
    <div>
      <label
        htmlFor={`${id}-search`}
        className="mb-1.5 block text-xs font-medium uppercase tracking-[0.12em] text-stone"
      >
        Properties
      </label>
      {value.length > 0 && (
        <div className="mb-3">
          <p id={`${id}-selected`} className="mb-1.5 text-xs text-stone">
            Selected ({value.length})
          </p>
          <ul aria-labelledby={`${id}-selected`} className="flex flex-wrap gap-2">
            {value.map((pid) => {
              const name = names.get(pid)?.name ?? `Property #${pid}`;
              return (
                <li
                  key={pid}
                  className="inline-flex items-center gap-1 rounded-full border border-line bg-ivory py-1 pl-3 pr-1 text-sm text-ink"
                >
                  {name}
                  <button
                    type="button"
                    onClick={() => remove(pid)}
                    aria-label={`Remove ${name}`}
                    className="inline-flex h-7 w-7 cursor-pointer items-center justify-center rounded-full text-stone hover:bg-sand hover:text-ink"
                  >
                    <X className="h-3.5 w-3.5" aria-hidden />
                  </button>
                </li>
              );
            })}
          </ul>
        </div>
      )}
      <div className="relative">
        <Search
          className="pointer-events-none absolute left-3.5 top-1/2 h-4 w-4 -translate-y-1/2 text-stone"
          aria-hidden
        />
        <Input
          id={`${id}-search`}
          type="search"
          placeholder="Search villas by name or destination"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          className="pl-10"
          aria-invalid={invalid || undefined}
          aria-describedby={[`${id}-count`, errorId].filter(Boolean).join(' ')}
          aria-controls={`${id}-options`}
        />
      </div>
      <p id={`${id}-count`} aria-live="polite" className="mt-1.5 text-xs text-stone">
        {data && catalogueCount != null ? `${matchCount} of ${villas(catalogueCount)}` : ''}
      </p>
      <div
        id={`${id}-options`}
        className={cn(
          'mt-1.5 max-h-56 overflow-y-auto rounded-[2px] border border-line bg-paper',
          invalid && 'border-danger/60',
        )}
      >
        {isPending || isError ? (
          <QueryState
            pending={isPending}
            error={isError}
            loadingLabel="Loading properties"
            loadingClassName="py-6"
            what="The villas"
            errorLayout="text"
            errorClassName="px-4 py-5 text-sm text-stone"
          />
        ) : shownMatches.length === 0 ? (
          <p className="px-4 py-5 text-sm text-stone">No villas match “{query.trim()}”.</p>
        ) : (
          <ul aria-label="Villas to choose from" className="divide-y divide-line/70">
            {shownMatches.map((p) => {
              const on = chosen.has(p.id);
              const place = placeOf(p);
              return (
                <li key={p.id}>
                  <label
                    className={cn(
                      'flex w-full cursor-pointer items-center gap-3 px-4 py-2.5 hover:bg-sand/60',
                      on && 'bg-ivory',
                    )}
                  >
                    <Checkbox
                      checked={on}
                      onCheckedChange={(next) => toggle(p, next)}
                      aria-label={`${p.name}, ${place}`}
                    />
                    <span className="min-w-0 flex-1">
                      <span className="block truncate text-sm font-medium text-ink">{p.name}</span>
                      <span className="block truncate text-xs text-stone">{place}</span>
                    </span>
                  </label>
                </li>
              );
            })}
          </ul>
        )}
        {matchCount > shownMatches.length && (
          <p className="sticky bottom-0 border-t border-line bg-paper px-4 py-2.5 text-xs text-stone">
            Showing the first {Math.min(shownMatches.length, OPTIONS_PAGE_SIZE)} of {matchCount} matches. Type
            a name or destination to narrow the list.
          </p>
        )}
      </div>
    </div>
  );
}
