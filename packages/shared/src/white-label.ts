import { z } from 'zod';
import { dbIdSchema, emailSchema, optionalText, pagingQuerySchema, pathIdSchema } from './common.js';
import { WL_INQUIRY_STATUSES } from './constants.js';
import { isNotPastStart, isoDateSchema, PAST_CHECK_IN_MESSAGE } from './dates.js';
import { propertyTypeSchema } from './property.js';

/**
 * Both creation shapes of seed 000 §7: the dashboard's {agentId, title, propertyIds, searchFilters}
 * and the agent dialog's {title, description, agentId, agentName, agentEmail, propertyIds, isActive}.
 */
export const createWhiteLabelSchema = z.object({
  agentId: dbIdSchema,
  title: z.string({ error: 'Title is required' }).trim().min(1, 'Title is required').max(200),
  description: optionalText(2000),
  agentName: optionalText(200),
  agentEmail: z.preprocess((v) => (v === '' ? null : v), emailSchema.nullish()),
  companyName: optionalText(200),
  propertyIds: z
    .array(dbIdSchema)
    .min(1, 'Please select at least one property to create a white-label link')
    .max(100)
    .refine((ids) => new Set(ids).size === ids.length, 'Each property can be added only once'),
  searchFilters: z.record(z.string(), z.unknown()).nullish(),
  isActive: z.boolean().default(true),
  expiresAt: z.iso.datetime({ offset: true, error: 'expiresAt must be an ISO date-time' }).nullish(),
});
export type CreateWhiteLabelInput = z.input<typeof createWhiteLabelSchema>;

export const whiteLabelLinkSchema = z.object({
  id: z.number().int(),
  uuid: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  agentName: z.string().nullable(),
  agentEmail: z.string().nullable(),
  companyName: z.string().nullable(),
  propertyIds: z.array(z.number().int()),
  propertyNames: z.array(z.string()).optional(),
  searchFilters: z.record(z.string(), z.unknown()).nullable(),
  isActive: z.boolean(),
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
  viewCount: z.number().int(),
});
export type WhiteLabelLink = z.infer<typeof whiteLabelLinkSchema>;

/** What a client may see of a villa on a shared link: no trade rates, no internal fields. */
export const publicPropertySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  location: z.string(),
  region: z.string().nullable(),
  subregion: z.string().nullable(),
  bedrooms: z.number().int(),
  maxGuests: z.number().int(),
  propertyType: propertyTypeSchema,
  amenities: z.array(z.string()),
  images: z.array(z.string()),
  available: z.boolean(),
});
export type PublicProperty = z.infer<typeof publicPropertySchema>;

export const publicWhiteLabelSchema = z.object({
  link: z.object({
    uuid: z.string(),
    title: z.string(),
    description: z.string().nullable(),
    agentName: z.string().nullable(),
    companyName: z.string().nullable(),
    agentEmail: z.string().nullable(),
    expiresAt: z.string().nullable(),
  }),
  properties: z.array(publicPropertySchema),
});
export type PublicWhiteLabel = z.infer<typeof publicWhiteLabelSchema>;

export const bookingRequestSchema = z
  .object({
    propertyId: dbIdSchema,
    clientName: z.string({ error: 'Your name is required' }).trim().min(1, 'Your name is required').max(200),
    clientEmail: emailSchema,
    clientPhone: optionalText(40),
    message: optionalText(5000),
    checkIn: z.preprocess((v) => (v === '' ? undefined : v), isoDateSchema.nullish()),
    checkOut: z.preprocess((v) => (v === '' ? undefined : v), isoDateSchema.nullish()),
    guests: z.number().int('Guests must be a whole number').min(1, 'At least 1 guest').max(500).nullish(),
  })
  .refine((v) => !(v.checkIn && v.checkOut) || v.checkOut > v.checkIn, {
    message: 'Check-out must be after check-in',
    path: ['checkOut'],
  })
  .refine((v) => isNotPastStart(v.checkIn), { message: PAST_CHECK_IN_MESSAGE, path: ['checkIn'] });
export type BookingRequestInput = z.input<typeof bookingRequestSchema>;

export const whiteLabelInquirySchema = z.object({
  id: z.number().int(),
  linkId: z.number().int(),
  linkTitle: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  propertyId: z.number().int().nullable(),
  propertyName: z.string().nullable(),
  checkInDate: z.string().nullable(),
  checkOutDate: z.string().nullable(),
  guests: z.number().int().nullable(),
  message: z.string().nullable(),
  status: z.enum(WL_INQUIRY_STATUSES),
  createdAt: z.string(),
});
export type WhiteLabelInquiry = z.infer<typeof whiteLabelInquirySchema>;

export const whiteLabelInquiryStatusSchema = z.object({
  status: z.enum(WL_INQUIRY_STATUSES, { error: 'Status must be pending, contacted, converted or closed' }),
});

/** Admin view (seed 001 §3): every link with its agent. */
export const adminWhiteLabelLinkSchema = whiteLabelLinkSchema.extend({
  agentId: z.number().int(),
  agentFullName: z.string(),
  agentAccountEmail: z.string(),
  searchCriteria: z.record(z.string(), z.unknown()).nullable(),
});
export type AdminWhiteLabelLink = z.infer<typeof adminWhiteLabelLinkSchema>;

/** `/api/white-label/{uuid}`: any text; a value that is not a link's uuid answers 404, not 400. */
export const uuidParamSchema = z.object({ uuid: z.string().min(1).max(100) });
export const agentIdParamSchema = z.object({
  agentId: pathIdSchema('agent id'),
});

export const whiteLabelInquiryCreatedSchema = z.object({
  id: z.number().int(),
  status: z.enum(WL_INQUIRY_STATUSES),
});

/** Admin list: optional paging plus `q`, matched against title, agent name and e-mail (link or account). */
export const adminWhiteLabelLinksQuerySchema = pagingQuerySchema.extend({
  q: z.string().trim().max(200, 'Search at most 200 characters').optional(),
});
