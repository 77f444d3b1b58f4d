import {
  CURRENCIES,
  CURRENCY_SYMBOLS,
  clientPriceParts,
  currencyLabel,
  linkPricingSchema,
  type Currency,
  type LinkPricePreview,
  type LinkPricingInput,
  type MarkupType,
  type WhiteLabelLink,
  pluralWord,
} from '@villas/shared';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { usePricePreview } from '../api/preview-price';
import { useSettled } from '../../../lib/use-settled';

/** The price fields as typed: the markup stays text until it is checked. */
export interface PricingForm {
  currency: Currency;
  markupType: MarkupType;
  markupValue: string;
}
export type PricingErrors = Partial<Record<keyof PricingForm, string>>;

export const DEFAULT_PRICING: PricingForm = { currency: 'EUR', markupType: 'none', markupValue: '' };

/** Whether the type has a value of its own (a percentage or an amount). */
const hasValue = (t: MarkupType) => t === 'percent' || t === 'fixed';

export const pricingFromLink = (l: Pick<WhiteLabelLink, 'currency' | 'markupType' | 'markupValue'>) => ({
  currency: l.currency,
  markupType: l.markupType,
  markupValue: hasValue(l.markupType) ? String(l.markupValue) : '',
});

/**
 * The fields as the API takes them: no prices and the catalogue price carry 0; a blank markup is 0
 * too, which the schema refuses for a percentage or an amount; anything else a number.
 */
export function pricingInput(f: PricingForm): LinkPricingInput {
  const text = f.markupValue.trim();
  return {
    currency: f.currency,
    markupType: f.markupType,
    markupValue: !hasValue(f.markupType) || text === '' ? 0 : Number(text),
  };
}

/** The shared schema's verdict on the fields, one message per field (empty when they are fine). */
export function pricingErrors(f: PricingForm): PricingErrors {
  const checked = linkPricingSchema.safeParse(pricingInput(f));
  if (checked.success) return {};
  const out: PricingErrors = {};
  for (const issue of checked.error.issues) {
    const key = issue.path[0] as keyof PricingForm;
    out[key] ??= issue.message;
  }
  return out;
}

/** 'No prices shown' is the default; the catalogue price is a choice of its own, never a 0 markup. */
export const MARKUP_OPTIONS: Array<{ value: MarkupType; label: string }> = [
  { value: 'none', label: 'No prices shown' },
  { value: 'catalogue', label: 'Show the catalogue price' },
  { value: 'percent', label: 'Percentage' },
  { value: 'fixed', label: 'Fixed amount' },
];

/** 'Your client sees: £9,735 per week for Villa Belvedere', from the server's own calculation. */
export function previewSentence(villa: LinkPricePreview['villas'][number]): string {
  if (!villa.price) return `no price for ${villa.name}, only 'Request to Book'`;
  const p = clientPriceParts(villa.price);
  if (villa.price.amount == null) return `'Price on Request' for ${villa.name}`;
  return villa.price.basis === 'week'
    ? `${p.figure} ${p.tail} for ${villa.name}`
    : `${p.figure} for ${villa.name}, ${p.tail?.replace(/^for /, '')}`;
}

function PricePreview({
  form,
  propertyIds,
  searchFilters,
}: {
  form: PricingForm;
  propertyIds: number[];
  searchFilters?: Record<string, unknown> | null;
}) {
  const valid = Object.keys(pricingErrors(form)).length === 0;
  const shown = form.markupType !== 'none';
  const request = useSettled(
    valid && shown && propertyIds.length > 0 ? { propertyIds, searchFilters, ...pricingInput(form) } : null,
    300,
  );
  const { data, isError } = usePricePreview(request);
  if (!shown) {
    return (
      <p className="text-sm text-stone">
        Your client sees no prices: each villa offers &lsquo;Request to Book&rsquo;. Choose a markup to show
        your price.
      </p>
    );
  }
  if (!propertyIds.length) {
    return <p className="text-sm text-stone">Choose a villa to see the price your client will see.</p>;
  }
  // A figure for other settings than the ones shown would mislead: none until they are correct.
  if (!valid) return null;
  if (isError)
    return <p className="text-sm text-stone">The price your client sees could not be worked out.</p>;
  if (!data || !data.villas.length) return null;
  const [first, ...rest] = data.villas;
  const missing = data.villas.filter((v) => v.missingRate);
  return (
    <div className="space-y-1.5 border-l-2 border-gold pl-3">
      <p className="text-sm text-ink">
        <span className="text-stone">
          {form.markupType === 'catalogue'
            ? 'Your client sees the catalogue price, nothing added:'
            : 'Your client sees:'}
        </span>{' '}
        <span className="font-medium lining-nums">{previewSentence(first!)}</span>
        {rest.length > 0 && (
          <span className="text-stone">
            {' '}
            (and {rest.length} more {pluralWord(rest.length, 'villa')}, each at its own price)
          </span>
        )}
      </p>
      {missing.map((v) => (
        <p key={v.propertyId} className="text-xs text-danger">
          No {v.villaCurrency} to {form.currency} exchange rate: your client sees &lsquo;Price on
          Request&rsquo; for {v.name}.
        </p>
      ))}
    </div>
  );
}

/**
 * The agent's price on a link (create and edit): the display currency, what the client sees (no
 * prices, the catalogue price, or a markup above 0: a percentage or a fixed amount in that currency),
 * checked by the shared schema, and a live line with what the client will see for the first villa,
 * computed by the server the way the client's page is.
 */
export function LinkPricingFields({
  value,
  onChange,
  errors = {},
  propertyIds,
  searchFilters,
  dated,
}: {
  value: PricingForm;
  onChange: (next: PricingForm) => void;
  errors?: PricingErrors;
  propertyIds: number[];
  searchFilters?: Record<string, unknown> | null;
  /** The link has dates: a fixed amount is added to the stay's total. */
  dated?: boolean;
}) {
  const set = (patch: Partial<PricingForm>) => onChange({ ...value, ...patch });
  const fixedHint = dated
    ? 'Added once to the price of the stay.'
    : "Added once per stay; on a link without dates, to each week's price ('from … per week').";
  return (
    <fieldset className="space-y-4 rounded-[2px] border border-line bg-ivory/60 px-4 pb-4 pt-3">
      <legend className="px-1 text-xs font-medium uppercase tracking-[0.12em] text-stone">
        Your client&rsquo;s price
      </legend>
      {/* The markup select keeps the width of its longest option; the amount takes the rest of the
          row, or a row of its own when the dialog is too narrow. */}
      <div className="flex flex-col gap-4 sm:flex-row sm:flex-wrap sm:items-start">
        <Field label="Currency" error={errors.currency} className="sm:w-28 sm:shrink-0">
          <Select
            value={value.currency}
            onValueChange={(v) => set({ currency: v as Currency })}
            className="whitespace-nowrap"
            options={CURRENCIES.map((c) => ({ value: c, label: currencyLabel(c) }))}
          />
        </Field>
        <Field label="Markup" error={errors.markupType} className="sm:w-max sm:shrink-0">
          <Select
            value={value.markupType}
            onValueChange={(v) => set({ markupType: v as MarkupType, markupValue: '' })}
            className="whitespace-nowrap"
            sizeToOptions
            options={MARKUP_OPTIONS}
          />
        </Field>
        {hasValue(value.markupType) && (
          <Field
            label={
              value.markupType === 'percent' ? 'Markup (%)' : `Amount (${CURRENCY_SYMBOLS[value.currency]})`
            }
            error={errors.markupValue}
            className="sm:min-w-32 sm:flex-1"
          >
            <Input
              inputMode="decimal"
              autoComplete="off"
              placeholder={value.markupType === 'percent' ? '10' : '500'}
              value={value.markupValue}
              onChange={(e) => set({ markupValue: e.target.value })}
            />
          </Field>
        )}
      </div>
      {value.markupType !== 'none' && (
        <p className="text-xs leading-relaxed text-stone">
          {value.markupType === 'catalogue'
            ? "Your client sees each villa's catalogue price in this currency, with no markup added."
            : value.markupType === 'fixed'
              ? fixedHint
              : 'Your client sees every price in this currency with your markup included, never your rate.'}
        </p>
      )}
      <div aria-live="polite">
        <PricePreview form={value} propertyIds={propertyIds} searchFilters={searchFilters} />
      </div>
    </fieldset>
  );
}
