import { z } from 'zod';
import { MAX_ID, dbIdSchema, emailSchema, optionalText, pagingQuerySchema, pathIdSchema } from './common.js';
import { WL_INQUIRY_STATUSES } from './constants.js';
import { isNotPastStart, isoDateSchema, PAST_CHECK_IN_MESSAGE } from './dates.js';
import {
  hasAtMostTwoDecimals,
  MARKUP_TYPES,
  MAX_MARKUP_FIXED,
  MAX_MARKUP_PERCENT,
} from './domain/client-price.js';
import { currencySchema, propertyTypeSchema } from './property.js';

/**
 * The agent's price on a link (domain/client-price.ts): the display currency and what the client
 * sees: no prices ('none'), the catalogue price ('catalogue'), or the catalogue price with a markup,
 * a percentage or a fixed amount in that currency, above 0 and with at most 2 decimals. The limits
 * that depend on the markup type are checked by `checkLinkPricing` on the whole object.
 */
export const linkPricingFields = {
  currency: currencySchema.default('EUR'),
  markupType: z
    .enum(MARKUP_TYPES, { error: 'Markup type must be none, catalogue, percent or fixed' })
    .default('none'),
  markupValue: z
    .number({ error: 'Markup must be a number' })
    .min(0, 'Markup cannot be negative')
    // The column's bound (hundredths in an int4); checkLinkPricing gives each type's own limit below it.
    .max(MAX_ID / 100, 'Markup is too large')
    .refine(hasAtMostTwoDecimals, 'Markup can have at most 2 decimal places')
    .default(0),
};

/** Why an empty or 0 markup is refused: the catalogue price is a choice of its own. */
export const ZERO_MARKUP_MESSAGES = {
  percent: "Enter a percentage above 0, or choose 'Show the catalogue price'",
  fixed: "Enter an amount above 0, or choose 'Show the catalogue price'",
} as const;

/**
 * The checks across the pricing fields, for any object schema that has them. A percentage or a
 * fixed markup left out or at 0 is refused (it would show the client the catalogue price under
 * words that say a markup is included); 'none' and 'catalogue' carry no value.
 */
export function checkLinkPricing(
  v: { markupType?: string; markupValue?: number },
  ctx: z.RefinementCtx,
): void {
  const value = v.markupValue ?? 0;
  const issue = (message: string) => ctx.addIssue({ code: 'custom', path: ['markupValue'], message });
  if ((v.markupType === 'percent' || v.markupType === 'fixed') && value <= 0) {
    // A negative value already has its own message.
    if (value === 0) issue(ZERO_MARKUP_MESSAGES[v.markupType]);
  } else if (v.markupType === 'percent' && value > MAX_MARKUP_PERCENT) {
    issue(`A percentage markup can be at most ${MAX_MARKUP_PERCENT}%`);
  } else if (v.markupType === 'fixed' && value > MAX_MARKUP_FIXED) {
    issue(`A fixed markup can be at most ${MAX_MARKUP_FIXED.toLocaleString('en-US')}`);
  } else if (
    (v.markupType === undefined || v.markupType === 'none' || v.markupType === 'catalogue') &&
    value !== 0
  ) {
    issue('Choose a percentage or a fixed amount to add a markup');
  }
}

export const linkPricingSchema = z.object(linkPricingFields).superRefine(checkLinkPricing);
export type LinkPricingInput = z.input<typeof linkPricingSchema>;

/**
 * Both creation shapes: the dashboard's {agentId, title, propertyIds, searchFilters}
 * and the agent dialog's {title, description, agentId, agentName, agentEmail, propertyIds, isActive},
 * plus the agent's price (currency, markupType, markupValue; EUR and no prices shown by default). A plain
 * object, so forms can pick from it; the body of POST /api/white-label is `createWhiteLabelBodySchema`.
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
  ...linkPricingFields,
});
export type CreateWhiteLabelInput = z.input<typeof createWhiteLabelSchema>;
export const createWhiteLabelBodySchema = createWhiteLabelSchema.superRefine(checkLinkPricing);

/**
 * PATCH /api/white-label/{id}: any of the agent dialog's fields and the price; what is left out stays
 * as it is. The pricing checks run on the link as it will be (the service merges, then checks).
 */
export const updateWhiteLabelSchema = createWhiteLabelSchema
  .pick({
    title: true,
    description: true,
    agentName: true,
    agentEmail: true,
    companyName: true,
    propertyIds: true,
  })
  .extend({
    isActive: z.boolean({ error: 'isActive must be true or false' }),
    currency: linkPricingFields.currency.removeDefault(),
    markupType: linkPricingFields.markupType.removeDefault(),
    markupValue: linkPricingFields.markupValue.removeDefault(),
  })
  .partial()
  .refine((v) => Object.keys(v).length > 0, 'Nothing to change');
export type UpdateWhiteLabelInput = z.input<typeof updateWhiteLabelSchema>;

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
  currency: currencySchema,
  markupType: z.enum(MARKUP_TYPES),
  /** Percent for 'percent', units of `currency` for 'fixed', 0 for 'none' and 'catalogue'. */
  markupValue: z.number(),
});
export type WhiteLabelLink = z.infer<typeof whiteLabelLinkSchema>;

/**
 * A villa's price as its client sees it (domain/client-price.ts): whole units of the link's currency
 * with the agent's markup included, for a week ('from … per week') or for the link's stay; null =
 * 'Price on Request'. Never the trade price.
 */
export const clientPriceSchema = z.object({
  amount: z.number().int().nullable(),
  currency: currencySchema,
  basis: z.enum(['week', 'stay']),
  /** The stay's nights for 'stay', so a price line reads on its own: '£19,470 for 14 nights'. */
  nights: z.number().int().nullable(),
});
export type ClientPrice = z.infer<typeof clientPriceSchema>;

/** The stay a link was made for (its saved search's dates), when it has one. */
export const linkStaySchema = z.object({
  checkIn: z.string(),
  checkOut: z.string(),
  nights: z.number().int(),
});
export type LinkStay = z.infer<typeof linkStaySchema>;

/**
 * What a client may see of a villa on a shared link: no trade rates, no internal fields. The
 * response schema is the allow-list (anything else a service returns is dropped).
 */
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
  /** null: the link shows no prices (its markup type is 'none'), as links did before agents' prices. */
  price: clientPriceSchema.nullable(),
});
export type PublicProperty = z.infer<typeof publicPropertySchema>;

/** A phone number in E.164: '+', a country code and at most 15 digits in all. */
export const e164Schema = z.string().regex(/^\+[1-9]\d{6,14}$/, 'A phone number in E.164 form');

export const publicWhiteLabelSchema = z.object({
  link: z.object({
    uuid: z.string(),
    title: z.string(),
    description: z.string().nullable(),
    agentName: z.string().nullable(),
    companyName: z.string().nullable(),
    agentEmail: z.string().nullable(),
    /**
     * The agent's phone from their profile in E.164 ('+33493123456'), normalised by the server; null
     * when there is none or it cannot be read as an international number (then no phone is shown).
     */
    agentPhone: e164Schema.nullable(),
    expiresAt: z.string().nullable(),
    currency: currencySchema,
    stay: linkStaySchema.nullable(),
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

/** Admin view: every link with its agent. */
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

/**
 * POST /api/white-label/price-preview (agents): what the client will see for these villas with this
 * price, before the link is saved ('Your client sees: …'). Dates come from `searchFilters` like a
 * link's.
 */
export const linkPricePreviewSchema = z
  .object({
    propertyIds: createWhiteLabelSchema.shape.propertyIds,
    searchFilters: z.record(z.string(), z.unknown()).nullish(),
    ...linkPricingFields,
  })
  .superRefine(checkLinkPricing);
export type LinkPricePreviewInput = z.input<typeof linkPricePreviewSchema>;

export const linkPricePreviewAnswerSchema = z.object({
  stay: linkStaySchema.nullable(),
  villas: z.array(
    z.object({
      propertyId: z.number().int(),
      name: z.string(),
      /** null: with markup type 'none' the client sees no prices. */
      price: clientPriceSchema.nullable(),
      /** No rate converts the villa's currency to the link's: the client sees 'Price on Request'. */
      missingRate: z.boolean(),
      /** The villa's own currency (to name the missing rate). */
      villaCurrency: z.string(),
    }),
  ),
});
export type LinkPricePreview = z.infer<typeof linkPricePreviewAnswerSchema>;
