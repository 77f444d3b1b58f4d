import { addDays, todayIso, type StayRuleBreach } from '@villas/shared';
import { Controller, type Control, type FieldErrors } from 'react-hook-form';
import { DateField } from '../ui/date-field';
import { Field } from '../ui/field';
import { Select } from '../ui/select';

/** The fields of a stay both booking forms hold under these names (a date: an ISO day, '' for none). */
type StayValues = { checkIn?: unknown; checkOut?: unknown; guests?: number | null };

/** A date field's value: the form holds '' for none. */
const isoOrNull = (v: unknown) => (typeof v === 'string' && v ? v : null);

/** Any form whose values hold a stay, seen only through its stay fields. */
const stayControl = <T extends StayValues, C, O>(control: Control<T, C, O>) =>
  control as unknown as Control<StayValues>;

/**
 * Check-in and Check-out of a booking form: from today, Check-out from the night after Check-in.
 * A date the villa's stay rules refuse shows the rule beside it (the form's own error first).
 */
export function StayDateFields<T extends StayValues, C, O>({
  control,
  errors,
  checkIn,
  breach,
}: {
  control: Control<T, C, O>;
  errors: FieldErrors<StayValues>;
  /** The Check-in chosen so far ('' for none). */
  checkIn: string;
  breach: StayRuleBreach | null;
}) {
  const today = todayIso();
  const ruleOn = (field: 'checkIn' | 'checkOut') => breach?.issues.find((i) => i.path[0] === field)?.message;
  const c = stayControl(control);
  return (
    <>
      <Controller
        control={c}
        name="checkIn"
        render={({ field }) => (
          <Field label="Check-in" error={errors.checkIn?.message ?? ruleOn('checkIn')}>
            <DateField
              label="Check-in"
              value={isoOrNull(field.value)}
              onChange={(v) => field.onChange(v ?? '')}
              min={today}
            />
          </Field>
        )}
      />
      <Controller
        control={c}
        name="checkOut"
        render={({ field }) => (
          <Field label="Check-out" error={errors.checkOut?.message ?? ruleOn('checkOut')}>
            <DateField
              label="Check-out"
              value={isoOrNull(field.value)}
              onChange={(v) => field.onChange(v ?? '')}
              min={checkIn ? addDays(checkIn, 1) : addDays(today, 1)}
              defaultMonth={checkIn || undefined}
            />
          </Field>
        )}
      />
    </>
  );
}

/** Guests: 1 to the villa's maximum (at least 1). */
export function GuestsField<T extends StayValues, C, O>({
  control,
  error,
  maxGuests,
}: {
  control: Control<T, C, O>;
  error?: string;
  maxGuests: number;
}) {
  return (
    <Controller
      control={stayControl(control)}
      name="guests"
      render={({ field }) => (
        <Field label="Guests" error={error}>
          <Select
            value={String(field.value ?? 1)}
            onValueChange={(v) => field.onChange(Number(v))}
            options={Array.from({ length: Math.max(1, maxGuests) }, (_, i) => ({
              value: String(i + 1),
              label: `${i + 1} ${i === 0 ? 'guest' : 'guests'}`,
            }))}
          />
        </Field>
      )}
    />
  );
}
