import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Toaster } from '../components/ui/toaster';
import { createQueryClient } from '../lib/query-client';

/**
 * Renders a screen with the app's providers and a memory router. Its requests go to the real `fetch`,
 * answered by the typed handlers of api-handlers.ts (`server.use(route(...))`); a request none
 * answers fails the test.
 */
export function renderWithProviders(ui: ReactElement, { route = '/', path = '/' } = {}) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(
    [
      { path, element: ui },
      { path: '*', element: <div data-testid="navigated" /> },
    ],
    { initialEntries: [route] },
  );
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient };
}
