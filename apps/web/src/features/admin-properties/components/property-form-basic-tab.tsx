import { PROPERTY_TYPE_LABELS, PROPERTY_TYPES, type PropertyType } from '@villas/shared';
import { useId } from 'react';
import { useWatch } from 'react-hook-form';
import { Checkbox } from '../../../components/ui/checkbox';
import { Field, Label } from '../../../components/ui/field';
import { Input, Textarea } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { Required, type PropertyFormApi, type SetField } from './property-form-parts';

const TYPE_OPTIONS = PROPERTY_TYPES.map((t) => ({ value: t, label: PROPERTY_TYPE_LABELS[t] }));

/** Basic Info: name, description, bedrooms, guests, type and whether it can be booked. */
export function BasicTab({ form, set }: { form: PropertyFormApi; set: SetField }) {
  const { errors } = form.formState;
  const r = form.register;
  const availableId = useId();
  const [propertyType, available] = useWatch({ control: form.control, name: ['propertyType', 'available'] });
  return (
    <>
      <Field label={<Required>Name</Required>} error={errors.name?.message}>
        <Input autoComplete="off" placeholder="e.g. Villa Les Roches" {...r('name')} />
      </Field>
      <Field label={<Required>Description</Required>} error={errors.description?.message}>
        <Textarea
          rows={6}
          placeholder="The setting, the house, the service: what an agent tells their client."
          {...r('description')}
        />
      </Field>
      <div className="grid gap-5 sm:grid-cols-3">
        <Field label="Bedrooms" error={errors.bedrooms?.message}>
          <Input
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            {...r('bedrooms', { valueAsNumber: true })}
          />
        </Field>
        <Field label="Max guests" error={errors.maxGuests?.message}>
          <Input
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            {...r('maxGuests', { valueAsNumber: true })}
          />
        </Field>
        <Field label="Property type" error={errors.propertyType?.message}>
          <Select
            value={propertyType}
            onValueChange={(v) => set('propertyType', v as PropertyType)}
            options={TYPE_OPTIONS}
          />
        </Field>
      </div>
      <div className="flex items-center gap-3 pt-1">
        <Checkbox id={availableId} checked={available} onCheckedChange={(v) => set('available', v)} />
        <Label
          htmlFor={availableId}
          className="mb-0 cursor-pointer normal-case tracking-normal text-sm text-ink"
        >
          Available for booking
        </Label>
      </div>
    </>
  );
}
