import {
  ErrorCode,
  INVENIO_DEFAULT_BASE_URL,
  type ApiConnection,
  type ApiConnectionUpdate,
  type SyncStarted,
} from '@villas/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { HttpHandler } from 'msw';
import {
  apiError,
  gate,
  networkError,
  route,
  sentRequests,
  server,
  type SentRequest,
} from '../../../testing/api-handlers';
import { renderWithProviders } from '../../../testing/render';
import { AdminConnections } from './admin-connections';

const connection = (over: Partial<ApiConnection> = {}): ApiConnection => ({
  id: 1,
  provider: 'invenio',
  name: 'Invenio Main',
  apiKey: '••••3f9a',
  apiSecret: '••••c0de',
  baseUrl: 'https://api.inveniohomes.com',
  enabled: true,
  propertyCount: 42,
  lastSync: '2026-03-01T12:00:00.000Z',
  lastSyncStatus: 'completed',
  lastSyncMessage: null,
  createdAt: '2026-01-10T09:00:00.000Z',
  ...over,
});

const invenio = connection();
const airbnb = connection({
  id: 2,
  provider: 'airbnb',
  name: 'Airbnb Riviera',
  apiKey: '••••77b1',
  apiSecret: null,
  baseUrl: 'https://api.airbnb.example/v2',
  enabled: false,
  propertyCount: 0,
  lastSync: null,
});

/** A small server holding the list, so a write shows up in the next read. */
function serve(initial: ApiConnection[], ...extra: HttpHandler[]) {
  let all = initial;
  server.use(
    ...extra,
    route('GET /api/admin/api-connections', () => all),
  );
  return {
    calls: sentRequests(),
    set: (next: ApiConnection[]) => {
      all = next;
    },
    get all() {
      return all;
    },
  };
}

const setup = () => userEvent.setup({ delay: null });
const writes = (calls: readonly SentRequest[]) => calls.filter((c) => c.method !== 'GET');

describe('AdminConnections', { timeout: 20_000 }, () => {
  it('shows each connection as a card: provider, base URL, masked key as answered, properties, last sync, badge', async () => {
    serve([invenio, airbnb]);
    renderWithProviders(<AdminConnections />);
    const card = await screen.findByRole('article', { name: 'Invenio Main' });
    const c = within(card);
    expect(c.getByText('Active')).toBeInTheDocument();
    expect(c.getByText('Invenio Homes')).toBeInTheDocument();
    expect(c.getByText('https://api.inveniohomes.com')).toBeInTheDocument();
    expect(c.getByText('••••3f9a')).toBeInTheDocument();
    expect(c.getByText('••••c0de')).toBeInTheDocument();
    expect(c.getByText('API Secret (BP UUID)')).toBeInTheDocument();
    expect(c.getByText('42')).toBeInTheDocument();
    const lastSync = card.querySelector('time');
    expect(lastSync).toHaveAttribute('dateTime', '2026-03-01T12:00:00.000Z');
    expect(lastSync).toHaveTextContent(/^March 1, 2026/);
    expect(lastSync?.parentElement).toHaveTextContent(/^Last sync succeeded · March 1, 2026/);
    expect(c.getByRole('switch', { name: 'Enabled Invenio Main' })).toBeChecked();
    expect(c.getByRole('button', { name: 'Sync Invenio Main' })).toBeEnabled();

    const off = within(screen.getByRole('article', { name: 'Airbnb Riviera' }));
    expect(off.getByText('Disabled')).toBeInTheDocument();
    expect(off.getByText('Airbnb')).toBeInTheDocument();
    expect(off.getByText('••••77b1')).toBeInTheDocument();
    expect(off.getByText('Not set')).toBeInTheDocument();
    expect(off.getByText('Never')).toBeInTheDocument();
    expect(off.getByRole('switch', { name: 'Enabled Airbnb Riviera' })).not.toBeChecked();
    expect(screen.getByRole('list', { name: 'API connections' }).children).toHaveLength(2);
  });

  it("says how the last sync ended: a failure with what to check and a 'Sync failed' badge, a success with its age", async () => {
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();
    const UNREACHABLE =
      'Could not reach the provider. Check the address, the port, the API key and that this server can reach the network.';
    serve([
      connection({ lastSync: hoursAgo(2), lastSyncStatus: 'failed', lastSyncMessage: UNREACHABLE }),
      connection({ id: 3, name: 'Invenio Alps', lastSync: hoursAgo(0.5), lastSyncStatus: 'completed' }),
    ]);
    renderWithProviders(<AdminConnections />);
    const failed = within(await screen.findByRole('article', { name: 'Invenio Main' }));
    expect(failed.getByText('Active')).toBeInTheDocument();
    expect(failed.getByText('Sync failed')).toBeInTheDocument();
    const failedLine = failed.getByText('Last sync failed').parentElement!;
    expect(failedLine).toHaveTextContent(`Last sync failed · 2 h ago${UNREACHABLE}`);
    expect(failed.queryByText(/Last sync succeeded/)).not.toBeInTheDocument();

    const ok = within(screen.getByRole('article', { name: 'Invenio Alps' }));
    expect(ok.getByText('Last sync succeeded').parentElement).toHaveTextContent(
      /^Last sync succeeded · 30 min ago$/,
    );
    expect(ok.queryByText('Sync failed')).not.toBeInTheDocument();
  });

  it('shows the empty state, and a failed load with Try again', async () => {
    let fail = true;
    server.use(
      route('GET /api/admin/api-connections', () =>
        fail ? apiError(ErrorCode.INTERNAL, 'Internal server error') : [],
      ),
    );
    const u = setup();
    renderWithProviders(<AdminConnections />);
    expect(await screen.findByText('The API connections could not be loaded.')).toBeInTheDocument();
    fail = false;
    await u.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No API connections yet')).toBeInTheDocument();
    expect(screen.getByText(/Use Add Connection to connect a booking platform/)).toBeInTheDocument();
  });

  it('disables a connection with PATCH {enabled: false}; the card then says Disabled and Sync is off', async () => {
    const api = serve(
      [invenio],
      route('PATCH /api/admin/api-connections/1', ({ body }) => {
        const next = { ...invenio, ...(body as ApiConnectionUpdate) } as ApiConnection;
        api.set([next]);
        return next;
      }),
    );
    const u = setup();
    renderWithProviders(<AdminConnections />);
    const toggle = await screen.findByRole('switch', { name: 'Enabled Invenio Main' });
    await u.click(toggle);
    expect(await screen.findByText('Connection status updated')).toBeInTheDocument();
    expect(writes(api.calls)).toEqual([
      { method: 'PATCH', url: '/api/admin/api-connections/1', body: { enabled: false } },
    ]);
    const card = screen.getByRole('article', { name: 'Invenio Main' });
    await waitFor(() => expect(within(card).getByText('Disabled')).toBeInTheDocument());
    expect(toggle).not.toBeChecked();
    expect(within(card).getByRole('button', { name: 'Sync Invenio Main' })).toBeDisabled();
  });

  it("shows the server's message, or 'Failed to update connection', when the switch fails; the switch stays", async () => {
    serve(
      [invenio, airbnb],
      route('PATCH /api/admin/api-connections/1', apiError(ErrorCode.NOT_FOUND, 'API connection not found')),
      route('PATCH /api/admin/api-connections/2', networkError()),
    );
    const u = setup();
    renderWithProviders(<AdminConnections />);
    const toggle = await screen.findByRole('switch', { name: 'Enabled Invenio Main' });
    await u.click(toggle);
    expect(await screen.findByText('API connection not found')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(toggle).toBeChecked();

    await u.click(screen.getByRole('switch', { name: 'Enabled Airbnb Riviera' }));
    expect(await screen.findByText('Failed to update connection')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Enabled Airbnb Riviera' })).not.toBeChecked();
  });

  it('syncs an enabled connection with a pending state and says so; a disabled one cannot sync, and why', async () => {
    const started: SyncStarted = { reportId: 31, status: 'running', message: 'Sync Triggered' };
    const held = gate();
    const api = serve(
      [invenio, airbnb],
      route('POST /api/admin/api-connections/1/sync', async () => {
        await held.opened;
        return started;
      }),
    );
    const u = setup();
    renderWithProviders(<AdminConnections />);

    const disabled = within(await screen.findByRole('article', { name: 'Airbnb Riviera' })).getByRole(
      'button',
      { name: 'Sync Airbnb Riviera' },
    );
    expect(disabled).toBeDisabled();
    expect(disabled).toHaveAccessibleDescription('Enable this connection to sync its properties.');

    const button = screen.getByRole('button', { name: 'Sync Invenio Main' });
    expect(button).not.toHaveAttribute('aria-describedby');
    await u.click(button);
    expect(await screen.findByRole('button', { name: 'Syncing... Invenio Main' })).toBeDisabled();
    held.open();
    expect(await screen.findByText('Sync Triggered')).toBeInTheDocument();
    expect(screen.getByText(/report #31\)\. Follow its progress in Sync Monitoring/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sync Invenio Main' })).toBeEnabled();
    expect(writes(api.calls)).toEqual([
      { method: 'POST', url: '/api/admin/api-connections/1/sync', body: undefined },
    ]);
  });

  it("shows the server's refusal of a sync, or 'Failed to sync properties'", async () => {
    const other = connection({ id: 3, name: 'Invenio Backup' });
    serve(
      [invenio, other],
      route(
        'POST /api/admin/api-connections/1/sync',
        apiError(ErrorCode.SYNC_RUNNING, 'A sync of Invenio Main is already running. Wait for it to finish.'),
      ),
      route('POST /api/admin/api-connections/3/sync', networkError()),
    );
    const u = setup();
    renderWithProviders(<AdminConnections />);
    await u.click(await screen.findByRole('button', { name: 'Sync Invenio Main' }));
    expect(
      await screen.findByText('A sync of Invenio Main is already running. Wait for it to finish.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Sync Invenio Backup' }));
    expect(await screen.findByText('Failed to sync properties')).toBeInTheDocument();
  });

  it('deletes only after confirming; Cancel sends nothing and gives focus back', async () => {
    const api = serve(
      [invenio, airbnb],
      route('DELETE /api/admin/api-connections/2', () => {
        api.set([invenio]);
        return { ok: true };
      }),
    );
    const u = setup();
    renderWithProviders(<AdminConnections />);
    const opener = await screen.findByRole('button', { name: 'Delete Airbnb Riviera' });

    await u.click(opener);
    let confirm = await screen.findByRole('alertdialog', { name: 'Delete Airbnb Riviera?' });
    expect(confirm).toHaveTextContent('The properties it imported stay in the catalogue');
    await u.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
    expect(writes(api.calls)).toEqual([]);

    await u.click(opener);
    confirm = await screen.findByRole('alertdialog', { name: 'Delete Airbnb Riviera?' });
    await u.click(within(confirm).getByRole('button', { name: 'Delete connection' }));
    expect(await screen.findByText('API connection deleted')).toBeInTheDocument();
    expect(writes(api.calls)).toEqual([
      { method: 'DELETE', url: '/api/admin/api-connections/2', body: undefined },
    ]);
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Airbnb Riviera' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('heading', { name: 'API Connections' })).toHaveFocus();
  });

  it("keeps the card and shows the server's message, or 'Failed to delete connection', when a delete fails", async () => {
    serve(
      [invenio, airbnb],
      route(
        'DELETE /api/admin/api-connections/1',
        apiError(ErrorCode.SYNC_RUNNING, 'This connection is syncing. Delete it once the sync has finished.'),
      ),
      route('DELETE /api/admin/api-connections/2', networkError()),
    );
    const u = setup();
    renderWithProviders(<AdminConnections />);
    await u.click(await screen.findByRole('button', { name: 'Delete Invenio Main' }));
    await u.click(await screen.findByRole('button', { name: 'Delete connection' }));
    expect(
      await screen.findByText('This connection is syncing. Delete it once the sync has finished.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Invenio Main' })).toBeInTheDocument();

    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await u.click(screen.getByRole('button', { name: 'Delete Airbnb Riviera' }));
    await u.click(await screen.findByRole('button', { name: 'Delete connection' }));
    expect(await screen.findByText('Failed to delete connection')).toBeInTheDocument();
  });
});

describe('AddConnectionDialog', { timeout: 20_000 }, () => {
  it("shows the shared schema's required-field messages and sends nothing until they are met", async () => {
    const api = serve([]);
    const u = setup();
    renderWithProviders(<AdminConnections />);
    await u.click(await screen.findByRole('button', { name: 'Add Connection' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add API Connection' });
    const d = within(dialog);

    // Invenio comes chosen with its address; the key and secret are password fields.
    expect(d.getByRole('combobox', { name: 'Provider' })).toHaveTextContent('Invenio Homes');
    expect(d.getByLabelText('Base URL')).toHaveValue(INVENIO_DEFAULT_BASE_URL);
    expect(d.getByLabelText('API Key')).toHaveAttribute('type', 'password');
    expect(d.getByLabelText('API Secret (BP UUID)')).toHaveAttribute('type', 'password');
    expect(d.getByRole('checkbox', { name: 'Enabled' })).toBeChecked();

    await u.click(d.getByRole('button', { name: 'Create Connection' }));
    expect(await d.findByText('Connection name is required')).toBeInTheDocument();
    expect(d.getByText('API key is required')).toBeInTheDocument();
    expect(d.queryByText('Base URL is required')).not.toBeInTheDocument();
    expect(d.getByLabelText('Connection name')).toHaveAttribute('aria-invalid', 'true');

    await u.clear(d.getByLabelText('Base URL'));
    await u.click(d.getByRole('button', { name: 'Create Connection' }));
    expect(await d.findByText('Connection name, API key and base URL are required')).toBeInTheDocument();

    await u.type(d.getByLabelText('Connection name'), 'Riviera feed');
    await u.type(d.getByLabelText('Base URL'), 'ftp://files.example');
    await u.click(d.getByRole('button', { name: 'Create Connection' }));
    expect(
      await d.findByText('Base URL must be a URL starting with https:// or http://'),
    ).toBeInTheDocument();
    expect(d.getByText('API key is required')).toBeInTheDocument();
    expect(d.queryByText('Connection name is required')).not.toBeInTheDocument();
    expect(writes(api.calls)).toEqual([]);
  });

  it('posts the parsed body, prefills the Invenio URL, and shows the new card', async () => {
    const api = serve(
      [],
      route('POST /api/admin/api-connections', ({ body }) => {
        const input = body as Pick<ApiConnection, 'provider' | 'name' | 'baseUrl' | 'enabled'>;
        const created = connection({ ...input, id: 9, apiKey: '••••e5f6', apiSecret: null, lastSync: null });
        api.set([created]);
        return created;
      }),
    );
    const u = setup();
    renderWithProviders(<AdminConnections />);
    await u.click(await screen.findByRole('button', { name: 'Add Connection' }));
    const d = within(await screen.findByRole('dialog', { name: 'Add API Connection' }));

    // Another provider takes the Invenio address away; choosing Invenio again with the field empty
    // brings it back.
    await u.click(d.getByRole('combobox', { name: 'Provider' }));
    await u.click(await screen.findByRole('option', { name: 'Booking.com' }));
    expect(d.getByLabelText('Base URL')).toHaveValue('');
    expect(d.getByLabelText('API Secret (optional)')).toBeInTheDocument();
    await u.click(d.getByRole('combobox', { name: 'Provider' }));
    await u.click(await screen.findByRole('option', { name: 'Invenio Homes' }));
    expect(d.getByLabelText('Base URL')).toHaveValue(INVENIO_DEFAULT_BASE_URL);

    await u.click(d.getByRole('combobox', { name: 'Provider' }));
    await u.click(await screen.findByRole('option', { name: 'Vrbo' }));
    await u.type(d.getByLabelText('Connection name'), '  Vrbo Alps  ');
    await u.type(d.getByLabelText('API Key'), 'key-123456');
    await u.type(d.getByLabelText('Base URL'), 'https://api.vrbo.example/');
    await u.click(d.getByRole('checkbox', { name: 'Enabled' }));
    await u.click(d.getByRole('button', { name: 'Create Connection' }));

    expect(await screen.findByText('API connection created')).toBeInTheDocument();
    expect(writes(api.calls)).toEqual([
      {
        method: 'POST',
        url: '/api/admin/api-connections',
        body: {
          provider: 'vrbo',
          name: 'Vrbo Alps',
          apiKey: 'key-123456',
          apiSecret: null,
          baseUrl: 'https://api.vrbo.example',
          enabled: false,
        },
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const card = await screen.findByRole('article', { name: 'Vrbo Alps' });
    expect(within(card).getByText('••••e5f6')).toBeInTheDocument();
    expect(within(card).getByText('Disabled')).toBeInTheDocument();
  });

  it("shows the server's message, or 'Failed to create API connection', and keeps the dialog open", async () => {
    let answer = apiError(ErrorCode.CONFLICT, 'A connection with this name already exists');
    serve(
      [],
      route('POST /api/admin/api-connections', () => answer),
    );
    const u = setup();
    renderWithProviders(<AdminConnections />);
    await u.click(await screen.findByRole('button', { name: 'Add Connection' }));
    const d = within(await screen.findByRole('dialog', { name: 'Add API Connection' }));
    await u.type(d.getByLabelText('Connection name'), 'Invenio Main');
    await u.type(d.getByLabelText('API Key'), 'k');
    await u.type(d.getByLabelText('API Secret (BP UUID)'), '6f1c2d3e-0000-4000-8000-000000000001');
    await u.click(d.getByRole('button', { name: 'Create Connection' }));
    expect(await screen.findByText('A connection with this name already exists')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Add API Connection' })).toBeInTheDocument();

    answer = networkError();
    await u.click(d.getByRole('button', { name: 'Create Connection' }));
    expect(await screen.findByText('Failed to create API connection')).toBeInTheDocument();
  });
});
