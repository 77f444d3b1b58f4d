import { Check, Plus, Search, X } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/utils';
import { usePropertyOptions } from '../api/get-property-options';

const MAX_SHOWN = 40;

export interface PropertyPickerProps {
  value: number[];
  onChange: (ids: number[]) => void;
  /** Id of an error message describing the field, for aria-describedby. */
  errorId?: string;
  invalid?: boolean;
}

/**
 * A searchable selector over the catalogue (GET /api/properties): typing filters by name or place,
 * each villa can be added only once, and the chosen ones show as removable chips (seed 000 §5).
 */
export function PropertyPicker({ value, onChange, errorId, invalid }: PropertyPickerProps) {
  const { data, isPending, isError } = usePropertyOptions();
  const [query, setQuery] = useState('');
  const id = useId();
  const chosen = useMemo(() => new Set(value), [value]);
  const byId = useMemo(() => new Map((data ?? []).map((p) => [p.id, p])), [data]);

  const q = query.trim().toLowerCase();
  const matches = (data ?? []).filter(
    (p) =>
      !q ||
      p.name.toLowerCase().includes(q) ||
      p.location.toLowerCase().includes(q) ||
      (p.region ?? '').toLowerCase().includes(q) ||
      (p.subregion ?? '').toLowerCase().includes(q),
  );

  // A long catalogue stays quick to scan and to tab through: typing narrows it.
  const shownMatches = matches.slice(0, MAX_SHOWN);

  const add = (pid: number) => {
    if (!chosen.has(pid)) onChange([...value, pid]);
  };
  const remove = (pid: number) => onChange(value.filter((v) => v !== pid));

  return (
    <div>
      <label
        htmlFor={`${id}-search`}
        className="mb-1.5 block text-xs font-medium uppercase tracking-[0.12em] text-stone"
      >
        Properties
      </label>
      {value.length > 0 && (
        <ul aria-label="Selected properties" className="mb-3 flex flex-wrap gap-2">
          {value.map((pid) => {
            const name = byId.get(pid)?.name ?? `Property #${pid}`;
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
          aria-describedby={errorId}
          aria-controls={`${id}-options`}
        />
      </div>
      <div
        id={`${id}-options`}
        className={cn(
          'mt-2 max-h-56 overflow-y-auto rounded-[2px] border border-line bg-paper',
          invalid && 'border-danger/60',
        )}
      >
        {isPending ? (
          <div className="flex justify-center py-6">
            <Spinner label="Loading properties" />
          </div>
        ) : isError ? (
          <p className="px-4 py-5 text-sm text-stone">The villas could not be loaded.</p>
        ) : matches.length === 0 ? (
          <p className="px-4 py-5 text-sm text-stone">No villas match “{query.trim()}”.</p>
        ) : (
          <ul aria-label="Available properties" className="divide-y divide-line/70">
            {shownMatches.map((p) => {
              const added = chosen.has(p.id);
              return (
                <li key={p.id}>
                  <button
                    type="button"
                    onClick={() => add(p.id)}
                    disabled={added}
                    aria-label={added ? `${p.name} (added), ${p.location}` : `Add ${p.name}, ${p.location}`}
                    className="flex w-full cursor-pointer items-center gap-3 px-4 py-2.5 text-left hover:bg-sand/60 disabled:cursor-default disabled:bg-ivory"
                  >
                    <span className="min-w-0 flex-1">
                      <span className="block truncate text-sm font-medium text-ink">{p.name}</span>
                      <span className="block truncate text-xs text-stone">{p.location}</span>
                    </span>
                    {added ? (
                      <Check className="h-4 w-4 shrink-0 text-success" aria-hidden />
                    ) : (
                      <Plus className="h-4 w-4 shrink-0 text-gold-deep" aria-hidden />
                    )}
                  </button>
                </li>
              );
            })}
          </ul>
        )}
        {matches.length > MAX_SHOWN && (
          <p className="sticky bottom-0 border-t border-line bg-paper px-4 py-2.5 text-xs text-stone">
            Showing {MAX_SHOWN} of {matches.length} villas. Type a name or destination to narrow the list.
          </p>
        )}
      </div>
    </div>
  );
}
