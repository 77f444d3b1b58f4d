/** The product's business constants (docs/product/). */
export const CURRENCIES = ['EUR', 'USD', 'GBP', 'CHF'] as const;
export type Currency = (typeof CURRENCIES)[number];
/** The single-date pricing dialog offers only these. */
export const SINGLE_DATE_CURRENCIES = ['EUR', 'USD', 'GBP'] as const;
export const SITE_CURRENCY: Currency = 'EUR';
/** The sign shown before an amount typed or read in the currency (the Swiss franc has none). */
export const CURRENCY_SYMBOLS: Record<Currency, string> = { EUR: '€', USD: '$', GBP: '£', CHF: 'CHF' };
/** A currency in a picker: 'GBP (£)', or 'CHF'. */
export const currencyLabel = (c: Currency): string => (c === 'CHF' ? c : `${c} (${CURRENCY_SYMBOLS[c]})`);

export const PROPERTY_TYPES = ['villa', 'chalet', 'private-island'] as const;
export type PropertyType = (typeof PROPERTY_TYPES)[number];
export const PROPERTY_TYPE_LABELS: Record<PropertyType, string> = {
  villa: 'Villa',
  chalet: 'Chalet',
  'private-island': 'Private Island',
};

export const ROLES = ['agent', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const INQUIRY_KINDS = ['contact', 'booking', 'off-market'] as const;
export type InquiryKind = (typeof INQUIRY_KINDS)[number];
export const INQUIRY_TYPES = ['agent', 'property-manager', 'other'] as const;
export type InquiryType = (typeof INQUIRY_TYPES)[number];
export const INQUIRY_STATUSES = ['pending', 'responded', 'closed'] as const;
export type InquiryStatus = (typeof INQUIRY_STATUSES)[number];
export const WL_INQUIRY_STATUSES = ['pending', 'contacted', 'converted', 'closed'] as const;
export type WhiteLabelInquiryStatus = (typeof WL_INQUIRY_STATUSES)[number];

export const LIMITS = {
  cardImages: 5,
  descriptionChars: 180,
  amenityChars: 15,
  cardAmenities: 3,
  amenityFilter: 15,
  maxBedroomFilter: 6,
  serviceFeeRate: 0.03,
  notificationPollMs: 30_000,
  unreadBadgeMax: 9,
  uploadMaxBytes: 10 * 1024 * 1024,
  toastDurationMs: 5_000,
  agentUserStaleMs: 5 * 60_000,
} as const;

export const SESSION_TTL_MS = 2 * 24 * 60 * 60 * 1000;
export const REMEMBER_ME_TTL_MS = 14 * 24 * 60 * 60 * 1000;

/**
 * A link's views count clients: the owning agent's own visits (signed in) are not views, and a
 * reload from the same browser (address and user agent) within this window is the same view.
 */
export const VIEW_REPEAT_WINDOW_MINUTES = 30;

/** The admin panel's tabs, in their order on screen; each is its own URL (`/admin/{tab}`). */
export const ADMIN_TABS = [
  'properties',
  'users',
  'white-label',
  'destinations',
  'notifications',
  'api-connections',
  'sync-monitoring',
] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];
/** Admin pages that are not tabs (linked from the panel's header). */
export const ADMIN_PAGES = ['audit-log'] as const;
