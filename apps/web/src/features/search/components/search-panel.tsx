import {
  addDays,
  type Amenity,
  convertMoney,
  type Currency,
  exchangeRatio,
  LIMITS,
  type Location,
  type Rates,
  SITE_CURRENCY,
  todayIso,
  CURRENCY_SYMBOLS,
} from '@villas/shared';
import { Check, RotateCcw, Search } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { DateField } from '../../../components/ui/date-field';
import { Field, Label } from '../../../components/ui/field';
import { Select } from '../../../components/ui/select';
import { useDisplayMoney } from '../../../lib/display-currency';
import { cn } from '../../../lib/utils';
import type { PropertySearch } from '../hooks/use-property-search';
import { hasFilters, waitingForTyping } from '../search-state';

const ANY = 'any';
const bedroomOptions = [
  { value: ANY, label: 'Any' },
  ...Array.from({ length: LIMITS.maxBedroomFilter }, (_, i) => ({
    value: String(i + 1),
    label: `${i + 1}+`,
  })),
];

export interface SearchPanelProps {
  search: PropertySearch;
  locations: readonly Location[];
  /** The amenities offered as filters (the first 15). */
  amenities: readonly Amenity[];
  /** Controls for the panel's header, such as the display-currency choice. */
  headerAside?: ReactNode;
}

/**
 * The advanced search: country, destination (disabled until a country), bedrooms,
 * maximum price per week in the agent's display currency (sent in EUR), check-in/check-out and
 * amenity chips. All state lives in the search hook; this component only renders it and dispatches.
 */
export function SearchPanel({ search, locations, amenities, headerAside }: SearchPanelProps) {
  const { state, actions } = search;
  const { form, status } = state;
  const display = useDisplayMoney();
  // The budget is typed in the display currency when a rate converts it to EUR, else in EUR.
  const budgetCurrency: Currency = exchangeRatio(display.currency, SITE_CURRENCY, display.rates)
    ? display.currency
    : SITE_CURRENCY;
  // Only a search actually on its way disables the button: one waiting for typing to settle is sent
  // at once by the button or Enter.
  const busy = status === 'searching' && !waitingForTyping(state);
  const headingId = useId();
  const amenitiesLabelId = useId();
  const destinations = locations.find((l) => l.region === form.country)?.subregions ?? [];
  const today = todayIso();
  const filtered = hasFilters(form);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    actions.search();
  };

  return (
    <section aria-labelledby={headingId} className="rounded-[3px] border border-line bg-paper shadow-soft">
      <div className="flex flex-wrap items-end justify-between gap-3 border-b border-line/70 px-5 pb-4 pt-5 sm:px-7 sm:pt-6">
        <div>
          <p className="eyebrow">Advanced search</p>
          <h2 id={headingId} className="mt-1 text-2xl sm:text-[28px]">
            Find the right villa
          </h2>
        </div>
        <div className="flex flex-wrap items-center gap-x-6 gap-y-3">
          {filtered && (
            <button
              type="button"
              onClick={actions.clear}
              className="inline-flex cursor-pointer items-center gap-1.5 text-xs font-medium uppercase tracking-[0.14em] text-stone underline-offset-4 hover:text-ink hover:underline"
            >
              <RotateCcw className="h-3.5 w-3.5" aria-hidden />
              Clear filters
            </button>
          )}
          {headerAside}
        </div>
      </div>

      <form onSubmit={submit} noValidate className="px-5 py-5 sm:px-7 sm:py-6">
        <div className="grid gap-x-5 gap-y-4 sm:grid-cols-2 lg:grid-cols-4">
          <Field label="Country">
            <Select
              value={form.country ?? ANY}
              onValueChange={(v) => actions.setCountry(v === ANY ? null : v)}
              options={[
                { value: ANY, label: 'Any country' },
                ...locations.map((l) => ({ value: l.region, label: l.region })),
              ]}
            />
          </Field>
          <Field label="Destination" hint={form.country ? undefined : 'Choose a country first'}>
            <Select
              value={form.destination ?? ANY}
              onValueChange={(v) => actions.setDestination(v === ANY ? null : v)}
              disabled={!form.country}
              options={[
                { value: ANY, label: 'Any destination' },
                ...destinations.map((d) => ({ value: d, label: d })),
              ]}
            />
          </Field>
          <Field label="Bedrooms">
            <Select
              value={form.bedrooms == null ? ANY : String(form.bedrooms)}
              onValueChange={(v) => actions.setBedrooms(v === ANY ? null : Number(v))}
              options={bedroomOptions}
            />
          </Field>
          <Field label={`Maximum price per week (${budgetCurrency})`}>
            <PriceInput
              value={form.maxPrice}
              onChange={actions.setMaxPrice}
              currency={budgetCurrency}
              rates={display.rates}
            />
          </Field>
          <Field
            label="Check-in"
            hint={
              form.checkIn && !form.checkOut ? 'Add a check-out date to search by availability' : undefined
            }
          >
            <DateField label="Check-in" value={form.checkIn} onChange={actions.setCheckIn} min={today} />
          </Field>
          <Field label="Check-out">
            <DateField
              label="Check-out"
              value={form.checkOut}
              onChange={actions.setCheckOut}
              min={form.checkIn ? addDays(form.checkIn, 1) : addDays(today, 1)}
            />
          </Field>
          <div className="flex items-end sm:col-span-2">
            <Button type="submit" className="w-full sm:w-auto sm:min-w-44" disabled={busy}>
              <Search className="h-4 w-4" aria-hidden />
              {busy ? 'Searching...' : 'Search'}
            </Button>
          </div>
        </div>

        {amenities.length > 0 && (
          <div className="mt-6 border-t border-line/70 pt-5">
            <Label className="mb-3">
              <span id={amenitiesLabelId}>Amenities</span>
            </Label>
            <div role="group" aria-labelledby={amenitiesLabelId} className="flex flex-wrap gap-2">
              {amenities.map((a) => {
                const on = form.amenityIds.includes(a.id);
                return (
                  <button
                    key={a.id}
                    type="button"
                    aria-pressed={on}
                    onClick={() => actions.toggleAmenity(a.id)}
                    className={cn(
                      'inline-flex h-9 cursor-pointer items-center gap-1.5 rounded-full border px-3.5 text-[13px] transition-colors',
                      on
                        ? 'border-ink bg-ink text-ivory'
                        : 'border-line bg-paper text-ink hover:border-gold-deep hover:text-gold-deep',
                    )}
                  >
                    {on && <Check className="h-3.5 w-3.5" aria-hidden strokeWidth={2.5} />}
                    {a.name}
                  </button>
                );
              })}
            </div>
          </div>
        )}
      </form>
    </section>
  );
}

/**
 * The budget: typed in whole units of `currency`, kept in the search as EUR to the cent (the shared
 * conversion rule; the server compares it with prices converted to the cent). What the agent typed
 * stays as typed; it is shown again from the EUR value only when that changes from outside (clear
 * filters) or the currency changes. Blank = no limit.
 */
function PriceInput({
  value,
  onChange,
  currency,
  rates,
  ...rest
}: {
  value: number | null;
  onChange: (eur: number | null) => void;
  currency: Currency;
  rates: Rates;
  id?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
}) {
  const shownFor = (eur: number | null) =>
    eur == null ? '' : String(convertMoney(eur, SITE_CURRENCY, currency, rates) ?? '');
  const [typed, setTyped] = useState({ text: shownFor(value), eur: value, currency });
  if (typed.eur !== value || typed.currency !== currency) {
    setTyped({ text: shownFor(value), eur: value, currency });
  }
  const symbol = CURRENCY_SYMBOLS[currency];

  return (
    <div className="relative">
      <span className="pointer-events-none absolute inset-y-0 left-3.5 flex items-center text-[15px] text-stone">
        {symbol}
      </span>
      <input
        {...rest}
        type="number"
        inputMode="numeric"
        min={0}
        step={500}
        placeholder="No limit"
        value={typed.text}
        onChange={(e) => {
          const text = e.target.value;
          const n = text === '' ? null : Math.max(0, Number(text));
          const eur =
            n == null || Number.isNaN(n) || n === 0
              ? null
              : (convertMoney(n, currency, SITE_CURRENCY, rates, 2) ?? null);
          setTyped({ text, eur, currency });
          onChange(eur);
        }}
        className={cn(
          'h-11 w-full rounded-[2px] border border-line bg-paper pr-3.5 text-[15px] text-ink placeholder:text-stone transition-colors focus:border-gold-deep focus:outline-none focus:ring-1 focus:ring-gold-deep',
          symbol.length > 1 ? 'pl-14' : 'pl-8',
        )}
      />
    </div>
  );
}
