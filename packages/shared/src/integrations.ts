import { z } from 'zod';
import { dbIdSchema, pagingQuerySchema, pathIdSchema } from './common.js';
import { isoDateSchema } from './dates.js';

/** The providers offered in the API connection form. */
export const PROVIDERS = ['invenio', 'airbnb', 'vrbo', 'booking', 'expedia', 'custom'] as const;
export type Provider = (typeof PROVIDERS)[number];
export const providerSchema = z.enum(PROVIDERS, {
  error: `Provider must be one of ${PROVIDERS.join(', ')}`,
});

export const SYNC_STATUSES = ['running', 'completed', 'failed'] as const;
export type SyncStatus = (typeof SYNC_STATUSES)[number];

/** How often the Sync monitoring tab refetches the reports. */
export const SYNC_REPORTS_REFETCH_MS = 30_000;

export const INVENIO_DEFAULT_BASE_URL = 'https://api.inveniohomes.com';

const httpUrl = (label: string) =>
  z
    .string()
    .trim()
    .max(2000, `${label} must be at most 2000 characters`)
    .refine((v) => {
      try {
        return ['http:', 'https:'].includes(new URL(v).protocol);
      } catch {
        return false;
      }
    }, `${label} must be a URL starting with https:// or http://`);

const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/**
 * Connection name, API key and base URL are required; the API secret is optional.
 * All three missing gives the form's one message; otherwise each missing field gets its own.
 */
export const apiConnectionInputSchema = z
  .object({
    provider: providerSchema.default('custom'),
    name: z.preprocess(
      blank,
      z.string().trim().max(200, 'Connection name must be at most 200 characters').optional(),
    ),
    apiKey: z.preprocess(
      blank,
      z.string().trim().max(2000, 'API key must be at most 2000 characters').optional(),
    ),
    apiSecret: z.preprocess(
      blank,
      z.string().trim().max(2000, 'API secret must be at most 2000 characters').nullish(),
    ),
    baseUrl: z.preprocess(blank, httpUrl('Base URL').optional()),
    enabled: z.boolean({ error: 'Enabled must be true or false' }).default(true),
  })
  .superRefine((v, ctx) => {
    const missing = (['name', 'apiKey', 'baseUrl'] as const).filter((k) => !v[k]);
    if (missing.length === 3) {
      ctx.addIssue({
        code: 'custom',
        path: [],
        message: 'Connection name, API key and base URL are required',
      });
      return;
    }
    const label = { name: 'Connection name', apiKey: 'API key', baseUrl: 'Base URL' };
    for (const k of missing) ctx.addIssue({ code: 'custom', path: [k], message: `${label[k]} is required` });
  })
  .transform((v) => ({
    provider: v.provider,
    name: v.name!,
    apiKey: v.apiKey!,
    apiSecret: v.apiSecret ?? null,
    baseUrl: v.baseUrl!.replace(/\/+$/, ''),
    enabled: v.enabled,
  }));
export type ApiConnectionInput = z.input<typeof apiConnectionInputSchema>;

/** PATCH: the enable toggle (seed), and optionally new credentials or a new name / URL. */
export const apiConnectionUpdateSchema = z
  .object({
    enabled: z.boolean({ error: 'Enabled must be true or false' }).optional(),
    name: z.string().trim().min(1, 'Connection name is required').max(200).optional(),
    apiKey: z.string().trim().min(1, 'API key is required').max(2000).optional(),
    apiSecret: z.string().trim().max(2000).nullish(),
    baseUrl: httpUrl('Base URL').optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), 'Nothing to update');
export type ApiConnectionUpdate = z.input<typeof apiConnectionUpdateSchema>;

/** A connection as the API shows it: secrets only as a masked tail (`••••3f9a`), never whole. */
export const apiConnectionSchema = z.object({
  id: z.number(),
  provider: providerSchema,
  name: z.string(),
  apiKey: z.string(),
  apiSecret: z.string().nullable(),
  baseUrl: z.string(),
  enabled: z.boolean(),
  propertyCount: z.number(),
  /** When its last run ended (null: never run). */
  lastSync: z.string().nullable(),
  /** How its last run ended: 'completed' or 'failed' (null: never run, or not known). */
  lastSyncStatus: z.enum(['completed', 'failed']).nullable(),
  /**
   * A failed run's summary for the administrator: what to check, never a provider's raw error (its
   * cause is in the log and the run's sync report). Null after a run that completed.
   */
  lastSyncMessage: z.string().nullable(),
  createdAt: z.string(),
});
export type ApiConnection = z.infer<typeof apiConnectionSchema>;

/** Answer of every 'start a sync' call: the report to watch. */
export const syncStartedSchema = z.object({
  reportId: z.number(),
  status: z.enum(SYNC_STATUSES),
  message: z.string(),
});
export type SyncStarted = z.infer<typeof syncStartedSchema>;

export const syncPropertyChangeSchema = z.object({
  propertyId: z.number().nullable(),
  propertyName: z.string(),
  changeType: z.string(),
  changeDescription: z.string(),
  newImageCount: z.number(),
});
export const syncErrorSchema = z.object({
  message: z.string(),
  propertyName: z.string().nullable(),
});

/** One sync run as the monitoring tab lists it. `duration` is in ms (so far while running). */
export const syncReportSummarySchema = z.object({
  id: z.number(),
  jobType: z.string(),
  status: z.string(),
  trigger: z.string(),
  connectionId: z.number().nullable(),
  /** The connection's name (null for feed and comprehensive runs, or a deleted connection). */
  connectionName: z.string().nullable(),
  feedId: z.number().nullable(),
  startTime: z.string().nullable(),
  completedAt: z.string().nullable(),
  duration: z.number().nullable(),
  propertiesProcessed: z.number(),
  changesDetected: z.number(),
  newImagesCount: z.number(),
  calendarUpdates: z.number(),
  errorCount: z.number(),
  errorMessage: z.string().nullable(),
});
export type SyncReportSummary = z.infer<typeof syncReportSummarySchema>;

export const syncReportSchema = syncReportSummarySchema.extend({
  propertyChanges: z.array(syncPropertyChangeSchema),
  errors: z.array(syncErrorSchema),
});
export type SyncReport = z.infer<typeof syncReportSchema>;

export const syncReportsQuerySchema = z.object({
  ...pagingQuerySchema.shape,
  status: z.enum(SYNC_STATUSES).optional(),
});

/** Live statistics of the Sync monitoring tab. */
export const syncStatsSchema = z.object({
  running: z.number(),
  last24h: z.object({ completed: z.number(), failed: z.number(), changes: z.number(), errors: z.number() }),
  lastCompletedAt: z.string().nullable(),
  connections: z.object({ total: z.number(), enabled: z.number() }),
  syncedProperties: z.number(),
  icalFeeds: z.object({ total: z.number(), failing: z.number() }),
});
export type SyncStats = z.infer<typeof syncStatsSchema>;

const optionalNumber = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.coerce
    .number({ error: 'Must be a number' })
    .min(0, 'Must not be negative')
    .max(1_000_000_000, 'Must be at most 1,000,000,000')
    .optional(),
);
const optionalDate = z.preprocess((v) => (v === '' || v === null ? undefined : v), isoDateSchema.optional());
const optionalString = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.string().trim().max(200).optional(),
);

/**
 * The Test Invenio API panel's optional filters: dates, price range, bedroom range, search
 * term and destination name.
 */
export const invenioFiltersSchema = z.object({
  from_date: optionalDate,
  to_date: optionalDate,
  from_price: optionalNumber,
  to_price: optionalNumber,
  min_bedrooms: optionalNumber,
  max_bedrooms: optionalNumber,
  search_term: optionalString,
  destination_name: optionalString,
  v_uuid: optionalString,
});
export type InvenioFilters = z.infer<typeof invenioFiltersSchema>;

/**
 * `POST /api/invenio/{villas,search,pricing,sync}`: credentials (apiSecret is the BP UUID) and
 * optional filters, flat or under `filters`. The check for key and secret is the service's (its
 * message is the original 'Please provide API Key and BP UUID').
 */
export const invenioRequestSchema = z
  .object({
    apiKey: z.string().trim().max(2000).optional(),
    apiSecret: z.string().trim().max(2000).optional(),
    baseUrl: z.preprocess(blank, httpUrl('Base URL').optional()),
    connectionId: dbIdSchema.optional(),
    filters: invenioFiltersSchema.optional(),
  })
  .and(invenioFiltersSchema);
export type InvenioRequest = z.input<typeof invenioRequestSchema>;

/** The answer the Test Invenio API panel reads: success, data; a sync adds synced, updated. */
export const invenioResultSchema = z.object({
  success: z.boolean(),
  data: z.unknown(),
  synced: z.number().optional(),
  updated: z.number().optional(),
  count: z.number().optional(),
  reportId: z.number().optional(),
});
export type InvenioResult = z.infer<typeof invenioResultSchema>;

/** iCal import feeds of a property (shown in the property dialog). */
export const icalFeedInputSchema = z.object({
  url: z
    .string({ error: 'Feed URL is required' })
    .trim()
    .min(1, 'Feed URL is required')
    .max(2000)
    .refine((v) => {
      try {
        return ['http:', 'https:', 'webcal:'].includes(new URL(v).protocol);
      } catch {
        return false;
      }
    }, 'Feed URL must start with https://, http:// or webcal://'),
  label: z.string().trim().max(100, 'Label must be at most 100 characters').optional(),
});
export type IcalFeedInput = z.input<typeof icalFeedInputSchema>;

export const icalFeedSchema = z.object({
  id: z.number(),
  propertyId: z.number(),
  url: z.string(),
  label: z.string(),
  connectionId: z.number().nullable(),
  lastRunAt: z.string().nullable(),
  lastStatus: z.string().nullable(),
  lastError: z.string().nullable(),
  lastEventCount: z.number().nullable(),
  blockedNights: z.number(),
});
export type IcalFeed = z.infer<typeof icalFeedSchema>;

export const icalExportSchema = z.object({
  url: z.string(),
  path: z.string(),
});
export type IcalExport = z.infer<typeof icalExportSchema>;

export const propertyFeedParamsSchema = z.object({ id: pathIdSchema(), feedId: pathIdSchema('feed id') });
/** `/api/ical/{token}.ics`: the router strips the `.ics`. */
export const icalTokenParamsSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'Unknown calendar'),
});
