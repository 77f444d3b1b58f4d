import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DisplayMoneyContext, type DisplayMoney } from '../../../lib/display-currency';
import { makeProperty } from '../../../testing/fixtures';
import { PropertyCard } from './property-card';

const rates = [
  { fromCurrency: 'USD', toCurrency: 'EUR', rate: 0.8, updatedAt: '2026-01-01T00:00:00.000Z' },
  { fromCurrency: 'USD', toCurrency: 'GBP', rate: 0.7, updatedAt: '2026-01-01T00:00:00.000Z' },
];

function renderCard(
  overrides: Parameters<typeof makeProperty>[0] = {},
  selected = false,
  display: DisplayMoney = { currency: 'EUR', rates },
) {
  const onOpen = vi.fn();
  const onSelectedChange = vi.fn();
  const property = makeProperty(overrides);
  render(
    <DisplayMoneyContext value={display}>
      <PropertyCard
        property={property}
        selected={selected}
        onSelectedChange={onSelectedChange}
        onOpen={onOpen}
      />
    </DisplayMoneyContext>,
  );
  return { onOpen, onSelectedChange, card: screen.getByRole('article', { name: property.name }) };
}

describe('PropertyCard', () => {
  it('cuts the description at 180 characters', () => {
    const description = `${'a'.repeat(170)} bcdefghij KLMNOP and the rest`;
    renderCard({ description });
    const shown = screen.getByText(/^a{170}/);
    // 170 + 1 + 9 = exactly 180 characters kept, then the ellipsis.
    expect(shown.textContent).toBe(`${'a'.repeat(170)} bcdefghij...`);
    expect(shown.textContent).not.toContain('KLMNOP');
  });

  it('keeps a short description whole', () => {
    renderCard({ description: 'Short and sweet.' });
    expect(screen.getByText('Short and sweet.')).toBeInTheDocument();
  });

  it('shows the first 3 amenities cut at 15 characters and a +N more badge', () => {
    renderCard({
      amenities: ['Heated Infinity Pool', 'Wifi', 'Private Chef Service', 'Sauna', 'Gym/Fitness'],
    });
    const list = within(screen.getByRole('list', { name: 'Amenities' }));
    expect(list.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Heated Infinity...',
      'Wifi',
      'Private Chef Se...',
      '+2 more',
    ]);
    expect(screen.queryByText('Sauna')).not.toBeInTheDocument();
  });

  it('has no +N more badge with 3 amenities or fewer', () => {
    renderCard({ amenities: ['Wifi', 'Sauna', 'Helipad'] });
    expect(screen.queryByText(/more$/)).not.toBeInTheDocument();
  });

  it("shows the weekly price (nightly × 7), or 'Price on Request' without a price", () => {
    renderCard({ id: 1, basePricePerNight: 3500 });
    expect(screen.getByText('€24,500 / week')).toBeInTheDocument();
    expect(screen.queryByText(/in the villa's currency$/)).not.toBeInTheDocument();
    renderCard({ id: 2, name: 'Chalet Blanc', weeklyPriceEur: null, basePricePerNight: null });
    expect(screen.getByText('Price on Request')).toBeInTheDocument();
  });

  it("shows a USD villa's week and stay in the display currency, the villa's own figures as notes", () => {
    const usd = {
      propertyCurrency: 'USD',
      basePricePerNight: 1000,
      totalCost: 5000,
      totalNights: 5,
    } as const;
    renderCard(usd);
    // $7,000 a week × 0.8 = €5,600; the stay $5,000 × 0.8 = €4,000.
    expect(screen.getByText('€5,600 / week')).toBeInTheDocument();
    expect(screen.getByText("$7,000 in the villa's currency")).toBeInTheDocument();
    expect(screen.getByText('€4,000 for 5 nights')).toBeInTheDocument();
    expect(screen.getByText("$5,000 in the villa's currency")).toBeInTheDocument();
    cleanup();
    renderCard(usd, false, { currency: 'GBP', rates });
    expect(screen.getByText('£4,900 / week')).toBeInTheDocument();
    expect(screen.getByText('£3,500 for 5 nights')).toBeInTheDocument();
    expect(screen.queryByText(/€/)).not.toBeInTheDocument();
  });

  it("on a dated search the week is the stay's own nightly price × 7 (what the budget and sorts use), not the base price", () => {
    // Base €1,000 a night, but the five searched nights cost €6,000: €1,200 a night.
    renderCard({ basePricePerNight: 1000, totalCost: 6000, totalNights: 5 });
    expect(screen.getByText('€8,400 / week')).toBeInTheDocument();
    expect(screen.getByText('€6,000 for 5 nights')).toBeInTheDocument();
    expect(screen.queryByText('€7,000 / week')).not.toBeInTheDocument();
  });

  it('a stay of exactly 7 nights shows one line, the stay, not the same figure again as a week', () => {
    renderCard({ basePricePerNight: 20000, totalCost: 141750, totalNights: 7 });
    expect(screen.getByText('€141,750 for 7 nights')).toBeInTheDocument();
    expect(screen.queryByText('€141,750 / week')).not.toBeInTheDocument();
    expect(screen.getAllByText(/€141,750/)).toHaveLength(1);
    cleanup();
    // Converted: one figure and one note of the villa's own figure.
    renderCard({ propertyCurrency: 'USD', basePricePerNight: 1000, totalCost: 7000, totalNights: 7 });
    expect(screen.getByText('€5,600 for 7 nights')).toBeInTheDocument();
    expect(screen.getAllByText("$7,000 in the villa's currency")).toHaveLength(1);
    expect(screen.queryByText(/\/ week/)).not.toBeInTheDocument();
  });

  it("keeps the villa's currency and says why when no rate converts it", () => {
    renderCard({ propertyCurrency: 'USD', basePricePerNight: 1000 }, false, { currency: 'CHF', rates });
    expect(screen.getByText('$7,000 / week')).toBeInTheDocument();
    expect(
      screen.getByText("Shown in the villa's currency: no USD to CHF exchange rate"),
    ).toBeInTheDocument();
  });

  it('shows Available or Reserved, the facts and the type label', () => {
    renderCard({ id: 1, available: true, bedrooms: 5, maxGuests: 10 });
    expect(screen.getByText('Available')).toBeInTheDocument();
    expect(screen.getByText('5 bedrooms')).toBeInTheDocument();
    expect(screen.getByText('Up to 10 guests')).toBeInTheDocument();
    expect(screen.getByText('Villa')).toBeInTheDocument();
    renderCard({ id: 2, name: 'Isla Privada', available: false, propertyType: 'private-island' });
    expect(screen.getByText('Reserved')).toBeInTheDocument();
    expect(screen.getByText('Private Island')).toBeInTheDocument();
  });

  it('shows at most 5 images', async () => {
    const user = userEvent.setup({ delay: null });
    renderCard({ images: ['/1.jpg', '/2.jpg', '/3.jpg', '/4.jpg', '/5.jpg', '/6.jpg', '/7.jpg'] });
    expect(screen.getByRole('img')).toHaveAttribute('alt', 'Villa 1, image 1 of 5');
    await user.click(screen.getByRole('button', { name: 'Previous image' }));
    expect(screen.getByRole('img')).toHaveAttribute('src', '/5.jpg');
  });

  it('selects with its labelled checkbox without opening the details', async () => {
    const user = userEvent.setup({ delay: null });
    const { onSelectedChange, onOpen } = renderCard({ name: 'Villa Aurora' });
    await user.click(screen.getByRole('checkbox', { name: 'Select Villa Aurora' }));
    expect(onSelectedChange).toHaveBeenCalledWith(true);
    expect(onOpen).not.toHaveBeenCalled();
  });

  it('opens the details on a card click and from the keyboard', async () => {
    const user = userEvent.setup({ delay: null });
    const { onOpen, card } = renderCard({ name: 'Villa Aurora' });
    await user.click(within(card).getByText('Villa Aurora'));
    expect(onOpen).toHaveBeenCalledTimes(1);
    screen.getByRole('button', { name: 'View details of Villa Aurora' }).focus();
    await user.keyboard('{Enter}');
    expect(onOpen).toHaveBeenCalledTimes(2);
  });
});
