import { z } from 'zod';
import { dbIdSchema, pageQuerySchema, pageSchema, pagingQuerySchema, pathIdSchema } from './common.js';
import { isNotPastStart, isoDateSchema, nightsBetween, PAST_CHECK_IN_MESSAGE } from './dates.js';
import { plural } from './domain/text.js';

/**
 * Holds (options) on a villa's nights, placed from a booking inquiry (docs/decisions/013-holds.md):
 * the nights are blocked for everyone until the hold expires, is released or is confirmed.
 */
export const HOLD_STATUSES = ['active', 'released', 'confirmed', 'expired'] as const;
export type HoldStatus = (typeof HOLD_STATUSES)[number];

/** Where a hold comes from: an agent's own booking inquiry, or a client's request on a link. */
export const HOLD_INQUIRY_KINDS = ['booking', 'white-label'] as const;
export type HoldInquiryKind = (typeof HOLD_INQUIRY_KINDS)[number];

export const HOLD_LIMITS = {
  /** A hold lasts 48 hours unless the agent chooses otherwise … */
  defaultHours: 48,
  minHours: 1,
  /** … and at most 7 days. */
  maxHours: 7 * 24,
  /** The longest stay one hold may block. */
  maxNights: 90,
  /** The most holds an administrator releases in one call (POST /api/admin/holds/release). */
  maxReleaseIds: 200,
  /** The administrators' list of active holds: a page's size, and the most one page may hold. */
  adminPageSize: 50,
  adminMaxPageSize: 200,
} as const;

/** The expiry choices the forms offer (hours). */
export const HOLD_EXPIRY_CHOICES = [
  { hours: 24, label: '24 hours' },
  { hours: 48, label: '48 hours' },
  { hours: 72, label: '3 days' },
  { hours: 120, label: '5 days' },
  { hours: 168, label: '7 days' },
] as const;

export const HOLD_MESSAGES = {
  tooLong: 'A hold can last at most 7 days (168 hours)',
  tooShort: 'A hold lasts at least 1 hour',
  wholeHours: 'Choose the hold’s length in whole hours',
  checkOutAfterCheckIn: 'Check-out must be after check-in',
  tooManyNights: `A hold covers at most ${HOLD_LIMITS.maxNights} nights`,
  noDates: 'Choose check-in and check-out dates for the hold',
  inquiryKind: 'Inquiry kind must be booking or white-label',
  unavailable: (nights: string) => `These dates are no longer available: ${nights}`,
  inquiryNotFound: 'Inquiry not found',
  notFound: 'Hold not found',
  noVilla: 'This inquiry names no villa to hold',
  villaUnavailable: (name: string) => `${name} is not available for booking`,
  alreadyHeld: 'This inquiry already has an active hold: release it first to hold other dates',
  released: 'This hold was already released; its nights are free again',
  confirmed: 'This hold is already confirmed',
  expired: 'This hold has expired and its nights were released; place a new hold if the dates are still free',
  heldNights: (nights: string) =>
    `These nights are held for an agent: ${nights}. Release or confirm the hold first.`,
  /** A hold on an inquiry with dates: its nights lie within them (`stay` names them). */
  outsideInquiryDates: (stay: string) =>
    `A hold on this inquiry stays within its dates (${stay}): choose nights between its check-in and check-out`,
  /** A hold on a request without dates: at most `max` nights. */
  undatedTooLong: (max: number, nights: number) =>
    `A hold on a request without dates covers at most ${plural(max, 'night')} (these dates are ${plural(nights, 'night')}). Choose a shorter stay.`,
  /**
   * The agent keeps as many active holds as one agent may. `who` is the agent's name when an
   * administrator places the hold for them (null: the agent themself).
   */
  activeCap: (who: string | null, active: number, max: number) =>
    `${who ? `${who} already has` : 'You already have'} ${plural(active, 'active hold')}; one agent may keep at most ${max}. Release one or let one expire first.`,
  /** The hold's nights would take the agent's held nights over the cap. */
  nightsCap: (who: string | null, held: number, adding: number, max: number) =>
    `${who ? `${who} already holds` : 'You already hold'} ${plural(held, 'night')}; this hold’s ${adding} would make ${held + adding}, and one agent may hold at most ${max} nights at once. Release a hold or hold fewer nights.`,
  releaseIds: 'Send the ids of the holds to release as a list of numbers',
  releaseNone: 'Choose at least one hold to release',
  releaseTooMany: `Release at most ${HOLD_LIMITS.maxReleaseIds} holds at once`,
} as const;

const hoursSchema = z
  .number({ error: 'Choose how long the hold lasts, in hours' })
  .int(HOLD_MESSAGES.wholeHours)
  .min(HOLD_LIMITS.minHours, HOLD_MESSAGES.tooShort)
  .max(HOLD_LIMITS.maxHours, HOLD_MESSAGES.tooLong);

/**
 * POST /api/holds. The stay defaults to the inquiry's dates; the agent may name others (the client's
 * request may be open-ended). The expiry defaults to 48 hours, at most 7 days.
 */
export const holdInputSchema = z
  .object({
    inquiryId: dbIdSchema,
    inquiryKind: z
      .string()
      .refine((v) => (HOLD_INQUIRY_KINDS as readonly string[]).includes(v), HOLD_MESSAGES.inquiryKind)
      .transform((v) => v as HoldInquiryKind)
      .default('booking'),
    checkIn: isoDateSchema.optional(),
    checkOut: isoDateSchema.optional(),
    expiresInHours: hoursSchema.default(HOLD_LIMITS.defaultHours),
  })
  .refine((v) => !(v.checkIn && v.checkOut) || v.checkOut > v.checkIn, {
    message: HOLD_MESSAGES.checkOutAfterCheckIn,
    path: ['checkOut'],
  })
  .refine((v) => isNotPastStart(v.checkIn), { message: PAST_CHECK_IN_MESSAGE, path: ['checkIn'] })
  .refine(
    (v) => !(v.checkIn && v.checkOut) || nightsBetween(v.checkIn, v.checkOut) <= HOLD_LIMITS.maxNights,
    { message: HOLD_MESSAGES.tooManyNights, path: ['checkOut'] },
  );
export type HoldInput = z.input<typeof holdInputSchema>;

export const holdSchema = z.object({
  id: z.number().int(),
  propertyId: z.number().int(),
  propertyName: z.string(),
  agentId: z.number().int(),
  agentName: z.string(),
  agentCompany: z.string().nullable(),
  inquiryKind: z.enum(HOLD_INQUIRY_KINDS),
  /** The inquiry's id (null once the inquiry is gone). */
  inquiryId: z.number().int().nullable(),
  clientName: z.string(),
  checkIn: z.string(),
  checkOut: z.string(),
  nights: z.number().int(),
  /** An active hold past its expiry reads 'expired' even before the sweeper has freed it. */
  status: z.enum(HOLD_STATUSES),
  expiresAt: z.string(),
  createdAt: z.string(),
  closedAt: z.string().nullable(),
  /** Who released or confirmed it (null for an expiry or while active). */
  closedByName: z.string().nullable(),
});
export type Hold = z.infer<typeof holdSchema>;

export const holdListQuerySchema = z.object({
  status: z
    .enum(HOLD_STATUSES, { error: 'Status must be active, released, confirmed or expired' })
    .optional(),
  propertyId: pathIdSchema('property id').optional(),
  ...pagingQuerySchema.shape,
});

/** `GET /api/admin/holds`: every agent's holds in force, newest first, paged. */
export const adminHoldsQuerySchema = z.object({
  ...pageQuerySchema(HOLD_LIMITS.adminPageSize, HOLD_LIMITS.adminMaxPageSize).shape,
});
export type AdminHoldsQuery = z.input<typeof adminHoldsQuerySchema>;

export const holdPageSchema = pageSchema(holdSchema);
export type HoldPage = z.infer<typeof holdPageSchema>;

/** `POST /api/admin/holds/release`: the holds an administrator releases at once. */
export const holdReleaseInputSchema = z.object({
  ids: z
    .array(dbIdSchema, { error: HOLD_MESSAGES.releaseIds })
    .min(1, HOLD_MESSAGES.releaseNone)
    .max(HOLD_LIMITS.maxReleaseIds, HOLD_MESSAGES.releaseTooMany),
});
export type HoldReleaseInput = z.input<typeof holdReleaseInputSchema>;

/**
 * What a release of several holds did: the ids released, and the ids that were not active any more
 * (released, confirmed or expired meanwhile, or no such hold), each in ascending order.
 */
export const holdReleaseResultSchema = z.object({
  released: z.array(z.number().int()),
  notActive: z.array(z.number().int()),
});
export type HoldReleaseResult = z.infer<typeof holdReleaseResultSchema>;

const MONTH = new Intl.DateTimeFormat('en-US', { month: 'long', timeZone: 'UTC' });
const parts = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return { y, m, d, month: MONTH.format(new Date(Date.UTC(y, m - 1, d))) };
};

/** One run of consecutive nights, en-US: 'July 12–14, 2026', 'July 30 – August 2, 2026'. */
function formatRun(first: string, last: string): string {
  const a = parts(first);
  const b = parts(last);
  if (first === last) return `${a.month} ${a.d}, ${a.y}`;
  if (a.y !== b.y) return `${a.month} ${a.d}, ${a.y} – ${b.month} ${b.d}, ${b.y}`;
  if (a.m !== b.m) return `${a.month} ${a.d} – ${b.month} ${b.d}, ${a.y}`;
  return `${a.month} ${a.d}–${b.d}, ${a.y}`;
}

/**
 * Nights (yyyy-MM-dd) as runs of consecutive dates for a message: 'July 12–14, 2026 and July 20,
 * 2026'. Each run names the nights themselves (the last night, not the check-out day).
 */
export function formatNightRuns(nights: readonly string[]): string {
  const sorted = [...new Set(nights)].sort();
  const runs: Array<[string, string]> = [];
  for (const night of sorted) {
    const run = runs[runs.length - 1];
    if (run && nightsBetween(run[1], night) === 1) run[1] = night;
    else runs.push([night, night]);
  }
  const texts = runs.map(([a, b]) => formatRun(a, b));
  if (texts.length <= 1) return texts.join('');
  return `${texts.slice(0, -1).join(', ')} and ${texts[texts.length - 1]}`;
}

/** 'Expires in 1 d 23 h', 'Expires in 5 h 12 min', 'Expires in 4 min', 'Expired'. */
export function holdCountdown(expiresAt: string | Date, now: Date = new Date()): string {
  const ms = new Date(expiresAt).getTime() - now.getTime();
  if (ms <= 0) return 'Expired';
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return 'Expires in less than a minute';
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  if (days > 0) return `Expires in ${days} d ${hours} h`;
  if (hours > 0) return `Expires in ${hours} h ${mins} min`;
  return `Expires in ${mins} min`;
}
