import { z } from 'zod';
import {
  dbIdSchema,
  emailSchema,
  optionalText,
  pageQuerySchema,
  pageSchema,
  pathIdSchema,
  requiredText,
} from './common.js';
import {
  INQUIRY_KINDS,
  INQUIRY_STATUSES,
  INQUIRY_TYPES,
  WL_INQUIRY_STATUSES,
  type InquiryType,
} from './constants.js';
import { isNotPastStart, isoDateSchema, PAST_CHECK_IN_MESSAGE } from './dates.js';

const optionalDate = z.preprocess((v) => (v === '' || v === null ? undefined : v), isoDateSchema.optional());

/** Contact form: propertyId null, inquiryType default 'other'. */
export const contactInquirySchema = z.object({
  type: z.literal('contact').optional(),
  firstName: requiredText('First name', 100),
  lastName: requiredText('Last name', 100),
  email: emailSchema,
  message: requiredText('Message', 5000),
  propertyId: z.null().optional(),
  // A refinement rather than z.enum: an enum mismatch would abort every branch of
  // inquiryInputSchema's union and leave only zod's generic 'Invalid input'.
  inquiryType: z
    .string()
    .refine(
      (v) => (INQUIRY_TYPES as readonly string[]).includes(v),
      'Inquiry type must be agent, property-manager or other',
    )
    .transform((v) => v as InquiryType)
    .default('other'),
});

/** Booking form of the property detail dialog. Guests ≤ the villa's maximum is checked on the server. */
export const bookingInquirySchema = z
  .object({
    type: z.literal('booking').optional(),
    firstName: requiredText('First name', 100),
    lastName: requiredText('Last name', 100),
    email: emailSchema,
    phone: optionalText(40),
    message: optionalText(5000),
    checkIn: optionalDate,
    checkOut: optionalDate,
    guests: z.number().int('Guests must be a whole number').min(1, 'At least 1 guest').max(500).default(1),
    propertyId: dbIdSchema,
  })
  .refine((v) => !(v.checkIn && v.checkOut) || v.checkOut > v.checkIn, {
    message: 'Check-out must be after check-in',
    path: ['checkOut'],
  })
  .refine((v) => isNotPastStart(v.checkIn), { message: PAST_CHECK_IN_MESSAGE, path: ['checkIn'] });

/** Off-market dialog: the message already carries the appended search criteria, budget and requests. */
export const offMarketInquirySchema = z.object({
  type: z.literal('off-market'),
  firstName: requiredText('First name', 100),
  lastName: requiredText('Last name', 100),
  email: emailSchema,
  phone: optionalText(40),
  message: optionalText(10_000),
  budget: optionalText(200),
  specialRequests: optionalText(5000),
  searchCriteria: z.record(z.string(), z.unknown()).nullish(),
  createdAt: z.string().optional(),
});

export const inquiryInputSchema = z.union([
  offMarketInquirySchema,
  bookingInquirySchema,
  contactInquirySchema,
]);
export type ContactInquiryInput = z.input<typeof contactInquirySchema>;
export type BookingInquiryInput = z.input<typeof bookingInquirySchema>;
export type OffMarketInquiryInput = z.input<typeof offMarketInquirySchema>;

export const inquirySchema = z.object({
  id: z.number().int(),
  kind: z.enum(INQUIRY_KINDS),
  /** 'Off-Market Property', 'Contact Form' or 'General Inquiry'. */
  typeLabel: z.string(),
  inquiryType: z.enum(INQUIRY_TYPES).nullable(),
  status: z.enum(INQUIRY_STATUSES),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  budget: z.string().nullable(),
  checkIn: z.string().nullable(),
  checkOut: z.string().nullable(),
  guests: z.number().int().nullable(),
  message: z.string(),
  specialRequests: z.string().nullable(),
  propertyId: z.number().int().nullable(),
  propertyName: z.string().nullable(),
  searchCriteria: z.record(z.string(), z.unknown()).nullable(),
  /**
   * The signed-in agent who sent a booking inquiry (from the session, never from the body), null
   * otherwise or once the account is deleted; their name and agency as they were when they sent it.
   */
  agentId: z.number().int().nullable(),
  agentName: z.string().nullable(),
  agencyName: z.string().nullable(),
  createdAt: z.string(),
});
export type Inquiry = z.infer<typeof inquirySchema>;

export const inquiryStatusInputSchema = z.object({
  status: z.enum(INQUIRY_STATUSES, { error: 'Status must be pending, responded or closed' }),
});
export const inquiryCreatedSchema = z.object({ id: z.number().int(), status: z.enum(INQUIRY_STATUSES) });

/**
 * The administrators' inbox (`GET /api/admin/inquiries`): every request, whichever way it came.
 * `contact` and `off-market` are the site's forms, `agent-booking` an agent's booking inquiry (kind
 * booking), `link-request` a client's booking request through an agent's white-label link.
 */
export const INBOX_SOURCES = ['contact', 'off-market', 'agent-booking', 'link-request'] as const;
export type InboxSource = (typeof INBOX_SOURCES)[number];
export const INBOX_SOURCE_LABELS: Record<InboxSource, string> = {
  contact: 'Contact form',
  'off-market': 'Off-market',
  'agent-booking': 'Agent booking inquiry',
  'link-request': 'Client request via link',
};
/** Every status a request can have: an inquiry's (pending, responded, closed) and a link request's. */
export const INBOX_STATUSES = ['pending', 'responded', 'contacted', 'converted', 'closed'] as const;
export type InboxStatus = (typeof INBOX_STATUSES)[number];
/** The statuses one source's requests move between (`PUT /api/inquiries/:id/status` or `PUT /api/white-label-inquiries/:id`). */
export const inboxStatusesOf = (source: InboxSource): readonly InboxStatus[] =>
  source === 'link-request' ? WL_INQUIRY_STATUSES : INQUIRY_STATUSES;
/** One page of the inbox. */
export const INBOX_PAGE_SIZE = 24;

const oneOf = (label: string, values: readonly string[]) =>
  `${label} must be one of ${values.slice(0, -1).join(', ')} or ${values.at(-1)}`;

/**
 * The inbox's filters, all optional and combined: `source`, `status`, `agentId` (the agent who sent
 * it, or whose link it came through), `propertyId` (the villa), `from`/`to` (received on or after /
 * on or before, UTC days); paged by `limit` (24) and `offset`; newest first.
 */
export const inboxQuerySchema = z
  .object({
    ...pageQuerySchema(INBOX_PAGE_SIZE, 100).shape,
    source: z.enum(INBOX_SOURCES, { error: oneOf('Source', INBOX_SOURCES) }).optional(),
    status: z.enum(INBOX_STATUSES, { error: oneOf('Status', INBOX_STATUSES) }).optional(),
    agentId: pathIdSchema('agentId').optional(),
    propertyId: pathIdSchema('propertyId').optional(),
    from: isoDateSchema.optional(),
    to: isoDateSchema.optional(),
  })
  .refine((q) => !(q.from && q.to) || q.from <= q.to, {
    message: 'The date range must end on or after its start',
    path: ['to'],
  });
export type InboxQuery = z.input<typeof inboxQuerySchema>;
/** The filters as read: ids as numbers, days as yyyy-MM-dd. */
export type InboxFilters = Omit<z.output<typeof inboxQuerySchema>, 'limit' | 'offset'>;

export const inboxItemSchema = z.object({
  /** Unique across sources: 'inquiry-12', 'link-request-5'. */
  key: z.string(),
  /** The row's id in its own table (inquiries or white_label_inquiries). */
  id: z.number().int(),
  source: z.enum(INBOX_SOURCES),
  status: z.enum(INBOX_STATUSES),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  propertyId: z.number().int().nullable(),
  propertyName: z.string().nullable(),
  checkIn: z.string().nullable(),
  checkOut: z.string().nullable(),
  guests: z.number().int().nullable(),
  message: z.string().nullable(),
  /** The agent who sent it, or whose link it came through; null when none or deleted. */
  agentId: z.number().int().nullable(),
  agentName: z.string().nullable(),
  agencyName: z.string().nullable(),
  /** A link request's link. */
  linkId: z.number().int().nullable(),
  linkTitle: z.string().nullable(),
  /** The site's forms: the contact form's inquiry type, an off-market request's budget and wishes. */
  inquiryType: z.enum(INQUIRY_TYPES).nullable(),
  budget: z.string().nullable(),
  specialRequests: z.string().nullable(),
  searchCriteria: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
});
export type InboxItem = z.infer<typeof inboxItemSchema>;

/** A page of the inbox, with `counts`: how many requests per status match the other filters. */
export const inboxPageSchema = pageSchema(inboxItemSchema).extend({
  counts: z.record(z.enum(INBOX_STATUSES), z.number().int()),
});
export type InboxPage = z.infer<typeof inboxPageSchema>;
