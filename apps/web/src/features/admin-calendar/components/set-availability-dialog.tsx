import { plural, pluralWord } from '@villas/shared';
import { useId, useState, type FormEvent } from 'react';
import { DialogContent } from '../../../components/ui/dialog';
import { DialogActions } from '../../../components/ui/dialog-actions';
import { ChangeSummary } from './change-summary';
import { Field } from '../../../components/ui/field';
import { Textarea } from '../../../components/ui/input';
import { notify } from '../../../components/ui/toaster';
import { errorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/utils';
import { useSetAvailabilityDates } from '../api/set-availability-dates';

const MAX_DATES = 800;

/**
 * Set Availability: Available or Blocked, with optional notes, for every selected date
 * in ONE request (`POST /api/availability/bulk`). Nights held for an agent are not the
 * administrator's to change here: they are left out, and the dialog says so before anything is sent.
 */
export function SetAvailabilityDialogContent({
  propertyId,
  dates: selected,
  held = [],
  onDone,
  returnFocus,
}: {
  propertyId: number;
  dates: string[];
  /** The selected nights held for an agent. */
  held?: string[];
  /** Where focus goes on closing when the opener cannot take it (see DialogContent). */
  returnFocus?: () => HTMLElement | null | undefined;
  onDone: (dates: string[], available: boolean) => void;
}) {
  const dates = selected.filter((d) => !held.includes(d));
  const [available, setAvailable] = useState(true);
  const [notes, setNotes] = useState('');
  const [error, setError] = useState<string | undefined>();
  const save = useSetAvailabilityDates(propertyId);
  const name = useId();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (dates.length > MAX_DATES) {
      setError(`Select at most ${MAX_DATES} dates at a time.`);
      return;
    }
    setError(undefined);
    save.mutate(
      { propertyId, dates, available, notes: notes.trim() || null },
      {
        onSuccess: (res) => {
          notify.success(
            'Availability Updated',
            `${plural(res.count, 'date')} marked ${available ? 'Available' : 'Blocked'}.`,
          );
          onDone(dates, available);
        },
        onError: (err) =>
          notify.error('Error', errorMessage(err, 'Failed to update availability. Please try again.')),
      },
    );
  };

  const n = dates.length;
  const option = (value: boolean, label: string, tone: string) => (
    <label
      className={cn(
        'flex h-11 flex-1 cursor-pointer items-center justify-center gap-2 rounded-[2px] border text-sm font-medium has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-gold-deep',
        available === value ? `${tone} border-2` : 'border-line text-stone hover:bg-sand/60',
      )}
    >
      <input
        type="radio"
        name={name}
        className="sr-only"
        checked={available === value}
        onChange={() => setAvailable(value)}
      />
      {label}
    </label>
  );
  return (
    <DialogContent
      returnFocus={returnFocus}
      title="Set Availability"
      description={`For the ${n} selected ${pluralWord(n, 'date')}.`}
    >
      <form onSubmit={submit} noValidate className="space-y-5">
        <ChangeSummary dates={dates} skipped={held} />
        <fieldset>
          <legend className="mb-1.5 block text-xs font-medium uppercase tracking-[0.12em] text-stone">
            Availability
          </legend>
          <div className="flex gap-3">
            {option(true, 'Available', 'border-success bg-[#e3eee6] text-success')}
            {option(false, 'Blocked', 'border-danger bg-[#f6e1e1] text-danger')}
          </div>
        </fieldset>
        <Field label="Notes (optional)">
          <Textarea value={notes} maxLength={500} onChange={(e) => setNotes(e.target.value)} />
        </Field>
        {error && (
          <p role="alert" className="text-sm text-danger">
            {error}
          </p>
        )}
        <DialogActions
          className="pt-2"
          submitLabel="Save Availability"
          pendingLabel="Saving…"
          pending={save.isPending}
          disabled={dates.length === 0}
          markBusy
        />
      </form>
    </DialogContent>
  );
}
