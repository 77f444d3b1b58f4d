import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { route, server } from '../../../testing/api-handlers';
import { renderWithProviders } from '../../../testing/render';
import { DashboardLinks } from './dashboard-links';

describe('DashboardLinks', () => {
  it('shows each link with created date, views, property count, expiry and criteria, opening in a new tab', async () => {
    server.use(
      route('GET /api/user/dashboard/white-label-links', [
        {
          id: 1,
          uuid: 'u-1',
          title: 'Azure Voyages - Sophie Laurent',
          description: 'For the Martins',
          agentName: null,
          agentEmail: null,
          companyName: null,
          propertyIds: [1, 2, 3],
          searchFilters: { country: 'France', bedrooms: 4, guests: 8 },
          isActive: true,
          expiresAt: null,
          createdAt: '2026-02-01T09:00:00.000Z',
          viewCount: 12,
          currency: 'EUR',
          markupType: 'none',
          markupValue: 0,
        },
        {
          id: 2,
          uuid: 'u-2',
          title: 'Old link',
          description: null,
          agentName: null,
          agentEmail: null,
          companyName: null,
          propertyIds: [4],
          searchFilters: null,
          isActive: false,
          expiresAt: '2026-04-30T00:00:00.000Z',
          createdAt: '2026-01-01T09:00:00.000Z',
          viewCount: 0,
          currency: 'EUR',
          markupType: 'none',
          markupValue: 0,
        },
      ]),
    );
    renderWithProviders(<DashboardLinks />);
    const page = await screen.findByRole('link', { name: /^Azure Voyages - Sophie Laurent/ });
    const first = page.closest('li')!;
    expect(page).toHaveAttribute('href', '/white-label/u-1');
    expect(page).toHaveAttribute('target', '_blank');
    // A live link's brochure, from its card: the same endpoint as the client's, a real download.
    const brochure = within(first).getByRole('link', {
      name: /^Download brochure\s*of Azure Voyages - Sophie Laurent$/,
    });
    expect(brochure).toHaveAttribute('href', '/api/white-label/u-1/brochure.pdf');
    expect(brochure).toHaveAttribute('download');
    expect(brochure).not.toHaveAttribute('target');
    expect(within(first).getByText('February 1, 2026')).toBeInTheDocument();
    expect(within(first).getByText('12')).toBeInTheDocument();
    expect(within(first).getByText('3')).toBeInTheDocument();
    expect(within(first).getByText('No expiry')).toBeInTheDocument();
    expect(within(first).getByText('Active')).toBeInTheDocument();
    const criteria = within(first).getByRole('list', { name: 'Search criteria' });
    expect(
      within(criteria)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['France', '4+ bedrooms', '8 guests']);

    const second = screen.getByRole('link', { name: /Old link/ }).closest('li')!;
    expect(within(second).getByText('April 30, 2026')).toBeInTheDocument();
    expect(within(second).getByText('Inactive')).toBeInTheDocument();
    // An inactive link answers 'not found' to everyone: no brochure to offer.
    expect(within(second).queryByRole('link', { name: /Download brochure/ })).not.toBeInTheDocument();
    // The dashboard says what a view is.
    expect(
      screen.getByText(
        "Views count your clients' visits: your own visits while signed in, and a reload from the same browser within 30 minutes, are not counted.",
      ),
    ).toBeInTheDocument();
  });

  it('invites the agent to the property dashboard when there are no links', async () => {
    server.use(route('GET /api/user/dashboard/white-label-links', []));
    renderWithProviders(<DashboardLinks />);
    expect(await screen.findByText('No white-label links yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Search Properties' })).toHaveAttribute('href', '/dashboard');
  });
});
