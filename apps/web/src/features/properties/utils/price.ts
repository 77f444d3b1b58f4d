import { formatMoney, weeklyPriceLabel, type Property } from '@villas/shared';

/**
 * The card's weekly price: the API's EUR figure (weeklyPriceEur) as '€35,000 / week', or
 * 'Price on Request' when the villa has no price.
 */
export function weeklyPriceText(
  p: Pick<Property, 'weeklyPriceEur' | 'basePricePerNight' | 'propertyCurrency'>,
) {
  if (p.weeklyPriceEur === undefined) {
    // An older answer without the EUR figure: the property's own currency.
    const label = weeklyPriceLabel(p.basePricePerNight, p.propertyCurrency);
    return label === 'Price on Request' ? label : `${label} / week`;
  }
  return p.weeklyPriceEur == null || p.weeklyPriceEur <= 0
    ? 'Price on Request'
    : `${formatMoney(p.weeklyPriceEur, 'EUR')} / week`;
}

/** A dated search's stay total in the property's currency: '€12,400 for 5 nights'; null otherwise. */
export function stayTotalText(p: Pick<Property, 'totalCost' | 'totalNights' | 'propertyCurrency'>) {
  if (p.totalCost == null || p.totalCost <= 0 || !p.totalNights) return null;
  return `${formatMoney(p.totalCost, p.propertyCurrency)} for ${p.totalNights} ${p.totalNights === 1 ? 'night' : 'nights'}`;
}
