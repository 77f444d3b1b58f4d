import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { properties } from './catalogue';

/**
 * Outside booking platforms. Secrets are stored encrypted (AES-256-GCM, key derived from the app
 * secret with HKDF, bound to their column, row and base URL's origin: lib/secrets.ts,
 * modules/integrations/connections) and never sent back whole.
 */
export const apiConnections = pgTable('api_connections', {
  id: serial().primaryKey(),
  provider: text().notNull(),
  name: text().notNull(),
  apiKeyEncrypted: text().notNull(),
  apiSecretEncrypted: text(),
  baseUrl: text().notNull(),
  enabled: boolean().notNull().default(true),
  lastSync: timestamp({ withTimezone: true }),
  /**
   * How the connection's last run ended ('completed' or 'failed'; null before its first run), and for
   * a failure what the administrator is told (a provider failure in the one message of
   * lib/provider-error.ts, its cause only in the log and the sync report). Migration 0016.
   */
  lastSyncStatus: text(),
  lastSyncMessage: text(),
  propertyCount: integer().notNull().default(0),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * One row per run (a sync report): per connection, per iCal feed, comprehensive. `lockKey` names
 * what the run works on ('connection:3', 'feed:7', 'comprehensive'); the partial unique index lets
 * only one run per key be 'running' at a time, across every app instance on the database.
 */
export const syncJobs = pgTable(
  'sync_jobs',
  {
    id: serial().primaryKey(),
    jobType: text().notNull(),
    status: text().notNull().default('pending'),
    startedAt: timestamp({ withTimezone: true }),
    completedAt: timestamp({ withTimezone: true }),
    propertiesProcessed: integer().notNull().default(0),
    propertiesUpdated: integer().notNull().default(0),
    errorCount: integer().notNull().default(0),
    errorMessage: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    connectionId: integer().references(() => apiConnections.id, { onDelete: 'set null' }),
    feedId: integer().references(() => icalFeeds.id, { onDelete: 'set null' }),
    lockKey: text(),
    /** manual (an admin), schedule, or api (the Invenio test panel). */
    trigger: text().notNull().default('manual'),
    changesDetected: integer().notNull().default(0),
    newImagesCount: integer().notNull().default(0),
    calendarUpdates: integer().notNull().default(0),
    /** Refreshed while the run makes progress; a stale one after a crash marks the run failed. */
    heartbeatAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('sync_jobs_created_idx').on(t.createdAt.desc()),
    uniqueIndex('sync_jobs_running_lock_unique')
      .on(t.lockKey)
      .where(sql`${t.status} = 'running'`),
  ],
);

/** Detail rows of a run: one per property changed, and one per error. */
export const syncMonitoring = pgTable(
  'sync_monitoring',
  {
    id: serial().primaryKey(),
    syncJobId: integer()
      .notNull()
      .references(() => syncJobs.id, { onDelete: 'cascade' }),
    syncType: text().notNull(),
    operationType: text().notNull(),
    resourceId: text(),
    resourceName: text(),
    changeDetails: jsonb(),
    oldValues: jsonb(),
    newValues: jsonb(),
    errorMessage: text(),
    processingTime: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    propertyId: integer().references(() => properties.id, { onDelete: 'set null' }),
    description: text(),
    newImageCount: integer().notNull().default(0),
  },
  (t) => [
    index('sync_monitoring_job_idx').on(t.syncJobId),
    index('sync_monitoring_property_idx').on(t.propertyId),
  ],
);

/**
 * iCalendar import feeds of a property (Airbnb, Vrbo, Booking.com, an owner's calendar). A feed
 * created by a provider sync (a villa's `ical_url`) names its connection. `blockedDates` are the
 * nights the feed blocked at its last successful run (its availability rows carry source
 * 'ical:{id}').
 */
export const icalFeeds = pgTable(
  'ical_feeds',
  {
    id: serial().primaryKey(),
    propertyId: integer()
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    connectionId: integer().references(() => apiConnections.id, { onDelete: 'cascade' }),
    url: text().notNull(),
    label: text().notNull(),
    lastRunAt: timestamp({ withTimezone: true }),
    lastStatus: text(),
    lastError: text(),
    lastEventCount: integer(),
    blockedDates: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ical_feeds_property_url_unique').on(t.propertyId, t.url)],
);

/** The secret token of a property's iCalendar export feed (`/api/ical/{token}.ics`), rotatable. */
export const icalExportTokens = pgTable('ical_export_tokens', {
  propertyId: integer()
    .primaryKey()
    .references(() => properties.id, { onDelete: 'cascade' }),
  token: text().notNull().unique(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * Which connection brought a property in. A villa missing from its connection's list is marked
 * unavailable (vanishedAt), never deleted.
 */
export const syncedProperties = pgTable(
  'synced_properties',
  {
    propertyId: integer()
      .primaryKey()
      .references(() => properties.id, { onDelete: 'cascade' }),
    connectionId: integer().references(() => apiConnections.id, { onDelete: 'set null' }),
    provider: text().notNull(),
    externalId: text().notNull(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    vanishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('synced_properties_connection_idx').on(t.connectionId)],
);

/**
 * Scheduler claims: one row per task and time slot. The instance whose insert wins runs the slot;
 * every other instance's insert does nothing, so each scheduled run happens once.
 */
export const scheduledRuns = pgTable(
  'scheduled_runs',
  {
    name: text().notNull(),
    slot: timestamp({ withTimezone: true }).notNull(),
    claimedBy: text().notNull(),
    claimedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.name, t.slot] })],
);
