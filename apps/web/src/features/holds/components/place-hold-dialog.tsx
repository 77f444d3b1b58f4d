import {
  addDays,
  formatLongDate,
  HOLD_EXPIRY_CHOICES,
  HOLD_LIMITS,
  type HoldInquiryKind,
  todayIso,
} from '@villas/shared';
import { CalendarClock } from 'lucide-react';
import { useState, type ReactElement } from 'react';
import { DateField } from '../../../components/ui/date-field';
import { Dialog, DialogContent, DialogTrigger } from '../../../components/ui/dialog';
import { DialogActions } from '../../../components/ui/dialog-actions';
import { Field } from '../../../components/ui/field';
import { Select } from '../../../components/ui/select';
import { notify } from '../../../components/ui/toaster';
import { errorMessage } from '../../../lib/api-client';
import { useCreateHold } from '../api/create-hold';
import { formatUntil } from './hold-countdown';

/** The inquiry a hold is placed from, as the screen that offers it knows it. */
export interface HoldSource {
  inquiryId: number;
  inquiryKind: HoldInquiryKind;
  propertyName: string;
  clientName: string;
  checkIn: string | null;
  checkOut: string | null;
}

const EXPIRY_OPTIONS = HOLD_EXPIRY_CHOICES.map((c) => ({ value: String(c.hours), label: c.label }));

function PlaceHoldForm({ source, onDone }: { source: HoldSource; onDone: () => void }) {
  const create = useCreateHold();
  const [checkIn, setCheckIn] = useState(source.checkIn);
  const [checkOut, setCheckOut] = useState(source.checkOut);
  const [hours, setHours] = useState(String(HOLD_LIMITS.defaultHours));
  const [problem, setProblem] = useState<string | null>(null);
  const today = todayIso();
  // A hold on an inquiry with dates stays within them (the server refuses other nights).
  const within = source.checkIn && source.checkOut ? { from: source.checkIn, to: source.checkOut } : null;
  const firstCheckIn = within && within.from > today ? within.from : today;
  const datesMissing = !checkIn || !checkOut;
  const datesBackwards = !datesMissing && checkOut <= checkIn;

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (datesMissing) return setProblem('Choose check-in and check-out dates for the hold.');
    if (datesBackwards) return setProblem('Check-out must be after check-in.');
    setProblem(null);
    create.mutate(
      {
        inquiryId: source.inquiryId,
        inquiryKind: source.inquiryKind,
        checkIn,
        checkOut,
        expiresInHours: Number(hours),
      },
      {
        onSuccess: (hold) => {
          notify.success(
            'Hold placed',
            `${hold.propertyName} is held for ${hold.clientName} until ${formatUntil(hold.expiresAt)}.`,
          );
          onDone();
        },
        onError: (err) => {
          const message = errorMessage(err, 'The hold could not be placed. Please try again.');
          setProblem(message);
          notify.error('Hold not placed', message);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <p className="text-sm leading-relaxed text-stone">
        While your client decides, the nights are blocked for every agent. The hold ends by itself when it
        expires, or when you release it.
        {within && ' It covers nights within the inquiry’s dates.'}
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Check-in">
          <DateField
            label="Check-in"
            value={checkIn}
            onChange={setCheckIn}
            min={firstCheckIn}
            max={within ? addDays(within.to, -1) : undefined}
            defaultMonth={checkIn ?? undefined}
          />
        </Field>
        <Field label="Check-out" error={datesBackwards ? 'Check-out must be after check-in' : undefined}>
          <DateField
            label="Check-out"
            value={checkOut}
            onChange={setCheckOut}
            min={addDays(checkIn ?? firstCheckIn, 1)}
            max={within?.to}
            defaultMonth={checkOut ?? checkIn ?? undefined}
          />
        </Field>
      </div>
      <Field label="Hold for" hint="48 hours unless you choose otherwise; at most 7 days.">
        <Select value={hours} onValueChange={setHours} options={EXPIRY_OPTIONS} />
      </Field>
      {problem && (
        <p
          role="alert"
          className="rounded-[2px] border border-danger/30 bg-[#f6e1e1]/60 px-4 py-3 text-sm text-danger"
        >
          {problem}
        </p>
      )}
      <DialogActions
        submitLabel="Place hold"
        pendingLabel="Placing hold..."
        pending={create.isPending}
        onCancel={onDone}
        cancelLabel="Not now"
        icon={<CalendarClock className="h-4 w-4" aria-hidden />}
      />
    </form>
  );
}

/**
 * Place a hold from a booking inquiry: the stay (the inquiry's dates, or nights within them) and how
 * long the hold lasts (48 hours by default, up to 7 days). A refusal (the nights are taken, the agent
 * holds as much as one agent may) shows the server's message in the dialog and as a toast.
 */
export function PlaceHoldDialog({
  source,
  open,
  onOpenChange,
  trigger,
  returnFocus,
}: {
  source: HoldSource;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** A button that opens it (uncontrolled use). */
  trigger?: ReactElement;
  /**
   * Where focus goes when it closes, for a dialog opened by what another one did (the villa dialog's
   * booking inquiry, gone by then): otherwise the control that opened it.
   */
  returnFocus?: () => HTMLElement | null | undefined;
}) {
  const [ownOpen, setOwnOpen] = useState(false);
  const isOpen = open ?? ownOpen;
  const setOpen = onOpenChange ?? setOwnOpen;
  const stay =
    source.checkIn && source.checkOut
      ? `${formatLongDate(source.checkIn)} – ${formatLongDate(source.checkOut)}`
      : 'choose the dates below';
  return (
    <Dialog open={isOpen} onOpenChange={setOpen}>
      {trigger && <DialogTrigger asChild>{trigger}</DialogTrigger>}
      <DialogContent
        returnFocus={returnFocus}
        title="Place a hold"
        description={
          <>
            {source.propertyName} for {source.clientName} · {stay}
          </>
        }
      >
        {isOpen && <PlaceHoldForm source={source} onDone={() => setOpen(false)} />}
      </DialogContent>
    </Dialog>
  );
}
