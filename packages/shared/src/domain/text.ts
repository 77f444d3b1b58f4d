import { LIMITS } from '../constants.js';

/** Cuts text to `max` characters and adds an ellipsis when anything was cut. */
export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max).trimEnd()}...` : text;
}

export const truncateDescription = (text: string) => truncate(text, LIMITS.descriptionChars);
export const truncateAmenity = (text: string) => truncate(text, LIMITS.amenityChars);

/** The card's amenity badges: the first 3 (cut at 15 characters) and the '+N more' count. */
export function cardAmenities(names: readonly string[]): { shown: string[]; more: number } {
  return {
    shown: names.slice(0, LIMITS.cardAmenities).map(truncateAmenity),
    more: Math.max(0, names.length - LIMITS.cardAmenities),
  };
}

/** Unread badge text: the count, or '9+' above nine; null when nothing is unread. */
export function unreadBadge(count: number): string | null {
  if (count <= 0) return null;
  return count > LIMITS.unreadBadgeMax ? `${LIMITS.unreadBadgeMax}+` : String(count);
}

/** The word for a count: `one` for 1, else `many` (the word + 's' unless given): 'night', 'nights'. */
export const pluralWord = (n: number, one: string, many = `${one}s`): string => (n === 1 ? one : many);

/**
 * A whole number with en-US thousands separators: 1200 → '1,200', as `toLocaleString('en-US')`
 * writes it. Written out for whole numbers because a browser's first use of Intl (which
 * toLocaleString is) starts its ICU data: 135–230 ms at Lighthouse's 4× CPU slowdown, measured in
 * Chromium, inside the public pages' hydration. Anything else (fractions, whole numbers past 2^53) goes to
 * Intl.
 */
export function groupThousands(n: number): string {
  if (!Number.isSafeInteger(n)) return n.toLocaleString('en-US');
  const digits = String(Math.abs(n));
  let out = digits.slice(0, ((digits.length - 1) % 3) + 1);
  for (let i = out.length; i < digits.length; i += 3) out += `,${digits.slice(i, i + 3)}`;
  return n < 0 || Object.is(n, -0) ? `-${out}` : out;
}

/** A count and its word, thousands grouped: '1 night', '14 nights', '1,200 properties'. */
export const plural = (n: number, one: string, many = `${one}s`): string =>
  `${groupThousands(n)} ${pluralWord(n, one, many)}`;

/** Bathrooms are shown as bedrooms + 1. */
export const bathroomsFor = (bedrooms: number) => bedrooms + 1;

/** Inquiry type label derived from the message prefix. */
export function inquiryTypeLabel(
  message: string,
): 'Off-Market Property' | 'Contact Form' | 'General Inquiry' {
  if (message.startsWith('OFF-MARKET INQUIRY:')) return 'Off-Market Property';
  if (message.startsWith('CONTACT FORM:')) return 'Contact Form';
  return 'General Inquiry';
}

/** White-label link title from the dashboard dialog: 'Company - Agent'. */
export const whiteLabelTitle = (company: string, agent: string) => `${company.trim()} - ${agent.trim()}`;

/**
 * Text folded for searching: accents removed, case ignored, curly apostrophes made straight and runs
 * of spaces collapsed, so 'cote d'azur' finds 'Côte d’Azur' and 'ZURICH' finds 'Zürich'.
 */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .replace(/[\u2018\u2019\u02bc`´]/g, "'")
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** Whether every word of the query occurs in one of the fields (folded as above). A blank query matches. */
export function matchesSearch(query: string, fields: ReadonlyArray<string | null | undefined>): boolean {
  const words = foldForSearch(query).split(' ').filter(Boolean);
  if (words.length === 0) return true;
  const haystack = foldForSearch(fields.filter(Boolean).join(' \u0000 '));
  return words.every((w) => haystack.includes(w));
}
