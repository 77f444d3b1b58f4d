import { formatLongDate, formatMoney, todayIso, pluralWord } from '@villas/shared';
import { Plus, X } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { DateField } from '../../../components/ui/date-field';
import { Input } from '../../../components/ui/input';
import { sortByDate, type CustomPrice } from '../utils/property-form';
import { enterRuns } from '../../../lib/enter-key';

/**
 * Custom nightly prices: a date and a whole-number price, both needed to add; a date
 * added again takes the new price. New prices are in the property's currency; stored ones keep theirs.
 * The list scrolls past a few rows.
 */
export function CustomPricesEditor({
  value,
  onChange,
  currency,
}: {
  value: readonly CustomPrice[];
  onChange: (next: CustomPrice[]) => void;
  currency: string;
}) {
  const [date, setDate] = useState<string | null>(null);
  // The last date chosen: the picker opens on its month again for the next price, not on today's.
  const [lastDate, setLastDate] = useState<string | null>(null);
  const [price, setPrice] = useState('');
  const [error, setError] = useState<string | null>(null);
  const priceId = useId();
  const errorId = useId();

  const add = () => {
    const text = price.trim();
    if (!date || !text) {
      setError('Choose a date and enter a price to add a custom price');
      return;
    }
    if (!/^\d+$/.test(text)) {
      setError('Enter the price as a whole number, such as 1500');
      return;
    }
    const amount = Number(text);
    if (amount > 10_000_000) {
      setError('Price is too large');
      return;
    }
    onChange(
      sortByDate([...value.filter((p) => p.date !== date), { date, price: amount, currency, saved: false }]),
    );
    setDate(null);
    setPrice('');
    setError(null);
  };

  return (
    <div>
      <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_10rem_auto] sm:items-end">
        <div>
          <span
            className="mb-1.5 block text-xs font-medium uppercase tracking-[0.12em] text-stone"
            aria-hidden
          >
            Date
          </span>
          <DateField
            label="Custom price date"
            value={date}
            onChange={(d) => {
              setDate(d);
              if (d) setLastDate(d);
              setError(null);
            }}
            min={todayIso()}
            defaultMonth={lastDate ?? undefined}
            placeholder="Choose a date"
            aria-invalid={error && !date ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
        </div>
        <div>
          <label
            htmlFor={priceId}
            className="mb-1.5 block text-xs font-medium uppercase tracking-[0.12em] text-stone"
          >
            Price ({currency})
          </label>
          <Input
            id={priceId}
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            value={price}
            onChange={(e) => {
              setPrice(e.target.value);
              setError(null);
            }}
            onKeyDown={enterRuns(add)}
            aria-invalid={error && date ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            placeholder="1500"
          />
        </div>
        <Button variant="outline" onClick={add} className="h-11">
          <Plus className="h-4 w-4" aria-hidden />
          Add price
        </Button>
      </div>
      {error && (
        <p id={errorId} role="alert" className="mt-2 text-xs text-danger">
          {error}
        </p>
      )}

      {value.length === 0 ? (
        <p className="mt-4 text-sm text-stone">No custom prices: every night uses the base price.</p>
      ) : (
        <>
          <p className="mt-4 text-xs text-stone">
            {value.length} custom {pluralWord(value.length, 'price')}
          </p>
          <ul
            aria-label="Custom prices"
            className="mt-2 max-h-32 divide-y divide-line overflow-y-auto rounded-[2px] border border-line"
          >
            {value.map((p) => (
              <li key={p.date} className="flex items-center justify-between gap-3 px-3.5 py-1.5 text-sm">
                <span className="min-w-0 truncate">{formatLongDate(p.date)}</span>
                <span className="ml-auto tabular-nums text-ink">
                  {formatMoney(p.price, p.saved ? p.currency : currency)}
                </span>
                <button
                  type="button"
                  onClick={() => onChange(value.filter((x) => x.date !== p.date))}
                  aria-label={`Remove custom price for ${formatLongDate(p.date)}`}
                  className="inline-flex h-8 w-8 shrink-0 cursor-pointer items-center justify-center rounded-full text-stone hover:bg-sand hover:text-ink"
                >
                  <X className="h-3.5 w-3.5" aria-hidden />
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
