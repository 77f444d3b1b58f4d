import { ErrorCode, INVENIO_DEFAULT_BASE_URL, type ApiConnection, type InvenioResult } from '@villas/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, route, sentRequests, server } from '../../../testing/api-handlers';
import { renderWithProviders } from '../../../testing/render';
import { InvenioTestPanel } from './invenio-test-panel';

const saved: ApiConnection = {
  id: 4,
  provider: 'invenio',
  name: 'Invenio Main',
  apiKey: '••••3f9a',
  apiSecret: '••••c0de',
  baseUrl: 'https://api.inveniohomes.com',
  enabled: true,
  propertyCount: 42,
  lastSync: null,
  lastSyncStatus: null,
  lastSyncMessage: null,
  createdAt: '2026-01-10T09:00:00.000Z',
};

/** Villas as the server passes Invenio's list through (the contract types `data` as unknown). */
const villas: InvenioResult = {
  success: true,
  count: 2,
  data: [
    {
      v_uuid: 'a1b2c3d4-0000-4000-8000-000000000001',
      name: 'Villa Belvedere',
      destination: 'Mykonos',
      country: 'Greece',
      bedrooms: 5,
      sleeps: 10,
      minimum_price: 7000,
      maximum_price: 12500,
    },
    {
      v_uuid: 'a1b2c3d4-0000-4000-8000-000000000002',
      name: 'Chalet Étoile',
      destination: null,
      areaname: 'Courchevel 1850',
      country: 'France',
      bedrooms: 6,
      minimum_price: null,
      maximum_price: null,
    },
  ],
};

/**
 * Invenio refused the key (or any other provider failure): the server answers one 502 saying what to
 * check (UPSTREAM_ERROR, was the drifted 'PROVIDER_ERROR'); the cause is in its log and sync report.
 */
const UNREACHABLE =
  'Could not reach the provider. Check the address, the port, the API key and that this server can reach the network.';
const BAD_KEY = apiError(ErrorCode.UPSTREAM_ERROR, UNREACHABLE);
const setup = () => userEvent.setup({ delay: null });
const posts = <C extends { method: string }>(calls: C[]) => calls.filter((c) => c.method === 'POST');

async function typeCredentials(u: ReturnType<typeof setup>) {
  await u.type(screen.getByLabelText('API Key'), 'key-abc');
  await u.type(screen.getByLabelText('API Secret (BP UUID)'), 'bp-uuid-123');
}

describe('InvenioTestPanel', { timeout: 20_000 }, () => {
  it("refuses without API key and BP UUID: 'Please provide API Key and BP UUID', nothing sent", async () => {
    server.use(route('POST /api/invenio/villas', villas));
    const calls = sentRequests();
    const u = setup();
    renderWithProviders(<InvenioTestPanel connections={[]} />);
    expect(screen.getByRole('heading', { name: 'Test Invenio API' })).toBeInTheDocument();
    expect(screen.getByLabelText('API Key')).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText('API Secret (BP UUID)')).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText('Base URL')).toHaveValue(INVENIO_DEFAULT_BASE_URL);
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Villa List',
      'Availability Search',
      'Pricing Data',
      'Sync Properties',
    ]);

    await u.click(screen.getByRole('button', { name: 'Get Villa List' }));
    expect(await screen.findByText('Please provide API Key and BP UUID')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(screen.getByLabelText('API Key')).toHaveFocus();

    // A key alone is not enough either.
    await u.type(screen.getByLabelText('API Key'), 'key-abc');
    await u.click(screen.getByRole('button', { name: 'Get Villa List' }));
    await waitFor(() => expect(screen.getByLabelText('API Secret (BP UUID)')).toHaveFocus());
    expect(calls).toEqual([]);
  });

  it('lists the villas of the answer with their count, destination, country, bedrooms and price', async () => {
    server.use(route('POST /api/invenio/villas', villas));
    const calls = sentRequests();
    const u = setup();
    renderWithProviders(<InvenioTestPanel connections={[]} />);
    await typeCredentials(u);
    await u.click(screen.getByRole('button', { name: 'Get Villa List' }));

    const table = await screen.findByRole('table', { name: 'Villa List results' });
    expect(screen.getByText('2 villas found')).toBeInTheDocument();
    expect(posts(calls)).toEqual([
      {
        method: 'POST',
        url: '/api/invenio/villas',
        body: { apiKey: 'key-abc', apiSecret: 'bp-uuid-123', baseUrl: INVENIO_DEFAULT_BASE_URL },
      },
    ]);
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      );
    expect(within(table).getByRole('rowheader', { name: 'Villa Belvedere' })).toBeInTheDocument();
    expect(within(table).getByRole('rowheader', { name: 'Chalet Étoile' })).toBeInTheDocument();
    expect(rows).toEqual([
      ['Mykonos', 'Greece', '5', '7,000 – 12,500 / week'],
      ['Courchevel 1850', 'France', '6', '–'],
    ]);
  });

  it("shows the server's message when Invenio fails, e.g. refuses the key", async () => {
    server.use(route('POST /api/invenio/villas', BAD_KEY));
    const u = setup();
    renderWithProviders(<InvenioTestPanel connections={[]} />);
    await typeCredentials(u);
    await u.click(screen.getByRole('button', { name: 'Get Villa List' }));
    // In the toast titled 'Error', and next to the button until the next try.
    expect(await screen.findByText('Error')).toBeInTheDocument();
    expect(screen.getAllByText(UNREACHABLE)).toHaveLength(2);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it("checks the base URL with the request schema's message before sending", async () => {
    const calls = sentRequests();
    const u = setup();
    renderWithProviders(<InvenioTestPanel connections={[]} />);
    await typeCredentials(u);
    await u.clear(screen.getByLabelText('Base URL'));
    await u.type(screen.getByLabelText('Base URL'), 'ftp://api.inveniohomes.com');
    await u.click(screen.getByRole('button', { name: 'Get Villa List' }));
    expect(
      await screen.findByText('Base URL must be a URL starting with https:// or http://'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Base URL')).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toEqual([]);
  });

  it('searches availability with the filters as numbers and text; a stay price of 0 is on request', async () => {
    server.use(
      route('POST /api/invenio/search', {
        success: true,
        count: 2,
        data: [
          {
            v_uuid: 'v-1',
            name: 'Villa Belvedere',
            destination: 'Mykonos',
            country: 'Greece',
            bedrooms: 5,
            price: 18400,
          },
          {
            v_uuid: 'v-2',
            name: 'Villa Thalassa',
            destination: 'Mykonos',
            country: 'Greece',
            bedrooms: 4,
            price: 0,
          },
        ],
      } satisfies InvenioResult),
    );
    const calls = sentRequests();
    const u = setup();
    renderWithProviders(<InvenioTestPanel connections={[]} />);
    await typeCredentials(u);
    await u.click(screen.getByRole('tab', { name: 'Availability Search' }));
    const panel = screen.getByRole('tabpanel', { name: 'Availability Search' });
    const p = within(panel);
    expect(p.getByRole('button', { name: 'From date: Add date' })).toBeInTheDocument();
    expect(p.getByRole('button', { name: 'To date: Add date' })).toBeInTheDocument();

    await u.type(p.getByLabelText('Price from'), '-5');
    await u.click(p.getByRole('button', { name: 'Search Availability' }));
    expect(await p.findByText('Must not be negative')).toBeInTheDocument();
    expect(calls).toEqual([]);

    await u.clear(p.getByLabelText('Price from'));
    await u.type(p.getByLabelText('Price from'), '1000');
    await u.type(p.getByLabelText('Price to'), '25000');
    await u.type(p.getByLabelText('Min bedrooms'), '4');
    await u.type(p.getByLabelText('Search term'), 'sea view');
    await u.type(p.getByLabelText('Destination name'), 'Mykonos{Enter}');

    expect(await p.findByText('2 villas found')).toBeInTheDocument();
    expect(posts(calls)[0]).toEqual({
      method: 'POST',
      url: '/api/invenio/search',
      body: {
        apiKey: 'key-abc',
        apiSecret: 'bp-uuid-123',
        baseUrl: INVENIO_DEFAULT_BASE_URL,
        from_price: 1000,
        to_price: 25000,
        min_bedrooms: 4,
        search_term: 'sea view',
        destination_name: 'Mykonos',
      },
    });
    const table = p.getByRole('table', { name: 'Availability Search results' });
    expect(within(table).getByRole('columnheader', { name: 'Stay price' })).toBeInTheDocument();
    expect(within(table).getByText('18,400')).toBeInTheDocument();
    expect(within(table).getByText('On request')).toBeInTheDocument();
  });

  it("shows each villa's price periods, or 'Price on request'", async () => {
    server.use(
      route('POST /api/invenio/pricing', {
        success: true,
        count: 2,
        data: {
          'v-1': [
            {
              start_date: '2026-06-01',
              end_date: '2026-06-30',
              amount: 1200,
              currency_code: 'EUR',
              unit: 'Night',
              minimum_nights: 3,
              allowed_checkin_days: null,
            },
          ],
          'v-2': null,
        },
      } satisfies InvenioResult),
    );
    const calls = sentRequests();
    const u = setup();
    renderWithProviders(<InvenioTestPanel connections={[]} />);
    await typeCredentials(u);
    await u.click(screen.getByRole('tab', { name: 'Pricing Data' }));
    const p = within(screen.getByRole('tabpanel', { name: 'Pricing Data' }));
    await u.type(p.getByLabelText('Villa UUID (v_uuid)'), 'v-1');
    await u.click(p.getByRole('button', { name: 'Get Pricing Data' }));

    const periods = await p.findByRole('list', { name: 'Price periods of v-1' });
    expect(periods).toHaveTextContent('June 1, 2026 – June 30, 2026');
    expect(periods).toHaveTextContent('EUR 1,200 / Night');
    expect(periods).toHaveTextContent('min. 3 nights');
    expect(p.getByText('Price on request')).toBeInTheDocument();
    expect(posts(calls)[0]!.body).toEqual({
      apiKey: 'key-abc',
      apiSecret: 'bp-uuid-123',
      baseUrl: INVENIO_DEFAULT_BASE_URL,
      v_uuid: 'v-1',
    });
  });

  it("syncs with a saved connection's id: 'Sync Complete' with the synced and updated counts", async () => {
    const result: InvenioResult = {
      success: true,
      synced: 3,
      updated: 5,
      count: 8,
      reportId: 77,
      data: { reportId: 77, total: 8, created: 3, updated: 5, unavailable: 0, errors: 1, calendarUpdates: 2 },
    };
    server.use(route('POST /api/invenio/sync', result));
    const calls = sentRequests();
    const u = setup();
    renderWithProviders(<InvenioTestPanel connections={[saved]} />);
    await u.click(screen.getByRole('combobox', { name: 'Credentials' }));
    await u.click(await screen.findByRole('option', { name: 'Saved: Invenio Main' }));
    expect(screen.queryByLabelText('API Key')).not.toBeInTheDocument();
    expect(screen.getByText(/The stored API key and BP UUID of Invenio Main/)).toBeInTheDocument();

    await u.click(screen.getByRole('tab', { name: 'Sync Properties' }));
    await u.click(screen.getByRole('button', { name: 'Sync Properties Now' }));
    expect(await screen.findByText('Sync Complete')).toBeInTheDocument();
    expect(screen.getByText('3 new properties synced, 5 updated.')).toBeInTheDocument();
    expect(posts(calls)).toEqual([{ method: 'POST', url: '/api/invenio/sync', body: { connectionId: 4 } }]);
    const p = within(screen.getByRole('tabpanel', { name: 'Sync Properties' }));
    expect(p.getByText('New properties').nextSibling).toHaveTextContent('3');
    expect(p.getByText('Updated').nextSibling).toHaveTextContent('5');
    expect(p.getByText('Errors').nextSibling).toHaveTextContent('1');
    expect(p.getByText(/report #77/)).toBeInTheDocument();
  });

  it("shows 'Sync Failed' with the server's message when Sync Properties fails", async () => {
    server.use(route('POST /api/invenio/sync', BAD_KEY));
    const u = setup();
    renderWithProviders(<InvenioTestPanel connections={[]} />);
    await typeCredentials(u);
    await u.click(screen.getByRole('tab', { name: 'Sync Properties' }));
    await u.click(screen.getByRole('button', { name: 'Sync Properties Now' }));
    expect(await screen.findByText('Sync Failed')).toBeInTheDocument();
    expect(screen.getAllByText(UNREACHABLE)).toHaveLength(2);
    expect(screen.queryByText('Sync Complete')).not.toBeInTheDocument();
  });
});
