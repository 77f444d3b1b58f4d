import { ErrorCode, type Inquiry } from '@villas/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, networkError, route, sentRequests, server } from '../../../testing/api-handlers';
import { renderWithProviders } from '../../../testing/render';
import { AdminInquiries } from './admin-inquiries';

const inquiry = (over: Partial<Inquiry>): Inquiry => ({
  id: 1,
  kind: 'off-market',
  typeLabel: 'Off-Market Property',
  inquiryType: null,
  status: 'pending',
  firstName: 'Claire',
  lastName: 'Dubois',
  email: 'claire@example.com',
  phone: '+33 6 12 34 56 78',
  budget: '€40,000 per week',
  checkIn: '2026-08-01',
  checkOut: '2026-08-15',
  guests: 10,
  message: 'OFF-MARKET INQUIRY: a discreet estate near Saint-Tropez',
  specialRequests: 'Private chef, helipad',
  propertyId: null,
  propertyName: null,
  searchCriteria: { country: 'France', destination: "Côte d'Azur" },
  agentId: null,
  agentName: null,
  agencyName: null,
  createdAt: '2026-07-01T10:00:00.000Z',
  ...over,
});

const list = (): Inquiry[] => [
  inquiry({}),
  inquiry({
    id: 2,
    kind: 'contact',
    firstName: 'Tom',
    lastName: 'Baker',
    email: 'tom@example.com',
    phone: null,
    budget: null,
    checkIn: null,
    checkOut: null,
    guests: null,
    specialRequests: null,
    searchCriteria: null,
    message: 'CONTACT FORM: please call me',
    status: 'closed',
  }),
  inquiry({
    id: 3,
    kind: 'booking',
    firstName: 'Ana',
    lastName: 'Silva',
    message: 'Is the villa free in August?',
    propertyName: 'Villa Belvedere',
    searchCriteria: null,
    specialRequests: null,
  }),
  // A contact-form message without the prefix keeps its kind's type.
  inquiry({
    id: 4,
    kind: 'contact',
    firstName: 'Lena',
    lastName: 'Berg',
    message: 'We manage six chalets in Verbier.',
    status: 'closed',
    searchCriteria: null,
  }),
];

const card = (name: string) => screen.getByRole('article', { name });

describe('AdminInquiries', () => {
  it('shows counts, the type from the message prefix, status and every detail', async () => {
    server.use(route('GET /api/inquiries/off-market', list()));
    renderWithProviders(<AdminInquiries />);
    await screen.findByRole('article', { name: 'Claire Dubois' });

    const counts = screen.getByRole('group', { name: 'Inquiry counts' });
    expect(within(counts).getByText('Pending').nextSibling).toHaveTextContent('2');
    expect(within(counts).getByText('Closed').nextSibling).toHaveTextContent('2');

    expect(within(card('Claire Dubois')).getByText('Off-Market Property')).toBeInTheDocument();
    expect(within(card('Tom Baker')).getByText('Contact Form')).toBeInTheDocument();
    expect(within(card('Ana Silva')).getByText('General Inquiry')).toBeInTheDocument();
    expect(within(card('Lena Berg')).getByText('Contact Form')).toBeInTheDocument();

    const claire = card('Claire Dubois');
    expect(within(claire).getByText('Pending')).toBeInTheDocument();
    expect(within(claire).getByRole('link', { name: 'claire@example.com' })).toHaveAttribute(
      'href',
      'mailto:claire@example.com',
    );
    expect(within(claire).getByRole('link', { name: '+33 6 12 34 56 78' })).toHaveAttribute(
      'href',
      'tel:+33612345678',
    );
    expect(within(claire).getByText('August 1, 2026 – August 15, 2026')).toBeInTheDocument();
    expect(within(claire).getByText('10')).toBeInTheDocument();
    expect(within(claire).getByText('€40,000 per week')).toBeInTheDocument();
    expect(within(claire).getByText('France')).toBeInTheDocument();
    expect(within(claire).getByText("Côte d'Azur")).toBeInTheDocument();
    expect(
      within(claire).getByText('OFF-MARKET INQUIRY: a discreet estate near Saint-Tropez'),
    ).toBeInTheDocument();
    expect(within(claire).getByText('Private chef, helipad')).toBeInTheDocument();
    expect(within(claire).getByText('July 1, 2026')).toBeInTheDocument();
    expect(within(card('Ana Silva')).getByText('Villa Belvedere')).toBeInTheDocument();

    // Only pending inquiries can be closed.
    expect(within(card('Tom Baker')).getByText('Closed')).toBeInTheDocument();
    expect(within(card('Tom Baker')).queryByRole('button')).not.toBeInTheDocument();
    expect(within(card('Ana Silva')).getByRole('button', { name: /Mark as Closed/ })).toBeInTheDocument();
  });

  it('marks a pending inquiry as closed with the PUT and updates the card and counts', async () => {
    let rows = list();
    server.use(
      route('GET /api/inquiries/off-market', () => rows),
      route('PUT /api/inquiries/1/status', ({ body }) => {
        rows = rows.map((r) => (r.id === 1 ? { ...r, status: (body as { status: 'closed' }).status } : r));
        return rows[0]!;
      }),
    );
    const calls = sentRequests();
    const user = userEvent.setup();
    renderWithProviders(<AdminInquiries />);
    await user.click(
      await screen.findByRole('button', { name: 'Mark as Closed: inquiry from Claire Dubois' }),
    );

    await waitFor(() => expect(within(card('Claire Dubois')).getByText('Closed')).toBeInTheDocument());
    expect(within(card('Claire Dubois')).queryByRole('button')).not.toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')).toEqual({
      method: 'PUT',
      url: '/api/inquiries/1/status',
      body: { status: 'closed' },
    });
    const counts = screen.getByRole('group', { name: 'Inquiry counts' });
    expect(within(counts).getByText('Pending').nextSibling).toHaveTextContent('1');
    expect(within(counts).getByText('Closed').nextSibling).toHaveTextContent('3');
    expect(await screen.findByText('Inquiry status updated successfully')).toBeInTheDocument();
  });

  it.each([
    ['the server message', 'Inquiry not found'],
    // No answer at all (the network failed): the catalogue's fallback.
    ['the fallback', 'Failed to update inquiry status'],
  ])('shows Error with %s when closing fails', async (_, message) => {
    server.use(
      route('GET /api/inquiries/off-market', list()),
      route('PUT /api/inquiries/3/status', () => {
        if (message === 'Inquiry not found') return apiError(ErrorCode.NOT_FOUND, 'Inquiry not found');
        return networkError();
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<AdminInquiries />);
    await user.click(await screen.findByRole('button', { name: 'Mark as Closed: inquiry from Ana Silva' }));
    expect(await screen.findByText('Error')).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(within(card('Ana Silva')).getByText('Pending')).toBeInTheDocument();
    expect(within(card('Ana Silva')).getByRole('button', { name: /Mark as Closed/ })).toBeEnabled();
  });

  it('says so when there is no inquiry', async () => {
    server.use(route('GET /api/inquiries/off-market', []));
    renderWithProviders(<AdminInquiries />);
    expect(await screen.findByText('No inquiries yet')).toBeInTheDocument();
    const counts = screen.getByRole('group', { name: 'Inquiry counts' });
    expect(within(counts).getByText('Pending').nextSibling).toHaveTextContent('0');
  });
});
