import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ErrorCode, type CurrentUser } from '@villas/shared';
import { describe, expect, it } from 'vitest';
import { apiError, route, sentRequests, server } from '../../../testing/api-handlers';
import { agentUser } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { LoginForm } from './login-form';

async function submit(email = 'ada@example.com', password = 'secret-pass') {
  const user = userEvent.setup({ delay: null });
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

const ada: CurrentUser = {
  ...agentUser,
  id: 1,
  firstName: 'Ada',
  lastName: 'Lovelace',
  name: 'Ada Lovelace',
};

describe('LoginForm', () => {
  it('shows the Validation Error toast for a short password and sends nothing', async () => {
    renderWithProviders(<LoginForm />, { route: '/login', path: '/login' });
    await submit('ada@example.com', '123');
    expect(await screen.findByText('Validation Error')).toBeInTheDocument();
    expect(screen.getByText('Please check your email and password.')).toBeInTheDocument();
    expect(sentRequests()).toHaveLength(0);
  });

  it('maps a pending account to the Account Pending Approval toast', async () => {
    server.use(
      route('POST /api/auth/login', apiError(ErrorCode.ACCOUNT_PENDING, 'Account pending approval. Later.')),
    );
    renderWithProviders(<LoginForm />, { route: '/login', path: '/login' });
    await submit();
    expect(await screen.findByText('Account Pending Approval')).toBeInTheDocument();
    expect(
      screen.getByText("Your account is awaiting admin approval. You'll receive confirmation once approved."),
    ).toBeInTheDocument();
  });

  it('maps wrong credentials to the Invalid Credentials toast', async () => {
    server.use(route('POST /api/auth/login', apiError(ErrorCode.INVALID_CREDENTIALS, 'Invalid credentials')));
    renderWithProviders(<LoginForm />, { route: '/login', path: '/login' });
    await submit();
    expect(await screen.findByText('Invalid Credentials')).toBeInTheDocument();
    expect(screen.getByText('Please check your email and password and try again.')).toBeInTheDocument();
  });

  it("puts a 400's issues under the field they name", async () => {
    server.use(
      route(
        'POST /api/auth/login',
        apiError(ErrorCode.VALIDATION_FAILED, 'Email is too long', {
          issues: [{ path: ['email'], message: 'Email is too long' }],
          requestId: 'req-1',
        }),
      ),
    );
    renderWithProviders(<LoginForm />, { route: '/login', path: '/login' });
    await submit();
    expect(await screen.findByText('Login Failed')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Email is too long');
  });

  it('signs in and goes to /dashboard', async () => {
    let signedIn = false;
    server.use(
      route('POST /api/auth/login', () => {
        signedIn = true;
        return { ...ada, firstSignIn: false };
      }),
      route('GET /api/auth/user', () =>
        signedIn ? ada : apiError(ErrorCode.UNAUTHORIZED, 'Please sign in to continue'),
      ),
    );
    const { router } = renderWithProviders(<LoginForm />, { route: '/login', path: '/login' });
    await submit();
    expect(await screen.findByText('Login Successful')).toBeInTheDocument();
    expect(screen.getByText('Welcome back.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it("welcomes an account's first sign-in by its first name, not 'back'", async () => {
    let signedIn = false;
    server.use(
      route('POST /api/auth/login', () => {
        signedIn = true;
        return { ...ada, firstSignIn: true };
      }),
      route('GET /api/auth/user', () =>
        signedIn ? ada : apiError(ErrorCode.UNAUTHORIZED, 'Please sign in to continue'),
      ),
    );
    renderWithProviders(<LoginForm />, { route: '/login', path: '/login' });
    await submit();
    expect(await screen.findByText('Login Successful')).toBeInTheDocument();
    expect(screen.getByText('Welcome, Ada.')).toBeInTheDocument();
    expect(screen.queryByText('Welcome back.')).not.toBeInTheDocument();
  });
});
