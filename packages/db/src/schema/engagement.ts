import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uuid,
  boolean,
} from 'drizzle-orm/pg-core';
import { properties } from './catalogue';
import { users } from './users';

/**
 * Inquiries from the contact form, the booking form and the off-market dialog. They outlive the
 * property they name (set null + a name snapshot): an inquiry is never lost.
 */
export const inquiries = pgTable(
  'inquiries',
  {
    id: serial().primaryKey(),
    kind: text({ enum: ['contact', 'booking', 'off-market'] }).notNull(),
    /**
     * The signed-in agent who sent a booking inquiry (null: sent without an account), taken from the
     * session, never from the request's body.
     */
    agentId: integer().references(() => users.id, { onDelete: 'set null' }),
    /**
     * The agent's name and agency (the account's company) when they sent it (migration 0017): the
     * administrators' inbox still says who sent it once the account is deleted.
     */
    agentName: text(),
    agentCompany: text(),
    propertyId: integer().references(() => properties.id, { onDelete: 'set null' }),
    propertyName: text(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    email: text().notNull(),
    phone: text(),
    message: text().notNull().default(''),
    inquiryType: text({ enum: ['agent', 'property-manager', 'other'] }),
    checkIn: date({ mode: 'string' }),
    checkOut: date({ mode: 'string' }),
    guests: integer(),
    budget: text(),
    specialRequests: text(),
    searchCriteria: jsonb().$type<Record<string, unknown>>(),
    status: text({ enum: ['pending', 'responded', 'closed'] })
      .notNull()
      .default('pending'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('inquiries_created_idx').on(t.createdAt.desc()),
    index('inquiries_agent_idx').on(t.agentId, t.createdAt.desc()),
  ],
);

/**
 * An agent's branded selection. Deleting a link soft-deletes it (deletedAt) so the client inquiries
 * it brought in stay; a deleted link answers 404 everywhere.
 */
export const whiteLabelLinks = pgTable(
  'white_label_links',
  {
    id: serial().primaryKey(),
    uuid: uuid().notNull().unique(),
    agentId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    description: text(),
    agentName: text(),
    agentEmail: text(),
    companyName: text(),
    propertyIds: integer().array().notNull(),
    searchFilters: jsonb().$type<Record<string, unknown>>(),
    isActive: boolean().notNull().default(true),
    expiresAt: timestamp({ withTimezone: true }),
    deletedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /**
     * The agent's price on the link (docs/decisions/015-link-pricing-and-brochure.md): the client sees every price in
     * `currency` (EUR, USD, GBP or CHF) with the markup included. `markupValue` is whole basis points
     * for 'percent' (1000 = 10 %) and whole minor units of `currency` for 'fixed' (50000 = £500.00,
     * added once per stay, or per week on a link without dates); 0 for 'none'.
     */
    currency: text().notNull().default('EUR'),
    markupType: text().notNull().default('none'),
    markupValue: integer().notNull().default(0),
  },
  (t) => [
    index('white_label_links_agent_idx').on(t.agentId, t.createdAt.desc()),
    check('white_label_links_currency_check', sql`${t.currency} in ('EUR', 'USD', 'GBP', 'CHF')`),
    check(
      'white_label_links_markup_check',
      sql`${t.markupValue} >= 0 and (${t.markupType} in ('percent', 'fixed') or (${t.markupType} = 'none' and ${t.markupValue} = 0))`,
    ),
  ],
);

export const whiteLabelViews = pgTable(
  'white_label_views',
  {
    id: serial().primaryKey(),
    linkId: integer()
      .notNull()
      .references(() => whiteLabelLinks.id, { onDelete: 'cascade' }),
    viewedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    userAgent: text(),
    ipAddress: text(),
  },
  (t) => [index('white_label_views_link_idx').on(t.linkId, t.viewedAt)],
);

export const whiteLabelInquiries = pgTable(
  'white_label_inquiries',
  {
    id: serial().primaryKey(),
    whiteLabelLinkId: integer()
      .notNull()
      .references(() => whiteLabelLinks.id, { onDelete: 'cascade' }),
    propertyId: integer().references(() => properties.id, { onDelete: 'set null' }),
    propertyName: text(),
    clientName: text().notNull(),
    clientEmail: text().notNull(),
    clientPhone: text(),
    message: text(),
    checkIn: date({ mode: 'string' }),
    checkOut: date({ mode: 'string' }),
    guests: integer(),
    status: text({ enum: ['pending', 'contacted', 'converted', 'closed'] })
      .notNull()
      .default('pending'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('white_label_inquiries_link_idx').on(t.whiteLabelLinkId, t.createdAt.desc())],
);

export const agentCommissions = pgTable('agent_commissions', {
  id: serial().primaryKey(),
  agentId: integer()
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  propertyId: integer()
    .notNull()
    .references(() => properties.id, { onDelete: 'cascade' }),
  commissionRate: numeric({ precision: 5, scale: 2 }).notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
