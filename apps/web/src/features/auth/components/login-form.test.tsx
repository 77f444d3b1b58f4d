import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithProviders } from '../../../testing/render';
import { LoginForm } from './login-form';

async function submit(email = 'ada@example.com', password = 'secret-pass') {
  const user = userEvent.setup({ delay: null });
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('LoginForm', () => {
  it('shows the Validation Error toast for a short password and sends nothing', async () => {
    const calls = mockApi({});
    renderWithProviders(<LoginForm />, { route: '/login', path: '/login' });
    await submit('ada@example.com', '123');
    expect(await screen.findByText('Validation Error')).toBeInTheDocument();
    expect(screen.getByText('Please check your email and password.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('maps a pending account to the Account Pending Approval toast', async () => {
    mockApi({
      'POST /api/auth/login': () => ({
        status: 403,
        body: { code: 'ACCOUNT_PENDING', message: 'Account pending approval. Later.' },
      }),
    });
    renderWithProviders(<LoginForm />, { route: '/login', path: '/login' });
    await submit();
    expect(await screen.findByText('Account Pending Approval')).toBeInTheDocument();
    expect(
      screen.getByText("Your account is awaiting admin approval. You'll receive confirmation once approved."),
    ).toBeInTheDocument();
  });

  it('maps wrong credentials to the Invalid Credentials toast', async () => {
    mockApi({
      'POST /api/auth/login': () => ({
        status: 401,
        body: { code: 'INVALID_CREDENTIALS', message: 'Invalid credentials' },
      }),
    });
    renderWithProviders(<LoginForm />, { route: '/login', path: '/login' });
    await submit();
    expect(await screen.findByText('Invalid Credentials')).toBeInTheDocument();
    expect(screen.getByText('Please check your email and password and try again.')).toBeInTheDocument();
  });

  it('signs in and goes to /dashboard', async () => {
    mockApi({
      'POST /api/auth/login': () => ({ body: { id: 1, firstName: 'Ada', role: 'agent' } }),
      'GET /api/auth/user': () => ({ body: { id: 1, firstName: 'Ada', role: 'agent' } }),
    });
    const { router } = renderWithProviders(<LoginForm />, { route: '/login', path: '/login' });
    await submit();
    expect(await screen.findByText('Login Successful')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});
