import { PROPERTY_TYPE_LABELS, SITE_CURRENCY, type PropertyType } from '../constants.js';
import { formatLongDate, isValidIsoDate } from '../calendar.js';
import { convertMoney, type Rates } from './currency.js';
import { formatMoney } from './pricing.js';
import { plural } from './text.js';

const isBlank = (v: unknown) =>
  v === undefined || v === null || v === '' || v === 'any' || (Array.isArray(v) && v.length === 0);

const asDate = (v: unknown) => (typeof v === 'string' && isValidIsoDate(v) ? formatLongDate(v) : String(v));
/** The agent's display currency and the stored rates; without them budgets show in EUR. */
export interface SummaryCurrency {
  currency: string;
  rates: Rates;
}

/** A stored budget (EUR, the site currency) in the display currency by the conversion rule of currency.ts. */
export function budgetText(v: unknown, display: SummaryCurrency | undefined): string {
  const eur = Number(v);
  if (!Number.isFinite(eur)) return String(v);
  const to = display?.currency ?? SITE_CURRENCY;
  const converted = convertMoney(eur, SITE_CURRENCY, to, display?.rates);
  return converted == null ? formatMoney(eur, SITE_CURRENCY) : formatMoney(converted, to);
}

/** Keys that carry no search meaning for the agent. */
const IGNORED = new Set(['limit', 'offset']);

/**
 * A link's stored search filters as short, human labels (My Dashboard and the
 * admin White-label tab): country, destination, dates, bedrooms, prices and any other criteria such as
 * regionId, guests or propertyType. Unknown keys are shown as 'key: value' so nothing stored is hidden.
 * Budgets are stored in EUR; with `display` they are shown in the agent's currency.
 */
export function searchSummary(
  filters: Record<string, unknown> | null | undefined,
  display?: SummaryCurrency,
): string[] {
  if (!filters) return [];
  const f = Object.fromEntries(Object.entries(filters).filter(([k, v]) => !isBlank(v) && !IGNORED.has(k)));
  const out: string[] = [];
  const done = new Set<string>();
  const take = (key: string, label: (v: unknown) => string) => {
    if (key in f) out.push(label(f[key]));
    done.add(key);
  };

  take('country', (v) => String(v));
  take('destination', (v) => String(v));
  take('region', (v) => String(v));
  take('regionId', (v) => `Region #${String(v)}`);
  take('subregionId', (v) => `Destination #${String(v)}`);
  if ('checkIn' in f && 'checkOut' in f) out.push(`${asDate(f.checkIn)} – ${asDate(f.checkOut)}`);
  else if ('checkIn' in f) out.push(`From ${asDate(f.checkIn)}`);
  else if ('checkOut' in f) out.push(`Until ${asDate(f.checkOut)}`);
  done.add('checkIn').add('checkOut');
  take('bedrooms', (v) => `${String(v)}+ bedrooms`);
  take('guests', (v) => (Number.isFinite(Number(v)) ? plural(Number(v), 'guest') : `Guests: ${String(v)}`));
  take('propertyType', (v) => PROPERTY_TYPE_LABELS[v as PropertyType] ?? String(v));
  take('minPrice', (v) => `From ${budgetText(v, display)} / week`);
  take('maxPrice', (v) => `Up to ${budgetText(v, display)} / week`);
  take('amenityIds', (v) => (Array.isArray(v) ? plural(v.length, 'amenity', 'amenities') : String(v)));

  for (const [k, v] of Object.entries(f)) {
    if (done.has(k)) continue;
    out.push(
      `${k}: ${Array.isArray(v) ? v.join(', ') : typeof v === 'object' ? JSON.stringify(v) : String(v)}`,
    );
  }
  return out;
}

/** Removes blank and paging values before a search is stored with a link. */
export function cleanSearchFilters(filters: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(filters).filter(([k, v]) => !isBlank(v) && !IGNORED.has(k)));
}
