import { zodResolver } from '@hookform/resolvers/zod';
import { registerSchema, type RegisterInput } from '@villas/shared';
import { useForm, type FieldErrors } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { PasswordInput } from '../../../components/ui/password-input';
import { notify } from '../../../components/ui/toaster';
import { errorMessage } from '../../../lib/api-client';
import { useRegister } from '../../../lib/auth';
import { applyServerIssues } from '../../../lib/form-issues';

const ORDER: Array<keyof RegisterInput> = [
  'firstName',
  'lastName',
  'email',
  'company',
  'agentLicense',
  'phone',
  'password',
  'confirmPassword',
];

/** The agent application: the first problem's message shows under 'Validation Error'. */
export function RegisterForm() {
  const navigate = useNavigate();
  const registerUser = useRegister();
  const form = useForm<RegisterInput>({
    resolver: zodResolver(registerSchema),
    defaultValues: {
      firstName: '',
      lastName: '',
      email: '',
      company: '',
      agentLicense: '',
      phone: '',
      password: '',
      confirmPassword: '',
    },
  });
  const { errors } = form.formState;
  const r = form.register;

  const onInvalid = (errs: FieldErrors<RegisterInput>) => {
    const first = ORDER.find((k) => errs[k]);
    notify.error('Validation Error', (first && errs[first]?.message) || 'Please check the form.');
  };

  const onSubmit = form.handleSubmit(
    (values) =>
      registerUser.mutate(values, {
        onSuccess: () => {
          notify.success(
            'Application Submitted Successfully',
            'Thank you for applying. Our team will review your application within 24 hours.',
          );
          navigate('/login');
        },
        onError: (err) => {
          // The fields the server refused show their reasons; the toast as well.
          applyServerIssues(err, form.setError, ORDER);
          notify.error(
            'Registration Failed',
            errorMessage(err, 'Failed to submit application. Please try again.'),
          );
        },
      }),
    onInvalid,
  );

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="First name" error={errors.firstName?.message}>
          <Input autoComplete="given-name" {...r('firstName')} />
        </Field>
        <Field label="Last name" error={errors.lastName?.message}>
          <Input autoComplete="family-name" {...r('lastName')} />
        </Field>
      </div>
      <Field label="Business email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" {...r('email')} />
      </Field>
      <Field label="Company name" error={errors.company?.message}>
        <Input autoComplete="organization" {...r('company')} />
      </Field>
      <Field label="ABTA number or IATA code (optional)" error={errors.agentLicense?.message}>
        <Input {...r('agentLicense')} />
      </Field>
      <Field
        label="Phone (optional)"
        hint="Include your country code, e.g. +44 20 7946 0000"
        error={errors.phone?.message}
      >
        <Input type="tel" autoComplete="tel" {...r('phone')} />
      </Field>
      <Field label="Password" hint="At least 6 characters" error={errors.password?.message}>
        <PasswordInput autoComplete="new-password" {...r('password')} />
      </Field>
      <Field label="Confirm password" error={errors.confirmPassword?.message}>
        <PasswordInput autoComplete="new-password" {...r('confirmPassword')} />
      </Field>
      <Button type="submit" size="lg" className="w-full" disabled={registerUser.isPending}>
        {registerUser.isPending ? 'Submitting...' : 'Submit Application'}
      </Button>
      <p className="text-center text-sm text-stone">
        Already approved?{' '}
        <Link to="/login" className="font-medium text-gold-deep underline-offset-4 hover:underline">
          Sign in
        </Link>
      </p>
    </form>
  );
}
