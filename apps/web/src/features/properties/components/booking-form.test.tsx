import { ErrorCode } from '@villas/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DisplayMoneyContext } from '../../../lib/display-currency';
import { apiError, route, sentRequests, server } from '../../../testing/api-handlers';
import { renderWithProviders } from '../../../testing/render';
import { makeProperty } from '../../../testing/fixtures';
import { BookingForm } from './booking-form';
import { BookingSentContext } from './booking-sent';

const estimate = () => within(screen.getByRole('region', { name: 'Cost estimate' }));
const row = (label: string | RegExp) => {
  const dt = estimate().getByText(label, { selector: 'dt, dt *' });
  return dt.closest('div')!.querySelector('dd')!.textContent;
};

describe('BookingForm estimate', () => {
  it.each([
    [
      '3 nights are billed as a full week',
      '2031-07-01',
      '2031-07-04',
      '€7,000',
      '€210',
      '€7,210',
      '3 nights, billed as 1 week',
    ],
    ['7 nights are one week', '2031-07-01', '2031-07-08', '€7,000', '€210', '€7,210', '1 week'],
    [
      '10 nights are one week plus 3 nights',
      '2031-07-01',
      '2031-07-11',
      '€10,000',
      '€300',
      '€10,300',
      '1 week + 3 nights',
    ],
  ])('%s', (_name, checkIn, checkOut, subtotal, fee, total, basis) => {
    renderWithProviders(
      <BookingForm property={makeProperty({ basePricePerNight: 1000 })} stay={{ checkIn, checkOut }} />,
    );
    expect(row(/^Subtotal/)).toBe(subtotal);
    expect(row('Service fee (3%)')).toBe(fee);
    expect(row('Total')).toBe(total);
    expect(estimate().getByText(basis)).toBeInTheDocument();
  });

  it("uses a dated search's totalCost for its dates, with the fee rounded (no rate: the villa's currency, said so)", () => {
    renderWithProviders(
      <BookingForm
        property={makeProperty({
          basePricePerNight: 1000,
          propertyCurrency: 'GBP',
          totalCost: 8450,
          totalNights: 5,
        })}
        stay={{ checkIn: '2031-07-01', checkOut: '2031-07-06' }}
      />,
    );
    expect(row(/^Subtotal/)).toBe('£8,450');
    expect(row('Service fee (3%)')).toBe('£254'); // 253.5 rounds up
    expect(row('Total')).toBe('£8,704');
    expect(estimate().getByText('5 nights at the dated rates')).toBeInTheDocument();
    expect(
      estimate().getByText("Shown in the villa's currency: no GBP to EUR exchange rate"),
    ).toBeInTheDocument();
  });

  it("shows every line in the agent's currency, adding up, with the villa's total as a note", () => {
    const rates = [
      { fromCurrency: 'USD', toCurrency: 'EUR', rate: 0.8, updatedAt: '2026-01-01T00:00:00.000Z' },
      { fromCurrency: 'USD', toCurrency: 'GBP', rate: 0.7, updatedAt: '2026-01-01T00:00:00.000Z' },
    ];
    renderWithProviders(
      <DisplayMoneyContext value={{ currency: 'GBP', rates }}>
        <BookingForm
          property={makeProperty({ basePricePerNight: 1000, propertyCurrency: 'USD' })}
          stay={{ checkIn: '2031-07-01', checkOut: '2031-07-11' }}
        />
      </DisplayMoneyContext>,
    );
    // 1 week + 3 nights = $10,000 → £7,000; fee 3 % of £7,000 = £210; total £7,210.
    expect(row(/^Subtotal/)).toBe('£7,000');
    expect(row('Service fee (3%)')).toBe('£210');
    expect(row('Total')).toBe('£7,210');
    expect(estimate().getByText("Total $10,300 in the villa's currency")).toBeInTheDocument();
  });

  it('asks for dates when none are chosen and says Price on Request without a price', () => {
    renderWithProviders(<BookingForm property={makeProperty({ id: 1 })} />);
    expect(
      estimate().getByText('Choose check-in and check-out dates to see the estimate.'),
    ).toBeInTheDocument();
  });

  it('has no figures for a villa without a price', () => {
    renderWithProviders(
      <BookingForm
        property={makeProperty({ basePricePerNight: null, weeklyPriceEur: null })}
        stay={{ checkIn: '2031-07-01', checkOut: '2031-07-04' }}
      />,
    );
    expect(estimate().getByText(/^Price on Request/)).toBeInTheDocument();
    expect(estimate().queryByText('Total')).not.toBeInTheDocument();
  });
});

describe('BookingForm submit', { timeout: 20_000 }, () => {
  it('requires first name, last name and email and sends nothing until they are given', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = sentRequests();
    renderWithProviders(<BookingForm property={makeProperty()} />);
    await user.click(screen.getByRole('button', { name: 'Send Inquiry' }));
    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText('Last name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('offers 1..maxGuests guests, default 1', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<BookingForm property={makeProperty({ maxGuests: 6 })} />);
    const guests = screen.getByRole('combobox', { name: 'Guests' });
    expect(guests).toHaveTextContent('1 guest');
    await user.click(guests);
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      '1 guest',
      '2 guests',
      '3 guests',
      '4 guests',
      '5 guests',
      '6 guests',
    ]);
    await user.click(screen.getByRole('option', { name: '3 guests' }));
    expect(guests).toHaveTextContent('3 guests');
  });

  it('posts the booking shape with the property id and prefilled dates, then says Inquiry Sent', async () => {
    const user = userEvent.setup({ delay: null });
    server.use(route('POST /api/inquiries', { id: 9, status: 'pending' }));
    const calls = sentRequests();
    renderWithProviders(
      <BookingForm
        property={makeProperty({ id: 42, maxGuests: 6 })}
        stay={{ checkIn: '2031-07-01', checkOut: '2031-07-08' }}
      />,
    );
    await user.type(screen.getByLabelText('First name'), 'Ada');
    await user.type(screen.getByLabelText('Last name'), 'Lovelace');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Phone (optional)'), '+44 20 7946 0000');
    await user.type(screen.getByLabelText('Message (optional)'), 'Honeymoon');
    await user.click(screen.getByRole('button', { name: 'Send Inquiry' }));

    expect(await screen.findByText('Inquiry Sent')).toBeInTheDocument();
    expect(screen.getByText("Thank you. We'll be in touch within 24 hours.")).toBeInTheDocument();
    expect(calls).toEqual([
      {
        method: 'POST',
        url: '/api/inquiries',
        body: {
          firstName: 'Ada',
          lastName: 'Lovelace',
          email: 'ada@example.com',
          phone: '+44 20 7946 0000',
          message: 'Honeymoon',
          checkIn: '2031-07-01',
          checkOut: '2031-07-08',
          guests: 1,
          propertyId: 42,
        },
      },
    ]);
  });

  it('announces the sent inquiry to the screen around it (the dashboard offers a hold)', async () => {
    const user = userEvent.setup({ delay: null });
    server.use(route('POST /api/inquiries', { id: 31, status: 'pending' }));
    const sent = vi.fn();
    renderWithProviders(
      <BookingSentContext value={sent}>
        <BookingForm
          property={makeProperty({ id: 42, name: 'Villa Les Roches' })}
          stay={{ checkIn: '2031-07-01', checkOut: '2031-07-08' }}
        />
      </BookingSentContext>,
    );
    await user.type(screen.getByLabelText('First name'), 'Ada');
    await user.type(screen.getByLabelText('Last name'), 'Lovelace');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Inquiry' }));
    await screen.findByText('Inquiry Sent');
    expect(sent).toHaveBeenCalledExactlyOnceWith({
      inquiryId: 31,
      propertyId: 42,
      propertyName: 'Villa Les Roches',
      clientName: 'Ada Lovelace',
      checkIn: '2031-07-01',
      checkOut: '2031-07-08',
    });
  });

  it('shows the Error toast when the server refuses', async () => {
    const user = userEvent.setup({ delay: null });
    server.use(route('POST /api/inquiries', apiError(ErrorCode.INTERNAL, 'boom')));
    renderWithProviders(<BookingForm property={makeProperty()} />);
    await user.type(screen.getByLabelText('First name'), 'Ada');
    await user.type(screen.getByLabelText('Last name'), 'Lovelace');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Inquiry' }));
    expect(await screen.findByText('Failed to send inquiry. Please try again.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('First name')).toHaveValue('Ada'));
  });
});
