import {
  addDays,
  CURRENCIES,
  MAX_IMAGE_MEGAPIXELS,
  todayIso,
  type Currency,
  type InvenioFilters,
  plural,
} from '@villas/shared';
import type { Db, Queryable } from '@villas/db/client';
import { ValidationError } from '../../../lib/errors';
import type { OutboundResponse } from '../../../lib/outbound';
import { ProviderError, providerErrorOf } from '../../../lib/provider-error';
import { priceMap, setPriceRanges } from '../../calendar/calendar.service';
import {
  applyFeed,
  dropConnectionFeeds,
  ensureConnectionFeed,
  feedWindow,
  fetchFeed,
  parseFeed,
  recordPropertyFeedError,
  type ParsedFeed,
} from '../ical/ical.service';
import {
  registerAdapter,
  type Credentials,
  type IntegrationDeps,
  type ProviderAdapter,
  type SyncSummary,
  type SyncTarget,
} from '../integrations.service';
import {
  createRegion,
  createSubregion,
  resolveLocation,
  type ResolvedLocation,
} from '../../locations/locations.service';
import {
  insertSyncedProperty,
  markPropertyUnavailable,
  replaceSyncedImages,
  updateSyncedProperty,
  type SyncedPropertyValues,
} from '../../properties/properties.service';
import { replaceProviderRules } from '../../stay-rules/stay-rules.service';
import type { JobRecorder } from '../sync/jobs.service';
import {
  ImageRefusedError,
  MAX_ASPECT_RATIO,
  MAX_IMAGE_BYTES,
  MAX_IMAGE_SIDE,
  type ImageRefusal,
} from '../../uploads/uploads.service';
import {
  InvenioClient,
  type InvenioPriceData,
  type InvenioPricePeriod,
  type InvenioVilla,
} from './invenio.client';
import * as repo from './invenio.repository';
import { invenioStayRules } from './invenio.rules';

const PROVIDER = 'invenio';
/** Daily prices are written up to two years ahead (the calendar's window). */
const PRICE_HORIZON_DAYS = 730;
const PREFETCH_CONCURRENCY = 8;
const MAX_PHOTOS = 50;

interface Prefetched {
  villa: InvenioVilla;
  /** The villa's images in the provider's order: our stored copies, each with its provider URL. */
  images: repo.ListedImage[];
  /** Images stored by this run for this villa (their files go again when the villa is not written). */
  stored: string[];
  problems: string[];
  feed: { parsed: ParsedFeed } | { error: string } | null;
}

/** Why a downloaded photo was refused, as the report says it. */
const REFUSED: Record<ImageRefusal, string> = {
  'not-an-image': 'is not a JPEG, PNG or WebP image',
  'too-many-pixels': `is too large to process (over ${MAX_IMAGE_MEGAPIXELS} megapixels)`,
  'side-too-long': `is too large to process (a side over ${MAX_IMAGE_SIDE} pixels)`,
  'too-elongated': `is too long and narrow to process (a side over ${MAX_ASPECT_RATIO} times the other)`,
  unreadable: 'could not be decoded (damaged or cut off)',
};

const sameList = <T>(a: readonly T[], b: readonly T[]) =>
  a.length === b.length && a.every((x, i) => x === b[i]);
const sameImages = (a: readonly repo.ListedImage[], b: readonly repo.ListedImage[]) =>
  a.length === b.length && a.every((x, i) => x.url === b[i]!.url && x.sourceUrl === b[i]!.sourceUrl);
const money = (n: number) => Math.round(n * 100) / 100;
/** A provider's URL as quoted in a report. */
const quote = (u: string) => (u.length > 200 ? `${u.slice(0, 200)}…` : u);
const isHttpUrl = (u: string) => {
  try {
    return ['http:', 'https:'].includes(new URL(u).protocol);
  } catch {
    return false;
  }
};

/** Maps with bounded concurrency, answering results in input order as each becomes ready. */
async function* inOrder<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): AsyncGenerator<R> {
  const pending: Promise<R>[] = [];
  let next = 0;
  const fill = () => {
    while (next < items.length && pending.length < limit) pending.push(fn(items[next++]!));
  };
  fill();
  while (pending.length) {
    const r = await pending.shift()!;
    fill();
    yield r;
  }
}

/**
 * Nightly prices of the periods from `from` to `to` (exclusive). Periods are read with both dates
 * included (Invenio's 1–30 June prices the night of 30 June); later periods win where they overlap.
 * A weekly unit is divided by 7.
 */
export function nightlyPrices(
  periods: InvenioPricePeriod[],
  window: { from: string; to: string },
): Map<string, { price: number; currency: string }> {
  const out = new Map<string, { price: number; currency: string }>();
  const sorted = [...periods].sort((a, b) => a.start_date.localeCompare(b.start_date));
  for (const p of sorted) {
    if (!(p.amount > 0)) continue;
    const price = money(/week/i.test(p.unit) ? p.amount / 7 : p.amount);
    const start = p.start_date > window.from ? p.start_date : window.from;
    for (let d = start; d <= p.end_date && d < window.to; d = addDays(d, 1)) {
      out.set(d, { price, currency: p.currency_code });
    }
  }
  return out;
}

/** Runs of consecutive nights at one price → the calendar's date ranges [from, to). */
function toRanges(nights: Array<[string, { price: number; currency: string }]>) {
  const sorted = nights.sort(([a], [b]) => a.localeCompare(b));
  const ranges: Array<{ from: string; to: string; price: number; currency: Currency }> = [];
  for (const [date, p] of sorted) {
    const last = ranges.at(-1);
    if (last && last.to === date && last.price === p.price && last.currency === p.currency) {
      last.to = addDays(date, 1);
    } else {
      ranges.push({ from: date, to: addDays(date, 1), price: p.price, currency: p.currency as Currency });
    }
  }
  return ranges;
}

class InvenioAdapter implements ProviderAdapter {
  readonly provider = PROVIDER;

  constructor(
    private readonly deps: IntegrationDeps,
    private readonly credentials: Credentials,
  ) {}

  private client(signal?: AbortSignal) {
    if (!this.credentials.apiKey || !this.credentials.apiSecret) {
      throw new ValidationError('Please provide API Key and BP UUID');
    }
    return new InvenioClient(this.deps.outbound, this.credentials, {
      timeoutMs: this.deps.config.outbound.timeoutMs,
      signal,
    });
  }

  listVillas(): Promise<InvenioVilla[]> {
    return this.client().listVillas();
  }

  search(filters: InvenioFilters): Promise<InvenioVilla[]> {
    return this.client().availability(filters);
  }

  pricing(filters: InvenioFilters): Promise<InvenioPriceData> {
    return this.client().prices(filters);
  }

  sync(job: JobRecorder, target: SyncTarget): Promise<SyncSummary> {
    return new InvenioSync(this.deps, this.client(job.signal), job, target).run();
  }
}

/**
 * One reconciliation of an Invenio account into our catalogue. Network first (list, prices, each
 * villa's calendar and new photos, a few at a time), then each villa in its own transaction: a
 * villa that fails is left exactly as it was and its error recorded; the run goes on.
 *
 * Photos are re-hosted: a new one is downloaded (capped like an upload: 10 MB, the outbound
 * time-out) and goes through the upload image pipeline (type from the bytes, pixel limit,
 * re-encoded to WebP renditions without metadata), so the villa's images are our own
 * `/uploads/images/…` URLs. Each image row keeps the provider's URL it came from (`source_url`): a
 * photo already stored for the villa is never downloaded again, and one the provider drops is
 * removed with its files (once its villa's transaction committed). A photo that cannot be fetched
 * or is refused by the pipeline is skipped and recorded as an error of the villa.
 */
class InvenioSync {
  private readonly db: Db;
  private readonly today = todayIso();
  private readonly priceWindow = { from: this.today, to: addDays(this.today, PRICE_HORIZON_DAYS) };
  private readonly feedWindow = feedWindow();
  private locations = new Map<string, ResolvedLocation | null>();
  private amenities = new Map<string, number>();
  private listed = new Map<string, repo.ListedProperty>();
  private readonly summary: SyncSummary = { total: 0, created: 0, updated: 0, unavailable: 0 };
  /** Photos stored by prefetches whose villa is not written yet; removed if the run stops first. */
  private readonly unsettled = new Set<string>();
  private ended = false;

  constructor(
    private readonly deps: IntegrationDeps,
    private readonly client: InvenioClient,
    private readonly job: JobRecorder,
    private readonly target: SyncTarget,
  ) {
    this.db = deps.db;
  }

  async run(): Promise<SyncSummary> {
    try {
      return await this.reconcileAll();
    } finally {
      // A run that stopped (cancelled, failed) leaves no stored photo no villa points at.
      this.ended = true;
      this.discard([...this.unsettled]);
      this.unsettled.clear();
    }
  }

  private async reconcileAll(): Promise<SyncSummary> {
    const villas = dedupe(await this.client.listVillas());
    this.summary.total = villas.length;
    let prices: InvenioPriceData | null = null;
    try {
      prices = await this.client.prices();
    } catch (err) {
      if (this.job.signal.aborted) throw err;
      await this.job.error({
        message: `Prices could not be read, so none were changed: ${providerErrorOf(err, 'Invenio').message}`,
      });
    }
    this.listed = await repo.loadListed(this.db, PROVIDER);
    this.amenities = await repo.amenityIndex(this.db, amenityKey);
    await this.job.progress(true);

    const seen: number[] = [];
    for await (const pre of inOrder(villas, PREFETCH_CONCURRENCY, (v) => this.prefetch(v))) {
      this.job.throwIfStopped();
      const id = await this.reconcile(pre, prices);
      if (id != null) seen.push(id);
      this.job.processed();
      await this.job.progress();
    }
    await repo.touchLinks(this.db, seen);
    if (this.target.connectionId != null) await this.markVanished(villas);
    await this.job.progress(true);
    return this.summary;
  }

  /** Network work of one villa, outside any transaction: its calendar and its new photos. */
  private async prefetch(villa: InvenioVilla): Promise<Prefetched> {
    const problems: string[] = [];
    let feed: Prefetched['feed'] = null;
    if (villa.ical_url) {
      try {
        feed = {
          parsed: parseFeed(await fetchFeed(this.deps, villa.ical_url, this.job.signal), this.feedWindow),
        };
      } catch (err) {
        feed = { error: providerErrorOf(err, 'The calendar').message };
      }
    }
    // Provider URL → our stored copy, for the photos this villa already has.
    const known = new Map<string, string>();
    for (const image of this.listed.get(villa.v_uuid)?.images ?? []) {
      if (image.sourceUrl != null) known.set(image.sourceUrl, image.url);
    }
    const images: repo.ListedImage[] = [];
    const stored: string[] = [];
    const listed = new Set<string>();
    for (const url of villa.photos.slice(0, MAX_PHOTOS)) {
      if (!isHttpUrl(url)) {
        problems.push(`Photo skipped, not an http(s) URL: ${url.slice(0, 100)}`);
        continue;
      }
      if (listed.has(url)) continue;
      listed.add(url);
      const kept = known.get(url);
      if (kept !== undefined) {
        images.push({ url: kept, sourceUrl: url });
        continue;
      }
      const result = await this.storePhoto(url);
      if ('problem' in result) {
        problems.push(result.problem);
      } else {
        images.push({ url: result.url, sourceUrl: url });
        stored.push(result.url);
      }
    }
    return { villa, images, stored, problems, feed };
  }

  /**
   * Downloads a new photo and stores it through the upload image pipeline. Answers our URL of it,
   * or why it was skipped; throws only when the run is being stopped.
   */
  private async storePhoto(url: string): Promise<{ url: string } | { problem: string }> {
    let res: OutboundResponse;
    try {
      res = await this.deps.outbound.request(url, {
        headers: { accept: 'image/jpeg, image/png, image/webp' },
        timeoutMs: this.deps.config.outbound.timeoutMs,
        maxBytes: MAX_IMAGE_BYTES,
        signal: this.job.signal,
      });
    } catch (err) {
      if (this.job.signal.aborted) throw err;
      return {
        problem: `Photo ${quote(url)} could not be read: ${providerErrorOf(err, 'The photo host').message}`,
      };
    }
    if (!res.ok) {
      return { problem: `Photo ${quote(url)} could not be read: HTTP error! status: ${res.status}` };
    }
    try {
      const { imageUrl } = await this.deps.images.upload(res.body, { waitWhenBusy: true });
      if (this.ended) this.discard([imageUrl]);
      else this.unsettled.add(imageUrl);
      return { url: imageUrl };
    } catch (err) {
      if (err instanceof ImageRefusedError) return { problem: `Photo ${quote(url)} ${REFUSED[err.reason]}` };
      this.deps.log.error({ err, url }, 'a synced photo could not be stored');
      return { problem: `Photo ${quote(url)} could not be stored (see the server log)` };
    }
  }

  /** Removes stored photos no villa points at (best effort: a file left behind is only disk space). */
  private discard(urls: string[]) {
    if (!urls.length) return;
    this.deps.images.remove(urls).catch((err: unknown) => {
      this.deps.log.warn({ err }, 'stored photos could not be removed');
    });
  }

  /** Region from the country, subregion from the destination (or district); created when new. */
  private async location(tx: Queryable, villa: InvenioVilla, created: Map<string, ResolvedLocation | null>) {
    const region = villa.country?.trim();
    const sub = (villa.destination ?? villa.district)?.trim() || null;
    if (!region) return null;
    const key = `${region.toLowerCase()}|${sub?.toLowerCase() ?? ''}`;
    if (this.locations.has(key)) return this.locations.get(key)!;
    let loc: ResolvedLocation;
    try {
      loc = await resolveLocation(tx, { region, subregion: sub });
    } catch (err) {
      if (!(err instanceof ValidationError)) throw err;
      try {
        await resolveLocation(tx, { region });
      } catch {
        await createRegion(tx as Db, region);
      }
      if (sub) await createSubregion(tx as Db, { regionName: region, subregionName: sub });
      loc = await resolveLocation(tx, { region, subregion: sub });
    }
    created.set(key, loc);
    return loc;
  }

  private async reconcile(pre: Prefetched, prices: InvenioPriceData | null): Promise<number | null> {
    const { villa } = pre;
    const before = this.listed.get(villa.v_uuid);
    const created = new Map<string, ResolvedLocation | null>();
    const problems = [...pre.problems];
    let outcome: Awaited<ReturnType<InvenioSync['write']>>;
    try {
      outcome = await this.db.transaction((tx) => this.write(tx, pre, prices, created, problems));
    } catch (err) {
      this.settle(pre.stored, pre.stored);
      if (this.job.signal.aborted) throw err;
      await this.job.error({
        propertyId: before?.id ?? null,
        propertyName: villa.name,
        resourceId: villa.v_uuid,
        message: `Not updated: ${err instanceof ProviderError || err instanceof ValidationError ? err.message : providerErrorOf(err, 'Writing').message}`,
      });
      if (pre.feed && 'error' in pre.feed && before) await this.feedErrorOf(before.id, pre.feed.error);
      return before?.id ?? null;
    }
    this.settle(pre.stored, outcome.dropped);
    for (const [k, v] of created) this.locations.set(k, v);
    this.listed.set(villa.v_uuid, outcome.listed);
    this.job.calendar(outcome.calendarNights);
    if (outcome.changes.length) {
      if (outcome.isNew) this.summary.created++;
      else this.summary.updated++;
      await this.job.change({
        propertyId: outcome.listed.id,
        propertyName: villa.name,
        changeType: outcome.isNew ? 'created' : 'updated',
        description: outcome.changes.join('; '),
        newImageCount: outcome.newImages,
      });
    }
    if (pre.feed && 'error' in pre.feed) {
      problems.push(`Calendar not updated: ${pre.feed.error}`);
      await this.feedErrorOf(outcome.listed.id, pre.feed.error);
    }
    for (const message of problems) {
      await this.job.error({
        propertyId: outcome.listed.id,
        propertyName: villa.name,
        resourceId: villa.v_uuid,
        message,
      });
    }
    return outcome.listed.id;
  }

  /** A villa's transaction ended: its new photos are no longer pending; `unused` files go. */
  private settle(stored: string[], unused: string[]) {
    for (const url of stored) this.unsettled.delete(url);
    this.discard(unused);
  }

  private async feedErrorOf(propertyId: number, message: string) {
    await recordPropertyFeedError(this.db, { propertyId, connectionId: this.target.connectionId, message });
  }

  private async write(
    tx: Queryable,
    pre: Prefetched,
    prices: InvenioPriceData | null,
    created: Map<string, ResolvedLocation | null>,
    problems: string[],
  ) {
    const { villa } = pre;
    const before = this.listed.get(villa.v_uuid);
    const loc = await this.location(tx, villa, created);
    const periods = prices ? (prices[villa.v_uuid] ?? null) : undefined;
    const currencies = [...new Set((periods ?? []).map((p) => p.currency_code))];
    const unsupported = currencies.filter((c) => !(CURRENCIES as readonly string[]).includes(c));
    const currency =
      currencies.find((c) => (CURRENCIES as readonly string[]).includes(c)) ??
      before?.propertyCurrency ??
      'EUR';
    const amenityIds = [
      ...new Set(
        villa.features.map((f) => this.amenities.get(amenityKey(f))).filter((id): id is number => id != null),
      ),
    ];
    const bedrooms = Math.max(1, Math.min(100, Math.round(villa.bedrooms ?? 1)));
    const values: SyncedPropertyValues = {
      name: villa.name,
      description: villa.description,
      regionId: loc?.regionId ?? null,
      subregionId: loc?.subregionId ?? null,
      location: loc
        ? loc.subregionName
          ? `${loc.regionName}, ${loc.subregionName}`
          : loc.regionName
        : (villa.destination ?? villa.district ?? villa.areaname ?? ''),
      bedrooms,
      maxGuests: Math.max(1, Math.min(500, Math.round(villa.sleeps ?? bedrooms * 2))),
      basePricePerNight:
        villa.minimum_price && villa.minimum_price > 0 ? money(villa.minimum_price / 7).toFixed(2) : null,
      propertyCurrency: currency,
      amenityIds,
      available: true,
      icalUrl: villa.ical_url,
    };

    const changes: string[] = [];
    let id: number;
    const isNew = !before;
    if (!before) {
      id = await insertSyncedProperty(tx, {
        ...values,
        externalProvider: PROVIDER,
        externalId: villa.v_uuid,
      });
      changes.push('New villa from Invenio');
    } else {
      id = before.id;
      const diff: Partial<SyncedPropertyValues> = {};
      const label: Record<keyof SyncedPropertyValues, string> = {
        name: 'name',
        description: 'description',
        regionId: 'region',
        subregionId: 'destination',
        location: 'location',
        bedrooms: 'bedrooms',
        maxGuests: 'guests',
        basePricePerNight: 'base price',
        propertyCurrency: 'currency',
        amenityIds: 'amenities',
        available: 'available again',
        icalUrl: 'calendar URL',
      };
      for (const key of Object.keys(values) as Array<keyof SyncedPropertyValues>) {
        const a = before[key as keyof repo.ListedProperty];
        const b = values[key];
        const equal =
          key === 'amenityIds'
            ? sameList([...(a as number[])].sort(), [...(b as number[])].sort())
            : key === 'basePricePerNight'
              ? (a == null ? null : Number(a)) === (b == null ? null : Number(b))
              : a === b;
        if (!equal) (diff as Record<string, unknown>)[key] = b;
      }
      if (Object.keys(diff).length) {
        await updateSyncedProperty(tx, id, diff);
        changes.push(
          `Changed: ${Object.keys(diff)
            .map((k) => label[k as keyof SyncedPropertyValues])
            .join(', ')}`,
        );
      }
    }

    // Photos: our copies of the provider's list, in its order, minus the ones that were skipped.
    const oldImages = before?.images ?? [];
    const newImages = pre.stored.length;
    let dropped: string[] = [];
    if (!sameImages(oldImages, pre.images)) {
      await replaceSyncedImages(tx, id, pre.images);
      const kept = new Set(pre.images.map((i) => i.url));
      const removed = oldImages.filter((i) => !kept.has(i.url));
      // Only files this sync stored go with them (an admin's images are left as they are), and not
      // while another image row still shows them.
      dropped = removed.filter((i) => i.sourceUrl != null).map((i) => i.url);
      if (dropped.length) {
        const inUse = await repo.imageUrlsInUse(tx, dropped);
        dropped = dropped.filter((u) => !inUse.has(u));
      }
      if (!isNew)
        changes.push(`Photos: ${newImages} new${removed.length ? `, ${removed.length} removed` : ''}`);
      else if (pre.images.length) changes.push(`${pre.images.length} photos`);
    }

    if (
      !before ||
      !before.linked ||
      before.vanishedAt ||
      (this.target.connectionId != null && before.connectionId !== this.target.connectionId)
    ) {
      await repo.upsertLink(tx, {
        propertyId: id,
        connectionId: this.target.connectionId,
        provider: PROVIDER,
        externalId: villa.v_uuid,
      });
    }

    // Prices: compared night by night; only the nights that differ are written.
    let calendarNights = 0;
    if (periods !== undefined) {
      if (unsupported.length)
        problems.push(`Prices in ${unsupported.join(', ')} are not supported and were skipped`);
      const wanted = nightlyPrices(
        (periods ?? []).filter((p) => !unsupported.includes(p.currency_code)),
        this.priceWindow,
      );
      const current = isNew
        ? new Map<string, { price: number; currency: string }>()
        : await priceMap(tx, {
            propertyId: id,
            startDate: this.priceWindow.from,
            endDate: addDays(this.priceWindow.to, -1),
          });
      const changed = [...wanted].filter(([d, p]) => {
        const c = current.get(d);
        return !c || c.price !== p.price || c.currency !== p.currency;
      });
      if (changed.length) {
        await setPriceRanges(tx as Db, { propertyId: id, ranges: toRanges(changed) });
        calendarNights += changed.length;
        if (!isNew) changes.push(`Prices of ${plural(changed.length, 'night')}`);
        else changes.push(`Prices for ${changed.length} nights`);
      }
    }

    // Stay rules: the minimum stay and check-in days of each price period (else the
    // villa's), replacing the ones Invenio gave before and never an administrator's own. Like the
    // prices, left as they were when the prices could not be read.
    if (periods !== undefined) {
      const rules = await replaceProviderRules(tx, {
        propertyId: id,
        source: PROVIDER,
        periods: invenioStayRules(villa, periods, this.today),
      });
      if (rules.changed) {
        changes.push(
          rules.periods
            ? `Stay rules: ${plural(rules.periods, 'period')}${
                rules.keptByAdmin ? ` (${rules.keptByAdmin} days keep the administrator's own rules)` : ''
              }`
            : 'Stay rules removed',
        );
      }
    }

    // Blocked nights from the villa's iCal URL (an unreadable calendar leaves them as they were).
    if (villa.ical_url && pre.feed && 'parsed' in pre.feed) {
      const feed = await ensureConnectionFeed(tx, {
        propertyId: id,
        connectionId: this.target.connectionId,
        url: villa.ical_url,
        label: 'Invenio',
      });
      const r = await applyFeed(tx, feed, pre.feed.parsed, this.feedWindow);
      if (r.blocked || r.released) {
        calendarNights += r.blocked + r.released;
        changes.push(
          [r.blocked ? `${r.blocked} nights blocked` : '', r.released ? `${r.released} nights released` : '']
            .filter(Boolean)
            .join(', '),
        );
      }
    } else if (!villa.ical_url && this.target.connectionId != null && before?.icalUrl) {
      const released = await dropConnectionFeeds(tx, {
        propertyId: id,
        connectionId: this.target.connectionId,
      });
      if (released) {
        calendarNights += released;
        changes.push(`${released} nights released (calendar removed)`);
      }
    }

    const listed: repo.ListedProperty = {
      id,
      name: villa.name,
      description: villa.description,
      regionId: loc?.regionId ?? null,
      subregionId: loc?.subregionId ?? null,
      location: values.location ?? '',
      bedrooms,
      maxGuests: values.maxGuests!,
      basePricePerNight: values.basePricePerNight ?? null,
      propertyCurrency: currency,
      amenityIds,
      available: true,
      icalUrl: villa.ical_url,
      externalId: villa.v_uuid,
      connectionId: this.target.connectionId ?? before?.connectionId ?? null,
      linked: true,
      vanishedAt: null,
      images: pre.images,
    };
    return { listed, changes, isNew, newImages, calendarNights, dropped };
  }

  /** Villas of this connection missing from its list: unavailable, never deleted. */
  private async markVanished(villas: InvenioVilla[]) {
    const gone = await repo.vanishedCandidates(this.db, {
      connectionId: this.target.connectionId!,
      seen: villas.map((v) => v.v_uuid),
    });
    for (const p of gone) {
      await this.db.transaction(async (tx) => {
        await markPropertyUnavailable(tx, p.id);
        await repo.markLinkVanished(tx, p.id);
      });
      this.summary.unavailable++;
      await this.job.change({
        propertyId: p.id,
        propertyName: p.name,
        changeType: 'unavailable',
        description: 'No longer listed by Invenio: marked unavailable (kept with its inquiries)',
      });
    }
  }
}

/** Invenio's feature names that mean one of our catalogue's amenities. */
const FEATURE_SYNONYMS: Record<string, string> = {
  pool: 'swimmingpool',
  privatepool: 'swimmingpool',
  outdoorpool: 'swimmingpool',
  wireless: 'wifi',
  internet: 'wifi',
  aircon: 'airconditioning',
  jacuzzi: 'hottub',
  whirlpool: 'hottub',
  barbecue: 'bbq',
  gym: 'gymfitnessequipment',
  fitnessroom: 'gymfitnessequipment',
  seaviews: 'seaview',
  oceanview: 'seaview',
  mountainviews: 'mountainview',
  petfriendly: 'petsallowed',
  familyfriendly: 'families',
  chef: 'privatechef',
  cinema: 'cinemaroom',
  hometheater: 'cinemaroom',
  hammam: 'steamroom',
  skiin: 'skiinskiout',
};

/** Feature and amenity names compared without case, spaces or punctuation (Wi-Fi = wifi). */
export function amenityKey(name: string): string {
  const key = name.toLowerCase().replace(/[^a-z0-9]/g, '');
  return FEATURE_SYNONYMS[key] ?? key;
}

function dedupe(villas: InvenioVilla[]): InvenioVilla[] {
  const seen = new Map<string, InvenioVilla>();
  for (const v of villas) if (!seen.has(v.v_uuid)) seen.set(v.v_uuid, v);
  return [...seen.values()];
}

registerAdapter([PROVIDER], (deps, credentials) => new InvenioAdapter(deps, credentials));
