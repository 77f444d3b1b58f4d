import { ErrorCode, type StayRuleTerms } from '@villas/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, route, sentRequests, server } from '../../../testing/api-handlers';
import { makeProperty } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { BookingForm } from './booking-form';

// 2031-07-05 is a Saturday, 2031-07-09 a Wednesday.
const SUMMER: StayRuleTerms = {
  startDate: '2031-07-01',
  endDate: '2031-08-31',
  minNights: 7,
  checkInDays: [6],
};

const estimate = () => within(screen.getByRole('region', { name: 'Cost estimate' }));
const dateField = (label: 'Check-in' | 'Check-out') => screen.getByLabelText(label);

async function fillNames(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('First name'), 'Ada');
  await user.type(screen.getByLabelText('Last name'), 'Lovelace');
  await user.type(screen.getByLabelText('Email'), 'ada@example.com');
}

describe("BookingForm and the villa's stay rules", () => {
  it('says the broken rule beside the date it concerns and in the estimate, and sends nothing', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <BookingForm
        property={makeProperty({ basePricePerNight: 1000 })}
        stay={{ checkIn: '2031-07-09', checkOut: '2031-07-12' }}
        rules={[SUMMER]}
      />,
    );
    expect(dateField('Check-in')).toHaveAccessibleDescription('Check-in on Saturdays');
    expect(dateField('Check-in')).toHaveAttribute('aria-invalid', 'true');
    expect(dateField('Check-out')).toHaveAccessibleDescription('Minimum stay 7 nights from 1 July');
    expect(
      estimate().getByText(
        'These dates do not meet the villa’s stay rules: Check-in on Saturdays. Minimum stay 7 nights from 1 July.',
      ),
    ).toBeInTheDocument();
    expect(estimate().queryByText('Total')).not.toBeInTheDocument();

    await fillNames(user);
    await user.click(screen.getByRole('button', { name: 'Send Inquiry' }));
    expect(dateField('Check-in')).toHaveAccessibleDescription('Check-in on Saturdays');
    expect(sentRequests().filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('prices and sends a stay that keeps the rule (a Saturday, exactly the minimum)', async () => {
    server.use(route('POST /api/inquiries', { id: 9, status: 'pending' }));
    const user = userEvent.setup();
    renderWithProviders(
      <BookingForm
        property={makeProperty({ basePricePerNight: 1000 })}
        stay={{ checkIn: '2031-07-05', checkOut: '2031-07-12' }}
        rules={[SUMMER]}
      />,
    );
    expect(dateField('Check-in')).not.toHaveAccessibleDescription();
    expect(estimate().getByText('Total')).toBeInTheDocument();
    await fillNames(user);
    await user.click(screen.getByRole('button', { name: 'Send Inquiry' }));
    expect(await screen.findByText('Inquiry Sent')).toBeInTheDocument();
    expect(sentRequests().find((r) => r.method === 'POST')?.body).toMatchObject({
      checkIn: '2031-07-05',
      checkOut: '2031-07-12',
    });
  });

  it("puts the server's refusal beside the date when the rules were not known here", async () => {
    server.use(
      route(
        'POST /api/inquiries',
        apiError(ErrorCode.VALIDATION_FAILED, 'Check-in on Saturdays', {
          issues: [{ path: ['checkIn'], message: 'Check-in on Saturdays' }],
        }),
      ),
    );
    const user = userEvent.setup();
    renderWithProviders(
      <BookingForm
        property={makeProperty({ basePricePerNight: 1000 })}
        stay={{ checkIn: '2031-07-09', checkOut: '2031-07-16' }}
      />,
    );
    await fillNames(user);
    await user.click(screen.getByRole('button', { name: 'Send Inquiry' }));
    expect(await screen.findByText('Error')).toBeInTheDocument();
    expect(dateField('Check-in')).toHaveAccessibleDescription('Check-in on Saturdays');
  });
});
