import { zodResolver } from '@hookform/resolvers/zod';
import { contactInquirySchema, type InquiryType } from '@villas/shared';
import { useEffect, useRef } from 'react';
import { useController, useForm, type Control } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input, Textarea } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { notify } from '../../../components/ui/toaster';
import { useCreateContactInquiry } from '../api/create-contact-inquiry';
import { inquiryTypeOptions } from '../utils/inquiry-types';
import { CONTACT_SENT } from '../utils/messages';

export type ContactFormInput = z.input<typeof contactInquirySchema>;
type FormInput = ContactFormInput;
type FormOutput = z.output<typeof contactInquirySchema>;

const empty: FormInput = { firstName: '', lastName: '', email: '', message: '', inquiryType: 'other' };

/**
 * The landing page's contact form: idle → 'Sending...' (disabled) → success
 * (toast, every field reset, type back to Other) or failure (toast, values kept).
 * `initialType` preselects the inquiry type when a page links here for a purpose ('List Your Property');
 * `initialValues` carries what a visitor typed into the form's preview before this code loaded, and
 * `submitOnStart` sends it at once when the visitor submitted the preview.
 */
export function ContactForm({
  initialType,
  initialValues,
  submitOnStart = false,
}: {
  initialType?: InquiryType;
  initialValues?: Partial<FormInput>;
  submitOnStart?: boolean;
}) {
  const send = useCreateContactInquiry();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(contactInquirySchema),
    defaultValues: { ...empty, ...initialValues, inquiryType: initialType ?? 'other' },
  });
  const { errors } = form.formState;

  useEffect(() => {
    if (initialType) form.setValue('inquiryType', initialType);
  }, [form, initialType]);

  const onSubmit = form.handleSubmit((values) =>
    send.mutate(
      {
        firstName: values.firstName,
        lastName: values.lastName,
        email: values.email,
        message: values.message,
        inquiryType: values.inquiryType,
      },
      {
        onSuccess: () => {
          notify.success(CONTACT_SENT.title, CONTACT_SENT.description);
          form.reset(empty);
        },
        onError: () => notify.error('Error', 'Failed to send message. Please try again.'),
      },
    ),
  );

  // Once only, even if React runs the effect twice in development.
  const startSubmitted = useRef(false);
  useEffect(() => {
    if (!submitOnStart || startSubmitted.current) return;
    startSubmitted.current = true;
    void onSubmit();
  }, [submitOnStart, onSubmit]);

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6">
      <div className="grid gap-6 sm:grid-cols-2">
        <Field label="First name" error={errors.firstName?.message}>
          <Input autoComplete="given-name" {...form.register('firstName')} />
        </Field>
        <Field label="Last name" error={errors.lastName?.message}>
          <Input autoComplete="family-name" {...form.register('lastName')} />
        </Field>
      </div>
      <Field label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" {...form.register('email')} />
      </Field>
      <Field label="Inquiry type" error={errors.inquiryType?.message}>
        <InquiryTypeSelect control={form.control} />
      </Field>
      <Field label="Message" error={errors.message?.message}>
        <Textarea rows={4} {...form.register('message')} />
      </Field>
      <Button type="submit" size="lg" className="w-full sm:w-auto sm:min-w-56" disabled={send.isPending}>
        {send.isPending ? 'Sending...' : 'Send Message'}
      </Button>
    </form>
  );
}

/** The Radix select bound to the form; Field hands it the id and aria attributes for its label. */
function InquiryTypeSelect({
  control,
  ...aria
}: {
  control: Control<FormInput, unknown, FormOutput>;
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}) {
  const { field } = useController({ control, name: 'inquiryType' });
  return (
    <Select
      {...aria}
      value={field.value ?? 'other'}
      onValueChange={(v) => field.onChange(v)}
      options={inquiryTypeOptions}
    />
  );
}
