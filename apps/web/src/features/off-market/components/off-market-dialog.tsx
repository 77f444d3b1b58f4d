import { useId, useState, type FormEvent } from 'react';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { DialogActions } from '../../../components/ui/dialog-actions';
import { Field } from '../../../components/ui/field';
import { Input, Textarea } from '../../../components/ui/input';
import { notify } from '../../../components/ui/toaster';
import { errorMessage } from '../../../lib/api-client';
import { useDisplayMoney } from '../../../lib/display-currency';
import { useCreateOffMarketInquiry } from '../api/create-off-market-inquiry';
import {
  composeOffMarketMessage,
  criteriaLines,
  criteriaObject,
  type OffMarketCriteria,
} from '../utils/compose-message';

const empty = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  message: '',
  budget: '',
  specialRequests: '',
};
type Values = typeof empty;

export interface OffMarketDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The dashboard's current search, summarised here and appended to the message. */
  criteria: OffMarketCriteria;
}

/**
 * The off-market inquiry dialog: the search criteria are summarised and
 * appended to the message with the budget and special requests; name and email are required.
 */
export function OffMarketDialog({ open, onOpenChange, criteria }: OffMarketDialogProps) {
  const [values, setValues] = useState<Values>(empty);
  const send = useCreateOffMarketInquiry();
  const display = useDisplayMoney();
  const summaryId = useId();
  const set = (k: keyof Values) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [k]: e.target.value }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!values.firstName.trim() || !values.lastName.trim() || !values.email.trim()) {
      notify.error('Required Fields Missing', 'Please fill in your name and email address.');
      return;
    }
    send.mutate(
      {
        type: 'off-market',
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        email: values.email.trim(),
        phone: values.phone.trim(),
        message: composeOffMarketMessage({ ...values, criteria, display }),
        budget: values.budget.trim(),
        specialRequests: values.specialRequests.trim(),
        searchCriteria: criteriaObject(criteria),
        createdAt: new Date().toISOString(),
      },
      {
        onSuccess: () => {
          notify.success(
            'Inquiry Submitted Successfully',
            'Our off-market specialists will be in touch within 24 hours.',
          );
          setValues(empty);
          onOpenChange(false);
        },
        onError: (err) =>
          notify.error(
            'Error Submitting Inquiry',
            errorMessage(err, 'Please try again or contact us directly.'),
          ),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="max-w-2xl"
        title="Off-Market Property Inquiry"
        description="Some of our finest homes are never listed. Tell us what your client needs and our specialists will search the private portfolio."
      >
        <section
          aria-labelledby={summaryId}
          className="mb-6 rounded-[2px] border border-line bg-ivory px-5 py-4"
        >
          <h3 id={summaryId} className="text-xs font-sans font-medium uppercase tracking-[0.14em] text-stone">
            Your current search
          </h3>
          <dl className="mt-3 grid grid-cols-1 gap-x-6 gap-y-1.5 text-sm sm:grid-cols-2">
            {criteriaLines(criteria, display).map(([k, v]) => (
              <div key={k} className="flex gap-2">
                <dt className="shrink-0 text-stone">{k}:</dt>
                <dd className="text-ink">{v}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-3 text-xs text-stone">These criteria are added to your message.</p>
        </section>

        <form onSubmit={submit} noValidate className="space-y-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="First name">
              <Input autoComplete="given-name" value={values.firstName} onChange={set('firstName')} />
            </Field>
            <Field label="Last name">
              <Input autoComplete="family-name" value={values.lastName} onChange={set('lastName')} />
            </Field>
            <Field label="Email">
              <Input type="email" autoComplete="email" value={values.email} onChange={set('email')} />
            </Field>
            <Field label="Phone (optional)">
              <Input type="tel" autoComplete="tel" value={values.phone} onChange={set('phone')} />
            </Field>
          </div>
          <Field label="Budget (optional)">
            <Input placeholder="e.g. €60,000 per week" value={values.budget} onChange={set('budget')} />
          </Field>
          <Field label="Message (optional)">
            <Textarea
              rows={3}
              placeholder="The client, the occasion, what matters most…"
              value={values.message}
              onChange={set('message')}
            />
          </Field>
          <Field label="Special requests (optional)">
            <Textarea
              rows={2}
              placeholder="Staff, security, accessibility, events…"
              value={values.specialRequests}
              onChange={set('specialRequests')}
            />
          </Field>
          <DialogActions
            className="pt-2"
            submitLabel="Submit Inquiry"
            pendingLabel="Submitting..."
            pending={send.isPending}
            variant="gold"
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
