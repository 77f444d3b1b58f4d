import type { LinkPricePreview } from '@villas/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { route, server } from '../../../testing/api-handlers';
import { renderWithProviders } from '../../../testing/render';
import { usePricePreview } from '../../white-label/api/preview-price';
import { useSetAvailabilityDates } from './set-availability-dates';
import { useSetPricingRanges } from './set-pricing-ranges';

const preview = (amount: number): LinkPricePreview => ({
  stay: { checkIn: '2031-07-05', checkOut: '2031-07-12', nights: 7 },
  villas: [
    {
      propertyId: 7,
      name: 'Villa Azur',
      price: { amount, currency: 'EUR', basis: 'stay', nights: 7 },
      missingRate: false,
      villaCurrency: 'EUR',
    },
  ],
});

/** The client prices an agent's link form previews, beside the admin's calendar writes. */
function PreviewAndCalendar() {
  const prices = usePricePreview({
    propertyIds: [7],
    markupType: 'percent',
    markupValue: 10,
    currency: 'EUR',
  });
  const setPrices = useSetPricingRanges(7);
  const setAvailability = useSetAvailabilityDates(7);
  return (
    <>
      <ul aria-label="Your client sees">
        {prices.data?.villas.map((v) => (
          <li key={v.propertyId}>
            {v.name}: {v.price?.amount}
          </li>
        ))}
      </ul>
      <button
        onClick={() =>
          setPrices.mutate({ propertyId: 7, ranges: [{ from: '2031-07-05', to: '2031-07-12', price: 900 }] })
        }
      >
        Set Pricing
      </button>
      <button
        onClick={() => setAvailability.mutate({ propertyId: 7, dates: ['2031-07-05'], available: false })}
      >
        Set Availability
      </button>
    </>
  );
}

describe('calendar writes refresh the prices an agent previews', () => {
  it.each(['Set Pricing', 'Set Availability'])('after %s the preview shows the new price', async (button) => {
    let amount = 7_000;
    server.use(
      route('POST /api/white-label/price-preview', () => preview(amount)),
      route('POST /api/daily-pricing/bulk', () => {
        amount = 6_300;
        return { count: 7 };
      }),
      route('POST /api/availability/bulk', () => {
        amount = 6_300;
        return { count: 1 };
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<PreviewAndCalendar />);
    expect(await screen.findByText('Villa Azur: 7000')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: button }));

    expect(await screen.findByText('Villa Azur: 6300')).toBeInTheDocument();
  });
});
