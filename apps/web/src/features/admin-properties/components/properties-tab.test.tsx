import { ErrorCode, type AdminPropertiesPage, type AdminPropertyItem } from '@villas/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { HttpHandler } from 'msw';
import { apiError, networkError, route, sentRequests, server } from '../../../testing/api-handlers';
import { renderWithProviders } from '../../../testing/render';
import { PropertiesTab, type RenderCalendarArgs } from './properties-tab';

const item = (over: Partial<AdminPropertyItem> = {}): AdminPropertyItem => ({
  id: 7,
  name: 'Villa Les Roches',
  location: 'France, Côte d’Azur',
  region: 'France',
  subregion: 'Côte d’Azur',
  description: 'A cliff-top villa above Cap Ferrat with an infinity pool.',
  images: ['https://img.example.com/roches-1.jpg', 'https://img.example.com/roches-2.jpg'],
  imageCount: 6,
  bedrooms: 6,
  maxGuests: 12,
  propertyType: 'villa',
  available: true,
  availableNow: true,
  basePricePerNight: 12000,
  propertyCurrency: 'EUR',
  nightlyPriceEur: 12000,
  weeklyPriceEur: 84000,
  ...over,
});
const chalet = item({
  id: 8,
  name: 'Chalet Blanc',
  location: 'Switzerland, Verbier',
  region: 'Switzerland',
  subregion: 'Verbier',
  description: 'Ski-in/ski-out chalet with a spa.',
  images: [],
  imageCount: 0,
  bedrooms: 5,
  maxGuests: 10,
  propertyType: 'chalet',
  available: false,
  availableNow: false,
  basePricePerNight: 0,
  nightlyPriceEur: null,
  weeklyPriceEur: null,
});

/** A small server: search and paging the way the API does them. `extra` handlers come first. */
function serve(initial: AdminPropertyItem[], ...extra: HttpHandler[]) {
  let all = initial;
  server.use(
    ...extra,
    route('GET /api/admin/properties', ({ url }) => {
      const { q = '', limit = '24', offset = '0' } = Object.fromEntries(url.searchParams);
      const hits = all.filter((p) =>
        [p.name, p.location, p.description, p.propertyType].some((v) =>
          v.toLowerCase().includes(q.toLowerCase()),
        ),
      );
      const page: AdminPropertiesPage = {
        items: hits.slice(Number(offset), Number(offset) + Number(limit)),
        total: hits.length,
        limit: Number(limit),
        offset: Number(offset),
      };
      return page;
    }),
  );
  const calls = sentRequests();
  return {
    calls,
    /** The query of each list request, in order. */
    listQueries: () =>
      calls.filter((c) => c.url === '/api/admin/properties').map((c) => Object.fromEntries(c.query)),
    set: (next: AdminPropertyItem[]) => {
      all = next;
    },
  };
}

const setup = () => userEvent.setup({ delay: null });

describe('PropertiesTab', { timeout: 30_000 }, () => {
  it('shows each property as a card: cover, name, location, description, price, badge, facts and actions', async () => {
    serve([item(), chalet]);
    renderWithProviders(<PropertiesTab renderCalendar={() => null} />);
    const card = await screen.findByRole('article', { name: 'Villa Les Roches' });
    const c = within(card);
    const img = card.querySelector('img')!;
    expect(img).toHaveAttribute('src', 'https://img.example.com/roches-1.jpg');
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(c.getByText('France, Côte d’Azur')).toBeInTheDocument();
    expect(c.getByText(/cliff-top villa/)).toBeInTheDocument();
    expect(c.getByText('€84,000 / week')).toBeInTheDocument();
    expect(c.getByText('€12,000 / night')).toBeInTheDocument();
    expect(c.getByText('Available')).toBeInTheDocument();
    expect(c.getByText('6 bedrooms')).toBeInTheDocument();
    expect(c.getByText('Up to 12 guests')).toBeInTheDocument();
    expect(c.getByText('Villa')).toBeInTheDocument();
    expect(c.getByText('6 images')).toBeInTheDocument();
    expect(c.getByRole('button', { name: 'Calendar & pricing for Villa Les Roches' })).toBeInTheDocument();
    expect(c.getByRole('button', { name: 'Edit Villa Les Roches' })).toBeInTheDocument();
    expect(c.getByRole('button', { name: 'Delete Villa Les Roches' })).toBeInTheDocument();

    const other = within(screen.getByRole('article', { name: 'Chalet Blanc' }));
    expect(other.getByText('Price on Request')).toBeInTheDocument();
    expect(other.getByText('Unavailable')).toBeInTheDocument();
    expect(other.getByText('No images yet')).toBeInTheDocument();
    expect(other.getByText('Chalet')).toBeInTheDocument();

    expect(screen.getByText('2 properties')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'White-label Links' })).toHaveAttribute(
      'href',
      '/admin/white-label',
    );
    expect(screen.getByRole('button', { name: 'Add Property' })).toBeInTheDocument();
  });

  it('shows a price converted from another currency with its own figure, and a property booked today', async () => {
    serve([
      item({
        propertyCurrency: 'USD',
        basePricePerNight: 2000,
        nightlyPriceEur: 1800,
        weeklyPriceEur: 12600,
        availableNow: false,
      }),
    ]);
    renderWithProviders(<PropertiesTab />);
    const card = within(await screen.findByRole('article', { name: 'Villa Les Roches' }));
    expect(card.getByText('€12,600 / week')).toBeInTheDocument();
    expect(card.getByText('€1,800 / night · $2,000')).toBeInTheDocument();
    expect(card.getByText('Booked today')).toBeInTheDocument();
    // Without a calendar tool composed in, there is no calendar button.
    expect(card.queryByRole('button', { name: /Calendar/ })).not.toBeInTheDocument();
  });

  it('searches on the server once typing pauses and keeps ?q= in the URL', async () => {
    const { listQueries } = serve([item(), chalet]);
    const user = setup();
    const { router } = renderWithProviders(<PropertiesTab />);
    await screen.findByRole('article', { name: 'Chalet Blanc' });
    expect(listQueries()).toEqual([{ limit: '24' }]);

    await user.type(screen.getByRole('searchbox', { name: /Search properties/ }), 'chalet');
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Villa Les Roches' })).not.toBeInTheDocument(),
    );
    // One request for the whole word, not one per keystroke.
    expect(listQueries().slice(1)).toEqual([{ q: 'chalet', limit: '24' }]);
    expect(router.state.location.search).toBe('?q=chalet');
    expect(screen.getByText('1 property matches “chalet”')).toBeInTheDocument();

    await user.clear(screen.getByRole('searchbox', { name: /Search properties/ }));
    await user.type(screen.getByRole('searchbox', { name: /Search properties/ }), 'atlantis');
    expect(await screen.findByText('No properties found')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(await screen.findByRole('article', { name: 'Villa Les Roches' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('starts from the search in the URL (a reload keeps it)', async () => {
    const { listQueries } = serve([item(), chalet]);
    renderWithProviders(<PropertiesTab />, { route: '/?q=verbier' });
    expect(await screen.findByRole('article', { name: 'Chalet Blanc' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Villa Les Roches' })).not.toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: /Search properties/ })).toHaveValue('verbier');
    expect(listQueries()).toEqual([{ q: 'verbier', limit: '24' }]);
  });

  it('loads the next page with Load more until all are shown', async () => {
    const many = Array.from({ length: 30 }, (_, i) =>
      item({ id: 100 + i, name: `Villa ${String(i + 1).padStart(2, '0')}` }),
    );
    const { listQueries } = serve(many);
    const user = setup();
    renderWithProviders(<PropertiesTab />);
    await screen.findByRole('article', { name: 'Villa 01' });
    expect(within(screen.getByRole('list', { name: 'Properties' })).getAllByRole('article')).toHaveLength(24);
    expect(screen.getByText('Showing 24 of 30')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('article', { name: 'Villa 30' })).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Properties' })).getAllByRole('article')).toHaveLength(30);
    expect(listQueries().at(-1)).toEqual({ limit: '24', offset: '24' });
    expect(screen.getByText('Showing 30 of 30')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('deletes only after confirmation, then refreshes the list', async () => {
    let list = [item(), chalet];
    const api = serve(
      list,
      route('DELETE /api/properties/8', () => {
        list = list.filter((p) => p.id !== 8);
        api.set(list);
        return { ok: true };
      }),
    );
    const user = setup();
    renderWithProviders(<PropertiesTab />);
    const opener = await screen.findByRole('button', { name: 'Delete Chalet Blanc' });

    await user.click(opener);
    let confirm = await screen.findByRole('alertdialog', { name: 'Delete Chalet Blanc?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
    expect(api.calls.some((c) => c.method === 'DELETE')).toBe(false);

    await user.click(opener);
    confirm = await screen.findByRole('alertdialog', { name: 'Delete Chalet Blanc?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete Property' }));
    expect(await screen.findByText('Property Deleted')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/api/properties/8']);
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Chalet Blanc' })).not.toBeInTheDocument(),
    );
    expect(screen.getByText('1 property')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: /Search properties/ })).toHaveFocus();
  });

  it("says 'Error' with the server's message or 'Failed to delete property' when a delete fails", async () => {
    let refusal = apiError(ErrorCode.NOT_FOUND, 'Property not found');
    serve(
      [item()],
      route('DELETE /api/properties/7', () => refusal),
    );
    const user = setup();
    renderWithProviders(<PropertiesTab />);
    await user.click(await screen.findByRole('button', { name: 'Delete Villa Les Roches' }));
    await user.click(await screen.findByRole('button', { name: 'Delete Property' }));
    expect(await screen.findByText('Property not found')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();

    refusal = networkError();
    await user.click(screen.getByRole('button', { name: 'Delete Villa Les Roches' }));
    await user.click(await screen.findByRole('button', { name: 'Delete Property' }));
    expect(await screen.findByText('Failed to delete property')).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Villa Les Roches' })).toBeInTheDocument();
  });

  it('opens the calendar tool composed in by the route with the property', async () => {
    serve([item({ propertyCurrency: 'GBP', basePricePerNight: 9000 })]);
    const seen: RenderCalendarArgs[] = [];
    const user = setup();
    renderWithProviders(
      <PropertiesTab
        renderCalendar={(args) => {
          seen.push(args);
          return args.open ? (
            <div role="dialog" aria-label={`Calendar of ${args.property.name}`}>
              <button type="button" onClick={() => args.onOpenChange(false)}>
                Close
              </button>
            </div>
          ) : null;
        }}
      />,
    );
    await user.click(await screen.findByRole('button', { name: 'Calendar & pricing for Villa Les Roches' }));
    expect(await screen.findByRole('dialog', { name: 'Calendar of Villa Les Roches' })).toBeInTheDocument();
    expect(seen.at(-1)!.property).toEqual({
      id: 7,
      name: 'Villa Les Roches',
      basePricePerNight: 9000,
      propertyCurrency: 'GBP',
    });
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens Add Property and Edit with the property', async () => {
    serve(
      [item()],
      route('GET /api/admin/locations', []),
      route('GET /api/admin/amenities', []),
      route('GET /api/properties/7', apiError(ErrorCode.INTERNAL, 'Something went wrong')),
      route('GET /api/calendar-pricing/7', []),
    );
    const user = setup();
    renderWithProviders(<PropertiesTab />);
    await user.click(await screen.findByRole('button', { name: 'Add Property' }));
    const add = await screen.findByRole('dialog', { name: 'Add Property' });
    await user.click(within(add).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Add Property' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Edit Villa Les Roches' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit Property' });
    expect(await within(edit).findByText('Something went wrong')).toBeInTheDocument();
    expect(within(edit).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    await user.click(within(edit).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Edit Villa Les Roches' })).toHaveFocus();
  });

  it('shows the empty collection and a load failure', async () => {
    serve([]);
    const { unmount } = renderWithProviders(<PropertiesTab />);
    expect(await screen.findByText('No properties yet')).toBeInTheDocument();
    expect(screen.getByText('0 properties')).toBeInTheDocument();
    unmount();

    server.use(route('GET /api/admin/properties', apiError(ErrorCode.INTERNAL, 'x')));
    renderWithProviders(<PropertiesTab />);
    expect(await screen.findByText('The properties could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
