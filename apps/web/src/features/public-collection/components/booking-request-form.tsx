import { zodResolver } from '@hookform/resolvers/zod';
import {
  bookingRequestSchema,
  checkStay,
  type BookingRequestInput,
  type PublicProperty,
  type StayRuleTerms,
} from '@villas/shared';
import { CheckCircle2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { GuestsField, StayDateFields } from '../../../components/booking/stay-fields';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input, Textarea } from '../../../components/ui/input';
import { notify } from '../../../components/ui/toaster';
import { ApiError } from '../../../lib/api-client';
import { useSendBookingRequest } from '../api/send-booking-request';

type Output = z.output<typeof bookingRequestSchema>;

/** A date field's value: the form holds '' for none. */
const isoOrNull = (v: unknown) => (typeof v === 'string' && v ? v : null);

/**
 * The client's booking request for one villa: name, email, phone, dates (the same date
 * field as the agent's booking form), guests from 1 to the villa's maximum, and a message. Sent to the
 * agent behind the link. Dates the villa's stay rules refuse show the rule beside the date
 * field as soon as they are picked and are not sent.
 */
export function BookingRequestForm({
  uuid,
  property,
  agentName,
  rules,
  autoFocus,
}: {
  uuid: string;
  property: PublicProperty;
  agentName: string | null;
  /** The villa's stay rules in force. */
  rules?: readonly StayRuleTerms[];
  autoFocus?: boolean;
}) {
  const send = useSendBookingRequest(uuid);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const schema = useMemo(
    () =>
      bookingRequestSchema.superRefine((v, ctx) => {
        if (v.guests != null && v.guests > property.maxGuests)
          ctx.addIssue({
            code: 'custom',
            path: ['guests'],
            message: `${property.name} welcomes up to ${property.maxGuests} guests`,
          });
        for (const issue of checkStay(rules ?? [], v.checkIn, v.checkOut)?.issues ?? [])
          ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
      }),
    [property, rules],
  );
  const form = useForm<BookingRequestInput, unknown, Output>({
    resolver: zodResolver(schema),
    defaultValues: {
      propertyId: property.id,
      clientName: '',
      clientEmail: '',
      clientPhone: '',
      checkIn: '',
      checkOut: '',
      guests: 1,
      message: '',
    },
  });
  const { errors } = form.formState;
  const [watchedCheckIn, watchedCheckOut] = useWatch({
    control: form.control,
    name: ['checkIn', 'checkOut'],
  });
  const checkIn = typeof watchedCheckIn === 'string' ? watchedCheckIn : '';
  const breach = checkStay(rules ?? [], checkIn, isoOrNull(watchedCheckOut));
  const advisor = agentName || 'Your travel advisor';

  const onSubmit = form.handleSubmit((v) =>
    send.mutate(
      {
        propertyId: property.id,
        clientName: v.clientName,
        clientEmail: v.clientEmail,
        clientPhone: v.clientPhone,
        message: v.message,
        checkIn: v.checkIn ?? null,
        checkOut: v.checkOut ?? null,
        guests: v.guests ?? 1,
      },
      {
        onSuccess: () => {
          notify.success('Booking Request Sent', `${advisor} will be in touch with you shortly.`);
          setSentTo(v.clientName);
          form.reset();
        },
        onError: (err) => {
          // Point at the field the server refused, when it says which.
          if (err instanceof ApiError)
            for (const issue of err.issues ?? []) {
              const field = issue.path[0];
              if (typeof field === 'string' && field in form.getValues())
                form.setError(field as keyof BookingRequestInput, { message: issue.message });
            }
          // A stay the villa's rules refuse: the toast says the rule itself.
          const ruled =
            err instanceof ApiError &&
            (err.issues ?? []).some((i) => i.path[0] === 'checkIn' || i.path[0] === 'checkOut');
          notify.error(
            'Failed to Send Booking Request',
            ruled ? err.message : 'There was an error sending your booking request.',
          );
        },
      },
    ),
  );

  if (sentTo) {
    return (
      <div role="status" className="flex flex-col items-center rounded-[3px] bg-ivory px-6 py-10 text-center">
        <CheckCircle2 className="h-9 w-9 text-success" strokeWidth={1.25} aria-hidden />
        <p className="mt-4 font-display text-3xl">Thank you, {sentTo.split(' ')[0]}</p>
        <p className="mt-2 max-w-sm text-sm leading-relaxed text-stone">
          Your request for {property.name} is with {advisor}, who will reply personally with availability and
          terms.
        </p>
        <Button variant="outline" size="sm" className="mt-6" onClick={() => setSentTo(null)}>
          Send another request
        </Button>
      </div>
    );
  }

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="space-y-5"
      aria-label={`Request to book ${property.name}`}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Full name" error={errors.clientName?.message}>
          <Input autoComplete="name" autoFocus={autoFocus} {...form.register('clientName')} />
        </Field>
        <Field label="Email" error={errors.clientEmail?.message}>
          <Input type="email" autoComplete="email" {...form.register('clientEmail')} />
        </Field>
        <Field label="Phone (optional)" error={errors.clientPhone?.message}>
          <Input type="tel" autoComplete="tel" {...form.register('clientPhone')} />
        </Field>
        <GuestsField control={form.control} error={errors.guests?.message} maxGuests={property.maxGuests} />
        <StayDateFields control={form.control} errors={errors} checkIn={checkIn} breach={breach} />
      </div>
      <Field label="Message (optional)" error={errors.message?.message}>
        <Textarea
          rows={4}
          placeholder="Occasion, arrival plans, chef, transfers…"
          {...form.register('message')}
        />
      </Field>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-xs leading-relaxed text-stone">
          No payment is taken. {advisor} confirms availability and terms personally.
        </p>
        <Button type="submit" variant="gold" size="lg" disabled={send.isPending} className="sm:min-w-52">
          {send.isPending ? 'Sending...' : 'Send Request'}
        </Button>
      </div>
    </form>
  );
}
