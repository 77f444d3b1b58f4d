import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Property } from '@villas/shared';
import { describe, expect, it } from 'vitest';
import { makeProperty } from '../../features/properties/testing/make-property';
import { mockApi, renderWithProviders } from '../../testing/render';
import { Component as Dashboard } from './dashboard';

const catalogue = [
  makeProperty({ id: 1, name: 'Villa Aurora', region: 'France', subregion: 'Provence' }),
  makeProperty({ id: 2, name: 'Villa Serena', region: 'Italy', subregion: 'Lake Como' }),
  makeProperty({ id: 3, name: 'Chalet Blanc', region: 'Switzerland', subregion: 'Verbier' }),
];
const locations = [
  { region: 'France', subregions: ['Provence', 'Côte d’Azur'] },
  { region: 'Italy', subregions: ['Lake Como', 'Tuscany'] },
];
const amenities = Array.from({ length: 20 }, (_, i) => ({
  id: i + 1,
  name: `Amenity ${i + 1}`,
  category: 'Amenities',
}));

type SearchHandler = (body: Record<string, unknown>) => { status?: number; body?: unknown };

function setup({ properties = catalogue, search }: { properties?: Property[]; search?: SearchHandler } = {}) {
  const calls = mockApi({
    'GET /api/auth/user': () => ({ body: { id: 7, firstName: 'Sophie', role: 'agent' } }),
    'GET /api/properties': () => ({ body: properties }),
    'GET /api/locations': () => ({ body: locations }),
    'GET /api/amenities': () => ({ body: amenities }),
    'POST /api/properties/search': ({ body }) =>
      search ? search(body as Record<string, unknown>) : { body: [catalogue[0]] },
  });
  renderWithProviders(<Dashboard />, { route: '/dashboard', path: '/dashboard' });
  const user = userEvent.setup({ delay: null });
  const searches = () => calls.filter((c) => c.url === '/api/properties/search').map((c) => c.body);
  return { user, calls, searches };
}

const cardNames = () =>
  within(screen.getByRole('list', { name: 'Properties' }))
    .queryAllByRole('article')
    .map((a) => a.getAttribute('aria-labelledby') && a.querySelector('h3')?.textContent)
    .filter((n) => n !== 'Beyond the published collection');

async function choose(user: ReturnType<typeof userEvent.setup>, label: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('/dashboard', { timeout: 20_000 }, () => {
  it('shows the heading, the selection count and every property before any search', async () => {
    const { user } = setup();
    expect(await screen.findByRole('heading', { name: 'Search Properties' })).toBeInTheDocument();
    await screen.findByText('Villa Aurora');
    expect(cardNames()).toEqual(['Villa Aurora', 'Villa Serena', 'Chalet Blanc']);
    const count = () => screen.getByText(/selected$/, { selector: 'span' }).closest('p')?.textContent;
    expect(count()).toBe('0 properties selected');
    await user.click(screen.getByRole('checkbox', { name: 'Select Villa Serena' }));
    expect(count()).toBe('1 property selected');
    await user.click(screen.getByRole('checkbox', { name: 'Select Chalet Blanc' }));
    expect(count()).toBe('2 properties selected');
    await user.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(count()).toBe('0 properties selected');
    // No VIP card before a search.
    expect(screen.queryByText('VIP Off-Market')).not.toBeInTheDocument();
  });

  it('offers only the first 15 amenities, as toggle chips', async () => {
    setup();
    const group = await screen.findByRole('group', { name: 'Amenities' });
    const chips = within(group).getAllByRole('button');
    expect(chips).toHaveLength(15);
    expect(chips[0]).toHaveAttribute('aria-pressed', 'false');
    expect(within(group).queryByRole('button', { name: 'Amenity 16' })).not.toBeInTheDocument();
  });

  it('keeps destination disabled until a country; a new country clears results and destination', async () => {
    const { user, searches } = setup();
    await screen.findByText('Villa Aurora');
    const destination = () => screen.getByRole('combobox', { name: 'Destination' });
    expect(destination()).toBeDisabled();

    await choose(user, 'Country', 'France');
    expect(destination()).toBeEnabled();
    await choose(user, 'Destination', 'Provence');
    expect(searches()).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByText('1 property matches your search');
    expect(searches()).toEqual([{ country: 'France', destination: 'Provence' }]);
    expect(cardNames()).toEqual(['Villa Aurora']);
    expect(screen.getByText('VIP Off-Market')).toBeInTheDocument();

    await choose(user, 'Country', 'Italy');
    // Back to 'none': the whole catalogue again, no VIP card, destination reset to any.
    expect(await screen.findByText('3 properties in the collection')).toBeInTheDocument();
    expect(cardNames()).toEqual(['Villa Aurora', 'Villa Serena', 'Chalet Blanc']);
    expect(screen.queryByText('VIP Off-Market')).not.toBeInTheDocument();
    expect(destination()).toHaveTextContent('Any destination');
    expect(searches()).toHaveLength(1);

    await choose(user, 'Country', 'Any country');
    expect(destination()).toBeDisabled();
  });

  it('changing the destination after a search returns to the full list', async () => {
    const { user } = setup();
    await screen.findByText('Villa Aurora');
    await choose(user, 'Country', 'France');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByText('1 property matches your search');
    await choose(user, 'Destination', 'Côte d’Azur');
    expect(await screen.findByText('3 properties in the collection')).toBeInTheDocument();
  });

  it('toggling an amenity searches at once with the selected amenity ids', async () => {
    const { user, searches } = setup();
    const group = await screen.findByRole('group', { name: 'Amenities' });
    await user.click(within(group).getByRole('button', { name: 'Amenity 3' }));
    await screen.findByText('1 property matches your search');
    expect(within(group).getByRole('button', { name: 'Amenity 3' })).toHaveAttribute('aria-pressed', 'true');
    expect(searches()).toEqual([{ amenityIds: [3] }]);
    await user.click(within(group).getByRole('button', { name: 'Amenity 5' }));
    await waitFor(() => expect(searches()).toHaveLength(2));
    expect(searches()[1]).toEqual({ amenityIds: [3, 5] });
  });

  it('bedrooms search only once a search has run', async () => {
    const { user, searches } = setup();
    await screen.findByText('Villa Aurora');
    await choose(user, 'Bedrooms', '3+');
    expect(searches()).toHaveLength(0);
    expect(cardNames()).toHaveLength(3);

    await user.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByText('1 property matches your search');
    expect(searches()).toEqual([{ bedrooms: 3 }]);

    await choose(user, 'Bedrooms', '5+');
    await waitFor(() => expect(searches()).toHaveLength(2));
    expect(searches()[1]).toEqual({ bedrooms: 5 });
  });

  it('maximum price searches again once searched (debounced while typing)', async () => {
    const { user, searches } = setup();
    await screen.findByText('Villa Aurora');
    const price = screen.getByLabelText('Maximum price per week (EUR)');
    await user.type(price, '9000');
    expect(searches()).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByText('1 property matches your search');
    expect(searches()).toEqual([{ maxPrice: 9000 }]);
    await user.clear(price);
    await user.type(price, '15000');
    await waitFor(() => expect(searches()).toHaveLength(2), { timeout: 2000 });
    expect(searches()[1]).toEqual({ maxPrice: 15000 });
  });

  it('shows the no-match empty state, and Clear Filters resets everything', async () => {
    const { user } = setup({ search: () => ({ body: [] }) });
    await screen.findByText('Villa Aurora');
    await choose(user, 'Country', 'France');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(
      await screen.findByRole('heading', { name: 'No properties match your search criteria' }),
    ).toBeInTheDocument();
    // The VIP off-market card follows the (empty) results.
    expect(screen.getByText('VIP Off-Market')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Clear Filters' }));
    expect(await screen.findByText('3 properties in the collection')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Country' })).toHaveTextContent('Any country');
    expect(screen.getByRole('combobox', { name: 'Destination' })).toBeDisabled();
  });

  it('a failed search shows empty results', async () => {
    const { user } = setup({
      search: () => ({ status: 500, body: { code: 'INTERNAL', message: 'Something went wrong' } }),
    });
    await screen.findByText('Villa Aurora');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(
      await screen.findByRole('heading', { name: 'No properties match your search criteria' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Villa Aurora')).not.toBeInTheDocument();
  });

  it('an answer that is not an array counts as no results', async () => {
    const { user } = setup({ search: () => ({ body: { unexpected: true } }) });
    await screen.findByText('Villa Aurora');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(
      await screen.findByRole('heading', { name: 'No properties match your search criteria' }),
    ).toBeInTheDocument();
  });

  it("says 'No properties available' when the catalogue is empty", async () => {
    setup({ properties: [] });
    expect(await screen.findByRole('heading', { name: 'No properties available' })).toBeInTheDocument();
  });

  it('opens the detail dialog with bathrooms = bedrooms + 1 and grouped amenities', async () => {
    const { user } = setup({
      properties: [
        makeProperty({
          id: 1,
          name: 'Villa Aurora',
          bedrooms: 5,
          amenities: ['Infinity Pool', 'Sea View', 'Wifi', 'Private Chef'],
        }),
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'View details of Villa Aurora' }));
    const dialog = await screen.findByRole('dialog', { name: 'Villa Aurora' });
    const fact = (label: string) => within(dialog).getByText(label).nextSibling?.textContent;
    expect(fact('Bedrooms')).toBe('5');
    expect(fact('Bathrooms')).toBe('6');
    for (const [category, item] of [
      ['Pool / Wellness', 'Infinity Pool'],
      ['View', 'Sea View'],
      ['Amenities', 'Wifi'],
      ['Dining', 'Private Chef'],
    ]) {
      expect(
        within(within(dialog).getByRole('region', { name: category })).getByText(item!),
      ).toBeInTheDocument();
    }
  });

  it('a dated search shows stay totals and prefills the booking dates, priced with the search total', async () => {
    const dated = makeProperty({
      id: 1,
      name: 'Villa Aurora',
      basePricePerNight: 1000,
      weeklyPriceEur: 7000,
      totalNights: 5,
      totalCost: 6400,
      totalCostEur: 6400,
    });
    const { user, searches } = setup({ search: () => ({ body: [dated] }) });
    await screen.findByText('Villa Aurora');
    // Dates are picked with the calendar; a date field opens a month grid starting on Sunday.
    await user.click(screen.getByRole('button', { name: 'Check-in: Add date' }));
    const grid = await screen.findByRole('grid');
    expect(grid.querySelector('th')).toHaveTextContent(/^Su/);
    await user.keyboard('{Escape}');
    // Pick the 1st to the 6th of next month, then search.
    await user.click(screen.getByRole('button', { name: 'Check-in: Add date' }));
    await user.click(screen.getByRole('button', { name: 'Go to the Next Month' }));
    const days = within(await screen.findByRole('grid')).getAllByRole('gridcell');
    const firstOfMonth = days.find((d) => d.textContent === '1' && !d.hasAttribute('data-outside'))!;
    await user.click(within(firstOfMonth).getByRole('button'));
    await user.click(screen.getByRole('button', { name: 'Check-out: Add date' }));
    const outDays = within(await screen.findByRole('grid')).getAllByRole('gridcell');
    const sixth = outDays.find((d) => d.textContent === '6' && !d.hasAttribute('data-outside'))!;
    await user.click(within(sixth).getByRole('button'));
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByText('1 property matches your search');
    const sent = searches()[0] as { checkIn: string; checkOut: string };
    expect(sent.checkIn.endsWith('-01')).toBe(true);
    expect(sent.checkOut.endsWith('-06')).toBe(true);

    expect(screen.getByText('€6,400 for 5 nights')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'View details of Villa Aurora' }));
    const dialog = await screen.findByRole('dialog', { name: 'Villa Aurora' });
    expect(within(dialog).getByRole('button', { name: /^Check-in: .*1, \d{4}$/ })).toBeInTheDocument();
    const estimate = within(within(dialog).getByRole('region', { name: 'Cost estimate' }));
    expect(estimate.getByText('5 nights at the dated rates')).toBeInTheDocument();
    expect(estimate.getByText('€6,592')).toBeInTheDocument(); // 6,400 + 192 service fee
  });
});
