import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Toaster } from '../components/ui/toaster';
import { createQueryClient } from '../lib/query-client';

/**
 * Renders a screen with the app's providers and a memory router. `fetch` is the real global: tests
 * replace it with `mockApi` so every request is answered by a handler or fails the test.
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

type Handler = (req: { method: string; url: string; body: unknown }) => { status?: number; body?: unknown };

/** Replaces fetch with typed handlers keyed 'METHOD /path'; an unhandled request throws. */
export function mockApi(handlers: Record<string, Handler>) {
  const calls: Array<{ method: string; url: string; body: unknown }> = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost').pathname;
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, url, body });
    const handler = handlers[`${method} ${url}`];
    if (!handler) throw new Error(`Unhandled request ${method} ${url}`);
    const { status = 200, body: out } = handler({ method, url, body });
    // A 204 carries no body at all (the Fetch standard refuses even an empty one).
    const nullBody = status === 204 || status === 205 || status === 304;
    return new Response(nullBody ? null : out === undefined ? '' : JSON.stringify(out), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof fetch;
  return calls;
}
