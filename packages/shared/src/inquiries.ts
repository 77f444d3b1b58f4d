import { z } from 'zod';
import { dbIdSchema, emailSchema, optionalText, requiredText } from './common.js';
import { INQUIRY_KINDS, INQUIRY_STATUSES, INQUIRY_TYPES, type InquiryType } from './constants.js';
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
  createdAt: z.string(),
});
export type Inquiry = z.infer<typeof inquirySchema>;

export const inquiryStatusInputSchema = z.object({
  status: z.enum(INQUIRY_STATUSES, { error: 'Status must be pending, responded or closed' }),
});
export const inquiryCreatedSchema = z.object({ id: z.number().int(), status: z.enum(INQUIRY_STATUSES) });
