import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ErrorCode } from '@villas/shared';
import { describe, expect, it } from 'vitest';
import { apiError, route, sentRequests, server } from '../../../testing/api-handlers';
import { renderWithProviders } from '../../../testing/render';
import { RegisterForm } from './register-form';

async function fill(user: ReturnType<typeof userEvent.setup>, confirm = 'secret-pass') {
  await user.type(screen.getByLabelText('First name'), 'Claire');
  await user.type(screen.getByLabelText('Last name'), 'Dubois');
  await user.type(screen.getByLabelText('Business email'), 'claire@riviera.example');
  await user.type(screen.getByLabelText('Company name'), 'Riviera Travel');
  await user.type(screen.getByLabelText('Password'), 'secret-pass');
  await user.type(screen.getByLabelText('Confirm password'), confirm);
}

describe('RegisterForm', () => {
  it("shows 'Passwords don't match' under the confirmation and in a Validation Error toast", async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<RegisterForm />, { route: '/register', path: '/register' });
    await fill(user, 'other-pass');
    await user.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect(await screen.findByText('Validation Error')).toBeInTheDocument();
    expect(screen.getAllByText("Passwords don't match").length).toBeGreaterThanOrEqual(1);
    expect(sentRequests()).toHaveLength(0);
  });

  it('sends the application and goes to /login', async () => {
    server.use(
      route('POST /api/auth/register', {
        id: 12,
        email: 'claire@riviera.example',
        firstName: 'Claire',
        lastName: 'Dubois',
        company: 'Riviera Travel',
        agentLicense: null,
        phone: null,
        approved: false,
        role: 'agent',
        createdAt: '2026-03-01T09:00:00.000Z',
      }),
    );
    const calls = sentRequests();
    const user = userEvent.setup({ delay: null });
    const { router } = renderWithProviders(<RegisterForm />, { route: '/register', path: '/register' });
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Submit Application' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls[0]!.body).toMatchObject({ email: 'claire@riviera.example', confirmPassword: 'secret-pass' });
    expect(await screen.findByText('Application Submitted Successfully')).toBeInTheDocument();
  });

  it("puts the server's refusal under the fields it names, with the toast", async () => {
    server.use(
      route(
        'POST /api/auth/register',
        apiError(ErrorCode.VALIDATION_FAILED, 'Company must be at most 200 characters', {
          issues: [
            { path: ['company'], message: 'Company must be at most 200 characters' },
            { path: ['agentLicense'], message: 'Licence number must be at most 100 characters' },
          ],
          requestId: 'req-1',
        }),
      ),
    );
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<RegisterForm />, { route: '/register', path: '/register' });
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect(await screen.findByText('Registration Failed')).toBeInTheDocument();
    expect(screen.getByLabelText('Company name')).toHaveAccessibleDescription(
      'Company must be at most 200 characters',
    );
    expect(screen.getByLabelText('ABTA number or IATA code (optional)')).toHaveAccessibleDescription(
      'Licence number must be at most 100 characters',
    );
    expect(screen.getByLabelText('Company name')).toHaveFocus();
  });

  it("shows the server's message under 'Registration Failed'", async () => {
    server.use(
      route(
        'POST /api/auth/register',
        apiError(ErrorCode.EMAIL_TAKEN, 'An account with this email already exists'),
      ),
    );
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<RegisterForm />, { route: '/register', path: '/register' });
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect(await screen.findByText('Registration Failed')).toBeInTheDocument();
    expect(screen.getByText('An account with this email already exists')).toBeInTheDocument();
  });
});
