import { randomBytes } from 'node:crypto';
import {
  addDays,
  todayIso,
  type IcalExport,
  type IcalFeed,
  type icalFeedInputSchema,
  type Provider,
  type SyncStarted,
  plural,
} from '@villas/shared';
import type { z } from 'zod';
import type { Db, Queryable } from '@villas/db/client';
import { pgErrorCode } from '@villas/db/client';
import { ConflictError, NotFoundError } from '../../../lib/errors';
import { directScope, type WriteScope } from '../../../lib/write-scope';
import type { AuthUser } from '../../../plugins/auth';
import { listManualBlockedNights, replaceImportedNights } from '../../calendar/calendar.service';
import { registerAdapter, type IntegrationDeps, type ProviderAdapter } from '../integrations.service';
import { ProviderError, providerErrorOf } from '../../../lib/provider-error';
import { getProperty } from '../../properties/properties.service';
import type { JobRecorder } from '../sync/jobs.service';
import { renderCalendar } from './ical.export';
import { parseFeed, type ParsedFeed } from './ical.parse';

// The feed parser is part of this module's surface: the Invenio adapter reads its calendars with it.
export { parseFeed, type ParsedFeed };
import { handOverMap, sourceOf } from './feed-nights.service';
import * as repo from './ical.repository';

type FeedInput = z.output<typeof icalFeedInputSchema>;

/** Feeds are read up to two years ahead (the calendar's own window). */
export const FEED_HORIZON_DAYS = 730;
const FEED_MAX_BYTES = 5 * 1024 * 1024;

export function feedWindow(now = new Date()): { start: string; end: string } {
  const today = todayIso(now);
  // One day back: 'tonight' in time zones behind UTC.
  return { start: addDays(today, -1), end: addDays(today, FEED_HORIZON_DAYS) };
}

/** 'Airbnb', 'Vrbo', 'Booking.com' … from the feed's host. */
export function labelFor(url: string): string {
  let host: string;
  try {
    host = new URL(url.replace(/^webcal:/i, 'https:')).hostname.toLowerCase();
  } catch {
    return 'Calendar';
  }
  if (/(^|\.)airbnb\./.test(host)) return 'Airbnb';
  if (/(^|\.)(vrbo|homeaway)\./.test(host)) return 'Vrbo';
  if (/(^|\.)booking\.com$/.test(host)) return 'Booking.com';
  if (/(^|\.)expedia\./.test(host)) return 'Expedia';
  if (/(^|\.)google\.com$/.test(host)) return 'Google Calendar';
  return host.replace(/^www\./, '') || 'Calendar';
}

const PROVIDER_HOSTS: Partial<Record<Provider, RegExp>> = {
  airbnb: /(^|\.)airbnb\./,
  vrbo: /(^|\.)(vrbo|homeaway)\./,
  booking: /(^|\.)booking\.com$/,
  expedia: /(^|\.)expedia\./,
};

function toFeed(row: repo.FeedRow): IcalFeed {
  return {
    id: row.id,
    propertyId: row.propertyId,
    url: row.url,
    label: row.label,
    connectionId: row.connectionId,
    lastRunAt: row.lastRunAt?.toISOString() ?? null,
    lastStatus: row.lastStatus,
    lastError: row.lastError,
    lastEventCount: row.lastEventCount,
    blockedNights: row.blockedDates.length,
  };
}

export async function listFeeds(
  deps: IntegrationDeps,
  _actor: AuthUser,
  propertyId: number,
): Promise<IcalFeed[]> {
  await getProperty(deps.db, propertyId);
  return (await repo.listFeeds(deps.db, propertyId)).map(toFeed);
}

/** A new import feed of a property, written with `db` (an audited call's transaction). */
export async function addFeed(
  db: Db,
  _actor: AuthUser,
  propertyId: number,
  input: FeedInput,
): Promise<IcalFeed> {
  await getProperty(db, propertyId);
  const url = input.url.replace(/^webcal:/i, 'https:');
  try {
    const row = await repo.insertFeed(db, { propertyId, url, label: input.label || labelFor(url) });
    return toFeed(row);
  } catch (err) {
    if (pgErrorCode(err) === '23505')
      throw new ConflictError('This calendar is already imported for this property');
    if (pgErrorCode(err) === '23503') throw new NotFoundError('Property not found');
    throw err;
  }
}

/** Releases the nights a feed blocked (or hands them to another feed still listing them). */
async function releaseFeed(db: Queryable, feed: repo.FeedRow): Promise<number> {
  const { released } = await replaceImportedNights(db, {
    propertyId: feed.propertyId,
    source: sourceOf(feed.id),
    nights: new Map(),
    alsoBlockedBy: await handOverMap(db, feed),
  });
  return released;
}

export async function removeFeed(
  db: Db,
  _actor: AuthUser,
  propertyId: number,
  feedId: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    const feed = await repo.findFeed(tx, { propertyId, feedId });
    if (!feed) throw new NotFoundError('Calendar feed not found');
    await releaseFeed(tx, feed);
    await repo.deleteFeed(tx, feed.id);
  });
}

/** A connection is deleted: the feeds it created go, and their nights are released. */
export async function releaseConnectionFeeds(db: Queryable, connectionId: number): Promise<void> {
  for (const feed of await repo.listFeedsForRun(db, { connectionId })) {
    await releaseFeed(db, feed);
    await repo.deleteFeed(db, feed.id);
  }
}

/** Reads a feed over the guarded outbound client. */
export async function fetchFeed(deps: IntegrationDeps, url: string, signal?: AbortSignal): Promise<string> {
  let res;
  try {
    res = await deps.outbound.request(url.replace(/^webcal:/i, 'https:'), {
      headers: { accept: 'text/calendar, text/plain;q=0.5, */*;q=0.1' },
      timeoutMs: deps.config.outbound.timeoutMs,
      maxBytes: FEED_MAX_BYTES,
      signal,
    });
  } catch (err) {
    throw providerErrorOf(err, 'The calendar');
  }
  if (!res.ok) throw new ProviderError(`The calendar answered HTTP error! status: ${res.status}`, res.status);
  return res.text();
}

/**
 * Makes a feed's imported nights exactly what it lists now (its own transaction or the caller's)
 * and records the result on the feed. Answers the nights changed.
 */
export async function applyFeed(
  db: Queryable,
  feed: Pick<repo.FeedRow, 'id' | 'propertyId'>,
  parsed: ParsedFeed,
  window = feedWindow(),
): Promise<{ blocked: number; released: number }> {
  const result = await replaceImportedNights(db, {
    propertyId: feed.propertyId,
    source: sourceOf(feed.id),
    nights: parsed.nights,
    alsoBlockedBy: await handOverMap(db, feed),
    from: window.start,
  });
  await repo.updateFeed(db, feed.id, {
    lastRunAt: new Date(),
    lastStatus: 'ok',
    lastError: null,
    lastEventCount: parsed.events,
    blockedDates: [...parsed.nights.keys()].sort(),
  });
  return result;
}

export async function recordFeedError(db: Queryable, feedId: number, message: string): Promise<void> {
  await repo.updateFeed(db, feedId, {
    lastRunAt: new Date(),
    lastStatus: 'error',
    lastError: message.slice(0, 500),
  });
}

/** The villa has no calendar any more: the feeds its connection created are released and removed. */
export async function dropConnectionFeeds(
  db: Queryable,
  params: { propertyId: number; connectionId: number },
): Promise<number> {
  let released = 0;
  for (const feed of await repo.connectionFeedsOf(db, params)) {
    released += await releaseFeed(db, feed);
    await repo.deleteFeed(db, feed.id);
  }
  return released;
}

/** A provider sync could not read a villa's calendar: its feeds show the error. */
export async function recordPropertyFeedError(
  db: Queryable,
  params: { propertyId: number; connectionId: number | null; message: string },
): Promise<void> {
  for (const feed of await repo.listFeeds(db, params.propertyId)) {
    if (params.connectionId != null && feed.connectionId !== params.connectionId) continue;
    await recordFeedError(db, feed.id, params.message);
  }
}

/** The feed a provider sync keeps for a villa's `ical_url`; feeds of old URLs are released. */
export async function ensureConnectionFeed(
  db: Queryable,
  params: { propertyId: number; connectionId: number | null; url: string; label: string },
): Promise<repo.FeedRow> {
  if (params.connectionId != null) {
    for (const old of await repo.connectionFeedsOf(db, {
      propertyId: params.propertyId,
      connectionId: params.connectionId,
    })) {
      if (old.url === params.url) continue;
      await releaseFeed(db, old);
      await repo.deleteFeed(db, old.id);
    }
  }
  return repo.upsertConnectionFeed(db, params);
}

const describe = (label: string, r: { blocked: number; released: number }) =>
  [
    r.blocked ? `${plural(r.blocked, 'night')} blocked` : null,
    r.released ? `${plural(r.released, 'night')} released` : null,
  ]
    .filter(Boolean)
    .join(', ')
    .replace(/^/, `${label}: `);

/** Runs feeds inside a report: fetched a few at a time, each applied in its own transaction. */
export async function runFeeds(deps: IntegrationDeps, job: JobRecorder, feeds: repo.FeedWithProperty[]) {
  const window = feedWindow();
  const queue = [...feeds];
  const worker = async () => {
    for (let feed = queue.shift(); feed; feed = queue.shift()) {
      job.throwIfStopped();
      try {
        const parsed = parseFeed(await fetchFeed(deps, feed.url, job.signal), window);
        const f = feed;
        const result = await deps.db.transaction((tx) => applyFeed(tx, f, parsed, window));
        job.calendar(result.blocked + result.released);
        if (result.blocked || result.released) {
          await job.change({
            propertyId: feed.propertyId,
            propertyName: feed.propertyName,
            changeType: 'calendar',
            description: describe(feed.label, result),
          });
        }
      } catch (err) {
        if (job.signal.aborted) throw err;
        const message = `${feed.label}: ${providerErrorOf(err, 'The calendar').message}`;
        await recordFeedError(deps.db, feed.id, message);
        await job.error({ propertyId: feed.propertyId, propertyName: feed.propertyName, message });
      }
      job.processed();
      await job.progress();
    }
  };
  await Promise.all(Array.from({ length: Math.min(4, feeds.length) }, worker));
  await job.progress(true);
}

/**
 * Admin: runs one feed now and answers the outcome (a short report). The report's row is committed
 * in the scope (an administrator's audited call: with its audit row) before the feed is read.
 */
export async function runFeedNow(
  deps: IntegrationDeps,
  _actor: AuthUser,
  propertyId: number,
  feedId: number,
  scope: WriteScope = directScope(deps.db),
): Promise<SyncStarted> {
  const [feed] = await repo.listFeedsForRun(scope.db, { ids: [feedId] });
  if (!feed || feed.propertyId !== propertyId) throw new NotFoundError('Calendar feed not found');
  const outcome = await deps.runner.run(
    {
      jobType: 'ical-import',
      lockKey: `feed:${feed.id}`,
      feedId: feed.id,
      conflictMessage: 'This calendar is already being imported. Wait for it to finish.',
    },
    (job) => runFeeds(deps, job, [feed]),
    scope,
  );
  return {
    reportId: outcome.id,
    status: outcome.status,
    message: outcome.counters.errorCount ? 'The calendar could not be imported' : 'Calendar imported',
  };
}

/** Every feed of every property (scheduled every ICAL_INTERVAL_MINUTES), as one report. */
export async function startAllFeedsRun(deps: IntegrationDeps, trigger: 'manual' | 'schedule') {
  return deps.runner.start(
    {
      jobType: 'ical-import',
      lockKey: 'ical:all',
      trigger,
      conflictMessage: 'The calendars are already being imported. Wait for it to finish.',
    },
    async (job) => runFeeds(deps, job, await repo.listFeedsForRun(deps.db)),
  );
}

export const listAllFeeds = (deps: IntegrationDeps) => repo.listFeedsForRun(deps.db);

// ---------------------------------------------------------------------------------------------
// Export feed

const newToken = () => randomBytes(24).toString('base64url');

function exportOf(deps: IntegrationDeps, token: string): IcalExport {
  const path = `/api/ical/${token}.ics`;
  return { path, url: `${deps.config.publicUrl ?? ''}${path}` };
}

export async function getExport(
  deps: IntegrationDeps,
  _actor: AuthUser,
  propertyId: number,
): Promise<IcalExport> {
  await getProperty(deps.db, propertyId);
  const row = await repo.upsertToken(deps.db, { propertyId, token: newToken(), replace: false });
  return exportOf(deps, row.token);
}

/** A new secret URL, written with `db` (an audited call's transaction); the old one stops working at once. */
export async function rotateExport(
  deps: IntegrationDeps,
  db: Db,
  _actor: AuthUser,
  propertyId: number,
): Promise<IcalExport> {
  await getProperty(db, propertyId);
  const row = await repo.upsertToken(db, { propertyId, token: newToken(), replace: true });
  return exportOf(deps, row.token);
}

/**
 * The export feed of a property: nights blocked by hand and accepted requests. Imported nights are
 * never published, so two platforms importing each other's feeds cannot loop.
 */
export async function renderExport(deps: IntegrationDeps, token: string): Promise<string> {
  const property = await repo.findPropertyByToken(deps.db, token);
  if (!property) throw new NotFoundError('Calendar not found');
  const from = addDays(todayIso(), -30);
  const blocked = await listManualBlockedNights(deps.db, { propertyId: property.id, from });
  const requests = await repo.acceptedRequests(deps.db, { propertyId: property.id, from });
  return renderCalendar({
    property,
    brand: deps.config.company.brandName,
    domain: deps.config.publicUrl ? new URL(deps.config.publicUrl).hostname : 'villas.invalid',
    blockedNights: blocked.map((b) => b.date),
    requests: requests.map((r) => ({ id: r.id, checkIn: r.checkIn!, checkOut: r.checkOut! })),
  });
}

// ---------------------------------------------------------------------------------------------
// Providers without an API of their own (Airbnb, Vrbo, Booking.com, Expedia, custom): their
// calendars come in through per-property feeds; a connection's sync runs the feeds of its host.

function feedsAdapter(provider: Provider) {
  return (deps: IntegrationDeps): ProviderAdapter => {
    const unsupported = async (): Promise<never> => {
      throw new ProviderError(
        `${provider} connections have no villa list: their calendars sync through each property's iCal feeds`,
      );
    };
    return {
      provider,
      listVillas: unsupported,
      search: unsupported,
      pricing: unsupported,
      async sync(job) {
        const all = await repo.listFeedsForRun(deps.db);
        const host = PROVIDER_HOSTS[provider];
        const hostOf = (u: string) => {
          try {
            return new URL(u).hostname.toLowerCase();
          } catch {
            return '';
          }
        };
        const mine = all.filter((f) =>
          host
            ? host.test(hostOf(f.url))
            : f.connectionId == null && !Object.values(PROVIDER_HOSTS).some((re) => re!.test(hostOf(f.url))),
        );
        await runFeeds(deps, job, mine);
        return { total: mine.length, created: 0, updated: job.counters.changesDetected, unavailable: 0 };
      },
    };
  };
}

for (const p of ['airbnb', 'vrbo', 'booking', 'expedia', 'custom'] as const)
  registerAdapter([p], feedsAdapter(p));
