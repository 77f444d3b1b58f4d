import { ErrorCode, type AdminLocation } from '@villas/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, networkError, route, sentRequests, server } from '../../../testing/api-handlers';
import { renderWithProviders } from '../../../testing/render';
import { AdminDestinations } from './admin-destinations';

const region = (name: string, subs: Array<[string, number]> = [], propertyCount = 0): AdminLocation => ({
  region: name,
  subregions: subs.map(([s]) => s),
  propertyCount,
  subregionCounts: subs.map(([s, n]) => ({ name: s, propertyCount: n })),
});

const TURKS = 'Turks & Caicos / North';
const seeded = () => [
  region(
    'France',
    [
      ['Côte d’Azur', 3],
      ['Courchevel', 1],
    ],
    5,
  ),
  region(TURKS, [['Parrot Cay & Pine Cay', 0]]),
  region('Iceland'),
];

const setup = () => userEvent.setup({ delay: null });
const conflict = (message: string) => apiError(ErrorCode.CONFLICT, message);

describe('AdminDestinations', { timeout: 20_000 }, () => {
  it('shows each region with its subregion badges and property counts, and the totals', async () => {
    server.use(route('GET /api/admin/locations', seeded()));
    renderWithProviders(<AdminDestinations />);
    const france = await screen.findByRole('article', { name: 'France' });
    expect(within(france).getByText('2 subregions · 5 properties')).toBeInTheDocument();
    const subs = within(france).getByRole('list', { name: 'Subregions of France' });
    expect(
      within(subs)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Côte d’Azur· 3 properties', 'Courchevel· 1 property']);
    const iceland = screen.getByRole('article', { name: 'Iceland' });
    expect(within(iceland).getByText('No subregions yet')).toBeInTheDocument();
    expect(within(iceland).getByText('0 subregions · 0 properties')).toBeInTheDocument();

    const counts = screen.getByRole('group', { name: 'Destination counts' });
    expect(within(counts).getByText('Regions').nextSibling).toHaveTextContent('3');
    expect(within(counts).getByText('Subregions').nextSibling).toHaveTextContent('3');
    expect(within(counts).getByText('Properties').nextSibling).toHaveTextContent('5');
  });

  it("says 'No Destinations' when there are none, and offers to add a region", async () => {
    server.use(route('GET /api/admin/locations', []));
    renderWithProviders(<AdminDestinations />);
    expect(await screen.findByText('No Destinations')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Region' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Subregion' })).not.toBeInTheDocument();
  });

  it("adds a region: blank after trimming says 'Please enter a region name' and sends nothing", async () => {
    let list: AdminLocation[] = [];
    server.use(
      route('GET /api/admin/locations', () => list),
      route('POST /api/admin/locations/region', ({ body }) => {
        const { regionName } = body as { regionName: string };
        list = [region(regionName.trim())];
        return { region: regionName.trim(), subregions: [] };
      }),
    );
    const calls = sentRequests();
    const user = setup();
    renderWithProviders(<AdminDestinations />);
    const opener = await screen.findByRole('button', { name: 'Add Region' });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Add Region' });
    await user.type(within(dialog).getByLabelText('Region name'), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Create Region' }));
    expect(await within(dialog).findByText('Please enter a region name')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Region name')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    await user.type(within(dialog).getByLabelText('Region name'), 'Greece ');
    await user.click(within(dialog).getByRole('button', { name: 'Create Region' }));
    expect(await screen.findByText('Region Created')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ regionName: 'Greece' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('article', { name: 'Greece' })).toBeInTheDocument();
  });

  it("shows the server's message for a duplicate region and keeps the dialog open", async () => {
    server.use(
      route('GET /api/admin/locations', seeded()),
      route('POST /api/admin/locations/region', () => conflict('A region named "FRANCE" already exists')),
    );
    const user = setup();
    renderWithProviders(<AdminDestinations />);
    await user.click(await screen.findByRole('button', { name: 'Add Region' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Region' });
    await user.type(within(dialog).getByLabelText('Region name'), 'FRANCE');
    await user.click(within(dialog).getByRole('button', { name: 'Create Region' }));
    expect(await screen.findByText('Error')).toBeInTheDocument();
    expect(screen.getByText('A region named "FRANCE" already exists')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Add Region' })).toBeInTheDocument();
  });

  it('adds a subregion: region and name are both required, then the POST carries both', async () => {
    server.use(
      route('GET /api/admin/locations', seeded()),
      route('POST /api/admin/locations/subregion', ({ body }) => ({
        region: (body as { regionName: string }).regionName,
        subregions: [],
      })),
    );
    const calls = sentRequests();
    const user = setup();
    renderWithProviders(<AdminDestinations />);
    await user.click(await screen.findByRole('button', { name: 'Add Subregion' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Subregion' });
    await user.type(within(dialog).getByLabelText('Subregion name'), 'Provence');
    await user.click(within(dialog).getByRole('button', { name: 'Create Subregion' }));
    expect(
      await within(dialog).findByText('Please select a region and enter a subregion name'),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    await user.click(within(dialog).getByRole('combobox', { name: 'Region' }));
    await user.click(await screen.findByRole('option', { name: TURKS }));
    await user.clear(within(dialog).getByLabelText('Subregion name'));
    await user.type(within(dialog).getByLabelText('Subregion name'), '  ');
    await user.click(within(dialog).getByRole('button', { name: 'Create Subregion' }));
    expect(
      await within(dialog).findByText('Please select a region and enter a subregion name'),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    await user.type(within(dialog).getByLabelText('Subregion name'), 'Providenciales');
    await user.click(within(dialog).getByRole('button', { name: 'Create Subregion' }));
    expect(await screen.findByText('Subregion Created')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { regionName: TURKS, subregionName: 'Providenciales' },
    ]);
  });

  it("a region card's Add subregion has its region chosen; a failure shows the server's message", async () => {
    server.use(
      route('GET /api/admin/locations', seeded()),
      route('POST /api/admin/locations/subregion', () => conflict('"Courchevel" already exists in France')),
    );
    const calls = sentRequests();
    const user = setup();
    renderWithProviders(<AdminDestinations />);
    const france = await screen.findByRole('article', { name: 'France' });
    await user.click(within(france).getByRole('button', { name: 'Add subregion to France' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Subregion' });
    expect(within(dialog).getByRole('combobox', { name: 'Region' })).toHaveTextContent('France');
    await user.type(within(dialog).getByLabelText('Subregion name'), 'Courchevel');
    await user.click(within(dialog).getByRole('button', { name: 'Create Subregion' }));
    expect(await screen.findByText('"Courchevel" already exists in France')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { regionName: 'France', subregionName: 'Courchevel' },
    ]);
  });

  it('deletes a region only after a confirmation that warns about its subregions, name URL-encoded', async () => {
    let list = seeded();
    const encoded = `/api/admin/locations/region/${encodeURIComponent(TURKS)}` as const;
    server.use(
      route('GET /api/admin/locations', () => list),
      route(`DELETE ${encoded}`, () => {
        list = list.filter((l) => l.region !== TURKS);
        return { ok: true };
      }),
    );
    const calls = sentRequests();
    const user = setup();
    renderWithProviders(<AdminDestinations />);
    const opener = await screen.findByRole('button', { name: `Delete region ${TURKS}` });

    // Cancel sends nothing and gives focus back to the button.
    await user.click(opener);
    let confirm = await screen.findByRole('alertdialog', { name: `Delete ${TURKS}?` });
    expect(confirm).toHaveTextContent('Its subregions are deleted too: Parrot Cay & Pine Cay.');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await user.click(opener);
    confirm = await screen.findByRole('alertdialog', { name: `Delete ${TURKS}?` });
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Delete region' }));
    expect(await screen.findByText('Region Deleted')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([encoded]);
    await waitFor(() => expect(screen.queryByRole('article', { name: TURKS })).not.toBeInTheDocument());
    // The card is gone: focus goes to the tab's heading instead of the page.
    expect(screen.getByRole('heading', { name: 'Destinations' })).toHaveFocus();
  });

  it("shows the server's refusal of a region with properties ('Error' toast)", async () => {
    const message = 'Cannot delete France: 5 properties are still listed there. Move or delete them first.';
    server.use(
      route('GET /api/admin/locations', seeded()),
      route('DELETE /api/admin/locations/region/France', () => conflict(message)),
    );
    const user = setup();
    renderWithProviders(<AdminDestinations />);
    const opener = await screen.findByRole('button', { name: 'Delete region France' });
    await user.click(opener);
    // The confirmation already says why the server will refuse.
    expect(await screen.findByRole('alertdialog', { name: 'Delete France?' })).toHaveTextContent(
      '5 properties are still listed here: they must be moved or deleted first.',
    );
    await user.click(screen.getByRole('button', { name: 'Delete region' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.getByRole('article', { name: 'France' })).toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('deletes a subregion after its own confirmation; a network failure shows the fallback', async () => {
    let fail = true;
    const encoded =
      `/api/admin/locations/subregion/${encodeURIComponent(TURKS)}/${encodeURIComponent('Parrot Cay & Pine Cay')}` as const;
    server.use(
      route('GET /api/admin/locations', seeded()),
      route(`DELETE ${encoded}`, () => (fail ? networkError() : { ok: true })),
    );
    const calls = sentRequests();
    const user = setup();
    renderWithProviders(<AdminDestinations />);
    const opener = await screen.findByRole('button', {
      name: `Delete subregion Parrot Cay & Pine Cay from ${TURKS}`,
    });
    await user.click(opener);
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete Parrot Cay & Pine Cay?' });
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Delete subregion' }));
    expect(await screen.findByText('Failed to delete subregion')).toBeInTheDocument();

    fail = false;
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await user.click(opener);
    await user.click(await screen.findByRole('button', { name: 'Delete subregion' }));
    expect(await screen.findByText('Subregion Deleted')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([encoded, encoded]);
  });
});
