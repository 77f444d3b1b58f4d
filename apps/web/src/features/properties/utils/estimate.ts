import { nightsBetween, viewBookingEstimate, type EstimateView, type Property, plural } from '@villas/shared';
import type { DisplayMoney } from '../../../lib/display-currency';

export interface Stay {
  checkIn: string;
  checkOut: string;
}

export type StayEstimate =
  | { kind: 'no-dates' }
  | { kind: 'invalid-nights' }
  | { kind: 'on-request'; nights: number }
  | { kind: 'estimate'; estimate: EstimateView; dated: boolean };

/**
 * The booking form's estimate in the agent's display currency. When the dates are the
 * ones a dated search priced (`searched`), the search's totalCost for those nights is the subtotal;
 * otherwise whole weeks plus leftover nights at the base price, under 7 nights billed as a week. The
 * subtotal is converted once and the 3 % service fee taken from it (shared viewBookingEstimate), so
 * the lines add up as shown.
 */
export function stayEstimate(
  p: Pick<Property, 'basePricePerNight' | 'totalCost' | 'totalNights' | 'propertyCurrency'>,
  checkIn: string | null | undefined,
  checkOut: string | null | undefined,
  searched: Stay | null | undefined,
  display: DisplayMoney,
): StayEstimate {
  if (!checkIn || !checkOut) return { kind: 'no-dates' };
  const nights = nightsBetween(checkIn, checkOut);
  if (nights <= 0) return { kind: 'invalid-nights' };
  const dated =
    p.totalCost != null &&
    p.totalCost > 0 &&
    p.totalNights === nights &&
    searched?.checkIn === checkIn &&
    searched?.checkOut === checkOut;
  const estimate = viewBookingEstimate({
    nights,
    nightly: p.basePricePerNight,
    totalCost: dated ? p.totalCost : null,
    from: p.propertyCurrency,
    to: display.currency,
    rates: display.rates,
  });
  return estimate ? { kind: 'estimate', estimate, dated } : { kind: 'on-request', nights };
}

/** How the subtotal was reached, in words: '1 week + 3 nights', '3 nights, billed as 1 week'. */
export function subtotalBasis(
  e: Pick<EstimateView, 'nights' | 'weeks' | 'extraNights'>,
  dated: boolean,
): string {
  if (dated) return `${plural(e.nights, 'night')} at the dated rates`;
  if (e.nights < 7) return `${plural(e.nights, 'night')}, billed as 1 week`;
  return e.extraNights
    ? `${plural(e.weeks, 'week')} + ${plural(e.extraNights, 'night')}`
    : plural(e.weeks, 'week');
}
