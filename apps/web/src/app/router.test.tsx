import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { HttpHandler } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { Toaster } from '../components/ui/toaster';
import { makeInsight, overviewFixture } from '../features/admin-overview/utils/test-data';
import { company, featured } from '../features/marketing/components/test-data';
import { createQueryClient } from '../lib/query-client';
import { route, server, signedOut } from '../testing/api-handlers';
import { adminUser, agentUser } from '../testing/fixtures';
import { routes } from './router';

const asAgent = () => route('GET /api/auth/user', agentUser);
const asAdmin = () => route('GET /api/auth/user', adminUser);
/** The admin panel's overview figures, read whichever tab is open. */
const adminOverview = () => [
  route('GET /api/admin/overview', overviewFixture),
  route('GET /api/admin/insight', makeInsight()),
];

/**
 * The whole app's routes in a memory router with the app's providers, for a signed-out visitor
 * unless `handlers` say otherwise; every other read a screen makes has its handler in the test.
 */
function renderApp(url: string, ...handlers: HttpHandler[]) {
  server.use(
    ...handlers,
    route('GET /api/company', company),
    route('GET /api/properties/featured', featured),
    signedOut(),
  );
  const queryClient = createQueryClient();
  const router = createMemoryRouter(routes(queryClient), { initialEntries: [url] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return router;
}

// The first render of lazy routes is where React Router warned about a missing HydrateFallback; it
// warns once per module load, so every test here checks, whichever runs first.
let warn: MockInstance<typeof console.warn>;
beforeEach(() => {
  warn = vi.spyOn(console, 'warn');
});
afterEach(() => {
  expect(warn).not.toHaveBeenCalled();
});

describe('the app router', () => {
  it('renders the first screen with no console warning, showing a spinner while its chunks load', async () => {
    renderApp('/');
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    // The lazy route's chunk is transformed on first import here: allow more than findBy's second.
    expect(
      await screen.findByRole('heading', { level: 1, name: /Extraordinary Luxury/ }, { timeout: 5000 }),
    ).toBeInTheDocument();
  });

  it.each([
    ['/', 'Extraordinary Luxury — Maison Azur'],
    ['/about', 'About — Maison Azur'],
    ['/company-info', 'Company Information — Maison Azur'],
    ['/login', 'Agent Login — Maison Azur'],
    ['/register', 'Apply for Access — Maison Azur'],
    ['/no-such-page', 'Page Not Found — Maison Azur'],
  ])('gives %s its own document title', async (url, title) => {
    renderApp(url);
    await waitFor(() => expect(document.title).toBe(title));
  });

  it("titles an agent's screens", async () => {
    renderApp(
      '/user-dashboard',
      asAgent(),
      route('GET /api/user/dashboard/white-label-links', []),
      route('GET /api/holds', []),
    );
    // The route's chunk is transformed on first import here: allow more than waitFor's default second.
    await waitFor(() => expect(document.title).toBe('My Links — Maison Azur'), { timeout: 5000 });
  });

  it('titles each admin tab', async () => {
    renderApp(
      '/admin/users',
      asAdmin(),
      ...adminOverview(),
      route('GET /api/admin/users', []),
      route('GET /api/admin/users/summary', { total: 0, active: 0, pending: 0 }),
    );
    await waitFor(() => expect(document.title).toBe('Users · Admin Panel — Maison Azur'));
  });

  it('titles an unknown admin tab as not found', async () => {
    renderApp('/admin/nothing', asAdmin(), ...adminOverview());
    await waitFor(() => expect(document.title).toBe('Page Not Found — Maison Azur'));
  });

  it("titles the public collection with its link's title alone", async () => {
    renderApp(
      '/white-label/abc',
      route('GET /api/white-label/abc', {
        link: {
          uuid: 'abc',
          title: 'Azure Voyages - Sophie Laurent',
          description: null,
          agentName: 'Sophie Laurent',
          companyName: 'Azure Voyages',
          agentEmail: null,
          agentPhone: null,
          expiresAt: null,
          currency: 'EUR',
          stay: null,
        },
        properties: [],
      }),
    );
    // Its chunk (the page, the date field, the calendar) is the slowest to load here.
    await screen.findByText('No properties available in this collection.', {}, { timeout: 5000 });
    expect(document.title).toBe('Azure Voyages - Sophie Laurent');
  });

  it('gives /company-info the site footer', async () => {
    renderApp('/company-info');
    const footer = await screen.findByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Company Information' })).toHaveAttribute(
      'href',
      '/company-info',
    );
    expect(
      await within(footer).findByText('© 2024 Maison Azur Travel Ltd. All rights reserved.'),
    ).toBeVisible();
  });

  it('keeps the app navigation, bell and Logout for a signed-in agent on /about', async () => {
    renderApp('/about', asAgent());
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(await within(nav).findByRole('link', { name: 'Search Properties' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    expect(within(nav).getByRole('link', { name: 'My Links' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'About' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getAllByRole('button', { name: /^Notifications/ }).length).toBeGreaterThan(0);
    expect(within(nav).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Agent Login' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Connecting Excellence' })).toBeInTheDocument();
  });
});
