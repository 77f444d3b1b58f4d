import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, FAILURE_MESSAGES } from '../../lib/api-client';
import { createQueryClient } from '../../lib/query-client';
import { RouteError } from './route-error';

/** A route whose loader fails with `error`, under the app's error element. */
function failWith(error: unknown) {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  const router = createMemoryRouter([
    {
      path: '/',
      loader: () => {
        throw error;
      },
      Component: () => null,
      errorElement: <RouteError />,
    },
  ]);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const message = async () => (await screen.findByRole('heading', { name: 'We are sorry' })).nextElementSibling;

describe('RouteError', () => {
  it("shows a failed request's human message, never 'NNN: …'", async () => {
    failWith(new ApiError(502, 'HTTP_ERROR', FAILURE_MESSAGES.unreachable));
    expect(await message()).toHaveTextContent('The server could not be reached. Please try again.');
    expect(screen.getByRole('main')).not.toHaveTextContent(/\b50\d\b/);
  });

  it("shows the server's own message", async () => {
    failWith(new ApiError(404, 'PROPERTY_NOT_FOUND', 'Property not found'));
    expect(await message()).toHaveTextContent('Property not found');
  });

  it('words a thrown response by kind, without its status text', async () => {
    failWith(new Response('<html>Bad Gateway</html>', { status: 502, statusText: 'Bad Gateway' }));
    expect(await message()).toHaveTextContent('Something went wrong on our side while showing this page.');
    expect(screen.getByRole('main')).not.toHaveTextContent('Bad Gateway');
  });

  it('says a page was not found for a 404', async () => {
    failWith(new Response(null, { status: 404, statusText: 'Not Found' }));
    expect(await message()).toHaveTextContent('We could not find this page.');
  });

  it('explains a chunk that could not be loaded', async () => {
    failWith(
      new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/admin-1.js'),
    );
    expect(await message()).toHaveTextContent(
      'This page could not be loaded; the connection may have dropped.',
    );
    expect(screen.getByText('Please reload the page or return home.')).toBeInTheDocument();
  });
});
