import { CURRENCIES } from '@villas/shared';
import { useWatch } from 'react-hook-form';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { type PropertyFormValues } from '../utils/property-form';
import { CustomPricesEditor } from './custom-prices-editor';
import { FieldProblem, type PropertyFormApi, type SetField } from './property-form-parts';
import { ImagesEditor } from './images-editor';

const CURRENCY_OPTIONS = CURRENCIES.map((c) => ({ value: c, label: c }));

/** Pricing & Media: the nightly price and currencies, custom prices by date, and the images. */
export function PricingTab({
  form,
  set,
  onUploadingChange,
  newProperty,
}: {
  form: PropertyFormApi;
  set: SetField;
  onUploadingChange: (uploading: boolean) => void;
  /** Not created yet (Create Property saves it). */
  newProperty: boolean;
}) {
  const { errors } = form.formState;
  const r = form.register;
  const [propertyCurrency, siteCurrency, images, prices] = useWatch({
    control: form.control,
    name: ['propertyCurrency', 'siteCurrency', 'images', 'customPrices'],
  });
  return (
    <>
      <section aria-labelledby="pricing-heading" className="space-y-5">
        <h3 id="pricing-heading" className="text-2xl">
          Pricing
        </h3>
        <div className="grid gap-5 sm:grid-cols-3">
          <Field
            label={`Base price per night (${propertyCurrency})`}
            error={errors.basePricePerNight?.message}
            hint="0 shows 'Price on Request'."
          >
            <Input
              type="number"
              inputMode="decimal"
              min={0}
              step="0.01"
              {...r('basePricePerNight', { valueAsNumber: true })}
            />
          </Field>
          <Field label="Property currency" error={errors.propertyCurrency?.message}>
            <Select
              value={propertyCurrency}
              onValueChange={(v) => set('propertyCurrency', v as PropertyFormValues['propertyCurrency'])}
              options={CURRENCY_OPTIONS}
            />
          </Field>
          <Field label="Site currency" error={errors.siteCurrency?.message}>
            <Select
              value={siteCurrency}
              onValueChange={(v) => set('siteCurrency', v as PropertyFormValues['siteCurrency'])}
              options={CURRENCY_OPTIONS}
            />
          </Field>
        </div>
        <div>
          <h4 className="text-xs font-medium uppercase tracking-[0.12em] text-stone">Custom prices</h4>
          <p className="mt-1 mb-3 text-sm text-stone">A different nightly price on particular dates.</p>
          <CustomPricesEditor
            value={prices}
            onChange={(next) => set('customPrices', next)}
            currency={propertyCurrency}
          />
          <FieldProblem message={errors.customPrices?.message} />
        </div>
      </section>
      <section aria-labelledby="media-heading" className="space-y-3 border-t border-line pt-8">
        <h3 id="media-heading" className="text-2xl">
          Images
        </h3>
        <ImagesEditor
          value={images}
          onChange={(next) => set('images', next)}
          onUploadingChange={onUploadingChange}
          newProperty={newProperty}
        />
        <FieldProblem message={errors.images?.message} />
      </section>
    </>
  );
}
