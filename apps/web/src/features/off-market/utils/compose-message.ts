import { budgetText, formatLongDate, formatMoney, SITE_CURRENCY, type SummaryCurrency } from '@villas/shared';

/** The dashboard's search at the moment the dialog opens, with amenity names resolved. */
export interface OffMarketCriteria {
  country?: string | null;
  destination?: string | null;
  checkIn?: string | null;
  checkOut?: string | null;
  bedrooms?: number | null;
  /** Most per week, EUR. */
  maxPrice?: number | null;
  amenityIds?: number[];
  amenities?: string[];
}

export const MESSAGE_PREFIX = 'OFF-MARKET INQUIRY:';

/**
 * The budget (stored in EUR) in the agent's display currency by the shared conversion rule; in
 * another currency than EUR the EUR figure follows, so the message the admin reads is exact.
 */
function maxPriceText(eur: number, display: SummaryCurrency | undefined): string {
  const shown = `${budgetText(eur, display)} / week`;
  return display &&
    display.currency !== SITE_CURRENCY &&
    shown !== `${formatMoney(eur, SITE_CURRENCY)} / week`
    ? `${shown} (${formatMoney(eur, SITE_CURRENCY)})`
    : shown;
}

/** The criteria as label/value lines, 'Any' where a filter is not set; prices in `display`. */
export function criteriaLines(c: OffMarketCriteria, display?: SummaryCurrency): Array<[string, string]> {
  const dates =
    c.checkIn && c.checkOut
      ? `${formatLongDate(c.checkIn)} – ${formatLongDate(c.checkOut)}`
      : c.checkIn
        ? `From ${formatLongDate(c.checkIn)}`
        : 'Flexible';
  return [
    ['Country', c.country || 'Any'],
    ['Destination', c.destination || 'Any'],
    ['Dates', dates],
    ['Bedrooms', c.bedrooms ? `${c.bedrooms}+` : 'Any'],
    ['Max price', c.maxPrice ? maxPriceText(c.maxPrice, display) : 'Any'],
    ['Amenities', c.amenities?.length ? c.amenities.join(', ') : 'Any'],
  ];
}

/**
 * The message the off-market inquiry sends: 'OFF-MARKET INQUIRY:', the agent's message,
 * then the search criteria, the budget and the special requests, one per line. The prefix is what
 * the admin list uses to label it 'Off-Market Property'.
 */
export function composeOffMarketMessage(args: {
  message: string;
  criteria: OffMarketCriteria;
  budget: string;
  specialRequests: string;
  display?: SummaryCurrency;
}): string {
  const lines = [MESSAGE_PREFIX];
  if (args.message.trim()) lines.push(args.message.trim());
  lines.push(
    '',
    'Search criteria:',
    ...criteriaLines(args.criteria, args.display).map(([k, v]) => `${k}: ${v}`),
  );
  lines.push('', `Budget: ${args.budget.trim() || 'Not specified'}`);
  lines.push(`Special requests: ${args.specialRequests.trim() || 'None'}`);
  return lines.join('\n');
}

/** The criteria as stored data (searchCriteria): only what is set. */
export function criteriaObject(c: OffMarketCriteria): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(c).filter(([, v]) => v != null && v !== '' && !(Array.isArray(v) && v.length === 0)),
  );
}
