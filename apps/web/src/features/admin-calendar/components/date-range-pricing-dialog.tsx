import { addDays, CURRENCIES, eachNight, plural } from '@villas/shared';
import { Plus, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { DateField } from '../../../components/ui/date-field';
import { DialogContent } from '../../../components/ui/dialog';
import { DialogActions } from '../../../components/ui/dialog-actions';
import { Label } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { notify } from '../../../components/ui/toaster';
import { errorMessage } from '../../../lib/api-client';
import { useSetPricingRanges } from '../api/set-pricing-ranges';
import {
  formatAmount,
  priceLabel,
  rangeNights,
  rangeTotal,
  unpricedRanges,
  validRanges,
  type RangeDraft,
} from '../utils/calendar';
import { pricingSuccessText } from './set-pricing-dialog';

let rowSeq = 0;
const newRow = (currency: RangeDraft['currency']): RangeDraft => ({
  id: `range-${++rowSeq}`,
  from: null,
  to: null,
  price: '',
  currency,
});

/**
 * Date Range Pricing: one or more ranges, each priced per night; the nights run from
 * the start date up to but not including the end date. Incomplete ranges are skipped; the valid ones
 * go in ONE request to `POST /api/daily-pricing/bulk` (one server transaction).
 */
export function DateRangePricingDialogContent({
  propertyId,
  defaultCurrency,
  today,
  onDone,
}: {
  propertyId: number;
  defaultCurrency: RangeDraft['currency'];
  today: string;
  onDone: (written: Array<{ dates: string[]; price: number; currency: RangeDraft['currency'] }>) => void;
}) {
  const [rows, setRows] = useState<RangeDraft[]>(() => [newRow(defaultCurrency)]);
  const [priceErrors, setPriceErrors] = useState<ReadonlyMap<string, string>>(() => new Map());
  // The last date chosen in any range: an empty date field opens on its month, not on today's.
  const [lastPicked, setLastPicked] = useState<string | null>(null);
  const save = useSetPricingRanges(propertyId);
  const totalNights = rows.reduce((n, r) => n + rangeNights(r), 0);

  const update = (id: string, patch: Partial<RangeDraft>) => {
    setRows((rs) => rs.map((r) => (r.id === id ? { ...r, ...patch } : r)));
    const picked = patch.to ?? patch.from;
    if (picked) setLastPicked(picked);
    // A fixed field loses its message at once.
    if (priceErrors.has(id))
      setPriceErrors((errors) => new Map([...errors].filter(([rowId]) => rowId !== id)));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const unpriced = unpricedRanges(rows);
    setPriceErrors(new Map(unpriced.map((u) => [u.id, u.message])));
    if (unpriced.length) {
      document.getElementById(`${unpriced[0]!.id}-price`)?.focus();
      return;
    }
    const ranges = validRanges(rows);
    if (!ranges.length) {
      notify.error('Invalid Data', 'Please ensure all date ranges have valid dates and prices.');
      return;
    }
    save.mutate(
      { propertyId, ranges },
      {
        onSuccess: (res) => {
          notify.success('Pricing Updated Successfully', pricingSuccessText(res.count));
          onDone(
            ranges.map((r) => ({ dates: eachNight(r.from, r.to), price: r.price, currency: r.currency })),
          );
        },
        onError: (err) =>
          notify.error(
            'Error Setting Pricing',
            errorMessage(err, 'Failed to set pricing. Please try again.'),
          ),
      },
    );
  };

  return (
    <DialogContent
      wide
      title="Date Range Pricing"
      description="Set a nightly price for one or more date ranges. Nights run from the start date up to, not including, the end date."
    >
      <form onSubmit={submit} noValidate aria-busy={save.isPending || undefined}>
        <ol className="space-y-4">
          {rows.map((r, i) => {
            const n = i + 1;
            const nights = rangeNights(r);
            const total = rangeTotal(r);
            return (
              <li key={r.id}>
                <fieldset className="rounded-[2px] border border-line bg-ivory/60 p-4">
                  <div className="mb-3 flex items-center justify-between gap-3">
                    <legend className="font-display text-xl text-ink">Date range {n}</legend>
                    {rows.length > 1 && (
                      <Button
                        variant="ghost"
                        size="sm"
                        onClick={() => setRows((rs) => rs.filter((x) => x.id !== r.id))}
                        aria-label={`Remove date range ${n}`}
                      >
                        <Trash2 className="h-3.5 w-3.5" aria-hidden />
                        Remove
                      </Button>
                    )}
                  </div>
                  <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_10rem_7rem]">
                    <div>
                      <Label>From</Label>
                      <DateField
                        label={`Range ${n} from`}
                        value={r.from}
                        min={today}
                        defaultMonth={lastPicked ?? undefined}
                        onChange={(from) => update(r.id, { from })}
                      />
                    </div>
                    <div>
                      <Label>To</Label>
                      <DateField
                        label={`Range ${n} to`}
                        value={r.to}
                        min={r.from ? addDays(r.from, 1) : today}
                        defaultMonth={r.from ?? lastPicked ?? undefined}
                        onChange={(to) => update(r.id, { to })}
                      />
                    </div>
                    <div>
                      <Label htmlFor={`${r.id}-price`}>Price per night</Label>
                      <Input
                        id={`${r.id}-price`}
                        type="number"
                        min={0}
                        step={0.01}
                        inputMode="decimal"
                        aria-label={`Range ${n} price per night`}
                        aria-invalid={priceErrors.has(r.id) || undefined}
                        aria-describedby={priceErrors.has(r.id) ? `${r.id}-price-error` : undefined}
                        value={r.price}
                        onChange={(e) => update(r.id, { price: e.target.value })}
                      />
                    </div>
                    <div>
                      <Label>Currency</Label>
                      <Select
                        aria-label={`Range ${n} currency`}
                        value={r.currency}
                        onValueChange={(v) => update(r.id, { currency: v as RangeDraft['currency'] })}
                        options={CURRENCIES.map((c) => ({ value: c, label: c }))}
                      />
                    </div>
                  </div>
                  {priceErrors.has(r.id) && (
                    <p id={`${r.id}-price-error`} role="alert" className="mt-2 text-sm text-danger">
                      {priceErrors.get(r.id)}
                    </p>
                  )}
                  <p className="mt-3 text-sm text-stone" aria-live="polite">
                    <span className="text-ink">Duration: {plural(nights, 'night')}</span>
                    {total != null && nights > 0 && (
                      <>
                        {' · '}
                        <span className="text-ink">Total: {priceLabel(total, r.currency)}</span>
                      </>
                    )}
                  </p>
                </fieldset>
              </li>
            );
          })}
        </ol>
        <Button
          variant="outline"
          size="sm"
          className="mt-4"
          onClick={() => setRows((rs) => [...rs, newRow(defaultCurrency)])}
        >
          <Plus className="h-3.5 w-3.5" aria-hidden />
          Add Another Date Range
        </Button>

        <section
          aria-label="Summary"
          className="mt-6 flex flex-wrap gap-x-8 gap-y-1 rounded-[2px] bg-sand/60 px-4 py-3 text-sm"
        >
          <p>
            Total nights: <strong>{formatAmount(totalNights)}</strong>
          </p>
          <p>
            Date ranges: <strong>{rows.length}</strong>
          </p>
        </section>

        <DialogActions
          className="mt-6"
          submitLabel="Apply Pricing"
          pendingLabel="Saving…"
          pending={save.isPending}
          disabled={totalNights === 0}
          markBusy
        />
      </form>
    </DialogContent>
  );
}
