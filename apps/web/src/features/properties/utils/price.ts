import { viewMoney, viewWeeklyPrice, type MoneyView, type Property, plural } from '@villas/shared';
import type { DisplayMoney } from '../../../lib/display-currency';

export interface PriceLine {
  /** '€35,000 / week', 'Price on Request' or '€6,400 for 5 nights'. */
  text: string;
  /** The figure alone, '€35,000', or 'Price on Request'. */
  figure: string;
  /** "$38,020 in the villa's currency", why it is not converted, or null. */
  note: string | null;
  onRequest: boolean;
}

const line = (view: MoneyView, suffix: string): PriceLine => ({
  text: view.amount == null ? view.text : `${view.text}${suffix}`,
  figure: view.text,
  note: view.note,
  onRequest: view.amount == null,
});

/**
 * The weekly price (nightly × 7 in the villa's currency) in the agent's display currency, by the
 * shared conversion rule: '€35,000 / week', or 'Price on Request' when the villa has no price. On a
 * dated search the nightly figure is the stay's own (its total over its nights), the figure the budget
 * filter and the price sorts use, not the base price.
 */
export function weeklyPriceLine(
  p: Pick<Property, 'basePricePerNight' | 'propertyCurrency'> &
    Partial<Pick<Property, 'totalCost' | 'totalNights'>>,
  display: DisplayMoney,
): PriceLine {
  const nightly =
    p.totalCost != null && p.totalCost > 0 && p.totalNights
      ? p.totalCost / p.totalNights
      : p.basePricePerNight;
  return line(viewWeeklyPrice(nightly, p.propertyCurrency, display.currency, display.rates), ' / week');
}

/** A dated search's stay total in the display currency: '€12,400 for 5 nights'; null otherwise. */
export function stayTotalLine(
  p: Pick<Property, 'propertyCurrency'> & Partial<Pick<Property, 'totalCost' | 'totalNights'>>,
  display: DisplayMoney,
): PriceLine | null {
  if (p.totalCost == null || p.totalCost <= 0 || !p.totalNights) return null;
  const nights = plural(p.totalNights, 'night');
  return line(viewMoney(p.totalCost, p.propertyCurrency, display.currency, display.rates), ` for ${nights}`);
}

/**
 * A villa's price lines on a card and in its dialog: the week ('€35,000 / week') and, on a dated
 * search, the stay's total under it ('€12,400 for 5 nights'). When the stay is a week (7 nights, or
 * its total is the week's figure) the two would say the same: only the stay's line is shown.
 */
export function priceLines(
  p: Pick<Property, 'basePricePerNight' | 'propertyCurrency'> &
    Partial<Pick<Property, 'totalCost' | 'totalNights'>>,
  display: DisplayMoney,
): { main: PriceLine; stay: PriceLine | null; weekly: PriceLine } {
  const weekly = weeklyPriceLine(p, display);
  const stay = stayTotalLine(p, display);
  if (stay && (p.totalNights === 7 || stay.figure === weekly.figure))
    return { main: stay, stay: null, weekly };
  return { main: weekly, stay, weekly };
}
