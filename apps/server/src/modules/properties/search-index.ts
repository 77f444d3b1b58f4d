import { type PropertyCard, type PropertyPage } from '@villas/shared';
import type { Queryable } from '@villas/db/client';
import * as repo from './search-index.repository';
import { readCards, readForeignStayTotals } from './search.repository';
import { columnsOf, leaveWindow, type Columns } from './search-index/columns';
import { centsByVilla, euros } from './search-index/decimal';
import { planSearch, type ForeignNights, type IndexPlan, type IndexSearch } from './search-index/plan';
import { readSums, readVillas } from './search-index/refresh';
import type { Sums, Villa, Window } from './search-index/villa';

/*
 * The search index (docs/decisions/021-search-index.md): every villa's searchable columns and stay
 * sums in the server's memory, so a paged search is decided here (which villas match, in which order,
 * how many) and its cards come from a cache of what the database gave. On PostgreSQL with
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
 * database, for those villas only (`ForeignNights`). Its prices follow the one weekly rule of
 * @villas/shared (`weeklyEurCents`). search-index.test.ts compares it with the SQL search on a random
 * catalogue, weekly-price.property.test.ts with the rule too.
 *
 * This file holds the index's state and its refreshes; search-index/ holds its parts: decimal.ts
 * (cents and exact rounding), villa.ts (what it holds of a villa), sums.ts (running sums and the
 * day-major window), refresh.ts (reading them), columns.ts (the scanned arrays), top-k.ts (the
 * page's hits), scan.ts (the search's loop) and plan.ts (deciding a search).
 */

export { budgetCents, centsOf, roundCents } from './search-index/decimal';
export type { ForeignNights, IndexPlan, IndexSearch, StayFigures } from './search-index/plan';

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
  private refreshMs = 0;
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
    const villas = everything ? await readVillas(this.database) : null;
    // Many changed villas (a bulk import): every villa's sums by ranges of dates is faster than theirs
    // by probes (10,000 villas: 5.7 s against 91 s).
    const allSums = full || ids.length > (this.options.maxChangedVillas ?? MAX_CHANGED_VILLAS);
    const read = allSums
      ? await readSums(this.database, null, this.options.windowSlack)
      : ids.length
        ? await readSums(this.database, ids, this.options.windowSlack)
        : null;
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
    this.refreshMs = Date.now() - startedAt;
  }

  /** When the index last caught up with the database (ms since the epoch, 0: never) and how long that took. */
  get freshness(): { readAt: number; refreshMs: number } {
    return { readAt: this.readAt, refreshMs: this.refreshMs };
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
    return planSearch(
      {
        snapshot,
        all: this.all,
        byCountry: this.byCountry,
        destinationIds: this.destinationIds,
        window: this.window,
        lower: (name) => this.lower(name),
      },
      search,
      foreignTotals,
    );
  }
}

/** lower() of ASCII text is the same whatever the database's locale. */
const isAscii = (text: string) => /^[\x20-\x7e]*$/.test(text);
