import type { Queryable } from '@villas/db/client';
import * as repo from '../search-index.repository';
import { exact, ONE, type Exact } from './decimal';
import { dayMajor, fillAt, WINDOW_SLACK } from './sums';
import { NO_RULES, type Rule, type Sums, type Villa, type Window } from './villa';

/** Changed villas whose sums are read in one statement. */
const SUMS_CHUNK = 100;
/** Days of every villa's sums read in one statement when reading everything. */
const DAYS_CHUNK = 31;

/** Every villa's searchable columns and stay rules, and the lowered names of the places. */
export async function readVillas(
  database: Queryable,
): Promise<{ list: Villa[]; lowered: Map<string, string> }> {
  const lowered = new Map((await repo.readLoweredNames(database)).map((r) => [r.name, r.lowered]));
  const rows = await repo.readVillas(database);
  const rules = new Map<number, Rule[]>();
  for (const r of await repo.readRules(database)) {
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
async function readSumsOf(database: Queryable, result: Map<number, Sums>, ids: number[]): Promise<void> {
  for (let i = 0; i < ids.length; i += SUMS_CHUNK) {
    for (const r of await repo.readSumLists(database, ids.slice(i, i + SUMS_CHUNK))) {
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
export async function readSums(
  database: Queryable,
  only: number[] | null,
  windowSlack = WINDOW_SLACK,
): Promise<{ sums: Map<number, Sums>; window: Window | null }> {
  const result = new Map<number, Sums>();
  const long: number[] = [];
  const spans = await repo.readSpans(database, only);
  // Everything: the villas inside the common window share its day-major array, in id order (the
  // order a search scans). The rest (a change; a villa whose span reaches far out): each its own
  // pairs, side by side in one buffer.
  const window = only
    ? null
    : dayMajor(
        spans.map((r) => ({ first: Number(r.first), last: Number(r.last) })),
        windowSlack,
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
    await readSumsOf(database, result, long);
  } else if (result.size) {
    // Everything: a range of dates at a time, every villa's rows in one index range.
    let from = Infinity;
    let to = -Infinity;
    for (const s of result.values()) {
      from = Math.min(from, s.first + 1);
      to = Math.max(to, s.last + 1);
    }
    for (let day = from; day < to; day += DAYS_CHUNK) {
      for (const r of await repo.readSumChunk(database, day, Math.min(day + DAYS_CHUNK, to))) {
        const s = result.get(Number(r.property_id));
        if (s && !fillAt(s, Number(r.start) - s.first - 1, r)) s.filled = -1;
      }
    }
    // A villa written while the ranges were read: its rows again, by its span. (Its change is read
    // again at the next refresh too, and every answer checks for it meanwhile.)
    const again = [...result].filter(([, s]) => s.filled !== s.length).map(([id]) => id);
    if (again.length) {
      const { sums: spans } = await readSums(database, again, windowSlack);
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
