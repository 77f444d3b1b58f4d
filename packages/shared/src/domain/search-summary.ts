import { PROPERTY_TYPE_LABELS, type PropertyType } from '../constants.js';
import { formatLongDate, isValidIsoDate } from '../dates.js';
import { formatMoney } from './pricing.js';

const isBlank = (v: unknown) =>
  v === undefined || v === null || v === '' || v === 'any' || (Array.isArray(v) && v.length === 0);

const asDate = (v: unknown) => (typeof v === 'string' && isValidIsoDate(v) ? formatLongDate(v) : String(v));
const asMoney = (v: unknown) => (Number.isFinite(Number(v)) ? formatMoney(Number(v)) : String(v));
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Keys that carry no search meaning for the agent. */
const IGNORED = new Set(['limit', 'offset']);

/**
 * A link's stored search filters as short, human labels (seed 000 §2 My Dashboard, seed 001 §2
 * White-label tab): country, destination, dates, bedrooms, prices and any other criteria such as
 * regionId, guests or propertyType. Unknown keys are shown as 'key: value' so nothing stored is hidden.
 */
export function searchSummary(filters: Record<string, unknown> | null | undefined): string[] {
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
  take('minPrice', (v) => `From ${asMoney(v)} / week`);
  take('maxPrice', (v) => `Up to ${asMoney(v)} / week`);
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
