import { ErrorCode } from '@villas/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, route, server } from '../../../testing/api-handlers';
import { renderWithProviders } from '../../../testing/render';
import { makeInsight, overviewFixture } from '../utils/test-data';
import { AdminOverview } from './admin-overview';

const insight = makeInsight({
  views: { 0: 2, 40: 27, 89: 3 },
  weeks: { 0: { booking: 1, whiteLabel: 1 }, 13: { offMarket: 2, contact: 1, whiteLabel: 1 } },
});

function cardValue(label: string) {
  const term = screen.getByText(label, { selector: 'dt' });
  return Array.from(term.parentElement!.querySelectorAll('dd')).map((d) => d.textContent);
}

describe('AdminOverview', () => {
  it('shows the real figures on the four cards', async () => {
    server.use(route('GET /api/admin/overview', overviewFixture), route('GET /api/admin/insight', insight));
    renderWithProviders(<AdminOverview />);
    await screen.findByText('Total properties');
    expect(cardValue('Total properties')).toEqual(['48', 'In the catalogue']);
    expect(cardValue('Available now')).toEqual(['31', 'Bookable today, July 21, 2026']);
    // The median, not the mean the few islands pull up.
    expect(cardValue('Median price / night')).toEqual(['€1,850', 'EUR, the middle of 45 priced properties']);
    expect(cardValue('Destinations')).toEqual(['12', 'Subregions across 5 countries']);
  });

  it('shows a dash when no property is priced and one country in the singular', async () => {
    server.use(
      route('GET /api/admin/overview', {
        ...overviewFixture,
        averageNightlyPriceEur: null,
        medianNightlyPriceEur: null,
        pricedProperties: 0,
        countries: 1,
      }),
      route('GET /api/admin/insight', makeInsight()),
    );
    renderWithProviders(<AdminOverview />);
    await screen.findByText('Total properties');
    expect(cardValue('Median price / night')).toEqual(['—', 'No priced properties yet']);
    expect(cardValue('Destinations')).toEqual(['12', 'Subregions across 1 country']);
    expect(await screen.findByText(/No link views in the last 90 days\. No inquiries/)).toBeInTheDocument();
  });

  it('offers a retry when the figures cannot be loaded', async () => {
    let fail = true;
    server.use(
      route('GET /api/admin/overview', () =>
        fail ? apiError(ErrorCode.INTERNAL, 'Internal error') : overviewFixture,
      ),
      route('GET /api/admin/insight', insight),
    );
    renderWithProviders(<AdminOverview />);
    expect(await screen.findByText('The overview figures could not be loaded.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Total properties')).toBeInTheDocument();
  });

  it('summarises the insight in words and opens the charts with a title, summary and data table', async () => {
    server.use(route('GET /api/admin/overview', overviewFixture), route('GET /api/admin/insight', insight));
    renderWithProviders(<AdminOverview />);
    expect(
      await screen.findByText(
        '32 views in the last 90 days, busiest on June 2, 2026 (27). 6 inquiries in the last 90 days: 2 off-market, 1 contact form, 1 booking, 2 white-label.',
      ),
    ).toBeInTheDocument();

    // Closed on a narrow screen (jsdom's matchMedia matches nothing), so the tabs stay in reach.
    const toggle = screen.getByRole('button', { name: 'Show charts' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveTextContent('Hide charts');

    const views = await screen.findByRole('figure', { name: 'Link views per day' }, { timeout: 5000 });
    expect(views).toHaveAccessibleDescription('32 views in the last 90 days, busiest on June 2, 2026 (27).');
    const viewsTable = within(views).getByRole('table');
    expect(within(viewsTable).getAllByRole('row')).toHaveLength(91);
    expect(within(viewsTable).getByRole('row', { name: 'April 23, 2026 2' })).toBeInTheDocument();
    expect(within(viewsTable).getByRole('row', { name: 'July 21, 2026 3' })).toBeInTheDocument();

    const inquiries = screen.getByRole('figure', { name: 'Inquiries per week' });
    expect(inquiries).toHaveAccessibleDescription(
      '6 inquiries in the last 90 days: 2 off-market, 1 contact form, 1 booking, 2 white-label.',
    );
    const table = within(inquiries).getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Week of', 'Off-market', 'Contact form', 'Booking', 'White-label request', 'Total']);
    expect(within(table).getByRole('row', { name: 'July 19, 2026 2 1 0 1 4' })).toBeInTheDocument();

    await userEvent.click(toggle);
    await waitFor(() => expect(screen.queryByRole('figure')).not.toBeInTheDocument());
  });
});
