// Test data for the admin overview tests (only imported from *.test.tsx files).
import { addDays, type AdminInsight, type AdminOverview } from '@villas/shared';

export const overviewFixture: AdminOverview = {
  asOf: '2026-07-21',
  totalProperties: 48,
  availableNow: 31,
  averageNightlyPriceEur: 2466.67,
  medianNightlyPriceEur: 1850,
  pricedProperties: 45,
  destinations: 12,
  countries: 5,
};

type WeekCounts = Partial<Omit<AdminInsight['inquiriesPerWeek'][number], 'weekStart'>>;

/**
 * A 90-day window ending on Tuesday 2026-07-21 (first day 2026-04-23, a Thursday): 14 Sunday weeks.
 * `views` maps a day index (0 … 89) to its count, `weeks` a week index to its counts.
 */
export function makeInsight({
  views = {},
  weeks = {},
}: { views?: Record<number, number>; weeks?: Record<number, WeekCounts> } = {}): AdminInsight {
  const from = '2026-04-23';
  const to = '2026-07-21';
  return {
    from,
    to,
    viewsPerDay: Array.from({ length: 90 }, (_, i) => ({ date: addDays(from, i), views: views[i] ?? 0 })),
    inquiriesPerWeek: Array.from({ length: 14 }, (_, i) => ({
      weekStart: addDays('2026-04-19', i * 7),
      offMarket: 0,
      contact: 0,
      booking: 0,
      whiteLabel: 0,
      ...weeks[i],
    })),
  };
}
