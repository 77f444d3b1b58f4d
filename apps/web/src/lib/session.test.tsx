import { QueryClientProvider, useMutation, useQuery } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ErrorCode, type LoginResult, type WhiteLabelLink } from '@villas/shared';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SessionEndedRedirect } from '../app/layout/session-ended';
import { Toaster } from '../components/ui/toaster';
import { LoginForm } from '../features/auth/components/login-form';
import { apiError, route, server } from '../testing/api-handlers';
import { agentUser } from '../testing/fixtures';
import { api } from './api-client';
import { userQueryKey, useUser } from './auth';
import { createQueryClient } from './query-client';
import { SESSION_ENDED_MESSAGE, safeReturnPath } from './session';

const expired = () => apiError(ErrorCode.UNAUTHORIZED, 'Please sign in to continue');

/** A signed-in screen that reads the agent's links (or, on demand, changes one). */
function MyLinks() {
  const { data: user } = useUser();
  const links = useQuery({
    queryKey: ['/api/user/dashboard/white-label-links'],
    queryFn: () => api<WhiteLabelLink[]>('/api/user/dashboard/white-label-links'),
    enabled: !!user,
  });
  const remove = useMutation({ mutationFn: () => api('/api/white-label/7', { method: 'DELETE' }) });
  return (
    <main>
      <h1>My Links of {user?.firstName}</h1>
      <p>{links.data ? `${links.data.length} links` : 'Loading links'}</p>
      <button type="button" onClick={() => remove.mutate()}>
        Delete
      </button>
    </main>
  );
}

/** The root's read of the current user, as the nav bar does on every screen. */
function WhoAmI() {
  useUser();
  return null;
}

/** The app's shape: the session watcher in the root, a signed-in screen and the sign-in page. */
function renderApp(url: string) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <SessionEndedRedirect />
            <WhoAmI />
            <Outlet />
          </>
        ),
        children: [
          { path: '/user-dashboard', element: <MyLinks /> },
          { path: '/login', element: <LoginForm /> },
        ],
      },
    ],
    { initialEntries: [url] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { router, queryClient };
}

describe('a session that ends under the user', () => {
  it('signs out on a 401 from any read, says so on /login, and comes back after signing in again', async () => {
    let signedIn = true;
    server.use(
      route('GET /api/auth/user', () => (signedIn ? agentUser : expired())),
      route('GET /api/user/dashboard/white-label-links', () => (signedIn ? [] : expired())),
      route('POST /api/auth/login', () => {
        signedIn = true;
        return { ...agentUser, firstSignIn: false } satisfies LoginResult;
      }),
    );
    signedIn = false; // the session expires after the first screen's user is known
    server.use(route('GET /api/auth/user', agentUser, { once: true }));
    const { router, queryClient } = renderApp('/user-dashboard?sort=views');

    expect(await screen.findByText(SESSION_ENDED_MESSAGE)).toBeInTheDocument();
    expect(SESSION_ENDED_MESSAGE).toBe('Your session has ended. Please sign in again.');
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe(
      `?returnTo=${encodeURIComponent('/user-dashboard?sort=views')}`,
    );
    // The cached user is signed out, and nothing of theirs stays cached.
    expect(queryClient.getQueryData(userQueryKey)).toBeNull();
    expect(queryClient.getQueryData(['/api/user/dashboard/white-label-links'])).toBeUndefined();

    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user-dashboard'));
    expect(router.state.location.search).toBe('?sort=views');
    expect(await screen.findByText('0 links')).toBeInTheDocument();
  });

  it('does the same on a 401 from a change', async () => {
    server.use(
      route('GET /api/user/dashboard/white-label-links', []),
      route('DELETE /api/white-label/:id', expired()),
    );
    const { router } = renderApp('/user-dashboard');
    await screen.findByText('0 links');
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(SESSION_ENDED_MESSAGE)).toBeInTheDocument();
    expect(router.state.location.search).toBe(`?returnTo=${encodeURIComponent('/user-dashboard')}`);
  });

  it('leaves a failed sign-in (401 Invalid credentials) to the sign-in form', async () => {
    server.use(route('POST /api/auth/login', apiError(ErrorCode.INVALID_CREDENTIALS, 'Invalid credentials')));
    const { router, queryClient } = renderApp('/login?returnTo=%2Fuser-dashboard');
    queryClient.setQueryData(userQueryKey, null);
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong-pass');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Invalid Credentials')).toBeInTheDocument();
    expect(screen.queryByText(SESSION_ENDED_MESSAGE)).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('?returnTo=%2Fuser-dashboard');
  });

  it('says nothing of an ended session to a visitor who was never signed in', async () => {
    server.use(route('GET /api/auth/user', expired()), route('DELETE /api/white-label/:id', expired()));
    const { router, queryClient } = renderApp('/user-dashboard');
    await waitFor(() => expect(queryClient.getQueryData(userQueryKey)).toBeNull());
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(queryClient.isMutating()).toBe(0));
    expect(router.state.location.pathname).toBe('/user-dashboard');
    expect(router.state.location.search).toBe('');
  });

  it('treats the current-user probe answering 401 as signed out, with no message', async () => {
    server.use(route('GET /api/auth/user', expired()));
    const { router, queryClient } = renderApp('/login');
    await waitFor(() => expect(queryClient.getQueryData(userQueryKey)).toBeNull());
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.queryByText(SESSION_ENDED_MESSAGE)).not.toBeInTheDocument();
  });
});

describe('safeReturnPath', () => {
  it('returns only to a path of this site', () => {
    expect(safeReturnPath('/admin/users?q=a', '/dashboard')).toBe('/admin/users?q=a');
    for (const bad of [
      null,
      '',
      'https://evil.example/',
      '//evil.example',
      '/\\evil.example',
      'javascript:x',
    ])
      expect(safeReturnPath(bad, '/dashboard')).toBe('/dashboard');
  });
});
