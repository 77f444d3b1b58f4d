import { AuthShell } from '../../features/auth/components/auth-shell';
import { LoginForm } from '../../features/auth/components/login-form';

export function Component() {
  return (
    <AuthShell
      eyebrow="Agent Login"
      title="Welcome back"
      intro="Sign in to search the portfolio and share your collections."
    >
      <LoginForm />
    </AuthShell>
  );
}
