import { z } from 'zod';

/**
 * The Admin Panel's four summary cards (total properties, available now, the median price
 * per night in EUR, destinations), with real figures. Destinations are the subregions (what search
 * calls a destination), counted across the regions (countries): a fixed count would be a placeholder, not a figure
 * (docs/product/administration.md#access-and-overview).
 */
export const adminOverviewSchema = z.object({
  /** Today's UTC date, the day 'available now' is measured on. */
  asOf: z.string(),
  totalProperties: z.number().int(),
  /** Available flag on and today not blocked in the availability table. */
  availableNow: z.number().int(),
  /** Mean base price per night in EUR over the priced properties; null when none is priced. */
  averageNightlyPriceEur: z.number().nullable(),
  /**
   * Median of the same prices (half the priced properties cost less): the figure the card shows, since
   * a few islands at many times the rest pull the mean far above what a typical villa costs.
   */
  medianNightlyPriceEur: z.number().nullable(),
  /** How many properties the average covers: a base price above 0 and a known rate to EUR. */
  pricedProperties: z.number().int(),
  /** Subregions. */
  destinations: z.number().int(),
  /** Regions. */
  countries: z.number().int(),
});
export type AdminOverview = z.infer<typeof adminOverviewSchema>;

/** The insight window: today and the 89 days before it (UTC dates). */
export const INSIGHT_DAYS = 90;

/**
 * Inquiry series of the weekly chart: the three kinds of `inquiries` (contact form, booking form,
 * off-market dialog) plus the clients' booking requests on white-label links.
 */
export const INSIGHT_INQUIRY_SERIES = ['offMarket', 'contact', 'booking', 'whiteLabel'] as const;
export type InsightInquirySeries = (typeof INSIGHT_INQUIRY_SERIES)[number];
export const INSIGHT_INQUIRY_LABELS: Record<InsightInquirySeries, string> = {
  offMarket: 'Off-market',
  contact: 'Contact form',
  booking: 'Booking',
  whiteLabel: 'White-label request',
};

const count = z.number().int().min(0);

export const adminInsightSchema = z.object({
  /** First day of the window (yyyy-MM-dd). */
  from: z.string(),
  /** Last day of the window, today (yyyy-MM-dd). */
  to: z.string(),
  /** Every day of the window, oldest first; days without a view are 0. */
  viewsPerDay: z.array(z.object({ date: z.string(), views: count })),
  /**
   * Every week (Sunday start) that overlaps the window, oldest first; only inquiries
   * inside the window are counted, so the first and last weeks can be partial.
   */
  inquiriesPerWeek: z.array(
    z.object({
      weekStart: z.string(),
      offMarket: count,
      contact: count,
      booking: count,
      whiteLabel: count,
    }),
  ),
});
export type AdminInsight = z.infer<typeof adminInsightSchema>;
