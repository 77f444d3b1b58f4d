import { formatLongDate, formatMoney } from '@villas/shared';

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

/** The criteria as label/value lines, 'Any' where a filter is not set. */
export function criteriaLines(c: OffMarketCriteria): Array<[string, string]> {
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
    ['Max price', c.maxPrice ? `${formatMoney(c.maxPrice, 'EUR')} / week` : 'Any'],
    ['Amenities', c.amenities?.length ? c.amenities.join(', ') : 'Any'],
  ];
}

/**
 * The message the off-market inquiry sends (seed 000 §7): 'OFF-MARKET INQUIRY:', the agent's message,
 * then the search criteria, the budget and the special requests, one per line. The prefix is what
 * the admin list uses to label it 'Off-Market Property'.
 */
export function composeOffMarketMessage(args: {
  message: string;
  criteria: OffMarketCriteria;
  budget: string;
  specialRequests: string;
}): string {
  const lines = [MESSAGE_PREFIX];
  if (args.message.trim()) lines.push(args.message.trim());
  lines.push('', 'Search criteria:', ...criteriaLines(args.criteria).map(([k, v]) => `${k}: ${v}`));
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
