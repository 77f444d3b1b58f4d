import { zodResolver } from '@hookform/resolvers/zod';
import { loginSchema, type LoginInput } from '@villas/shared';
import { Controller, useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { PasswordInput } from '../../../components/ui/password-input';
import { notify } from '../../../components/ui/toaster';
import { ApiError } from '../../../lib/api-client';
import { useLogin } from '../../../lib/auth';
import { applyServerIssues } from '../../../lib/form-issues';
import { SESSION_ENDED_MESSAGE, isSessionEndedState, safeReturnPath } from '../../../lib/session';

/**
 * Sign-in with the toasts (Account Pending Approval, Invalid Credentials, Login Failed,
 * Login Successful: 'Welcome, {first name}.' at the account's first sign-in, else 'Welcome back.'); on success /dashboard after about 200 ms, or the page the visitor was sent here
 * from (`?returnTo=`, a path of this site only). After a session ended under the user it says so above
 * the form.
 */
export function LoginForm() {
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const returnTo = safeReturnPath(params.get('returnTo'), '/dashboard');
  const sessionEnded = isSessionEndedState(location.state);
  const login = useLogin();
  const form = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '', rememberMe: false },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(
    (values) =>
      login.mutate(values, {
        onSuccess: (signedIn) => {
          // An account's first sign-in (a newly approved agent) is not welcomed 'back'.
          notify.success(
            'Login Successful',
            signedIn.firstSignIn ? `Welcome, ${signedIn.firstName}.` : 'Welcome back.',
          );
          setTimeout(() => navigate(returnTo), 200);
        },
        onError: (err) => {
          applyServerIssues(err, form.setError, ['email', 'password']);
          const message = err instanceof ApiError ? err.message : '';
          if (message.includes('Account pending approval')) {
            notify.error(
              'Account Pending Approval',
              "Your account is awaiting admin approval. You'll receive confirmation once approved.",
            );
          } else if (message.includes('Invalid credentials')) {
            notify.error('Invalid Credentials', 'Please check your email and password and try again.');
          } else {
            notify.error('Login Failed', message || 'Invalid credentials. Please try again.');
          }
        },
      }),
    () => notify.error('Validation Error', 'Please check your email and password.'),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      {sessionEnded && (
        <p role="status" className="rounded-[2px] border border-line bg-sand px-4 py-3 text-sm text-ink">
          {SESSION_ENDED_MESSAGE}
        </p>
      )}
      <Field label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" {...form.register('email')} />
      </Field>
      <Field label="Password" error={errors.password?.message}>
        <PasswordInput autoComplete="current-password" {...form.register('password')} />
      </Field>
      <Controller
        control={form.control}
        name="rememberMe"
        render={({ field }) => (
          <label className="flex cursor-pointer items-center gap-3 text-sm text-ink">
            <Checkbox
              checked={field.value === true}
              onCheckedChange={field.onChange}
              aria-label="Remember me"
            />
            Remember me for two weeks
          </label>
        )}
      />
      <Button type="submit" className="w-full" size="lg" disabled={login.isPending}>
        {login.isPending ? 'Signing in...' : 'Sign In'}
      </Button>
      <p className="text-center text-sm text-stone">
        Not yet a partner?{' '}
        <Link to="/register" className="font-medium text-gold-deep underline-offset-4 hover:underline">
          Apply for access
        </Link>
      </p>
    </form>
  );
}
