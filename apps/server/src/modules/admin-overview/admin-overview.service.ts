import { addDays, INSIGHT_DAYS, todayIso, type AdminInsight, type AdminOverview } from '@villas/shared';
import type { Queryable } from '@villas/db/client';
import { num } from '../../lib/time';
import * as repo from './admin-overview.repository';

/**
 * The summary cards (total properties, available now, average price per night in EUR,
 * destinations) with real figures; 'today' is the UTC date.
 */
export async function getOverview(db: Queryable, now = new Date()): Promise<AdminOverview> {
  const today = todayIso(now);
  const r = await repo.overviewFigures(db, { today });
  return {
    asOf: today,
    totalProperties: r.totalProperties,
    availableNow: r.availableNow,
    averageNightlyPriceEur: num(r.averageNightlyPriceEur),
    medianNightlyPriceEur: num(r.medianNightlyPriceEur),
    pricedProperties: r.pricedProperties,
    destinations: r.destinations,
    countries: r.countries,
  };
}

/** Link views per day and inquiries per week over the last 90 days, today included. */
export async function getInsight(db: Queryable, now = new Date()): Promise<AdminInsight> {
  const to = todayIso(now);
  const from = addDays(to, -(INSIGHT_DAYS - 1));
  const [viewsPerDay, inquiriesPerWeek] = [
    await repo.viewsPerDay(db, { from, to }),
    await repo.inquiriesPerWeek(db, { from, to }),
  ];
  return {
    from,
    to,
    viewsPerDay: viewsPerDay.map((r) => ({ date: r.date, views: Number(r.views) })),
    inquiriesPerWeek: inquiriesPerWeek.map((r) => ({
      weekStart: r.weekStart,
      offMarket: Number(r.offMarket),
      contact: Number(r.contact),
      booking: Number(r.booking),
      whiteLabel: Number(r.whiteLabel),
    })),
  };
}
