import { isoWeekday, NIGHTS_PER_WEEK, type PropertySort } from '@villas/shared';
import type { SearchParams } from '../search.repository';
import type { Columns } from './columns';
import { budgetCents, roundCents } from './decimal';
import { scan, SORT_CODES } from './scan';
import { TopHits } from './top-k';
import type { Window } from './villa';

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

/** What a search is decided on: the index as read at `snapshot`. */
export interface IndexState {
  snapshot: string;
  all: Columns;
  byCountry: ReadonlyMap<string | null, Columns>;
  destinationIds: ReadonlyMap<string, number>;
  window: Window | null;
  /** lower() of a name as PostgreSQL computes it; null when it cannot be known here. */
  lower(name: string): string | null;
}

/**
 * Decides a search: the page's villa ids in order and the number of matches, the villas whose stay
 * total the database must give first, or undefined when the index cannot decide this search exactly
 * (the database answers it then).
 */
export function planSearch(
  index: IndexState,
  search: IndexSearch,
  foreignTotals?: ReadonlyMap<number, number | null>,
): IndexPlan | ForeignNights | undefined {
  const { snapshot } = index;
  if (search.q?.trim()) return undefined;
  const country = search.country ? index.lower(search.country) : undefined;
  const destination = search.destination ? index.lower(search.destination) : undefined;
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
  const c = country ? index.byCountry.get(country) : index.all;
  if (!c) return { ids: [], total: 0, snapshot, stays: stay ? [] : undefined };
  // A dated search reads the window's two rows of its check-in and check-out (when both are in it).
  const win = stay ? index.window : null;
  const inWindow = win != null && checkIn - 1 - win.from >= 0 && checkOut - 1 - win.from < win.rows;
  const total = scan(
    c,
    {
      bedrooms,
      // A destination no villa has matches none (-2).
      destination: destination ? (index.destinationIds.get(destination) ?? -2) : -1,
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
