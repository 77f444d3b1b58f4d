import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { seedQueries } from '../app/ssr-state';
import { sentRequests, server, signedOut } from '../testing/api-handlers';
import { agentUser } from '../testing/fixtures';
import { userQueryKey, useUser } from './auth';
import { createQueryClient } from './query-client';

/** What the nav bar shows of the current user. */
function Who() {
  const { data: user, isFetching } = useUser();
  return <p data-fetching={isFetching}>{user ? `Signed in as ${user.firstName}` : 'Signed out'}</p>;
}

const userReads = () => sentRequests().filter((r) => r.method === 'GET' && r.url === '/api/auth/user');

function mount(queryClient = createQueryClient()) {
  render(
    <QueryClientProvider client={queryClient}>
      <Who />
    </QueryClientProvider>,
  );
  return queryClient;
}

describe('the user a server-rendered page came with', () => {
  it('is not asked for again when the page hydrates (a signed-out visitor sends no 401)', async () => {
    server.use(signedOut());
    const queryClient = createQueryClient();
    seedQueries(queryClient, { queries: { '/api/auth/user': null } });
    mount(queryClient);
    expect(screen.getByText('Signed out')).toHaveAttribute('data-fetching', 'false');
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(userReads()).toHaveLength(0);

    // Anything that asks again (a sign-in, a sign-out, a 401 elsewhere) reaches the server.
    server.resetHandlers(); // the default handlers: the agent is signed in
    await queryClient.invalidateQueries({ queryKey: userQueryKey });
    expect(await screen.findByText(`Signed in as ${agentUser.firstName}`)).toBeInTheDocument();
    expect(userReads()).toHaveLength(1);
  });

  it('a page the browser renders asks the server', async () => {
    mount();
    expect(await screen.findByText(`Signed in as ${agentUser.firstName}`)).toBeInTheDocument();
    expect(userReads()).toHaveLength(1);
  });
});
