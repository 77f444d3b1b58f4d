import {
  formatLongDate,
  INSIGHT_DAYS,
  INSIGHT_INQUIRY_SERIES,
  type AdminInsight,
  type InsightInquirySeries,
  plural,
} from '@villas/shared';

const SHORT_DATE = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
/** Short date for axes and tables: 'Jun 3'. Date-only values never shift with the time zone. */
export const shortDate = (date: string) => SHORT_DATE.format(new Date(`${date}T00:00:00Z`));

export const weekTotal = (w: AdminInsight['inquiriesPerWeek'][number]) =>
  INSIGHT_INQUIRY_SERIES.reduce((s, k) => s + w[k], 0);

/** Totals of the insight window, for the text summaries that stand in for the charts. */
export function insightTotals(data: AdminInsight) {
  const views = data.viewsPerDay.reduce((s, d) => s + d.views, 0);
  const busiest = data.viewsPerDay.reduce<AdminInsight['viewsPerDay'][number] | undefined>(
    (best, d) => (d.views > 0 && (!best || d.views > best.views) ? d : best),
    undefined,
  );
  const byType = Object.fromEntries(
    INSIGHT_INQUIRY_SERIES.map((k) => [k, data.inquiriesPerWeek.reduce((s, w) => s + w[k], 0)]),
  ) as Record<InsightInquirySeries, number>;
  const inquiries = INSIGHT_INQUIRY_SERIES.reduce((s, k) => s + byType[k], 0);
  return { views, busiest, byType, inquiries };
}

const WINDOW = `in the last ${INSIGHT_DAYS} days`;

/** The types as adjectives of 'inquiries' in a sentence. */
const IN_SENTENCE: Record<InsightInquirySeries, string> = {
  offMarket: 'off-market',
  contact: 'contact form',
  booking: 'booking',
  whiteLabel: 'white-label',
};

/** '412 views in the last 90 days, busiest on June 3 (27).' */
export function viewsSummary(data: AdminInsight): string {
  const { views, busiest } = insightTotals(data);
  if (!views) return `No link views ${WINDOW}.`;
  return `${plural(views, 'view')} ${WINDOW}, busiest on ${formatLongDate(busiest!.date)} (${busiest!.views}).`;
}

/** '37 inquiries in the last 90 days: 12 off-market, 10 contact form, 9 booking, 6 white-label.' */
export function inquiriesSummary(data: AdminInsight): string {
  const { byType, inquiries } = insightTotals(data);
  if (!inquiries) return `No inquiries ${WINDOW}.`;
  const parts = INSIGHT_INQUIRY_SERIES.filter((k) => byType[k] > 0).map(
    (k) => `${byType[k].toLocaleString('en-US')} ${IN_SENTENCE[k]}`,
  );
  return `${plural(inquiries, 'inquiry', 'inquiries')} ${WINDOW}: ${parts.join(', ')}.`;
}
