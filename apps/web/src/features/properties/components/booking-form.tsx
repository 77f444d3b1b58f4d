import { zodResolver } from '@hookform/resolvers/zod';
import {
  type BookingInquiryInput,
  bookingInquirySchema,
  checkStay,
  formatMoney,
  type Property,
  type StayRuleBreach,
  type StayRuleTerms,
} from '@villas/shared';
import { Send } from 'lucide-react';
import { useContext, useMemo } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { GuestsField, StayDateFields } from '../../../components/booking/stay-fields';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input, Textarea } from '../../../components/ui/input';
import { notify } from '../../../components/ui/toaster';
import { ApiError } from '../../../lib/api-client';
import { useDisplayMoney } from '../../../lib/display-currency';
import { useCreateBookingInquiry } from '../api/create-booking-inquiry';
import { stayEstimate, subtotalBasis, type Stay } from '../utils/estimate';
import { BookingSentContext } from './booking-sent';

interface BookingValues {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  message: string;
  checkIn: string;
  checkOut: string;
  guests: number;
  propertyId: number;
}

export interface BookingFormProps {
  property: Property;
  /** The dates of the dated search, prefilled and priced with the search's totalCost. */
  stay?: Stay | null;
  /** The villa's stay rules in force: a stay breaking them is refused before it is sent. */
  rules?: readonly StayRuleTerms[];
  onSent?: () => void;
}

/**
 * The detail dialog's booking inquiry: names and email required; phone, dates and
 * message optional; guests 1..maxGuests (default 1); a live estimate; POST /api/inquiries. Dates the
 * villa's stay rules refuse show the rule beside the date field as soon as they are picked
 * and are not sent.
 */
export function BookingForm({ property: p, stay, rules, onSent }: BookingFormProps) {
  const send = useCreateBookingInquiry();
  const announceSent = useContext(BookingSentContext);
  const schema = useMemo(
    () =>
      bookingInquirySchema.superRefine((v, ctx) => {
        for (const issue of checkStay(rules ?? [], v.checkIn, v.checkOut)?.issues ?? [])
          ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
      }),
    [rules],
  );
  const form = useForm<BookingValues>({
    resolver: zodResolver(schema) as unknown as Resolver<BookingValues>,
    defaultValues: {
      firstName: '',
      lastName: '',
      email: '',
      phone: '',
      message: '',
      checkIn: stay?.checkIn ?? '',
      checkOut: stay?.checkOut ?? '',
      guests: 1,
      propertyId: p.id,
    },
  });
  const { errors } = form.formState;
  const r = form.register;
  const [checkIn, checkOut] = useWatch({ control: form.control, name: ['checkIn', 'checkOut'] });
  const breach = checkStay(rules ?? [], checkIn, checkOut);
  const maxGuests = Math.max(1, p.maxGuests);

  const onSubmit = form.handleSubmit((values) =>
    send.mutate(values as unknown as BookingInquiryInput, {
      onSuccess: (created) => {
        notify.success('Inquiry Sent', "Thank you. We'll be in touch within 24 hours.");
        form.reset();
        onSent?.();
        announceSent?.({
          inquiryId: created.id,
          propertyId: p.id,
          propertyName: p.name,
          clientName: `${values.firstName} ${values.lastName}`.trim(),
          checkIn: values.checkIn || null,
          checkOut: values.checkOut || null,
        });
      },
      onError: (err) => {
        // A stay the server's rules refuse: the rule goes beside the date it concerns.
        const dates =
          err instanceof ApiError
            ? (err.issues ?? []).filter((i) => i.path[0] === 'checkIn' || i.path[0] === 'checkOut')
            : [];
        for (const issue of dates)
          form.setError(issue.path[0] as 'checkIn' | 'checkOut', { message: issue.message });
        notify.error('Error', dates.length ? err.message : 'Failed to send inquiry. Please try again.');
      },
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <div className="grid grid-cols-2 gap-3">
        <Field label="First name" error={errors.firstName?.message}>
          <Input autoComplete="given-name" {...r('firstName')} />
        </Field>
        <Field label="Last name" error={errors.lastName?.message}>
          <Input autoComplete="family-name" {...r('lastName')} />
        </Field>
      </div>
      <Field label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" {...r('email')} />
      </Field>
      <Field label="Phone (optional)">
        <Input type="tel" autoComplete="tel" {...r('phone')} />
      </Field>
      <div className="grid gap-4">
        <StayDateFields control={form.control} errors={errors} checkIn={checkIn} breach={breach} />
      </div>
      <GuestsField control={form.control} error={errors.guests?.message} maxGuests={maxGuests} />
      <Field label="Message (optional)">
        <Textarea rows={3} placeholder="Occasion, arrival times, special wishes…" {...r('message')} />
      </Field>

      <EstimatePanel property={p} checkIn={checkIn} checkOut={checkOut} stay={stay} breach={breach} />

      <Button type="submit" className="w-full" disabled={send.isPending}>
        <Send className="h-4 w-4" aria-hidden />
        {send.isPending ? 'Sending...' : 'Send Inquiry'}
      </Button>
    </form>
  );
}

function EstimatePanel({
  property: p,
  checkIn,
  checkOut,
  stay,
  breach,
}: {
  property: Property;
  checkIn: string;
  checkOut: string;
  stay?: Stay | null;
  /** The stay rule these dates break, if any: no figures then, the rule instead. */
  breach: StayRuleBreach | null;
}) {
  const display = useDisplayMoney();
  const result = stayEstimate(p, checkIn, checkOut, stay, display);
  const money = (n: number) =>
    formatMoney(n, result.kind === 'estimate' ? result.estimate.currency : display.currency);
  return (
    <section
      aria-label="Cost estimate"
      aria-live="polite"
      className="rounded-[2px] border border-line bg-paper p-4"
    >
      <p className="text-xs font-medium uppercase tracking-[0.14em] text-stone">Estimate</p>
      {breach && result.kind !== 'invalid-nights' ? (
        <p className="mt-2 text-sm text-danger">
          These dates do not meet the villa’s stay rules: {breach.message}.
        </p>
      ) : (
        <EstimateLines result={result} money={money} />
      )}
    </section>
  );
}

function EstimateLines({
  result,
  money,
}: {
  result: ReturnType<typeof stayEstimate>;
  money: (n: number) => string;
}) {
  return (
    <>
      {result.kind === 'no-dates' && (
        <p className="mt-2 text-sm text-stone">Choose check-in and check-out dates to see the estimate.</p>
      )}
      {result.kind === 'invalid-nights' && (
        <p className="mt-2 text-sm text-danger">
          The stay needs at least one night: check-out must be after check-in.
        </p>
      )}
      {result.kind === 'on-request' && (
        <p className="mt-2 text-sm text-stone">
          Price on Request: our concierge will quote these {result.nights} nights with your inquiry.
        </p>
      )}
      {result.kind === 'estimate' && (
        <dl className="mt-3 space-y-2 text-sm">
          <div className="flex justify-between gap-4">
            <dt className="text-stone">
              Subtotal <span className="block text-xs">{subtotalBasis(result.estimate, result.dated)}</span>
            </dt>
            <dd className="text-ink">{money(result.estimate.subtotal)}</dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt className="text-stone">Service fee (3%)</dt>
            <dd className="text-ink">{money(result.estimate.serviceFee)}</dd>
          </div>
          <div className="flex items-baseline justify-between gap-4 border-t border-line pt-2">
            <dt className="font-medium text-ink">Total</dt>
            <dd className="font-display text-2xl text-ink lining-nums">{money(result.estimate.total)}</dd>
          </div>
        </dl>
      )}
      {result.kind === 'estimate' && result.estimate.note && (
        <p className="mt-1.5 text-right text-xs text-stone">{result.estimate.note}</p>
      )}
    </>
  );
}
