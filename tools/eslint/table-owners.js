import path from 'node:path';

// One owner per table (docs/decisions/017-layering.md): each table of the Drizzle schema
// (packages/db/src/schema, imported as @villas/db/schema) is written (INSERT, UPDATE, DELETE) by one server module's
// repository; another module that needs a write calls the owner's service, inside its own
// transaction where it must. The lint rule `local/one-owner-per-table` (./one-owner-per-table.js)
// checks every write it can see against this map, and a table missing here fails it too.

/** The repository root: paths below are relative to it. */
export const repoRoot = path.resolve(import.meta.dirname, '../..');

/** Where the modules live: an owner below is a folder of it. */
export const modulesDir = 'apps/server/src/modules';

/** Where the Drizzle schema lives: `export const x = pgTable('name', …)` names a table. */
export const schemaDir = 'packages/db/src/schema';

/** The package entry of that schema: an import of it (or below it) is a schema import. */
export const schemaPackage = '@villas/db/schema';

/**
 * Table → the module (folder under apps/server/src/modules) whose repository writes it, or null
 * when no module does (the reason beside it; its other writers, if any, are in `otherWriters`).
 */
export const owners = {
  users: 'users',
  sessions: 'sessions',
  notifications: 'notifications',
  // The outbox is infrastructure below the modules: see lib/mailer.ts in otherWriters.
  mail_outbox: null,
  audit_log: 'audit',
  rate_limits: 'auth',
  regions: 'locations',
  subregions: 'locations',
  amenity_categories: 'amenities',
  amenities: 'amenities',
  properties: 'properties',
  property_images: 'properties',
  daily_pricing: 'calendar',
  availability: 'calendar',
  // Kept by triggers on daily_pricing and availability (migration 0009_stay_sums): nothing in the
  // app writes them.
  stay_spans: null,
  stay_sums: null,
  // Written by triggers (migration 0014_search_changes); the search index's repository deletes old rows.
  search_changes: 'properties',
  exchange_rates: 'exchange-rates',
  inquiries: 'inquiries',
  white_label_links: 'white-label',
  white_label_views: 'white-label',
  white_label_inquiries: 'white-label',
  // In the data model, but no feature writes it yet: its feature's module becomes the owner.
  agent_commissions: null,
  holds: 'holds',
  stay_rules: 'stay-rules',
  api_connections: 'integrations',
  sync_jobs: 'integrations',
  sync_monitoring: 'integrations',
  scheduled_runs: 'integrations',
  ical_feeds: 'integrations',
  ical_export_tokens: 'integrations',
  synced_properties: 'integrations',
};

/**
 * Writers outside the owning module, each allowed for the files (globs, relative to the
 * repository root) and tables ('*' = all) named, with the reason.
 */
export const otherWriters = [
  {
    files: ['apps/server/src/lib/mailer.ts'],
    tables: ['mail_outbox'],
    reason: 'The mailer queues and delivers every mail through its outbox; no module owns it.',
  },
  {
    files: ['apps/server/src/db/bootstrap.ts'],
    tables: ['users'],
    reason: 'Creates (or resets) the first administrator at start-up, before any module serves.',
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', '**/*.fixtures.ts', '**/testing/**', 'apps/server/test/**'],
    tables: '*',
    reason: 'Tests set up rows directly and check what was written (they may cross the boundaries).',
  },
  {
    files: ['packages/demo-data/src/**'],
    tables: [
      'users',
      'notifications',
      'amenity_categories',
      'amenities',
      'exchange_rates',
      'regions',
      'subregions',
      'properties',
      'property_images',
      'daily_pricing',
      'availability',
      'stay_rules',
    ],
    reason: 'Seeds the demo catalogue and accounts into a new database in bulk, before the app serves.',
  },
  {
    files: ['bench/**'],
    tables: [
      'regions',
      'subregions',
      'amenities',
      'exchange_rates',
      'properties',
      'property_images',
      'daily_pricing',
      'availability',
      'stay_rules',
    ],
    reason: "Generates the benchmark's large catalogue in its own throw-away database.",
  },
  {
    files: ['packages/db/drizzle/**'],
    tables: '*',
    reason: 'Migrations create and change the tables (generated SQL files, which the lint does not read).',
  },
];
