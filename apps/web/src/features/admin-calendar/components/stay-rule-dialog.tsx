import {
  stayRuleInputSchema,
  stayRuleSummary,
  WEEKDAY_NAMES,
  WEEKDAYS,
  type StayRule,
  type Weekday,
} from '@villas/shared';
import { useId, useState, type FormEvent } from 'react';
import { DateField } from '../../../components/ui/date-field';
import { DialogContent } from '../../../components/ui/dialog';
import { DialogActions } from '../../../components/ui/dialog-actions';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { notify } from '../../../components/ui/toaster';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/utils';
import { useSaveStayRule } from '../api/stay-rules';

type FieldName = 'startDate' | 'endDate' | 'minNights' | 'checkInDays';
type Errors = Partial<Record<FieldName | 'form', string>>;

const FIELDS: readonly string[] = ['startDate', 'endDate', 'minNights', 'checkInDays'];

/** The first message per field of a list of issues (the shared schema's or the server's). */
function errorsOf(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>): Errors {
  const out: Errors = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? '');
    const field = (FIELDS.includes(key) ? key : 'form') as FieldName | 'form';
    out[field] ??= issue.message;
  }
  return out;
}

/**
 * Add or edit one stay rule of a villa: the period's first and last day, a minimum stay
 * and the check-in weekdays, checked with the shared schema before anything is sent (the server
 * checks the same and refuses a period that overlaps another rule of the villa).
 */
export function StayRuleDialogContent({
  propertyId,
  rule,
  today,
  onDone,
}: {
  propertyId: number;
  /** The rule to edit; none for a new one. */
  rule?: StayRule;
  today: string;
  onDone: (saved: StayRule) => void;
}) {
  const [startDate, setStartDate] = useState<string | null>(rule?.startDate ?? null);
  const [endDate, setEndDate] = useState<string | null>(rule?.endDate ?? null);
  const [minNights, setMinNights] = useState(rule?.minNights != null ? String(rule.minNights) : '');
  const [days, setDays] = useState<ReadonlySet<number>>(() => new Set(rule?.checkInDays ?? []));
  // The server's refusal, each field's message until that field changes.
  const [serverErrors, setServerErrors] = useState<Errors>({});
  // After a save was tried, the form is checked again at every change: a corrected field loses its
  // message at once, a field made wrong gets one.
  const [checking, setChecking] = useState(false);
  const save = useSaveStayRule(propertyId);
  const daysHint = useId();

  const input = () => ({
    startDate: startDate ?? '',
    endDate: endDate ?? '',
    minNights: minNights.trim() === '' ? null : Number(minNights),
    checkInDays: days.size ? [...days] : null,
  });
  const parsed = stayRuleInputSchema.safeParse(input());
  const preview = parsed.success ? stayRuleSummary(parsed.data, Number(today.slice(0, 4))) : null;
  const clientErrors: Errors = {
    ...errorsOf(parsed.error?.issues ?? []),
    ...(startDate ? {} : { startDate: 'Choose the first day of the period' }),
    ...(endDate ? {} : { endDate: 'Choose the last day of the period' }),
  };
  const errors: Errors = { ...serverErrors, ...(checking ? clientErrors : {}) };
  /** A change of `field`: the server's word on it (and on the whole form) no longer holds. */
  const edited = (field: FieldName) =>
    setServerErrors((e) => {
      const { [field]: _field, form: _form, ...rest } = e;
      return rest;
    });

  const toggle = (day: Weekday) => {
    edited('checkInDays');
    setDays((s) => {
      const next = new Set(s);
      if (next.has(day)) next.delete(day);
      else next.add(day);
      return next;
    });
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setChecking(true);
    const checked = stayRuleInputSchema.safeParse(input());
    if (!checked.success || !startDate || !endDate) return;
    setServerErrors({});
    save.mutate(
      { id: rule?.id, input: checked.data },
      {
        onSuccess: (saved) => {
          notify.success(
            rule ? 'Stay Rule Updated' : 'Stay Rule Added',
            stayRuleSummary(saved, Number(today.slice(0, 4))),
          );
          onDone(saved);
        },
        onError: (err) => {
          const fromServer = err instanceof ApiError && err.issues?.length ? errorsOf(err.issues) : {};
          const message = errorMessage(err, 'Failed to save the stay rule. Please try again.');
          setServerErrors(Object.keys(fromServer).length ? fromServer : { form: message });
          notify.error('Stay Rule Not Saved', message);
        },
      },
    );
  };

  return (
    <DialogContent
      title={rule ? 'Edit Stay Rule' : 'Add Stay Rule'}
      description="A stay follows the rule of its check-in date: the minimum stay and the days a stay may start on."
    >
      <form onSubmit={submit} noValidate className="space-y-5">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="First day" error={errors.startDate}>
            <DateField
              label="First day"
              value={startDate}
              onChange={(d) => {
                edited('startDate');
                setStartDate(d);
              }}
              min={rule && rule.startDate < today ? undefined : today}
            />
          </Field>
          <Field label="Last day" error={errors.endDate}>
            <DateField
              label="Last day"
              value={endDate}
              onChange={(d) => {
                edited('endDate');
                setEndDate(d);
              }}
              min={startDate ?? today}
              defaultMonth={startDate ?? undefined}
            />
          </Field>
        </div>
        <Field label="Minimum stay (nights)" error={errors.minNights} hint="Leave empty for no minimum.">
          <Input
            type="number"
            inputMode="numeric"
            min={2}
            max={365}
            step={1}
            value={minNights}
            onChange={(e) => {
              edited('minNights');
              setMinNights(e.target.value);
            }}
            placeholder="e.g. 7"
          />
        </Field>
        <fieldset aria-describedby={daysHint}>
          <legend className="mb-1.5 block text-xs font-medium uppercase tracking-[0.12em] text-stone">
            Check-in days
          </legend>
          <div className="grid grid-cols-7 gap-1.5">
            {WEEKDAYS.map((day) => {
              const on = days.has(day);
              return (
                <button
                  key={day}
                  type="button"
                  aria-pressed={on}
                  onClick={() => toggle(day)}
                  className={cn(
                    'flex h-11 cursor-pointer items-center justify-center rounded-[2px] border text-xs font-medium tracking-wide focus-visible:outline-2 focus-visible:outline-gold-deep',
                    on ? 'border-ink bg-ink text-ivory' : 'border-line bg-paper text-ink hover:bg-sand/60',
                  )}
                >
                  <span aria-hidden>{WEEKDAY_NAMES[day].slice(0, 3)}</span>
                  <span className="sr-only">{WEEKDAY_NAMES[day]}</span>
                </button>
              );
            })}
          </div>
          <p id={daysHint} className="mt-1.5 text-xs text-stone">
            {errors.checkInDays ? (
              <span role="alert" className="text-danger">
                {errors.checkInDays}
              </span>
            ) : days.size ? (
              'A stay may start only on the days chosen.'
            ) : (
              'None selected: a stay may start on any day.'
            )}
          </p>
        </fieldset>
        <p aria-live="polite" className="min-h-5 text-sm text-ink">
          {preview && (
            <>
              <span className="text-stone">Rule: </span>
              {preview}
            </>
          )}
        </p>
        {errors.form && (
          <p role="alert" className="text-sm text-danger">
            {errors.form}
          </p>
        )}
        <DialogActions
          className="pt-2"
          submitLabel="Save Stay Rule"
          pendingLabel="Saving…"
          pending={save.isPending}
          markBusy
        />
      </form>
    </DialogContent>
  );
}
