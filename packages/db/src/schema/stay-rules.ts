import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { properties } from './catalogue';

/**
 * Stay rules: for one villa and one period (first and last day both included), the
 * fewest nights a stay starting in the period may have and/or the ISO weekdays (1 = Monday …
 * 7 = Sunday) it may start on. A stay follows the rule of its check-in date. At least one of the two
 * is set, and one villa's periods never overlap: the exclusion constraint `stay_rules_no_overlap`
 * of migration `stay_rules` (a GiST index over the property as a one-value int4range and the period
 * as a daterange, so no btree_gist extension is needed) refuses a second rule for any day.
 *
 * `source` null = the administrator's (calendar manager); 'invenio' = written by the Invenio sync,
 * which replaces its own rules of the villa at each run and never touches the administrator's.
 */
export const stayRules = pgTable(
  'stay_rules',
  {
    id: serial().primaryKey(),
    propertyId: integer()
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    startDate: date({ mode: 'string' }).notNull(),
    endDate: date({ mode: 'string' }).notNull(),
    minNights: smallint(),
    checkInDays: smallint().array(),
    source: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A dated search looks up the rule of its check-in date per villa: property, then period start.
    index('stay_rules_property_start_idx').on(t.propertyId, t.startDate),
    check('stay_rules_period_check', sql`${t.startDate} <= ${t.endDate}`),
    check('stay_rules_something_check', sql`${t.minNights} is not null or ${t.checkInDays} is not null`),
    check('stay_rules_min_nights_check', sql`${t.minNights} between 2 and 365`),
    check(
      'stay_rules_checkin_days_check',
      sql`cardinality(${t.checkInDays}) between 1 and 6 and ${t.checkInDays} <@ '{1,2,3,4,5,6,7}'::smallint[]`,
    ),
  ],
);
