import { SINGLE_DATE_CURRENCIES, pluralWord } from '@villas/shared';
import { useState, type FormEvent } from 'react';
import { DialogContent } from '../../../components/ui/dialog';
import { DialogActions } from '../../../components/ui/dialog-actions';
import { ChangeSummary } from './change-summary';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { notify } from '../../../components/ui/toaster';
import { errorMessage } from '../../../lib/api-client';
import { useSetPricingRanges } from '../api/set-pricing-ranges';
import type { DayPrice } from '../hooks/use-calendar-data';
import { consecutiveRuns, INVALID_PRICE_MESSAGE, parseWholePrice } from '../utils/calendar';

type SingleCurrency = (typeof SINGLE_DATE_CURRENCIES)[number];
const MAX_RANGES = 100;

export const pricingSuccessText = (count: number) => `Daily pricing has been set for ${count} date(s).`;

/**
 * Set Pricing: a whole price per night and EUR/USD/GBP for every selected date, sent
 * as ONE bulk request (one range per run of consecutive dates, one server transaction).
 */
export function SetPricingDialogContent({
  propertyId,
  dates,
  defaultCurrency,
  onDone,
  returnFocus,
}: {
  propertyId: number;
  dates: string[];
  defaultCurrency: string;
  /** Where focus goes on closing when the opener cannot take it (see DialogContent). */
  returnFocus?: () => HTMLElement | null | undefined;
  onDone: (dates: string[], value: DayPrice) => void;
}) {
  const [price, setPrice] = useState('');
  const [currency, setCurrency] = useState<SingleCurrency>(
    (SINGLE_DATE_CURRENCIES as readonly string[]).includes(defaultCurrency)
      ? (defaultCurrency as SingleCurrency)
      : 'EUR',
  );
  const [error, setError] = useState<string | undefined>();
  const save = useSetPricingRanges(propertyId);
  const runs = consecutiveRuns(dates);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = parseWholePrice(price);
    if (value == null) {
      setError(INVALID_PRICE_MESSAGE);
      return;
    }
    if (runs.length > MAX_RANGES) {
      setError(`Select at most ${MAX_RANGES} separate runs of dates at a time.`);
      return;
    }
    setError(undefined);
    save.mutate(
      { propertyId, ranges: runs.map((r) => ({ ...r, price: value, currency })) },
      {
        onSuccess: (res) => {
          notify.success('Pricing Updated Successfully', pricingSuccessText(res.count));
          onDone(dates, { price: value, currency });
        },
        onError: (err) =>
          notify.error('Error', errorMessage(err, 'Failed to update pricing. Please try again.')),
      },
    );
  };

  const n = dates.length;
  return (
    <DialogContent
      returnFocus={returnFocus}
      title="Set Pricing"
      description={`The nightly price of the ${n} selected ${pluralWord(n, 'date')}.`}
    >
      <form onSubmit={submit} noValidate className="space-y-5">
        <ChangeSummary dates={dates} />
        <Field label="Price per night" error={error}>
          <Input
            inputMode="numeric"
            autoComplete="off"
            value={price}
            onChange={(e) => setPrice(e.target.value)}
            placeholder="e.g. 1500"
          />
        </Field>
        <Field label="Currency">
          <Select
            value={currency}
            onValueChange={(v) => setCurrency(v as SingleCurrency)}
            options={SINGLE_DATE_CURRENCIES.map((c) => ({ value: c, label: c }))}
          />
        </Field>
        <DialogActions
          className="pt-2"
          submitLabel="Save Pricing"
          pendingLabel="Saving…"
          pending={save.isPending}
          markBusy
        />
      </form>
    </DialogContent>
  );
}
