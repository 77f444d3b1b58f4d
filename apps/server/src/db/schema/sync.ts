import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** Outside booking platforms. Secrets are stored encrypted (AES-GCM with the app secret). */
export const apiConnections = pgTable('api_connections', {
  id: serial().primaryKey(),
  provider: text().notNull(),
  name: text().notNull(),
  apiKeyEncrypted: text().notNull(),
  apiSecretEncrypted: text(),
  baseUrl: text().notNull(),
  enabled: boolean().notNull().default(true),
  lastSync: timestamp({ withTimezone: true }),
  propertyCount: integer().notNull().default(0),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

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
  },
  (t) => [index('sync_jobs_created_idx').on(t.createdAt.desc())],
);

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
  },
  (t) => [index('sync_monitoring_job_idx').on(t.syncJobId)],
);
