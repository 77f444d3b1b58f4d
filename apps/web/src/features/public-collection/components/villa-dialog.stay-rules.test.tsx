import type { PublicProperty } from '@villas/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { route, sentRequests, server } from '../../../testing/api-handlers';
import { renderWithProviders } from '../../../testing/render';
import { VillaDialog } from './villa-dialog';

// Today is Sunday, June 15, 2031 (only Date is faked; timers stay real for user-event).
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2031, 5, 15, 10, 0, 0));
});
afterEach(() => {
  vi.useRealTimers();
});

const VILLA: PublicProperty = {
  id: 4,
  name: 'Villa Aurora',
  description: 'A cliff-top villa above the bay.',
  location: 'Saint-Tropez, France',
  region: 'France',
  subregion: "Côte d'Azur",
  bedrooms: 5,
  maxGuests: 10,
  propertyType: 'villa',
  amenities: ['Infinity pool'],
  images: ['/uploads/a.jpg'],
  available: true,
  price: { amount: 12_650, currency: 'EUR', basis: 'week', nights: null },
};

/** Opens a date field of the dialog and picks a day of July 2031 (one month after today's). */
async function pickJuly(user: ReturnType<typeof userEvent.setup>, label: string, day: string, next = true) {
  await user.click(screen.getByRole('button', { name: new RegExp(`^${label}: `) }));
  if (next) await user.click(screen.getByRole('button', { name: 'Go to the Next Month' }));
  const cell = screen
    .getAllByRole('gridcell')
    .find((d) => d.textContent === day && !d.hasAttribute('data-outside'))!;
  await user.click(within(cell).getByRole('button'));
}

describe("the client's villa dialog and its stay rules", () => {
  it('lists the rules in brief and refuses a Wednesday check-in beside the date, sending nothing', async () => {
    server.use(
      route('GET /api/white-label/abc/stay-rules', [
        {
          propertyId: 4,
          rules: [{ startDate: '2031-07-01', endDate: '2031-08-31', minNights: 7, checkInDays: [6] }],
        },
        {
          propertyId: 5,
          rules: [{ startDate: '2031-07-01', endDate: '2031-07-31', minNights: 3, checkInDays: null }],
        },
      ]),
    );
    const user = userEvent.setup();
    renderWithProviders(
      <VillaDialog
        uuid="abc"
        property={VILLA}
        agentName="Sophie Laurent"
        focusRequest={false}
        onOpenChange={() => {}}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Villa Aurora' });
    const rules = await within(dialog).findByRole('region', { name: 'Stay rules' });
    expect(
      within(rules)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Saturday check-in, 7 nights minimum, 1 Jul – 31 Aug']);

    await user.type(within(dialog).getByLabelText('Full name'), 'Ana Martin');
    await user.type(within(dialog).getByLabelText('Email'), 'ana@example.com');
    await pickJuly(user, 'Check-in', '9');
    expect(within(dialog).getByLabelText('Check-in')).toHaveAccessibleDescription('Check-in on Saturdays');
    await pickJuly(user, 'Check-out', '12', false);
    expect(within(dialog).getByLabelText('Check-out')).toHaveAccessibleDescription(
      'Minimum stay 7 nights from 1 July',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Send Request' }));
    expect(within(dialog).getByLabelText('Check-in')).toHaveAccessibleDescription('Check-in on Saturdays');
    expect(sentRequests().filter((r) => r.method === 'POST')).toHaveLength(0);
  });
});
