import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { properties } from './catalogue';
import { inquiries, whiteLabelInquiries } from './engagement';
import { users } from './users';

/**
 * A hold (an option) on a villa's nights [checkIn, checkOut), placed from a booking inquiry
 * (docs/decisions/013-holds.md). While `active`, each night is an `availability` row with
 * `available = false` and `source = 'hold:{id}'`, written in the transaction that inserts the hold,
 * so search and every calendar see it. Release and expiry remove those rows; a confirmation turns
 * them into hand-set blocked nights (source null). A deleted hold (its agent or villa deleted) frees
 * its nights through the `holds_release_nights` trigger of migration `holds`.
 */
export const holds = pgTable(
  'holds',
  {
    id: serial().primaryKey(),
    propertyId: integer()
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    /** The agent the hold is for: the inquiry's owner (the administrator who placed it when none). */
    agentId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Who placed it: the agent, or an administrator on the agent's behalf. */
    createdById: integer().references(() => users.id, { onDelete: 'set null' }),
    /** The inquiry it came from: an agent's booking inquiry, or a client's request on a link. */
    inquiryId: integer().references(() => inquiries.id, { onDelete: 'set null' }),
    whiteLabelInquiryId: integer().references(() => whiteLabelInquiries.id, { onDelete: 'set null' }),
    /** The client's name at the time (the inquiry's name), shown in lists. */
    clientName: text().notNull(),
    checkIn: date({ mode: 'string' }).notNull(),
    checkOut: date({ mode: 'string' }).notNull(),
    status: text({ enum: ['active', 'released', 'confirmed', 'expired'] })
      .notNull()
      .default('active'),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** When it stopped being active (released, confirmed or expired) and by whom (null: expiry). */
    closedAt: timestamp({ withTimezone: true }),
    closedById: integer().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('holds_stay_check', sql`${t.checkOut} > ${t.checkIn}`),
    index('holds_active_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'active'`),
    index('holds_agent_idx').on(t.agentId, t.createdAt.desc()),
    index('holds_property_idx').on(t.propertyId, t.checkIn),
    // One active hold per inquiry: a second one would hold the same client twice.
    uniqueIndex('holds_active_inquiry_unique')
      .on(t.inquiryId)
      .where(sql`${t.status} = 'active' and ${t.inquiryId} is not null`),
    uniqueIndex('holds_active_wl_inquiry_unique')
      .on(t.whiteLabelInquiryId)
      .where(sql`${t.status} = 'active' and ${t.whiteLabelInquiryId} is not null`),
  ],
);
