import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: serial().primaryKey(),
    email: text().notNull(),
    passwordHash: text().notNull(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    company: text().notNull(),
    agentLicense: text(),
    phone: text(),
    approved: boolean().notNull().default(false),
    role: text({ enum: ['agent', 'admin'] })
      .notNull()
      .default('agent'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /**
     * A random value the database replaces whenever the password, the e-mail or the approval
     * changes (trigger of migration 0015); sign-in device tokens are bound to it, so such a change
     * ends them for good (docs/decisions/006-login-limits.md).
     */
    credentialsStamp: uuid().notNull().defaultRandom(),
    /**
     * The last successful sign-in; null for an account that never signed in (its first sign-in is
     * greeted as such). Migration 0016 filled it for the accounts that existed before from their
     * sessions and their audited changes.
     */
    lastSignInAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex('users_email_lower_unique').on(sql`lower(${t.email})`)],
);

/** Server-side sessions: the cookie holds a random token, the table only its SHA-256 hash. */
export const sessions = pgTable(
  'sessions',
  {
    id: text().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    userAgent: text(),
    ipAddress: text(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

export const notifications = pgTable(
  'notifications',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text().notNull(),
    title: text().notNull(),
    message: text().notNull(),
    relatedId: integer(),
    relatedType: text(),
    read: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notifications_user_created_idx').on(t.userId, t.createdAt.desc())],
);

/**
 * Every outgoing e-mail is written here first, so nothing is lost when SMTP is down or absent. A
 * message still to send (pending, or failed and not given up) has `next_attempt_at`: the outbox
 * sends it again from then on, backing off after each failure (lib/mailer.ts).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial().primaryKey(),
    to: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text(),
    status: text({ enum: ['pending', 'sent', 'failed', 'logged'] })
      .notNull()
      .default('pending'),
    attempts: integer().notNull().default(0),
    lastError: text(),
    /** When the message is (re)sent at the latest; null once sent, logged or given up. */
    nextAttemptAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('mail_outbox_status_idx').on(t.status),
    index('mail_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.nextAttemptAt} is not null`),
  ],
);
