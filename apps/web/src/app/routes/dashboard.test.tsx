import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ErrorCode, type ExchangeRate, type Property, type WhiteLabelLink } from '@villas/shared';
import type { HttpHandler } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeProperty, toCard } from '../../testing/fixtures';
import { PRICE_DEBOUNCE_MS } from '../../features/search/hooks/use-property-search';
import { DISPLAY_CURRENCY_KEY } from '../../lib/display-currency';
import { ApiAnswer, apiError, foreignAnswer, route, sentRequests, server } from '../../testing/api-handlers';
import { renderWithProviders } from '../../testing/render';
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

const rate = (fromCurrency: string, toCurrency: string, value: number): ExchangeRate => ({
  fromCurrency,
  toCurrency,
  rate: value,
  updatedAt: '2026-01-01T00:00:00.000Z',
});
/** Round rates, so every figure below can be checked by hand. */
const rates = [
  rate('USD', 'EUR', 0.8),
  rate('USD', 'GBP', 0.64),
  rate('EUR', 'GBP', 0.8),
  rate('GBP', 'EUR', 1.25),
  rate('EUR', 'USD', 1.25),
];

/** The test's answer to a search with filters: the villas found (one page of them), or an error. */
type SearchHandler = (filters: Record<string, unknown>) => Property[] | ApiAnswer;

beforeEach(() => localStorage.clear());
afterEach(() => {
  localStorage.clear();
  vi.useRealTimers();
});

function setup({
  properties = catalogue,
  search,
  more = [],
}: {
  properties?: Property[];
  search?: SearchHandler;
  more?: HttpHandler[];
} = {}) {
  // The dashboard's list is POST /api/properties/search asking for pages: with no filter, the
  // catalogue (`properties`); with filters, the test's `search` answer (an array is one page).
  server.use(
    ...more,
    ...properties.flatMap((p) => [
      route(`GET /api/properties/${p.id}`, p),
      route(`GET /api/properties/${p.id}/stay-rules`, []),
    ]),
    route('GET /api/exchange-rates', rates),
    route('GET /api/locations', locations),
    route('GET /api/amenities', amenities),
    route('POST /api/properties/search', ({ body }) => {
      const { page, sort, limit = 24, offset = 0, ...filters } = body as Record<string, unknown>;
      void page;
      void sort;
      const answer = Object.keys(filters).length ? (search ? search(filters) : [catalogue[0]!]) : properties;
      if (answer instanceof ApiAnswer) return answer;
      const items = answer.slice(Number(offset), Number(offset) + Number(limit)).map(toCard);
      return { items, total: answer.length, limit: Number(limit), offset: Number(offset) };
    }),
  );
  const calls = sentRequests();
  renderWithProviders(<Dashboard />, { route: '/dashboard', path: '/dashboard' });
  const user = userEvent.setup({ delay: null });
  /** The searches sent with filters (the catalogue's pages are not searches), without paging fields. */
  const searches = () =>
    calls
      .filter((c) => c.url === '/api/properties/search')
      .map((c) => {
        const { page, sort, limit, offset, ...filters } = c.body as Record<string, unknown>;
        void [page, sort, limit, offset];
        return filters;
      })
      .filter((f) => Object.keys(f).length > 0);
  return { user, calls, searches };
}

const cardNames = () =>
  within(screen.getByRole('list', { name: 'Properties' }))
    .queryAllByRole('article')
    .map((a) => a.getAttribute('aria-labelledby') && a.querySelector('h3')?.textContent)
    .filter((n) => n !== 'Beyond the published collection');

type User = ReturnType<typeof userEvent.setup>;

async function choose(user: User, label: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

/** Picks next month's `inDay` to `outDay` with the calendars, then searches. */
async function searchStay(user: User, inDay: number, outDay: number) {
  const pick = async (field: string, day: number, nextMonth: boolean) => {
    await user.click(screen.getByRole('button', { name: `${field}: Add date` }));
    if (nextMonth) await user.click(screen.getByRole('button', { name: 'Go to the Next Month' }));
    const days = within(await screen.findByRole('grid')).getAllByRole('gridcell');
    const cell = days.find((d) => d.textContent === String(day) && !d.hasAttribute('data-outside'))!;
    await user.click(within(cell).getByRole('button'));
  };
  await pick('Check-in', inDay, true);
  await pick('Check-out', outDay, false);
  await user.click(screen.getByRole('button', { name: 'Search' }));
  await screen.findByText(/match(es)? your search$/);
}

async function openEstimate(user: User, name: string) {
  await user.click(screen.getByRole('button', { name: `View details of ${name}` }));
  const dialog = await screen.findByRole('dialog', { name });
  return within(dialog).findByRole('region', { name: 'Cost estimate' });
}

const estimateRow = (estimate: HTMLElement, label: string | RegExp) =>
  within(estimate).getByText(label, { selector: 'dt, dt *' }).closest('div')!.querySelector('dd')!
    .textContent;

describe('/dashboard', { timeout: 20_000 }, () => {
  it('shows the heading and every property before any search', async () => {
    setup();
    expect(await screen.findByRole('heading', { name: 'Search Properties' })).toBeInTheDocument();
    await screen.findByText('Villa Aurora');
    expect(cardNames()).toEqual(['Villa Aurora', 'Villa Serena', 'Chalet Blanc']);
    // No VIP card before a search.
    expect(screen.queryByText('VIP Off-Market')).not.toBeInTheDocument();
  });

  it('a selection bar with the count, the link button and Clear selection appears once villas are selected', async () => {
    const { user } = setup();
    await screen.findByText('Villa Aurora');
    const bar = () => screen.queryByRole('region', { name: 'Selected villas' });
    const live = () => screen.getAllByRole('status').find((s) => /selected$/.test(s.textContent ?? ''));

    // Nothing selected: no bar, and the one link button is disabled, saying why.
    expect(bar()).not.toBeInTheDocument();
    const disabled = screen.getByRole('button', { name: 'Create White-label Link' });
    expect(disabled).toBeDisabled();
    expect(disabled).toHaveAccessibleDescription('Select at least one villa to create a link.');

    await user.click(screen.getByRole('checkbox', { name: 'Select Villa Serena' }));
    expect(bar()).toHaveTextContent('1 villa selected');
    await user.click(screen.getByRole('checkbox', { name: 'Select Chalet Blanc' }));
    expect(bar()).toHaveTextContent('2 villas selected');
    expect(live()).toHaveTextContent('2 villas selected');
    // Still one link button: the bar's, enabled, opening the dialog with the selection.
    expect(screen.getAllByRole('button', { name: 'Create White-label Link' })).toHaveLength(1);
    await user.click(within(bar()!).getByRole('button', { name: 'Create White-label Link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create White-label Link' });
    expect(dialog).toHaveTextContent('2 selected villas');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await user.click(within(bar()!).getByRole('button', { name: 'Clear selection' }));
    expect(bar()).not.toBeInTheDocument();
    expect(screen.getByText('No villas selected')).toHaveAttribute('role', 'status');
    expect(screen.getByRole('checkbox', { name: 'Select Villa Serena' })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Create White-label Link' })).toBeDisabled();
    // The keyboard stays with the results, not lost with the bar.
    expect(screen.getByRole('region', { name: 'Results' })).toHaveFocus();
  });

  it('after creating a link, focus lands on its confirmation (the bar and its button are gone)', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const { user } = setup({
      more: [
        route('POST /api/white-label', ({ body }) => {
          const input = body as Partial<WhiteLabelLink> & Pick<WhiteLabelLink, 'title' | 'propertyIds'>;
          const link: WhiteLabelLink = {
            id: 40,
            uuid: 'f00d-40',
            title: input.title,
            description: input.description ?? null,
            agentName: input.agentName ?? null,
            agentEmail: input.agentEmail ?? null,
            companyName: input.companyName ?? null,
            propertyIds: input.propertyIds,
            searchFilters: input.searchFilters ?? null,
            isActive: true,
            expiresAt: null,
            createdAt: '2026-03-01T09:00:00.000Z',
            viewCount: 0,
            currency: input.currency ?? 'EUR',
            markupType: input.markupType ?? 'none',
            markupValue: input.markupValue ?? 0,
          };
          return link;
        }),
      ],
    });
    await user.click(await screen.findByRole('checkbox', { name: 'Select Villa Serena' }));
    const bar = screen.getByRole('region', { name: 'Selected villas' });
    await user.click(within(bar).getByRole('button', { name: 'Create White-label Link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create White-label Link' });
    await waitFor(() => expect(within(dialog).getByLabelText('Agent name')).toHaveValue('Sophie Laurent'));
    await user.click(within(dialog).getByRole('button', { name: 'Create Link' }));

    const done = await screen.findByRole('region', { name: 'White-label Link Created' });
    await waitFor(() => expect(done).toHaveFocus());
    expect(done).toHaveTextContent('“Azure Voyages - Sophie Laurent” is ready to share');
    expect(within(done).getByRole('link', { name: 'Open the link in a new tab' })).toHaveAttribute(
      'href',
      '/white-label/f00d-40',
    );
    expect(open).toHaveBeenCalledWith('/white-label/f00d-40', '_blank', 'noopener');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(within(done).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('region', { name: 'White-label Link Created' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Results' })).toHaveFocus();
  });

  it("gives focus back to a card's 'View details' when the detail dialog closes", async () => {
    const { user } = setup();
    const details = await screen.findByRole('button', { name: 'View details of Villa Aurora' });
    await user.click(details);
    await screen.findByRole('dialog', { name: 'Villa Aurora' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(details).toHaveFocus());
  });

  it("shows a USD villa's card and estimate in EUR by default with the villa's own figures, all in GBP once chosen", async () => {
    const usd = { id: 2, name: 'Villa Serena', propertyCurrency: 'USD', basePricePerNight: 5000 } as const;
    const { user } = setup({
      properties: [catalogue[0]!, makeProperty({ ...usd, weeklyPriceEur: 28000 })],
      search: () => [makeProperty({ ...usd, totalNights: 7, totalCost: 36000 })],
    });
    const card = () => screen.getByRole('article', { name: 'Villa Serena' });
    // $35,000 a week × 0.8.
    expect(
      await within(await screen.findByRole('article', { name: 'Villa Serena' })).findByText('€28,000 / week'),
    );
    expect(within(card()).getByText("$35,000 in the villa's currency")).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Prices in' })).toHaveTextContent('EUR (€)');

    await searchStay(user, 1, 8);
    // Dated: the stay's own price ($36,000 for these 7 nights), once: a week's line would repeat it.
    expect(within(card()).getByText('€28,800 for 7 nights')).toBeInTheDocument();
    expect(within(card()).queryByText('€28,800 / week')).not.toBeInTheDocument();
    expect(within(card()).getAllByText("$36,000 in the villa's currency")).toHaveLength(1);
    let estimate = await openEstimate(user, 'Villa Serena');
    expect(estimateRow(estimate, /^Subtotal/)).toBe('€28,800');
    expect(estimateRow(estimate, 'Service fee (3%)')).toBe('€864');
    expect(estimateRow(estimate, 'Total')).toBe('€29,664');
    expect(within(estimate).getByText("Total $37,080 in the villa's currency")).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await choose(user, 'Prices in', 'GBP (£)');
    expect(within(card()).getByText('£23,040 for 7 nights')).toBeInTheDocument(); // $36,000 × 0.64
    expect(within(card()).queryByText(/€/)).not.toBeInTheDocument();
    estimate = await openEstimate(user, 'Villa Serena');
    const dialog = screen.getByRole('dialog', { name: 'Villa Serena' });
    expect(within(dialog).getByText('£23,040 for 7 nights')).toBeInTheDocument();
    expect(estimateRow(estimate, /^Subtotal/)).toBe('£23,040');
    expect(estimateRow(estimate, 'Service fee (3%)')).toBe('£691'); // 691.2
    expect(estimateRow(estimate, 'Total')).toBe('£23,731');
    expect(within(estimate).getByText("Total $37,080 in the villa's currency")).toBeInTheDocument();
    expect(within(dialog).queryByText(/€/)).not.toBeInTheDocument();
    // Remembered for the next visit.
    expect(localStorage.getItem(DISPLAY_CURRENCY_KEY)).toBe('GBP');
  });

  it('takes the budget in the remembered currency, sends it in EUR, and shows prices and budget in it in the link dialog', async () => {
    localStorage.setItem(DISPLAY_CURRENCY_KEY, 'GBP');
    const { user, searches } = setup();
    const price = await screen.findByLabelText('Maximum price per week (GBP)');
    expect(screen.getByRole('combobox', { name: 'Prices in' })).toHaveTextContent('GBP (£)');
    // Every villa of the catalogue costs €7,000 a week: £5,600.
    expect(await screen.findAllByText('£5,600 / week')).toHaveLength(3);
    await user.type(price, '10000');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByText('1 property matches your search');
    expect(searches()).toEqual([{ maxPrice: 12500 }]); // £10,000 × 1.25

    await user.click(screen.getByRole('checkbox', { name: 'Select Villa Aurora' }));
    const bar = screen.getByRole('region', { name: 'Selected villas' });
    await user.click(within(bar).getByRole('button', { name: 'Create White-label Link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create White-label Link' });
    const villas = within(dialog).getByRole('list', { name: 'Villas in the link' });
    expect(villas).toHaveTextContent('Villa Aurora£5,600 / week');
    expect(dialog).toHaveTextContent('Up to £10,000 / week');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    // Another currency shows the same budget in it: €12,500 × 1.25 = $15,625.
    await choose(user, 'Prices in', 'USD ($)');
    expect(screen.getByLabelText('Maximum price per week (USD)')).toHaveValue(15625);
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

  it('maximum price: once searched, typing sends one search after a pause, and Enter sends it at once', async () => {
    const { user, searches } = setup();
    await screen.findByText('Villa Aurora');
    const price = screen.getByLabelText('Maximum price per week (EUR)');
    await user.type(price, '9000');
    expect(searches()).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByText('1 property matches your search');
    expect(searches()).toEqual([{ maxPrice: 9000 }]);

    // From here the clock is ours: the pause is measured, not waited for. (Keys are typed with
    // fireEvent: user-event waits on a real timer between actions.)
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    for (const typed of ['', '1', '15', '150', '1500', '15000'])
      fireEvent.change(price, { target: { value: typed } });
    // While typing nothing is sent, and the results and the Search button stay as they were.
    expect(searches()).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Search' })).toBeEnabled();
    expect(screen.getByText('1 property matches your search')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(PRICE_DEBOUNCE_MS - 1));
    expect(searches()).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    await act(() => vi.advanceTimersByTimeAsync(0));
    // One search for the whole number, not one per key.
    expect(searches()).toEqual([{ maxPrice: 9000 }, { maxPrice: 15000 }]);

    // The Search button does not wait for the pause, and nothing follows it.
    fireEvent.change(price, { target: { value: '150000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(searches()).toHaveLength(3);
    expect(searches()[2]).toEqual({ maxPrice: 150000 });
    await act(() => vi.advanceTimersByTimeAsync(PRICE_DEBOUNCE_MS * 2));
    expect(searches()).toHaveLength(3);
    vi.useRealTimers();
    await screen.findByText('1 property matches your search');

    // Nor does Enter: the search has gone out by the time the key is handled.
    await user.clear(price);
    await user.type(price, '25000{Enter}');
    expect(searches().at(-1)).toEqual({ maxPrice: 25000 });
  });

  it('shows the no-match empty state, and Clear Filters resets everything', async () => {
    const { user } = setup({ search: () => [] });
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
    const { user } = setup({ search: () => apiError(ErrorCode.INTERNAL, 'Something went wrong') });
    await screen.findByText('Villa Aurora');
    // A search with a filter (a search with none pages the catalogue, like the list before it).
    await user.click(
      within(screen.getByRole('group', { name: 'Amenities' })).getByRole('button', { name: 'Amenity 3' }),
    );
    expect(
      await screen.findByRole('heading', { name: 'No properties match your search criteria' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Villa Aurora')).not.toBeInTheDocument();
  });

  it('an answer that is not an array counts as no results', async () => {
    // Not an answer the server sends (its schema is a list or a page): how the screen copes with one.
    const body = JSON.stringify({ unexpected: true });
    const { user } = setup({ search: () => foreignAnswer(200, body, 'application/json') });
    await screen.findByText('Villa Aurora');
    // A search with a filter (a search with none pages the catalogue, like the list before it).
    await user.click(
      within(screen.getByRole('group', { name: 'Amenities' })).getByRole('button', { name: 'Amenity 3' }),
    );
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
    // The place once, in the header under the name: no 'Location:' line repeating it.
    await within(dialog).findByText('Bedrooms');
    expect(within(dialog).getAllByText('France, Provence')).toHaveLength(1);
    expect(within(dialog).queryByText(/Location/)).not.toBeInTheDocument();
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
    const { user, searches } = setup({ search: () => [dated] });
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

  it('a 7-night search shows the stay once on the card and in the dialog, not the same figure as a week', async () => {
    const week = makeProperty({
      id: 1,
      name: 'Villa Aurora',
      basePricePerNight: 15000,
      weeklyPriceEur: 141750,
      totalNights: 7,
      totalCost: 141750,
      totalCostEur: 141750,
    });
    const { user } = setup({ search: () => [week] });
    await screen.findByText('Villa Aurora');
    await searchStay(user, 1, 8);
    const card = screen.getByRole('article', { name: 'Villa Aurora' });
    expect(within(card).getByText('€141,750 for 7 nights')).toBeInTheDocument();
    expect(within(card).queryByText(/\/ week/)).not.toBeInTheDocument();
    expect(within(card).getAllByText(/€141,750/)).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'View details of Villa Aurora' }));
    const dialog = await screen.findByRole('dialog', { name: 'Villa Aurora' });
    const aside = within(await within(dialog).findByRole('complementary', { name: 'Booking inquiry' }));
    expect(aside.getByText('€141,750 for 7 nights')).toBeInTheDocument();
    expect(aside.queryByText(/\/ week/)).not.toBeInTheDocument();
  });

  describe('paging from the server', () => {
    const many = Array.from({ length: 30 }, (_, i) => makeProperty({ id: i + 1, name: `Villa ${i + 1}` }));
    const pages = (calls: ReturnType<typeof setup>['calls']) =>
      calls.filter((c) => c.url === '/api/properties/search').map((c) => c.body);

    it('shows the first page with the total and loads offset 24 with Load more; never the catalogue', async () => {
      const { user, calls } = setup({ properties: many });
      expect(await screen.findByText('30 properties in the collection')).toBeInTheDocument();
      expect(cardNames()).toHaveLength(24);
      expect(screen.getByText('Showing 24 of 30')).toBeInTheDocument();
      expect(pages(calls)).toEqual([{ page: true, sort: 'featured', limit: 24, offset: 0 }]);
      await user.click(screen.getByRole('button', { name: 'Load more' }));
      await waitFor(() => expect(cardNames()).toHaveLength(30));
      expect(pages(calls)[1]).toEqual({ page: true, sort: 'featured', limit: 24, offset: 24 });
      expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
      expect(calls.some((c) => c.method === 'GET' && c.url === '/api/properties')).toBe(false);
    });

    it('keeps villas selected on an earlier page counted in the bar', async () => {
      const { user } = setup({ properties: many });
      await user.click(await screen.findByRole('checkbox', { name: 'Select Villa 2' }));
      await user.click(screen.getByRole('button', { name: 'Load more' }));
      await user.click(await screen.findByRole('checkbox', { name: 'Select Villa 27' }));
      expect(screen.getByRole('region', { name: 'Selected villas' })).toHaveTextContent('2 villas selected');
    });

    it('asks the server for the chosen sort from the first page', async () => {
      const { user, calls } = setup({ properties: many });
      await screen.findByText('30 properties in the collection');
      await choose(user, 'Sort by', 'Price: high to low');
      await waitFor(() =>
        expect(pages(calls).at(-1)).toEqual({ page: true, sort: 'price-desc', limit: 24, offset: 0 }),
      );
    });

    it('the detail dialog fetches the one villa it shows', async () => {
      const { user, calls } = setup();
      await user.click(await screen.findByRole('button', { name: 'View details of Villa Serena' }));
      const dialog = await screen.findByRole('dialog', { name: 'Villa Serena' });
      expect(await within(dialog).findByRole('heading', { name: /^About this/ })).toBeInTheDocument();
      // The villa and its stay rules, never the catalogue.
      expect(calls.filter((c) => c.method === 'GET' && c.url.startsWith('/api/properties/'))).toEqual([
        { method: 'GET', url: '/api/properties/2', body: undefined },
        { method: 'GET', url: '/api/properties/2/stay-rules', body: undefined },
      ]);
    });
  });
});
