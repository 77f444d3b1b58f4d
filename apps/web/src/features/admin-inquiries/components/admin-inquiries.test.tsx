import { ErrorCode, INBOX_STATUSES, type InboxItem, type InboxPage, type InboxStatus } from '@villas/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, networkError, route, sentRequests, server } from '../../../testing/api-handlers';
import { renderWithProviders } from '../../../testing/render';
import { AdminInquiries } from './admin-inquiries';

const NOW = new Date('2026-07-01T13:00:00.000Z');

const item = (over: Partial<InboxItem>): InboxItem => ({
  key: 'inquiry-1',
  id: 1,
  source: 'off-market',
  status: 'pending',
  name: 'Claire Dubois',
  email: 'claire@example.com',
  phone: '+33 6 12 34 56 78',
  propertyId: null,
  propertyName: null,
  checkIn: '2026-08-01',
  checkOut: '2026-08-15',
  guests: 10,
  message: 'OFF-MARKET INQUIRY: a discreet estate near Saint-Tropez',
  agentId: null,
  agentName: null,
  agencyName: null,
  linkId: null,
  linkTitle: null,
  inquiryType: null,
  budget: '€40,000 per week',
  specialRequests: 'Private chef, helipad',
  searchCriteria: { country: 'France', destination: "Côte d'Azur" },
  createdAt: '2026-07-01T10:00:00.000Z',
  ...over,
});

const four = (): InboxItem[] => [
  item({
    key: 'link-request-7',
    id: 7,
    source: 'link-request',
    name: 'Lina Client',
    email: 'lina@example.com',
    phone: null,
    propertyId: 40,
    propertyName: 'Villa Belvedere',
    guests: 3,
    message: 'Our anniversary week',
    agentId: 5,
    agentName: 'Ada Alpha',
    agencyName: 'Alpha Voyages',
    linkId: 9,
    linkTitle: 'Alpha Voyages - Summer',
    budget: null,
    specialRequests: null,
    searchCriteria: null,
    createdAt: '2026-07-01T12:55:00.000Z',
  }),
  item({
    key: 'inquiry-3',
    id: 3,
    source: 'agent-booking',
    name: 'Bruno Guest',
    email: 'bruno@example.com',
    propertyId: 41,
    propertyName: 'Chalet Edelweiss',
    agentId: 6,
    agentName: 'Ben Beta',
    agencyName: 'Beta Travel',
    budget: null,
    specialRequests: null,
    searchCriteria: null,
    message: 'Is the chalet free?',
    createdAt: '2026-06-29T13:00:00.000Z',
  }),
  item({}),
  item({
    key: 'inquiry-2',
    id: 2,
    source: 'contact',
    status: 'closed',
    name: 'Tom Baker',
    email: 'tom@example.com',
    phone: null,
    checkIn: null,
    checkOut: null,
    guests: null,
    budget: null,
    specialRequests: null,
    searchCriteria: null,
    inquiryType: 'other',
    message: 'CONTACT FORM: please call me',
    createdAt: '2026-06-01T10:00:00.000Z',
  }),
];

const counts = (rows: InboxItem[]) =>
  Object.fromEntries(
    INBOX_STATUSES.map((s) => [s, rows.filter((r) => r.status === s).length]),
  ) as InboxPage['counts'];

/** The inbox double: filters by source, status, agent and villa as the server does, 24 a page. */
function inbox(rows: () => InboxItem[]) {
  return route('GET /api/admin/inquiries', ({ url }) => {
    const q = url.searchParams;
    const kept = rows().filter(
      (r) =>
        (!q.get('source') || r.source === q.get('source')) &&
        (!q.get('agentId') || r.agentId === Number(q.get('agentId'))) &&
        (!q.get('propertyId') || r.propertyId === Number(q.get('propertyId'))),
    );
    const matching = kept.filter((r) => !q.get('status') || r.status === q.get('status'));
    const offset = Number(q.get('offset') ?? 0);
    const limit = Number(q.get('limit') ?? 24);
    return {
      items: matching.slice(offset, offset + limit),
      total: matching.length,
      limit,
      offset,
      counts: counts(kept),
    };
  });
}

const card = (name: string) => screen.getByRole('article', { name });
const setup = () => userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
const choose = async (user: ReturnType<typeof setup>, combobox: HTMLElement, option: string) => {
  await user.click(combobox);
  await user.click(await screen.findByRole('option', { name: option }));
};
const inboxCalls = () => sentRequests().filter((c) => c.url === '/api/admin/inquiries');

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());

describe('AdminInquiries', () => {
  it('lists every kind of request with its source, agent and agency, villa, dates, status and age', async () => {
    server.use(inbox(four));
    renderWithProviders(<AdminInquiries />);
    await screen.findByRole('article', { name: 'Lina Client' });

    expect(screen.getAllByRole('article').map((a) => a.querySelector('h3')!.textContent)).toEqual([
      'Lina Client',
      'Bruno Guest',
      'Claire Dubois',
      'Tom Baker',
    ]);
    const group = screen.getByRole('group', { name: 'Inquiry counts' });
    expect(within(group).getByText('Pending').nextSibling).toHaveTextContent('3');
    expect(within(group).getByText('Closed').nextSibling).toHaveTextContent('1');
    expect(screen.getByText('4 of 4 inquiries')).toBeInTheDocument();

    const lina = card('Lina Client');
    expect(within(lina).getByText('Client request via link')).toBeInTheDocument();
    expect(
      within(lina).getByRole('button', { name: "Ada Alpha: show only this agent's requests" }),
    ).toBeInTheDocument();
    expect(within(lina).getByText('Alpha Voyages')).toBeInTheDocument();
    expect(within(lina).getByText('Alpha Voyages - Summer')).toBeInTheDocument();
    expect(
      within(lina).getByRole('button', { name: "Villa Belvedere: show only this villa's requests" }),
    ).toBeInTheDocument();
    expect(within(lina).getByText('August 1, 2026 – August 15, 2026')).toBeInTheDocument();
    expect(within(lina).getByText('5 min ago')).toHaveAttribute('datetime', '2026-07-01T12:55:00.000Z');
    // A link request moves between its own statuses.
    expect(
      within(lina).getByRole('combobox', { name: 'Status of the request from Lina Client' }),
    ).toHaveTextContent('Pending');

    const bruno = card('Bruno Guest');
    expect(within(bruno).getByText('Agent booking inquiry')).toBeInTheDocument();
    expect(within(bruno).getByText('Ben Beta')).toBeInTheDocument();
    expect(within(bruno).getByText('Beta Travel')).toBeInTheDocument();
    expect(within(bruno).getByText('Chalet Edelweiss')).toBeInTheDocument();
    expect(within(bruno).getByText('2 d ago')).toBeInTheDocument();

    const claire = card('Claire Dubois');
    expect(within(claire).getByText('Off-market')).toBeInTheDocument();
    expect(within(claire).getByText('3 h ago')).toBeInTheDocument();
    expect(within(claire).getByText('€40,000 per week')).toBeInTheDocument();
    expect(within(claire).getByText('France')).toBeInTheDocument();
    expect(within(claire).getByText("Côte d'Azur")).toBeInTheDocument();
    expect(within(claire).getByText('Private chef, helipad')).toBeInTheDocument();
    expect(within(claire).getByRole('link', { name: '+33 6 12 34 56 78' })).toHaveAttribute(
      'href',
      'tel:+33612345678',
    );
    expect(within(claire).queryByText('Agent')).not.toBeInTheDocument();

    const tom = card('Tom Baker');
    expect(within(tom).getByText('Contact form')).toBeInTheDocument();
    expect(
      within(tom).getByRole('combobox', { name: 'Status of the request from Tom Baker' }),
    ).toHaveTextContent('Closed');
    expect(within(tom).queryByRole('button', { name: /Mark as Closed/ })).not.toBeInTheDocument();
  });

  it('asks the server with the filters combined, and clears them', async () => {
    server.use(inbox(four));
    const user = setup();
    renderWithProviders(<AdminInquiries />);
    await screen.findByRole('article', { name: 'Lina Client' });

    await choose(user, screen.getByRole('combobox', { name: 'Source' }), 'Client request via link');
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    await choose(user, screen.getByRole('combobox', { name: 'Status' }), 'Pending');
    await user.click(screen.getByRole('button', { name: "Ada Alpha: show only this agent's requests" }));
    await user.click(
      screen.getByRole('button', { name: "Villa Belvedere: show only this villa's requests" }),
    );
    await waitFor(() => {
      const q = inboxCalls().at(-1)!.query;
      expect(Object.fromEntries(q)).toEqual({
        source: 'link-request',
        status: 'pending',
        agentId: '5',
        propertyId: '40',
        limit: '24',
      });
    });
    expect(screen.getByText('1 of 1 inquiry')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove the agent filter: Ada Alpha' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove the villa filter: Villa Belvedere' }));
    expect(screen.queryByRole('button', { name: /Remove the villa filter/ })).not.toBeInTheDocument();
    await waitFor(() =>
      expect(inboxCalls().some((c) => c.query.get('agentId') === '5' && !c.query.has('propertyId'))).toBe(
        true,
      ),
    );

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(4));
    expect(screen.queryByRole('button', { name: /Remove the agent filter/ })).not.toBeInTheDocument();
  });

  it('says when nothing matches, and offers to clear the filters', async () => {
    server.use(inbox(four));
    const user = setup();
    renderWithProviders(<AdminInquiries />);
    await screen.findByRole('article', { name: 'Lina Client' });
    await choose(user, screen.getByRole('combobox', { name: 'Status' }), 'Converted');
    expect(await screen.findByText('No matching inquiries')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Clear filters' }).at(-1)!);
    expect(await screen.findByRole('article', { name: 'Tom Baker' })).toBeInTheDocument();
  });

  it('shows 24, then the next page with Show more', async () => {
    const many = Array.from({ length: 30 }, (_, n) =>
      item({ key: `inquiry-${n + 1}`, id: n + 1, name: `Sender ${n + 1}` }),
    );
    server.use(inbox(() => many));
    const user = setup();
    renderWithProviders(<AdminInquiries />);
    await screen.findByRole('article', { name: 'Sender 1' });
    expect(screen.getAllByRole('article')).toHaveLength(24);
    expect(screen.getByText('24 of 30 inquiries')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show more inquiries' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(30));
    expect(inboxCalls().at(-1)!.query.get('offset')).toBe('24');
    expect(screen.queryByRole('button', { name: 'Show more inquiries' })).not.toBeInTheDocument();
  });

  it("changes an inquiry's status with its PUT, a link request's with the link requests' PUT", async () => {
    let rows = four();
    const setStatus = (key: string, status: InboxStatus) => {
      rows = rows.map((r) => (r.key === key ? { ...r, status } : r));
    };
    server.use(
      inbox(() => rows),
      route('PUT /api/inquiries/1/status', ({ body }) => {
        setStatus('inquiry-1', (body as { status: InboxStatus }).status);
        return {
          id: 1,
          kind: 'off-market',
          typeLabel: 'Off-Market Property',
          inquiryType: null,
          status: 'closed',
          firstName: 'Claire',
          lastName: 'Dubois',
          email: 'claire@example.com',
          phone: null,
          budget: null,
          checkIn: null,
          checkOut: null,
          guests: null,
          message: '',
          specialRequests: null,
          propertyId: null,
          propertyName: null,
          searchCriteria: null,
          agentId: null,
          agentName: null,
          agencyName: null,
          createdAt: '2026-07-01T10:00:00.000Z',
        };
      }),
      route('PUT /api/white-label-inquiries/7', ({ body }) => {
        setStatus('link-request-7', (body as { status: InboxStatus }).status);
        return {
          id: 7,
          linkId: 9,
          linkTitle: 'Alpha Voyages - Summer',
          name: 'Lina Client',
          email: 'lina@example.com',
          phone: null,
          propertyId: 40,
          propertyName: 'Villa Belvedere',
          checkInDate: null,
          checkOutDate: null,
          guests: 3,
          message: null,
          status: 'contacted',
          createdAt: '2026-07-01T12:55:00.000Z',
        };
      }),
    );
    const user = setup();
    renderWithProviders(<AdminInquiries />);
    await user.click(
      await screen.findByRole('button', { name: 'Mark as Closed: inquiry from Claire Dubois' }),
    );
    await waitFor(() => expect(within(card('Claire Dubois')).getAllByText('Closed')[0]).toBeInTheDocument());
    expect(
      within(card('Claire Dubois')).queryByRole('button', { name: /Mark as Closed/ }),
    ).not.toBeInTheDocument();

    await choose(
      user,
      within(card('Lina Client')).getByRole('combobox', { name: 'Status of the request from Lina Client' }),
      'Contacted',
    );
    await waitFor(() =>
      expect(within(card('Lina Client')).getByRole('combobox', { name: /Status of/ })).toHaveTextContent(
        'Contacted',
      ),
    );
    const puts = sentRequests().filter((c) => c.method === 'PUT');
    expect(puts.map((c) => [c.url, c.body])).toEqual([
      ['/api/inquiries/1/status', { status: 'closed' }],
      ['/api/white-label-inquiries/7', { status: 'contacted' }],
    ]);
    const group = screen.getByRole('group', { name: 'Inquiry counts' });
    expect(within(group).getByText('Contacted').nextSibling).toHaveTextContent('1');
    expect(screen.getAllByText('Inquiry status updated successfully').length).toBeGreaterThan(0);
  });

  it.each([
    ['the server message', 'Inquiry not found'],
    ['the fallback', 'Failed to update inquiry status'],
  ])('shows Error with %s when closing fails', async (_, message) => {
    server.use(
      inbox(four),
      route('PUT /api/inquiries/3/status', () =>
        message === 'Inquiry not found' ? apiError(ErrorCode.NOT_FOUND, 'Inquiry not found') : networkError(),
      ),
    );
    const user = setup();
    renderWithProviders(<AdminInquiries />);
    await user.click(await screen.findByRole('button', { name: 'Mark as Closed: inquiry from Bruno Guest' }));
    expect(await screen.findByText('Error')).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(within(card('Bruno Guest')).getByRole('button', { name: /Mark as Closed/ })).toBeEnabled();
  });

  it('says so when there is no inquiry', async () => {
    server.use(inbox(() => []));
    renderWithProviders(<AdminInquiries />);
    expect(await screen.findByText('No inquiries yet')).toBeInTheDocument();
    const group = screen.getByRole('group', { name: 'Inquiry counts' });
    expect(within(group).getByText('Pending').nextSibling).toHaveTextContent('0');
  });
});
