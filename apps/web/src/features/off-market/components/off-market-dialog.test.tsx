import { ErrorCode } from '@villas/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, foreignAnswer, route, sentRequests, server } from '../../../testing/api-handlers';
import { renderWithProviders } from '../../../testing/render';
import { OffMarketCard } from './off-market-card';

const criteria = {
  country: 'Italy',
  destination: 'Lake Como',
  checkIn: '2031-08-01',
  checkOut: '2031-08-08',
  bedrooms: 4,
  maxPrice: null,
  amenityIds: [2],
  amenities: ['Boat Dock'],
};

async function openDialog() {
  const user = userEvent.setup({ delay: null });
  renderWithProviders(<OffMarketCard criteria={criteria} />);
  await user.click(screen.getByRole('button', { name: 'Request Off-Market' }));
  await screen.findByRole('dialog', { name: 'Off-Market Property Inquiry' });
  return user;
}

describe('Off-market inquiry dialog', { timeout: 20_000 }, () => {
  it('summarises the current search', async () => {
    await openDialog();
    expect(screen.getByText('Lake Como')).toBeInTheDocument();
    expect(screen.getByText('August 1, 2031 – August 8, 2031')).toBeInTheDocument();
    expect(screen.getByText('4+')).toBeInTheDocument();
    expect(screen.getByText('Boat Dock')).toBeInTheDocument();
  });

  it('requires names and email: Required Fields Missing, nothing sent', async () => {
    const calls = sentRequests();
    const user = await openDialog();
    await user.type(screen.getByLabelText('First name'), 'Ada');
    await user.type(screen.getByLabelText('Last name'), '   ');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Submit Inquiry' }));
    expect(await screen.findByText('Required Fields Missing')).toBeInTheDocument();
    expect(screen.getByText('Please fill in your name and email address.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('posts the off-market shape with the criteria appended to the message', async () => {
    server.use(route('POST /api/inquiries', { id: 1, status: 'pending' }));
    const calls = sentRequests();
    const user = await openDialog();
    await user.type(screen.getByLabelText('First name'), 'Ada');
    await user.type(screen.getByLabelText('Last name'), 'Lovelace');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Phone (optional)'), '555 0100');
    await user.type(screen.getByLabelText('Budget (optional)'), '€50,000');
    await user.type(screen.getByLabelText('Message (optional)'), 'Family of six.');
    await user.type(screen.getByLabelText('Special requests (optional)'), 'Nanny room');
    await user.click(screen.getByRole('button', { name: 'Submit Inquiry' }));

    expect(await screen.findByText('Inquiry Submitted Successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls).toHaveLength(1);
    const body = calls[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({
      type: 'off-market',
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      phone: '555 0100',
      budget: '€50,000',
      specialRequests: 'Nanny room',
      searchCriteria: {
        country: 'Italy',
        destination: 'Lake Como',
        checkIn: '2031-08-01',
        checkOut: '2031-08-08',
        bedrooms: 4,
        amenityIds: [2],
        amenities: ['Boat Dock'],
      },
    });
    const message = String(body.message);
    expect(message.startsWith('OFF-MARKET INQUIRY:\nFamily of six.\n')).toBe(true);
    expect(message).toContain('Country: Italy\nDestination: Lake Como\n');
    expect(message).toContain('Amenities: Boat Dock');
    expect(message).toContain('Budget: €50,000\nSpecial requests: Nanny room');
    expect(new Date(String(body.createdAt)).toISOString()).toBe(body.createdAt);
  });

  it("shows the server's message on failure and keeps the values", async () => {
    server.use(
      route(
        'POST /api/inquiries',
        apiError(ErrorCode.VALIDATION_FAILED, 'Please enter a valid email address'),
      ),
    );
    const user = await openDialog();
    await user.type(screen.getByLabelText('First name'), 'Ada');
    await user.type(screen.getByLabelText('Last name'), 'Lovelace');
    await user.type(screen.getByLabelText('Email'), 'ada@');
    await user.click(screen.getByRole('button', { name: 'Submit Inquiry' }));
    expect(await screen.findByText('Error Submitting Inquiry')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('ada@');
  });

  it("falls back to 'Please try again or contact us directly.'", async () => {
    server.use(route('POST /api/inquiries', foreignAnswer(502)));
    const user = await openDialog();
    await user.type(screen.getByLabelText('First name'), 'Ada');
    await user.type(screen.getByLabelText('Last name'), 'Lovelace');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Submit Inquiry' }));
    expect(await screen.findByText('Please try again or contact us directly.')).toBeInTheDocument();
  });
});
