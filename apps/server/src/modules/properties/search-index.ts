import {
  budgetCents,
  isoWeekday,
  NIGHTS_PER_WEEK,
  type PropertyCard,
  type PropertyPage,
  type PropertySort,
} from '@villas/shared';
import type { Queryable } from '../../db/client';
import * as repo from './search-index.repository';
import { readCards, readForeignStayTotals, type SearchParams } from './search.repository';

/*
 * The search index (docs/decisions/021-search-index.md): every villa's searchable columns and stay
 * sums in the server's memory, so a paged search is decided here (which villas match, in which order,
 * how many) and its cards come from a cache of what the database gave. Issue 10: on PostgreSQL with
 * 10,000 villas the dated all-country statement alone took 35–40 ms; here it is a loop of a few array
 * reads per villa.
 *
 * It never answers from stale data. It knows the database snapshot it was read at; triggers record
 * every change that can alter a search or a card in `search_changes` (migration 0014), by
 * transaction id. Every answer runs one statement: the check that no change since that snapshot is
 * visible now, with the cards the cache lacks read in the same statement. If a change is visible, the
 * index reads it and decides again. So an answer is the one the database's own search would give at
 * the moment of that statement, on every instance, right after any writer's commit.
 *
 * It decides exactly what the SQL search decides (search.repository.ts, `buildSearchStatement`), with
 * integer cents and exact rounding. Where it cannot be sure, it says so (`undefined`) and the database
 * answers:
 * - a text search (`q`);
 * - a country or destination outside ASCII not spelt as stored (PostgreSQL's `lower()` of it depends
 *   on the database's locale);
 * - a weekly figure within a millionth of a cent of a rounding tie.
 * A stay with nights priced in another currency than the villa's has its total read from the
 * database, for those villas only (`ForeignNights`). search-index.test.ts compares both on a random
 * catalogue.
 */

/** A decimal number held exactly (`num / den`), with its float for the fast path. */
interface Exact {
  value: number;
  num: bigint;
  den: bigint;
}

function exact(text: string): Exact {
  const [whole = '0', fraction = ''] = text.split('.');
  return {
    value: Number(text),
    num: BigInt(whole + fraction),
    den: 10n ** BigInt(fraction.length),
  };
}

const ONE: Exact = exact('1');

/** A stay rule, as the SQL search reads it: check-in in [start, end] (day numbers, both included). */
interface Rule {
  start: number;
  end: number;
  minNights: number | null;
  /** Bit d set = check-in allowed on ISO weekday d; 0 = any day. */
  days: number;
}

/**
 * A villa's running sums (`stay_sums` / `stay_spans`): day i of the span (the totals of the nights
 * before day `first + 1 + i`); before the span everything is 0, after it the span's totals. Prices in
 * cents.
 * - narrow (almost every villa): Int32 pairs, the price at `days[base + i × stride]`, priced nights
 *   << 16 | blocked nights just after it. After a full read the villas share one day-major array
 *   (`stride` = 2 × villas, see `dayMajor`): a dated search then reads two rows of it from start to
 *   end instead of two places 3 kB apart in each villa's year (one memory page, one cache miss per
 *   villa: 1.2 ms of a search's CPU at 10,000 villas). A villa read alone (a change) has its own
 *   pairs (`stride` 2).
 * - wide (a running sum past ±2^31 cents, or a span over 65,535 days): its own Float64 triples [3i]
 *   price, [3i + 1] priced, [3i + 2] blocked.
 * Nights priced in another currency are counted apart, only for the villas that have any.
 */
interface Sums {
  first: number;
  last: number;
  /** Days in the span (last − first). */
  length: number;
  days: Int32Array | Float64Array;
  /** Narrow: where day 0's pair is in `days`, and how far apart two days' pairs are. */
  base: number;
  stride: number;
  wide: boolean;
  foreign: Int32Array | null;
  total: { price: number; priced: number; foreign: number; blocked: number };
  /** The totals' priced and blocked nights packed as a narrow day's (see above). */
  totalPacked: number;
  /** Days written while reading (checked against `length`). */
  filled: number;
  /**
   * In the window, with the rows after its span holding its totals (and the rows before it 0): a
   * search reads its pairs there without looking at its span (`Columns.column`).
   */
  windowed: boolean;
}

interface Villa {
  id: number;
  featured: boolean;
  /** Position in `order by name, id` (the database's collation). */
  nameRank: number;
  bedrooms: number;
  available: boolean;
  /** lower() of the country and destination names, as PostgreSQL lowers them. */
  country: string | null;
  destination: string | null;
  amenities: number[];
  /** The nightly base price in cents; null = Price on Request (no price, or 0). */
  baseCents: number | null;
  /** The rate of the villa's currency to EUR; null when none is stored. */
  rate: Exact | null;
  rules: readonly Rule[];
  sums: Sums | null;
}

/** A paged search, as the SQL search takes it (search.repository.ts). */
export type IndexSearch = Pick<
  SearchParams,
  'country' | 'destination' | 'bedrooms' | 'maxPrice' | 'amenityIds' | 'q' | 'stay'
> & { sort: PropertySort; limit: number; offset: number };

/** A search decided by the index: the page's villas in order, how many match, and when it was read. */
export interface IndexPlan {
  ids: number[];
  total: number;
  snapshot: string;
  /** A dated search's figures of each villa of the page (in cents). */
  stays?: StayFigures[];
}

/** What a dated search shows of a stay, in cents (null: Price on Request, or no rate to EUR). */
export interface StayFigures {
  /** In the villa's currency. */
  totalCost: number | null;
  totalCostEur: number | null;
  weekly: number | null;
}

/**
 * The stay's total is needed for these villas, whose stay has nights priced in another currency (the
 * database converts them night by night): plan again with them (`plan(search, totals)`).
 */
export interface ForeignNights {
  foreign: number[];
  snapshot: string;
}

const EPOCH = Date.UTC(1970, 0, 1);
const DAY_MS = 86_400_000;
const dayNumber = (iso: string) => (Date.parse(`${iso}T00:00:00Z`) - EPOCH) / DAY_MS;

/**
 * weekly cents = round(cents × rate ÷ divisor), half away from zero like PostgreSQL's round(numeric).
 * The float decides unless it is within rounding error of a tie; then the exact quotient does. A
 * quotient that is not a tie but within a millionth of a cent of one is left to the database (its
 * division rounds at 10+ decimals first): `undefined`.
 */
export function roundCents(cents: number, rate: Exact, divisor: number): number | undefined {
  const x = (cents * rate.value) / divisor;
  const fast = roundFloat(x);
  if (fast === fast) return fast;
  const ax = Math.abs(x);
  const floor = Math.floor(ax);
  const num = BigInt(Math.abs(cents)) * rate.num;
  const den = rate.den * BigInt(divisor);
  // 2·num − den·(2·floor + 1): 0 on the tie, its sign says which side.
  const diff = 2n * num - den * (2n * BigInt(floor) + 1n);
  let rounded: number;
  if (diff === 0n) rounded = floor + 1;
  else if (Number(diff < 0n ? -diff : diff) / Number(2n * den) < 1e-6) return undefined;
  else rounded = diff > 0n ? floor + 1 : floor;
  return x < 0 ? -rounded : rounded;
}

/**
 * `x` rounded half away from zero, or NaN when it is within float error of a tie (the exact quotient
 * decides then: `roundCents`). The search's loop calls it with the same float `roundCents` computes.
 */
function roundFloat(x: number): number {
  const ax = Math.abs(x);
  const floor = Math.floor(ax);
  const fromTie = ax - floor - 0.5;
  if (!(Math.abs(fromTie) > 1e-13 * ax + 1e-9)) return NaN;
  const rounded = fromTie > 0 ? floor + 1 : floor;
  return x < 0 ? -rounded : rounded;
}

/** A non-negative or negative decimal with at most two decimals (numeric text) in whole cents, exactly. */
export function centsOf(text: string): number {
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = text.replace('-', '').split('.');
  const cents = Number(whole) * 100 + Number((fraction + '00').slice(0, 2));
  return negative ? -cents : cents;
}

/** Cents as the API's euros: the same number as PostgreSQL's numeric text gives (both correctly rounded). */
const euros = (cents: number | null) => (cents == null ? null : cents / 100);

const centsByVilla = (totals: Map<number, string | null>) =>
  new Map([...totals].map(([id, total]) => [id, total == null ? null : centsOf(total)]));

/** The budget in whole cents (the weekly rule's, @villas/shared). */
export { budgetCents };

const isAscii = (text: string) => /^[\x20-\x7e]*$/.test(text);

/** A running sum's figures at entry `i` of a villa's sums (see `Sums`), into `out`. */
function sumsAt(
  s: Sums,
  i: number,
  out: { price: number; priced: number; blocked: number; foreign: number },
) {
  if (i < 0) {
    out.price = out.priced = out.blocked = out.foreign = 0;
  } else if (i >= s.length) {
    out.price = s.total.price;
    out.priced = s.total.priced;
    out.blocked = s.total.blocked;
    out.foreign = s.total.foreign;
  } else {
    if (s.wide) {
      out.price = s.days[3 * i]!;
      out.priced = s.days[3 * i + 1]!;
      out.blocked = s.days[3 * i + 2]!;
    } else {
      const j = s.base + i * s.stride;
      const packed = s.days[j + 1]!;
      out.price = s.days[j]!;
      out.priced = packed >>> 16;
      out.blocked = packed & 0xffff;
    }
    out.foreign = s.foreign ? s.foreign[i]! : 0;
  }
}
const atIn = { price: 0, priced: 0, blocked: 0, foreign: 0 };
const atOut = { price: 0, priced: 0, blocked: 0, foreign: 0 };

/**
 * The stay's total in the villa's currency, in cents (null = Price on Request), or 'blocked'/'foreign'.
 * Each figure is its check-out day's running sum minus its check-in day's.
 */
function stayTotal(
  v: Villa,
  checkIn: number,
  checkOut: number,
  nights: number,
): number | null | 'blocked' | 'foreign' {
  const s = v.sums;
  let priced = 0;
  let price = 0;
  if (s && !s.wide && !s.foreign) {
    // The common case, read straight from the pairs (see `Sums`).
    const days = s.days;
    const a = checkIn - s.first - 1;
    const b = checkOut - s.first - 1;
    const ja = s.base + a * s.stride;
    const jb = s.base + b * s.stride;
    const packedIn = a < 0 ? 0 : a >= s.length ? s.totalPacked : days[ja + 1]!;
    const packedOut = b < 0 ? 0 : b >= s.length ? s.totalPacked : days[jb + 1]!;
    if ((packedOut & 0xffff) - (packedIn & 0xffff) > 0) return 'blocked';
    priced = (packedOut >>> 16) - (packedIn >>> 16);
    price =
      (b < 0 ? 0 : b >= s.length ? s.total.price : days[jb]!) -
      (a < 0 ? 0 : a >= s.length ? s.total.price : days[ja]!);
  } else if (s) {
    sumsAt(s, checkIn - s.first - 1, atIn);
    sumsAt(s, checkOut - s.first - 1, atOut);
    if (atOut.blocked - atIn.blocked > 0) return 'blocked';
    if (atOut.foreign - atIn.foreign > 0) return 'foreign';
    priced = atOut.priced - atIn.priced;
    price = atOut.price - atIn.price;
  }
  if (priced < nights && v.baseCents == null) return null;
  return price + (nights - priced) * (v.baseCents ?? 0);
}

/** Shared by the villas without a rule (one object, not one per villa, to scan). */
const NO_RULES: readonly Rule[] = [];

/** Whether a stay rule of villa `k` forbids this check-in (see `Rule`). */
function breaksRule(c: Columns, k: number, checkIn: number, nights: number, weekday: number): boolean {
  const { start, end, minNights, days } = c.rules;
  for (let r = c.ruleAt[k]!; r < c.ruleAt[k + 1]!; r++) {
    if (start[r]! > checkIn || end[r]! < checkIn) continue;
    // minNights 0 = none (a rule's minimum is 2 to 365: migration 0010).
    if (minNights[r]! > nights || (days[r] !== 0 && (days[r]! & (1 << weekday)) === 0)) return true;
  }
  return false;
}

/** Where the day-major window of a full read is (see `Sums`): its array, first day and size. */
interface Window {
  days: Int32Array;
  /** Row r holds every villa's running sums as of the nights before day `from + 1 + r`. */
  from: number;
  rows: number;
  /** Int32s per row (2 × its villas). */
  stride: number;
}

/** `Columns.flags` */
const AVAILABLE = 1;
const HAS_RULES = 2;
/** The undated weekly price is within a millionth of a cent of a rounding tie: the database decides. */
const WEEKLY_UNSURE = 4;

/**
 * What a search's loop reads of each villa, one typed array per figure, in scan order (id order). A
 * search reads a few kB of these instead of two objects per villa (3 MB at 10,000 villas, a cache
 * miss or two each): the dated all-country search's decision went from ~0.6 to ~0.35 ms there
 * (docs/perf/search-plans.md, eighth round). The villas' objects serve what is rare: amenities, sums
 * outside the window, the page's hits.
 */
interface Columns {
  villas: Villa[];
  ids: Int32Array;
  bedrooms: Int32Array;
  flags: Uint8Array;
  /** Interned lower() of the destination (`destinationIds`); -1 = none. */
  destination: Int32Array;
  /** The featured sort's key: (featured ? 0 : 1e9) + nameRank. */
  featuredKey: Float64Array;
  /** Nightly base price in cents; NaN = none. */
  baseCents: Float64Array;
  /** The rate to EUR as a float; NaN = none. */
  rate: Float64Array;
  /** The undated weekly price in EUR cents; NaN = none (no base price or no rate). */
  weekly: Float64Array;
  /** Where the villa's pair is in a row of the window (2 × its slot); -1 = its sums are not in it. */
  column: Int32Array;
  /** The villa's stay rules: `rules.*[ruleAt[k] .. ruleAt[k + 1])`. */
  ruleAt: Int32Array;
  rules: { start: Int32Array; end: Int32Array; minNights: Int32Array; days: Int32Array };
}

function columnsOf(villas: Villa[], window: Window | null, destinationIds: Map<string, number>): Columns {
  const n = villas.length;
  const ruleCount = villas.reduce((sum, v) => sum + v.rules.length, 0);
  const rules = {
    start: new Int32Array(ruleCount),
    end: new Int32Array(ruleCount),
    minNights: new Int32Array(ruleCount),
    days: new Int32Array(ruleCount),
  };
  const c: Columns = {
    villas,
    ids: new Int32Array(n),
    bedrooms: new Int32Array(n),
    flags: new Uint8Array(n),
    destination: new Int32Array(n),
    featuredKey: new Float64Array(n),
    baseCents: new Float64Array(n),
    rate: new Float64Array(n),
    weekly: new Float64Array(n),
    column: new Int32Array(n),
    ruleAt: new Int32Array(n + 1),
    rules,
  };
  let r = 0;
  villas.forEach((v, k) => {
    c.ids[k] = v.id;
    c.bedrooms[k] = v.bedrooms;
    const weekly =
      v.baseCents != null && v.rate ? roundCents(v.baseCents * NIGHTS_PER_WEEK, v.rate, 1) : null;
    c.flags[k] =
      (v.available ? AVAILABLE : 0) |
      (v.rules.length ? HAS_RULES : 0) |
      (weekly === undefined ? WEEKLY_UNSURE : 0);
    c.destination[k] = v.destination == null ? -1 : destinationIds.get(v.destination)!;
    c.featuredKey[k] = (v.featured ? 0 : 1e9) + v.nameRank;
    c.baseCents[k] = v.baseCents ?? NaN;
    c.rate[k] = v.rate?.value ?? NaN;
    c.weekly[k] = weekly ?? NaN;
    const s = v.sums;
    c.column[k] =
      window && s?.windowed && s.days === window.days && !s.foreign
        ? s.base - (s.first - window.from) * s.stride
        : -1;
    c.ruleAt[k] = r;
    for (const rule of v.rules) {
      rules.start[r] = rule.start;
      rules.end[r] = rule.end;
      rules.minNights[r] = rule.minNights ?? 0;
      rules.days[r] = rule.days;
      r++;
    }
  });
  c.ruleAt[n] = r;
  return c;
}

/** Villa `id`'s sums are no longer in the window (`Columns.column`); the columns are in id order. */
function leaveWindow(c: Columns, id: number): void {
  let lo = 0;
  let hi = c.ids.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (c.ids[mid]! < id) lo = mid + 1;
    else hi = mid;
  }
  if (c.ids[lo] === id) c.column[lo] = -1;
}

const BY_FEATURED = 0;
const BY_BEDROOMS = 1;
const BY_PRICE_ASC = 2;
const BY_PRICE_DESC = 3;
/** The sorts as small integers, for the search's loop. */
const SORT_CODES: Record<PropertySort, number> = {
  featured: BY_FEATURED,
  bedrooms: BY_BEDROOMS,
  'price-asc': BY_PRICE_ASC,
  'price-desc': BY_PRICE_DESC,
};

/** A match: the villa and its sort key (lower first; ties by id). */
interface Hit {
  id: number;
  key: number;
  villa: Villa;
  /** A dated search's stay total in cents, in the villa's currency (null = Price on Request). */
  cost: number | null;
}

/** Past this many, every hit is kept and sorted at the end. */
const MAX_KEPT_IN_ORDER = 1000;

/** The `size` lowest hits in order, kept while scanning (no sort of every match). */
class TopHits {
  private readonly hits: Hit[] = [];
  /**
   * Once `size` are kept, the last one's key and id: a villa must come before them to enter. Most
   * lose to them; the search's loop asks `loses` before calling `add` (no call, no object for them).
   */
  lastKey = Number.POSITIVE_INFINITY;
  lastId = Number.POSITIVE_INFINITY;
  constructor(private readonly size: number) {}
  loses(id: number, key: number): boolean {
    return !(key < this.lastKey || (key === this.lastKey && id < this.lastId));
  }
  add(id: number, key: number, villa: Villa, cost: number | null) {
    if (this.loses(id, key)) return;
    const hits = this.hits;
    if (this.size === 0) return;
    if (this.size > MAX_KEPT_IN_ORDER) {
      hits.push({ id, key, villa, cost });
      return;
    }
    const hit = { id, key, villa, cost };
    let lo = 0;
    let hi = hits.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (before(hits[mid]!, hit)) lo = mid + 1;
      else hi = mid;
    }
    hits.splice(lo, 0, hit);
    if (hits.length > this.size) hits.pop();
    if (hits.length === this.size) {
      const last = hits[hits.length - 1]!;
      this.lastKey = last.key;
      this.lastId = last.id;
    }
  }
  sorted(): Hit[] {
    if (this.size > MAX_KEPT_IN_ORDER) this.hits.sort((a, b) => (before(a, b) ? -1 : 1));
    return this.hits.slice(0, this.size);
  }
}
const before = (a: Hit, b: Hit) => a.key < b.key || (a.key === b.key && a.id < b.id);

/** Changed villas whose sums are read in one statement. */
const SUMS_CHUNK = 100;
/** Days of every villa's sums read in one statement when reading everything. */
const DAYS_CHUNK = 31;
/** Cards kept at most (about 1 kB each). */
const MAX_CARDS = 5000;
/** A search that found the index stale waits this long for it to read the change, then asks the database. */
const REFRESH_WAIT_MS = 500;
/** More changed villas than this are read like everything (by ranges of dates, not villa by villa). */
const MAX_CHANGED_VILLAS = 500;
/** Before the first successful read, a search asks for another at most this often. */
const RETRY_READ_MS = 2000;
/** How often an instance deletes `search_changes` rows older than a day (search-index.repository). */
const PRUNE_EVERY_MS = 3600_000;
/** An index whose snapshot is older than this reads everything again (older changes may be deleted). */
const MAX_SNAPSHOT_AGE_MS = 6 * 3600_000;

export interface SearchIndexOptions {
  /** Background refresh, so the snapshot stays young even without searches (0 = none). */
  refreshEveryMs?: number;
  onError?: (err: unknown) => void;
  /** Before the first successful read, a search asks for another at most this often (default 2 s). */
  retryReadMs?: number;
  /** How long a search waits for a refresh before the database answers it (default 500 ms). */
  refreshWaitMs?: number;
  /** More changed villas than this are read like everything (default 500). */
  maxChangedVillas?: number;
  /**
   * A full read's day-major window may hold at most this many times the days its villas' spans
   * need (default 1.5; Infinity: always a window, 0: never).
   */
  windowSlack?: number;
}

export class SearchIndex {
  private villas: Villa[] = [];
  /** Every villa's columns (see `Columns`), in id order. */
  private all: Columns = columnsOf([], null, new Map());
  /**
   * The columns of each country's villas (its name as PostgreSQL's lower() gives it): a search in one
   * country scans that country's villas only (Italy at 10,000 villas: 832 instead of all).
   */
  private byCountry = new Map<string | null, Columns>();
  /** Interned lower() of the destinations (`Columns.destination`). */
  private destinationIds = new Map<string, number>();
  /** The day-major window of the last full read (see `Sums`). */
  private window: Window | null = null;
  /** Undated cards of the villas shown lately, as the database gives them; emptied by any change to them. */
  private readonly cards = new Map<number, PropertyCard>();
  /** Counts the card cache's emptyings, so a card read before one is not kept after it. */
  private generation = 0;
  /** Country and destination names as stored → PostgreSQL's lower() of them. */
  private lowered = new Map<string, string>();
  private readonly byId = new Map<number, Villa>();
  private readonly sums = new Map<number, Sums>();
  private snapshot: string | null = null;
  private readAt = 0;
  private prunedAt = 0;
  private triedAt = 0;
  private refreshing: Promise<void> | null = null;
  private timer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    /** The database it reads (not a transaction: it reads what is committed). */
    readonly database: Queryable,
    private readonly options: SearchIndexOptions = {},
  ) {}

  /** The columns a search scans, again from the villas' objects (after any read). */
  private columns(): void {
    const ids = new Map<string, number>();
    for (const v of this.villas)
      if (v.destination != null && !ids.has(v.destination)) ids.set(v.destination, ids.size);
    this.destinationIds = ids;
    this.all = columnsOf(this.villas, this.window, ids);
    this.byCountry = new Map(
      [...Map.groupBy(this.villas, (v) => v.country)].map(([country, list]) => [
        country,
        columnsOf(list, this.window, ids),
      ]),
    );
  }

  /** Reads everything in the background; until then searches run in the database. */
  start(): void {
    void this.refresh().catch((err: unknown) => this.options.onError?.(err));
    const every = this.options.refreshEveryMs ?? 0;
    if (every > 0) {
      this.timer = setInterval(() => {
        void this.refresh().catch((err: unknown) => this.options.onError?.(err));
      }, every);
      this.timer.unref();
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    await this.refreshing?.catch(() => undefined);
  }

  get ready(): boolean {
    return this.snapshot != null;
  }

  /** How many villas it holds (the bench and tests read it). */
  get size(): number {
    return this.villas.length;
  }

  /**
   * How many villas' sums are in a day-major window now, and how many in arrays of their own (a
   * window of one villa is laid out like its own array, and counted so).
   */
  get sumsLayout(): { window: number; own: number } {
    let window = 0;
    for (const s of this.sums.values()) if (s.windowed) window++;
    return { window, own: this.sums.size - window };
  }

  /**
   * Brings the index up to the database's present: what changed since its snapshot, or everything
   * the first time (and after `MAX_SNAPSHOT_AGE_MS`). Concurrent callers share one run.
   */
  refresh(): Promise<void> {
    if (this.closed) return Promise.resolve();
    this.refreshing ??= this.read().finally(() => (this.refreshing = null));
    return this.refreshing;
  }

  private async read(): Promise<void> {
    this.triedAt = Date.now();
    const full = this.snapshot == null || Date.now() - this.readAt > MAX_SNAPSHOT_AGE_MS;
    const startedAt = Date.now();
    let everything = full;
    let ids: number[] = [];
    let snapshot: string;
    if (full || this.snapshot == null) {
      snapshot = await repo.readSnapshot(this.database);
    } else {
      const changes = await repo.readChanges(this.database, this.snapshot);
      ({ snapshot, everything, ids } = changes);
    }
    if (Date.now() - this.prunedAt > PRUNE_EVERY_MS) {
      this.prunedAt = Date.now();
      await repo.pruneChanges(this.database);
    }
    const villas = everything ? await this.readVillas() : null;
    // Many changed villas (a bulk import): every villa's sums by ranges of dates is faster than theirs
    // by probes (10,000 villas: 5.7 s against 91 s).
    const allSums = full || ids.length > (this.options.maxChangedVillas ?? MAX_CHANGED_VILLAS);
    const read = allSums ? await this.readSums(null) : ids.length ? await this.readSums(ids) : null;
    if (this.closed) return;
    // Applied at once, between two searches.
    if (allSums) {
      this.sums.clear();
      this.window = read?.window ?? null;
    }
    if (read) {
      for (const id of ids) this.sums.delete(id);
      for (const [id, s] of read.sums) this.sums.set(id, s);
    }
    if (villas) {
      this.cards.clear();
      this.generation++;
      this.villas = villas.list;
      this.lowered = villas.lowered;
      this.byId.clear();
      for (const v of villas.list) this.byId.set(v.id, v);
    }
    const touched = villas?.list ?? (allSums ? this.villas : ids.map((id) => this.byId.get(id)));
    for (const v of touched.filter((v) => v != null)) {
      v.sums = this.sums.get(v.id) ?? null;
    }
    if (villas || allSums) this.columns();
    else if (read) {
      // Only these villas' sums changed: read again into arrays of their own, they leave the window.
      // (Rebuilding every column took ~6 ms at 10,000 villas, on every refresh that found a change.)
      for (const id of ids) {
        const country = this.byId.get(id)?.country;
        for (const c of [this.all, country === undefined ? undefined : this.byCountry.get(country)])
          if (c) leaveWindow(c, id);
      }
    }
    this.snapshot = snapshot;
    this.readAt = startedAt;
  }

  private async readVillas(): Promise<{ list: Villa[]; lowered: Map<string, string> }> {
    const lowered = new Map((await repo.readLoweredNames(this.database)).map((r) => [r.name, r.lowered]));
    const rows = await repo.readVillas(this.database);
    const rules = new Map<number, Rule[]>();
    for (const r of await repo.readRules(this.database)) {
      const list = rules.get(Number(r.property_id)) ?? [];
      list.push({
        start: Number(r.start),
        end: Number(r.end),
        minNights: r.min_nights == null ? null : Number(r.min_nights),
        days: (r.check_in_days ?? []).reduce((bits, d) => bits | (1 << Number(d)), 0),
      });
      rules.set(Number(r.property_id), list);
    }
    const rates = new Map<string, Exact>();
    const list = rows.map((r): Villa => {
      let rate: Exact | null = null;
      if (r.rate === '1') rate = ONE;
      else if (r.rate != null) rates.set(r.rate, (rate = rates.get(r.rate) ?? exact(r.rate)));
      const id = Number(r.id);
      return {
        id,
        featured: r.featured === true,
        nameRank: Number(r.name_rank),
        bedrooms: Number(r.bedrooms),
        available: r.available === true,
        country: r.country ?? null,
        destination: r.destination ?? null,
        amenities: (r.amenities ?? []).map(Number),
        baseCents: r.base_cents == null ? null : Number(r.base_cents),
        rate,
        rules: rules.get(id) ?? NO_RULES,
        sums: null,
      };
    });
    return { list, lowered };
  }

  /** The running sums of these villas (a few), by index, date by date of their spans. */
  private async readSumsOf(result: Map<number, Sums>, ids: number[]): Promise<void> {
    for (let i = 0; i < ids.length; i += SUMS_CHUNK) {
      for (const r of await repo.readSumLists(this.database, ids.slice(i, i + SUMS_CHUNK))) {
        const s = result.get(Number(r.property_id));
        if (s && !fillAt(s, 0, r)) throw new Error('search index: stay sums out of step with their span');
      }
    }
    for (const [id, s] of result) {
      if (s.filled !== s.length)
        throw new Error(`search index: stay sums of villa ${id} out of step with its span`);
    }
  }

  /**
   * The sums of these villas (null = all): their spans, then their running sums in chunks; and the
   * day-major window of a full read.
   */
  private async readSums(only: number[] | null): Promise<{ sums: Map<number, Sums>; window: Window | null }> {
    const result = new Map<number, Sums>();
    const long: number[] = [];
    const spans = await repo.readSpans(this.database, only);
    // Everything: the villas inside the common window share its day-major array, in id order (the
    // order a search scans). The rest (a change; a villa whose span reaches far out): each its own
    // pairs, side by side in one buffer.
    const window = only
      ? null
      : dayMajor(
          spans.map((r) => ({ first: Number(r.first), last: Number(r.last) })),
          this.options.windowSlack ?? WINDOW_SLACK,
        );
    const shared = window ? new Int32Array(window.rows * 2 * window.count) : null;
    let pairs = 0;
    spans.forEach((r, i) => {
      const length = Number(r.last) - Number(r.first);
      if (length <= 0xffff && !(window && window.slot[i]! >= 0)) pairs += 2 * length;
    });
    const buffer = new ArrayBuffer(4 * pairs);
    let at = 0;
    spans.forEach((r, i) => {
      const total = {
        price: Number(r.price),
        priced: Number(r.priced),
        foreign: Number(r.foreign_priced),
        blocked: Number(r.blocked),
      };
      const first = Number(r.first);
      const last = Number(r.last);
      const length = last - first;
      const wide = length > 0xffff;
      const slot = window ? window.slot[i]! : -1;
      let days: Int32Array | Float64Array;
      let base = 0;
      let stride = 2;
      if (wide) {
        days = new Float64Array(3 * length);
        stride = 3;
      } else if (window && shared && slot >= 0) {
        days = shared;
        stride = 2 * window.count;
        base = (first - window.from) * stride + 2 * slot;
      } else {
        days = new Int32Array(buffer, 4 * at, 2 * length);
        at += 2 * length;
      }
      result.set(Number(r.property_id), {
        first,
        last,
        length,
        days,
        base,
        stride,
        wide,
        foreign: total.foreign > 0 ? new Int32Array(length) : null,
        total,
        totalPacked: ((total.priced << 16) | total.blocked) >>> 0,
        filled: 0,
        windowed: false,
      });
      if (length > 0) long.push(Number(r.property_id));
    });
    if (only) {
      await this.readSumsOf(result, long);
    } else if (result.size) {
      // Everything: a range of dates at a time, every villa's rows in one index range.
      let from = Infinity;
      let to = -Infinity;
      for (const s of result.values()) {
        from = Math.min(from, s.first + 1);
        to = Math.max(to, s.last + 1);
      }
      for (let day = from; day < to; day += DAYS_CHUNK) {
        for (const r of await repo.readSumChunk(this.database, day, Math.min(day + DAYS_CHUNK, to))) {
          const s = result.get(Number(r.property_id));
          if (s && !fillAt(s, Number(r.start) - s.first - 1, r)) s.filled = -1;
        }
      }
      // A villa written while the ranges were read: its rows again, by its span. (Its change is read
      // again at the next refresh too, and every answer checks for it meanwhile.)
      const again = [...result].filter(([, s]) => s.filled !== s.length).map(([id]) => id);
      if (again.length) {
        const { sums: spans } = await this.readSums(again);
        for (const id of again) {
          const s = spans.get(id);
          if (s) result.set(id, s);
          else result.delete(id);
        }
      }
      if (window && shared) {
        // The window's rows after each villa's span: its totals (see `Sums.windowed`).
        for (const s of result.values()) {
          if (s.days !== shared || s.filled !== s.length || s.total.price !== (s.total.price | 0)) continue;
          for (let j = s.base + s.length * s.stride; j < shared.length; j += s.stride) {
            shared[j] = s.total.price;
            shared[j + 1] = s.totalPacked;
          }
          s.windowed = true;
        }
        return {
          sums: result,
          window: { days: shared, from: window.from, rows: window.rows, stride: 2 * window.count },
        };
      }
    }
    return { sums: result, window: null };
  }

  /**
   * One page of a search decided here. The page's cards come from the index's card cache; the ones it
   * lacks are read in one statement that also checks nothing changed since the snapshot the search was
   * decided at; with every card cached, that check is the only statement. If something changed, the
   * index reads the change and decides again, once. Undefined when it cannot decide the search (the
   * database's search answers then).
   */
  async page(db: Queryable, search: IndexSearch): Promise<PropertyPage | undefined> {
    for (let attempt = 0; attempt < 2; attempt++) {
      let plan = this.plan(search);
      if (plan && 'foreign' in plan) {
        const totals = await readForeignStayTotals(db, search.stay!, plan.foreign, plan.snapshot);
        const again = totals && this.plan(search, centsByVilla(totals));
        // Stale, or the index moved on meanwhile: read the change, then decide again.
        if (!again || again.snapshot !== plan.snapshot) {
          if (!(await this.tryRefresh())) return undefined;
          continue;
        }
        plan = again;
      }
      if (!plan || 'foreign' in plan) return undefined;
      // Taken with the plan, at its snapshot (a refresh that reads a change empties the cache).
      const generation = this.generation;
      const cached = plan.ids.map((id) => this.cards.get(id));
      const missing = plan.ids.filter((_, i) => !cached[i]);
      let read: Map<number, PropertyCard> | undefined;
      if (missing.length) {
        read = await readCards(db, missing, plan.snapshot);
        if (!read) {
          if (!(await this.tryRefresh())) return undefined;
          continue;
        }
        if (generation === this.generation) for (const [id, card] of read) this.remember(id, card);
      } else if (await repo.changedSinceSnapshot(db, plan.snapshot)) {
        if (!(await this.tryRefresh())) return undefined;
        continue;
      }
      const items = plan.ids.map((id, i) => {
        const card = cached[i] ?? read!.get(id)!;
        const stay = plan.stays?.[i];
        return stay && search.stay
          ? {
              ...card,
              weeklyPriceEur: euros(stay.weekly),
              totalNights: search.stay.nights,
              totalCost: euros(stay.totalCost),
              totalCostEur: euros(stay.totalCostEur),
            }
          : card;
      });
      return { items, total: plan.total, limit: search.limit, offset: search.offset };
    }
    return undefined;
  }

  /**
   * A refresh for a search that found the index stale: true once the index has read the change; false
   * when it failed (reported) or takes longer than `REFRESH_WAIT_MS` (it goes on; the search goes to
   * the database).
   */
  private async tryRefresh(): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const done = await Promise.race([
      this.refresh().then(
        () => true,
        (err: unknown) => {
          this.options.onError?.(err);
          return false;
        },
      ),
      // A long read (many changes at once) does not hold the answer: the database gives it meanwhile.
      new Promise<false>(
        (resolve) =>
          (timer = setTimeout(() => resolve(false), this.options.refreshWaitMs ?? REFRESH_WAIT_MS)),
      ),
    ]);
    clearTimeout(timer);
    return done;
  }

  /** Keeps a card (undated: a dated search adds its stay's figures), the least recently used out first. */
  private remember(id: number, card: PropertyCard) {
    this.cards.delete(id);
    this.cards.set(id, card);
    if (this.cards.size > MAX_CARDS) this.cards.delete(this.cards.keys().next().value!);
  }

  /**
   * lower() of a name as PostgreSQL computes it: ASCII letters as everywhere, a stored name's from the
   * database; null for any other text (its lower() depends on the database's locale).
   */
  private lower(name: string): string | null {
    if (isAscii(name)) return name.toLowerCase();
    return this.lowered.get(name) ?? null;
  }

  /**
   * Before the first read has succeeded, each search asks for one (at most every `RETRY_READ_MS`), so
   * a failed first read is retried as soon as searches come, not only at the next background refresh.
   */
  private retryRead(): void {
    if (this.refreshing || Date.now() - this.triedAt < (this.options.retryReadMs ?? RETRY_READ_MS)) return;
    void this.refresh().catch((err: unknown) => this.options.onError?.(err));
  }

  /**
   * Decides a search: the page's villa ids in order and the number of matches, or undefined when the
   * index is not read yet or cannot decide this search exactly (the database answers it then).
   */
  plan(
    search: IndexSearch,
    foreignTotals?: ReadonlyMap<number, number | null>,
  ): IndexPlan | ForeignNights | undefined {
    const snapshot = this.snapshot;
    if (snapshot == null) {
      this.retryRead();
      return undefined;
    }
    if (search.q?.trim()) return undefined;
    const country = search.country ? this.lower(search.country) : undefined;
    const destination = search.destination ? this.lower(search.destination) : undefined;
    if (country === null || destination === null) return undefined;
    const bedrooms = search.bedrooms || 0;
    const amenities = search.amenityIds ?? [];
    const stay = search.stay;
    const checkIn = stay ? dayNumber(stay.checkIn) : 0;
    const checkOut = stay ? dayNumber(stay.checkOut) : 0;
    const nights = stay?.nights ?? 0;
    const weekday = stay ? isoWeekday(stay.checkIn) : 0;
    const budget = search.maxPrice != null ? budgetCents(search.maxPrice) : undefined;
    const sort = search.sort;
    const needsWeekly = budget != null || sort === 'price-asc' || sort === 'price-desc';
    const top = new TopHits(search.offset + search.limit);
    const foreign: number[] = [];
    const c = country ? this.byCountry.get(country) : this.all;
    if (!c) return { ids: [], total: 0, snapshot, stays: stay ? [] : undefined };
    // A dated search reads the window's two rows of its check-in and check-out (when both are in it).
    const win = stay ? this.window : null;
    const inWindow = win != null && checkIn - 1 - win.from >= 0 && checkOut - 1 - win.from < win.rows;
    const total = scan(
      c,
      {
        bedrooms,
        // A destination no villa has matches none (-2).
        destination: destination ? (this.destinationIds.get(destination) ?? -2) : -1,
        amenities,
        dated: stay != null,
        checkIn,
        checkOut,
        nights,
        weekday,
        budget: budget ?? Number.POSITIVE_INFINITY,
        needsWeekly,
        sortBy: SORT_CODES[sort],
        days: inWindow ? win.days : null,
        rowIn: inWindow ? (checkIn - 1 - win.from) * win.stride : 0,
        rowOut: inWindow ? (checkOut - 1 - win.from) * win.stride : 0,
        foreignTotals,
      },
      top,
      foreign,
    );
    if (total === undefined) return undefined;
    if (foreign.length) return { foreign, snapshot };
    const hits = top.sorted().slice(search.offset);
    let stays: StayFigures[] | undefined;
    if (stay) {
      stays = [];
      for (const { villa, cost } of hits) {
        const rate = villa.rate;
        const totalCostEur = cost == null || !rate ? null : roundCents(cost, rate, 1);
        const weekly = cost == null || !rate ? null : roundCents(cost * NIGHTS_PER_WEEK, rate, nights);
        if (totalCostEur === undefined || weekly === undefined) return undefined;
        stays.push({ totalCost: cost, totalCostEur, weekly });
      }
    }
    return { ids: hits.map((h) => h.id), total, snapshot, stays };
  }
}

/** A search as `scan` takes it (see `SearchIndex.plan`). */
interface Scan {
  bedrooms: number;
  /** Interned (`Columns.destination`); -1 = any, -2 = one no villa has. */
  destination: number;
  amenities: readonly number[];
  dated: boolean;
  checkIn: number;
  checkOut: number;
  nights: number;
  weekday: number;
  /** In EUR cents (Infinity = none). */
  budget: number;
  needsWeekly: boolean;
  sortBy: number;
  /** The window's array when both the check-in's and the check-out's rows are in it, and where they are. */
  days: Int32Array | null;
  rowIn: number;
  rowOut: number;
  foreignTotals: ReadonlyMap<number, number | null> | undefined;
}

/**
 * The search's loop over some villas' columns: keeps the page's hits in `top`, the villas whose stay
 * needs the database's total in `foreign`, and says how many match (undefined: the database decides).
 * A function of its own, not inlined in `plan`: V8 optimises it whole, where a loop inside `plan` ran
 * as on-stack-replaced code that was thrown away after each search (`--trace-deopt`).
 */
function scan(c: Columns, q: Scan, top: TopHits, foreign: number[]): number | undefined {
  const { villas, ids, flags, column, bedrooms: bedroomsOf, baseCents, rate: rateOf } = c;
  const { featuredKey, weekly: weeklyOf, destination: destinationOf } = c;
  const { bedrooms, destination, amenities, dated, checkIn, checkOut, nights, weekday, budget } = q;
  const { needsWeekly, sortBy, days, rowIn, rowOut } = q;
  // A sort by price needs each weekly price; the other sorts only whether it is within the budget,
  // which is plain for all but the stays within a cent or two of it: a stay whose cost × 7 × rate is
  // at most (budget − 1) × nights is within it, at least (budget + 2) × nights over it. (The float's
  // relative error, ~1e-16, is far below a cent for any weekly price under 10^12 cents.) Saves a
  // division and a rounding per villa (docs/perf/search-plans.md, eighth round).
  const pricedSort = sortBy === BY_PRICE_ASC || sortBy === BY_PRICE_DESC;
  const surelyWithin = (budget - 1) * nights;
  const surelyOver = (budget + 2) * nights;
  let total = 0;
  for (let k = 0; k < villas.length; k++) {
    if (bedroomsOf[k]! < bedrooms) continue;
    if (destination !== -1 && destinationOf[k] !== destination) continue;
    if (amenities.length && !amenities.every((a) => villas[k]!.amenities.includes(a))) continue;
    const f = flags[k]!;
    // NaN: no weekly price (Price on Request, or no rate to EUR).
    let weekly = NaN;
    // Within the budget without its weekly price (see `surelyWithin`).
    let within = false;
    let stayCost: number | null = null;
    if (dated) {
      if (!(f & AVAILABLE)) continue;
      if (f & HAS_RULES && breaksRule(c, k, checkIn, nights, weekday)) continue;
      const at = column[k]!;
      let cost: number | null | 'blocked' | 'foreign';
      if (days && at >= 0) {
        // `stayTotal` for a villa in the window, read in place (see `Sums.windowed`).
        const packedIn = days[rowIn + at + 1]!;
        const packedOut = days[rowOut + at + 1]!;
        if ((packedOut & 0xffff) - (packedIn & 0xffff) > 0) continue;
        const priced = (packedOut >>> 16) - (packedIn >>> 16);
        const base = baseCents[k]!;
        cost =
          priced < nights && base !== base
            ? null
            : days[rowOut + at]! - days[rowIn + at]! + (nights - priced) * (base === base ? base : 0);
      } else {
        cost = stayTotal(villas[k]!, checkIn, checkOut, nights);
        if (cost === 'blocked') continue;
        if (cost === 'foreign') {
          const known = q.foreignTotals?.get(ids[k]!);
          if (known === undefined) {
            foreign.push(ids[k]!);
            continue;
          }
          cost = known;
        }
      }
      stayCost = cost;
      const rate = rateOf[k]!;
      if (needsWeekly && cost != null && rate === rate) {
        const product = cost * NIGHTS_PER_WEEK * rate;
        if (!pricedSort && product <= surelyWithin) within = true;
        else if (!pricedSort && product >= surelyOver) continue;
        else weekly = roundFloat(product / nights);
        if (!within && weekly !== weekly) {
          const w = roundCents(cost * NIGHTS_PER_WEEK, villas[k]!.rate!, nights);
          if (w === undefined) return undefined;
          weekly = w;
        }
      }
    } else if (needsWeekly) {
      if (f & WEEKLY_UNSURE) return undefined;
      weekly = weeklyOf[k]!;
    }
    if (budget !== Number.POSITIVE_INFINITY && !within && !(weekly <= budget)) continue;
    total++;
    const key =
      sortBy === BY_FEATURED
        ? featuredKey[k]!
        : sortBy === BY_BEDROOMS
          ? -bedroomsOf[k]!
          : weekly !== weekly
            ? Number.POSITIVE_INFINITY
            : sortBy === BY_PRICE_ASC
              ? weekly
              : -weekly;
    const id = ids[k]!;
    if (!top.loses(id, key)) top.add(id, key, villas[k]!, stayCost);
  }
  return total;
}

/** Villas whose spans reach furthest out (this share at each end) are left out of the window. */
const WINDOW_OUTLIERS = 0.02;
/** A window may hold at most this many times the days its villas' own spans need. */
const WINDOW_SLACK = 1.5;

/**
 * The day-major window of a full read (see `Sums`): the days [from, from + rows) that almost every
 * villa's span lies in, and each villa's column in it (`slot`, by the spans' order; -1 = none: its
 * span reaches further out, or it has none). Null when the window would waste memory: more than
 * `slack` times the days of the spans it holds.
 */
function dayMajor(
  spans: readonly { first: number; last: number }[],
  slack: number,
): { from: number; rows: number; count: number; slot: Int32Array } | null {
  const narrow = (s: { first: number; last: number }) => s.last > s.first && s.last - s.first <= 0xffff;
  const firsts = spans.filter(narrow).map((s) => s.first);
  const lasts = spans.filter(narrow).map((s) => s.last);
  if (!firsts.length) return null;
  firsts.sort((a, b) => a - b);
  lasts.sort((a, b) => a - b);
  const cut = Math.floor(firsts.length * WINDOW_OUTLIERS);
  const from = firsts[cut]!;
  const rows = lasts[lasts.length - 1 - cut]! - from;
  const slot = new Int32Array(spans.length).fill(-1);
  let count = 0;
  let own = 0;
  spans.forEach((s, i) => {
    if (narrow(s) && s.first >= from && s.last <= from + rows) {
      slot[i] = count++;
      own += s.last - s.first;
    }
  });
  return count && rows * count <= slack * own ? { from, rows, count, slot } : null;
}

/**
 * Writes lists of running sums (comma-separated integers, in date order) into a villa's sums from day
 * `offset`; a value the narrow layout cannot hold makes the villa's sums wide. False when they do not
 * fit its span (it changed meanwhile).
 */
function fillAt(
  s: Sums,
  offset: number,
  lists: { price: string; priced: string; foreign_priced: string; blocked: string },
): boolean {
  const price = lists.price.split(',');
  const priced = lists.priced.split(',');
  const blocked = lists.blocked.split(',');
  const foreign = lists.foreign_priced.split(',');
  if (offset < 0 || offset + price.length > s.length) return false;
  for (let i = 0; i < price.length; i++) {
    const day = offset + i;
    const p = Number(price[i]);
    const n = Number(priced[i]);
    const b = Number(blocked[i]);
    const f = Number(foreign[i]);
    if (!s.wide && (p !== (p | 0) || n > 0xffff || b > 0xffff || n < 0 || b < 0)) widen(s);
    if (s.wide) {
      s.days[3 * day] = p;
      s.days[3 * day + 1] = n;
      s.days[3 * day + 2] = b;
    } else {
      const j = s.base + day * s.stride;
      s.days[j] = p;
      s.days[j + 1] = (n << 16) | b;
    }
    if (f !== 0) (s.foreign ??= new Int32Array(s.length))[day] = f;
  }
  s.filled += price.length;
  return true;
}

/** Narrow sums → wide (see `Sums`), keeping what was written. */
function widen(s: Sums) {
  const days = new Float64Array(3 * s.length);
  for (let i = 0; i < s.length; i++) {
    const j = s.base + i * s.stride;
    const packed = s.days[j + 1]!;
    days[3 * i] = s.days[j]!;
    days[3 * i + 1] = packed >>> 16;
    days[3 * i + 2] = packed & 0xffff;
  }
  s.days = days;
  s.base = 0;
  s.stride = 3;
  s.wide = true;
  s.windowed = false;
}
