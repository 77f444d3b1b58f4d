import { ErrorCode, type Hold, type HoldPage } from '@villas/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, route, sentRequests, server } from '../../../testing/api-handlers';
import { renderWithProviders } from '../../../testing/render';
import { AdminHolds, AgentHolds } from './hold-list';

const inHours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();

const hold = (over: Partial<Hold> = {}): Hold => ({
  id: 5,
  propertyId: 7,
  propertyName: 'Villa Les Roches',
  agentId: 4,
  agentName: 'Sophie Moreau',
  agentCompany: 'Azure Voyages',
  inquiryKind: 'booking',
  inquiryId: 12,
  clientName: 'Camille Laurent',
  checkIn: '2031-07-12',
  checkOut: '2031-07-15',
  nights: 3,
  status: 'active',
  // 47 h 59.5 min from now: the countdown reads 1 d 23 h.
  expiresAt: inHours(47.992),
  createdAt: '2031-06-01T10:00:00.000Z',
  closedAt: null,
  closedByName: null,
  ...over,
});

/** One page of the administrators' list holding `items`. */
const page = (items: Hold[], total = items.length): HoldPage => ({ items, total, limit: 50, offset: 0 });

describe('AdminHolds', () => {
  it('lists active holds with a countdown, agent and client, and confirms one after asking', async () => {
    server.use(
      route('GET /api/admin/holds', page([hold()])),
      route(
        'POST /api/holds/5/confirm',
        hold({ status: 'confirmed', closedAt: '2031-06-02T10:00:00.000Z', closedByName: 'Ines Admin' }),
      ),
    );
    const calls = sentRequests();
    const user = userEvent.setup();
    renderWithProviders(<AdminHolds />);
    const card = await screen.findByRole('article', { name: 'Villa Les Roches' });
    expect(within(card).getByText('Expires in 1 d 23 h')).toBeInTheDocument();
    expect(within(card).getByText('July 12, 2031 – July 15, 2031 · 3 nights')).toBeInTheDocument();
    expect(within(card).getByText('Sophie Moreau')).toBeInTheDocument();
    expect(within(card).getByText('Azure Voyages')).toBeInTheDocument();
    expect(within(card).getByText('Camille Laurent')).toBeInTheDocument();
    expect(calls[0]!.url).toBe('/api/admin/holds');
    expect(calls[0]!.query.get('limit')).toBe('50');

    await user.click(within(card).getByRole('button', { name: /^Confirm/ }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Confirm this hold?' });
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm hold' }));
    await screen.findByText('Hold confirmed');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual(['/api/holds/5/confirm']);
  });

  it('shows the server’s message when a release is refused', async () => {
    server.use(
      route('GET /api/admin/holds', page([hold()])),
      route(
        'POST /api/holds/5/release',
        apiError(ErrorCode.CONFLICT, 'This hold was already released; its nights are free again'),
      ),
    );
    const user = userEvent.setup();
    renderWithProviders(<AdminHolds />);
    const card = await screen.findByRole('article', { name: 'Villa Les Roches' });
    await user.click(within(card).getByRole('button', { name: /^Release/ }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Release this hold?' });
    await user.click(within(dialog).getByRole('button', { name: 'Release hold' }));
    await screen.findByText('This hold was already released; its nights are free again');
  });

  it('says so when no hold is active', async () => {
    server.use(route('GET /api/admin/holds', page([])));
    renderWithProviders(<AdminHolds />);
    expect(await screen.findByText('No active holds')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Release selected/ })).not.toBeInTheDocument();
  });

  it('releases the selected holds at once after asking, and says which had already ended', async () => {
    const holds = [
      hold({ id: 5 }),
      hold({ id: 6, propertyName: 'Chalet Aiguille', clientName: 'Hugo Martin' }),
      hold({ id: 7, propertyName: 'Villa Azur', agentName: 'James Hartwell', agentCompany: null }),
    ];
    let released = false;
    server.use(
      route('GET /api/admin/holds', () => page(released ? [holds[1]!] : holds)),
      route('POST /api/admin/holds/release', () => {
        released = true;
        return { released: [5], notActive: [7] };
      }),
    );
    const calls = sentRequests();
    const user = userEvent.setup();
    renderWithProviders(<AdminHolds />);
    await screen.findByRole('article', { name: 'Villa Azur' });
    const releaseSelected = screen.getByRole('button', { name: 'Release selected' });
    expect(releaseSelected).toBeDisabled();
    expect(
      within(screen.getByRole('article', { name: 'Villa Azur' })).getByText('James Hartwell'),
    ).toBeVisible();

    // One by pointer, one from the keyboard.
    await user.click(
      screen.getByRole('checkbox', { name: 'Select the hold on Villa Les Roches for Camille Laurent' }),
    );
    const azur = screen.getByRole('checkbox', { name: 'Select the hold on Villa Azur for Camille Laurent' });
    azur.focus();
    await user.keyboard(' ');
    expect(azur).toBeChecked();
    expect(screen.getByText('2 selected')).toBeInTheDocument();

    await user.click(releaseSelected);
    const dialog = await screen.findByRole('alertdialog', { name: 'Release 2 holds?' });
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Release holds' }));
    await screen.findByText('1 hold released');
    expect(screen.getByText('1 hold had already ended.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.url, c.body])).toEqual([
      ['/api/admin/holds/release', { ids: [5, 7] }],
    ]);
    // The list is read again: only the hold left, nothing selected.
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Villa Azur' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('article', { name: 'Chalet Aiguille' })).toBeInTheDocument();
    expect(screen.getByText('0 selected')).toBeInTheDocument();
  });

  it('selects every hold shown at once, and shows the server’s message when the release fails', async () => {
    server.use(
      route(
        'GET /api/admin/holds',
        page([hold({ id: 5 }), hold({ id: 6, propertyName: 'Chalet Aiguille' })], 60),
      ),
      route('POST /api/admin/holds/release', apiError(ErrorCode.FORBIDDEN, 'You are not allowed to do this')),
    );
    const calls = sentRequests();
    const user = userEvent.setup();
    renderWithProviders(<AdminHolds />);
    await user.click(await screen.findByRole('checkbox', { name: 'Select all shown' }));
    expect(screen.getAllByRole('checkbox', { checked: true })).toHaveLength(3);
    expect(screen.getByText('Showing 2 of 60')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Release selected' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Release 2 holds?' });
    await user.click(within(dialog).getByRole('button', { name: 'Release holds' }));
    await screen.findByText('You are not allowed to do this');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ ids: [5, 6] }]);
  });

  it('offers to try again when the holds cannot be loaded', async () => {
    server.use(route('GET /api/admin/holds', apiError(ErrorCode.INTERNAL, 'Something went wrong')));
    renderWithProviders(<AdminHolds />);
    expect(await screen.findByRole('alert')).toHaveTextContent('The holds could not be loaded.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('AgentHolds', () => {
  it('lets the agent release, never confirm, and shows ended holds with who ended them', async () => {
    server.use(
      route('GET /api/holds', [
        hold({
          id: 6,
          propertyName: 'Chalet Aiguille',
          status: 'confirmed',
          closedByName: 'Ines Admin',
          closedAt: '2031-06-03T10:00:00.000Z',
        }),
        hold(),
      ]),
    );
    renderWithProviders(<AgentHolds />);
    const active = await screen.findByRole('article', { name: 'Villa Les Roches' });
    expect(within(active).getByRole('button', { name: /^Release/ })).toBeInTheDocument();
    expect(within(active).queryByRole('button', { name: /^Confirm/ })).not.toBeInTheDocument();
    expect(within(active).queryByText('Sophie Moreau')).not.toBeInTheDocument();
    const ended = screen.getByRole('article', { name: 'Chalet Aiguille' });
    expect(within(ended).getByText('Confirmed June 3, 2031 by Ines Admin')).toBeInTheDocument();
    expect(within(ended).queryByRole('button')).not.toBeInTheDocument();
    // Active holds come first.
    const names = screen.getAllByRole('article').map((a) => a.getAttribute('aria-labelledby'));
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Villa Les Roches',
      'Chalet Aiguille',
    ]);
    expect(names).toHaveLength(2);
  });

  it('shows a hold whose time ran out as expired, without actions', async () => {
    server.use(route('GET /api/holds', [hold({ expiresAt: inHours(-0.1) })]));
    renderWithProviders(<AgentHolds />);
    const card = await screen.findByRole('article', { name: 'Villa Les Roches' });
    expect(within(card).getByText('Expired')).toBeInTheDocument();
    expect(within(card).getByText(/^Expired \w+ \d+, \d{4}$/)).toBeInTheDocument();
    expect(within(card).queryByRole('button')).not.toBeInTheDocument();
  });

  it('has an empty state', async () => {
    server.use(route('GET /api/holds', []));
    renderWithProviders(<AgentHolds />);
    expect(await screen.findByText('No holds yet')).toBeInTheDocument();
  });
});
