import { ErrorCode, type PublicProperty, type PublicWhiteLabel } from '@villas/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, networkError, route, sentRequests, server } from '../../../testing/api-handlers';
import { renderWithProviders } from '../../../testing/render';
import { CollectionPage } from './collection-page';

const villa = (over: Partial<PublicProperty> = {}): PublicProperty => ({
  id: 4,
  name: 'Villa Aurora',
  description: 'A cliff-top villa above the bay.',
  location: 'Saint-Tropez, France',
  region: 'France',
  subregion: "Côte d'Azur",
  bedrooms: 5,
  maxGuests: 10,
  propertyType: 'villa',
  amenities: ['Infinity pool', 'Private chef', 'Gym', 'Sea view'],
  images: ['/uploads/a.jpg', '/uploads/b.jpg'],
  available: true,
  price: { amount: 12_650, currency: 'EUR', basis: 'week', nights: null },
  ...over,
});

const collection = (properties: PublicProperty[]): PublicWhiteLabel => ({
  link: {
    uuid: 'abc',
    title: 'Azure Voyages - Sophie Laurent',
    description: 'A summer on the Riviera',
    agentName: 'Sophie Laurent',
    companyName: 'Azure Voyages',
    agentEmail: 'sophie@azure-voyages.test',
    agentPhone: null,
    expiresAt: null,
    currency: 'EUR',
    stay: null,
  },
  properties,
});

/** The day button with this number in a date field's calendar (not a neighbouring month's). */
const day = (calendar: HTMLElement, n: string) =>
  within(
    within(calendar)
      .getAllByRole('gridcell')
      .find((d) => d.textContent === n && !d.hasAttribute('data-outside'))!,
  ).getByRole('button');

/** yyyy-MM-dd of a day next month. */
const nextMonth = (dd: string) => {
  const now = new Date();
  const d = new Date(now.getFullYear(), now.getMonth() + 1, 1);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${dd}`;
};

/** The link's villas have no stay rules (read when a villa's dialog opens). */
const noStayRules = () => route('GET /api/white-label/abc/stay-rules', []);

const show = () =>
  renderWithProviders(<CollectionPage uuid="abc" />, {
    route: '/white-label/abc',
    path: '/white-label/:uuid',
  });

// Typing whole forms is slow on a busy machine: allow more than the default 5 s.
describe('CollectionPage', { timeout: 20_000 }, () => {
  it("shows 'Link Not Found' for an unknown or expired link", async () => {
    server.use(route('GET /api/white-label/abc', apiError(ErrorCode.NOT_FOUND, 'Link not found')));
    show();
    expect(await screen.findByRole('heading', { name: 'Link Not Found' })).toBeInTheDocument();
    expect(screen.getByText('This white-label link may have expired or been removed.')).toBeInTheDocument();
    expect(document.title).toBe('Link Not Found');
  });

  it("shows 'Link Not Found' when the request fails", async () => {
    server.use(route('GET /api/white-label/abc', networkError()));
    show();
    expect(await screen.findByRole('heading', { name: 'Link Not Found' })).toBeInTheDocument();
  });

  it('shows the empty state with the agent still reachable', async () => {
    server.use(route('GET /api/white-label/abc', collection([])));
    show();
    expect(await screen.findByText('No properties available in this collection.')).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Azure Voyages - Sophie Laurent' }),
    ).toBeInTheDocument();
    expect(document.title).toBe('Azure Voyages - Sophie Laurent');
  });

  it("presents the hero, the villas with the client's price and the contact footer", async () => {
    server.use(
      route(
        'GET /api/white-label/abc',
        collection([
          villa(),
          villa({
            id: 5,
            name: 'Chalet Blanc',
            price: { amount: null, currency: 'EUR', basis: 'week', nights: null },
          }),
        ]),
      ),
    );
    show();
    expect(await screen.findByText('Curated by Sophie Laurent, Azure Voyages')).toBeInTheDocument();
    expect(screen.getByText('A summer on the Riviera')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Request to Book/ })).toHaveLength(2);
    const [aurora, chalet] = screen.getAllByRole('article');
    expect(within(aurora!).getByText('€12,650').parentElement).toHaveTextContent('from€12,650per week');
    expect(within(chalet!).getByText('Price on Request')).toBeInTheDocument();
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByText('Sophie Laurent')).toBeInTheDocument();
    expect(within(footer).getByText('Azure Voyages')).toBeInTheDocument();
    expect(within(footer).getByRole('link', { name: 'sophie@azure-voyages.test' })).toHaveAttribute(
      'href',
      'mailto:sophie@azure-voyages.test',
    );
  });

  it("offers 'Call' and 'WhatsApp' beside the e-mail when the server sends the advisor's phone", async () => {
    const withPhone = collection([villa()]);
    withPhone.link.agentPhone = '+33493123456';
    server.use(route('GET /api/white-label/abc', withPhone));
    show();
    const footer = await screen.findByRole('contentinfo');
    await within(footer).findByRole('link', { name: 'sophie@azure-voyages.test' });
    expect(within(footer).getByRole('link', { name: /^Call/ })).toHaveAttribute('href', 'tel:+33493123456');
    const whatsApp = within(footer).getByRole('link', { name: /^WhatsApp/ });
    expect(whatsApp).toHaveAttribute('href', 'https://wa.me/33493123456');
    expect(whatsApp).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('shows nothing for the phone when the server sends none', async () => {
    server.use(route('GET /api/white-label/abc', collection([villa()])));
    show();
    const footer = await screen.findByRole('contentinfo');
    await within(footer).findByRole('link', { name: 'sophie@azure-voyages.test' });
    expect(within(footer).queryByRole('link', { name: /^Call|WhatsApp/ })).not.toBeInTheDocument();
    expect(document.querySelector('a[href^="tel:"], a[href*="wa.me"]')).toBeNull();
  });

  it('sends a booking request with the villa, dates and guests, then confirms', async () => {
    server.use(
      route('GET /api/white-label/abc', collection([villa()])),
      noStayRules(),
      route('POST /api/white-label/abc/booking-request', { id: 9, status: 'pending' }),
    );
    const calls = sentRequests();
    const user = userEvent.setup({ delay: null });
    show();
    await user.click(await screen.findByRole('button', { name: 'Request to Book Villa Aurora' }));
    const dialog = await screen.findByRole('dialog', { name: 'Villa Aurora' });
    // Opened from 'Request to Book': the form is ready to type into.
    await waitFor(() => expect(within(dialog).getByLabelText('Full name')).toHaveFocus());
    expect(within(dialog).getByText('Pool / Wellness')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Full name'), 'Ana Martin');
    await user.type(within(dialog).getByLabelText('Email'), 'ana@example.com');
    await user.type(within(dialog).getByLabelText('Phone (optional)'), '+33 6 12 34 56 78');
    // The same date field as the agent's booking form: a button opening a month calendar.
    await user.click(within(dialog).getByRole('button', { name: 'Check-in: Add date' }));
    await user.click(screen.getByRole('button', { name: 'Go to the Next Month' }));
    await user.click(day(await screen.findByRole('dialog', { name: 'Choose check-in' }), '4'));
    expect(within(dialog).getByRole('button', { name: /^Check-in: \w+ 4, \d{4}$/ })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Check-out: Add date' }));
    // It opens on the check-in's month.
    await user.click(day(await screen.findByRole('dialog', { name: 'Choose check-out' }), '11'));
    expect(within(dialog).getByRole('button', { name: /^Check-out: \w+ 11, \d{4}$/ })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox', { name: 'Guests' }));
    await user.click(await screen.findByRole('option', { name: '6 guests' }));
    await user.type(within(dialog).getByLabelText('Message (optional)'), 'Is a chef available?');
    await user.click(within(dialog).getByRole('button', { name: 'Send Request' }));

    expect(await screen.findByText('Booking Request Sent')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      propertyId: 4,
      clientName: 'Ana Martin',
      clientEmail: 'ana@example.com',
      clientPhone: '+33 6 12 34 56 78',
      message: 'Is a chef available?',
      checkIn: nextMonth('04'),
      checkOut: nextMonth('11'),
      guests: 6,
    });
    expect(within(dialog).getByText('Thank you, Ana')).toBeInTheDocument();
  });

  it('explains missing details before sending and offers guests up to the maximum only', async () => {
    server.use(route('GET /api/white-label/abc', collection([villa({ maxGuests: 3 })])), noStayRules());
    const calls = sentRequests();
    const user = userEvent.setup({ delay: null });
    show();
    await user.click(await screen.findByRole('button', { name: 'Request to Book Villa Aurora' }));
    const dialog = await screen.findByRole('dialog', { name: 'Villa Aurora' });
    await user.click(within(dialog).getByRole('button', { name: 'Send Request' }));
    expect(await within(dialog).findByText('Your name is required')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await user.click(within(dialog).getByRole('combobox', { name: 'Guests' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      '1 guest',
      '2 guests',
      '3 guests',
    ]);
  });

  it('shows the failure toast when the request is refused', async () => {
    server.use(
      route('GET /api/white-label/abc', collection([villa()])),
      noStayRules(),
      route(
        'POST /api/white-label/abc/booking-request',
        apiError(ErrorCode.RATE_LIMITED, 'Too many requests'),
      ),
    );
    const user = userEvent.setup({ delay: null });
    show();
    await user.click(await screen.findByRole('button', { name: 'Request to Book Villa Aurora' }));
    const dialog = await screen.findByRole('dialog', { name: 'Villa Aurora' });
    await user.type(within(dialog).getByLabelText('Full name'), 'Ana Martin');
    await user.type(within(dialog).getByLabelText('Email'), 'ana@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send Request' }));
    expect(await screen.findByText('Failed to Send Booking Request')).toBeInTheDocument();
    expect(screen.getByText('There was an error sending your booking request.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Full name')).toHaveValue('Ana Martin');
  });
});
