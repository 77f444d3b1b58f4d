import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '@villas/db/client';
import { searchChanges } from '@villas/db/schema';

/*
 * What the search index (search-index.ts) reads: the searchable columns of every villa, their stay
 * sums, and what changed since a snapshot (`search_changes`, written by the triggers of migration
 * 0014). Dates are day numbers (days since 1970-01-01), money is text (exact; the index makes cents).
 */

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * Rows of `search_changes` (alias c) that a snapshot (its text form) did not see: written by a
 * transaction at or after the snapshot's oldest running one and not visible in it.
 */
export const changedSince = (snapshot: SQL) =>
  sql`c.xid >= pg_snapshot_xmin(${snapshot}::pg_snapshot) and not pg_visible_in_snapshot(c.xid, ${snapshot}::pg_snapshot)`;

/** The statement's snapshot, as text. */
export async function readSnapshot(db: Queryable): Promise<string> {
  return rowsOf<{ snap: string }>(await db.execute(sql`select pg_current_snapshot()::text as snap`))[0]!.snap;
}

/** The check below, prepared once per database handle (a named statement, planned once per connection). */
const changedStatements = new WeakMap<object, { execute: (v: { snapshot: string }) => Promise<unknown[]> }>();

/**
 * Whether anything changed since the snapshot (as seen now): the one statement of a search answered
 * from the index's cards, so it is kept prepared rather than parsed and planned at every answer.
 */
export async function changedSinceSnapshot(db: Queryable, snapshot: string): Promise<boolean> {
  let statement = changedStatements.get(db);
  if (!statement) {
    const snap = sql`${sql.placeholder('snapshot')}::pg_snapshot`;
    statement = db
      .select({ one: sql<number>`1` })
      .from(searchChanges)
      .where(
        sql`${searchChanges.xid} >= pg_snapshot_xmin(${snap}) and not pg_visible_in_snapshot(${searchChanges.xid}, ${snap})`,
      )
      .limit(1)
      .prepare('search_index_changed');
    changedStatements.set(db, statement);
  }
  return (await statement.execute({ snapshot })).length > 0;
}

/** What changed since the snapshot: villas whose sums changed, whether anything else did, and the new snapshot. */
export async function readChanges(
  db: Queryable,
  snapshot: string,
): Promise<{ snapshot: string; everything: boolean; ids: number[] }> {
  const row = rowsOf<{ snap: string; everything: boolean; ids: number[] }>(
    await db.execute(sql`
      select pg_current_snapshot()::text as snap,
        coalesce(bool_or(c.property_id is null), false) as everything,
        coalesce(array_agg(distinct c.property_id) filter (where c.property_id is not null), '{}') as ids
      from ${searchChanges} c
      where ${changedSince(sql`${snapshot}`)}`),
  )[0]!;
  return { snapshot: row.snap, everything: row.everything === true, ids: row.ids.map(Number) };
}

/**
 * Deletes change rows older than a day: every instance reads what changed every 30 s
 * (search-index.ts). `at` is the writer's transaction start, so this assumes no transaction stays
 * open for hours; the app's are short (statements time out after 15 s).
 */
export async function pruneChanges(db: Queryable): Promise<void> {
  await db.delete(searchChanges).where(sql`${searchChanges.at} < now() - interval '1 day'`);
}

/** Every country and destination name as stored, with PostgreSQL's lower() of it. */
export async function readLoweredNames(db: Queryable) {
  return rowsOf<{ name: string; lowered: string }>(
    await db.execute(sql`
      select name, lower(name) as lowered from regions union select name, lower(name) from subregions`),
  );
}

export interface VillaRow {
  id: number;
  featured: boolean;
  bedrooms: number;
  available: boolean;
  country: string | null;
  destination: string | null;
  amenities: number[] | null;
  /** The base price in cents ('Price on Request', null or 0, is null). */
  base_cents: string | null;
  /** '1' for EUR, else the stored rate to EUR (null: none). */
  rate: string | null;
  /** The villa's place in `order by name, id` (the database's collation). */
  name_rank: number;
}

/** Every villa's searchable columns, by id. */
export async function readVillas(db: Queryable): Promise<VillaRow[]> {
  return rowsOf<VillaRow>(
    await db.execute(sql`
      select p.id, p.featured, p.bedrooms, p.available, lower(r.name) as country,
        lower(s.name) as destination, p.amenity_ids as amenities,
        (nullif(p.base_price_per_night, 0) * 100)::int8::text as base_cents,
        case when p.property_currency = 'EUR' then '1' else er.rate::text end as rate,
        (row_number() over (order by p.name, p.id))::int as name_rank
      from properties p
      left join regions r on r.id = p.region_id
      left join subregions s on s.id = p.subregion_id
      left join exchange_rates er on er.from_currency = p.property_currency and er.to_currency = 'EUR'
      order by p.id`),
  );
}

export interface RuleRow {
  property_id: number;
  start: number;
  end: number;
  min_nights: number | null;
  check_in_days: number[] | null;
}

export async function readRules(db: Queryable): Promise<RuleRow[]> {
  return rowsOf<RuleRow>(
    await db.execute(sql`
      select property_id, start_date - date '1970-01-01' as start, end_date - date '1970-01-01' as "end",
        min_nights, check_in_days
      from stay_rules`),
  );
}

export interface SpanRow {
  property_id: number;
  first: number;
  last: number;
  /** In cents. */
  price: string;
  priced: number;
  foreign_priced: number;
  blocked: number;
}

/** The spans' totals of these villas (null = all). */
export async function readSpans(db: Queryable, only: number[] | null): Promise<SpanRow[]> {
  return rowsOf<SpanRow>(
    await db.execute(sql`
      select property_id, first_night - date '1970-01-01' as first, last_night - date '1970-01-01' as last,
        (price * 100)::int8::text as price, priced, foreign_priced, blocked
      from stay_spans ${only ? sql`where property_id = any(${sql.param(only)}::integer[])` : sql``}
      order by property_id`),
  );
}

export interface SumListRow {
  property_id: number;
  /** Comma-separated, one per day of the span after its first night (price in cents). */
  price: string;
  priced: string;
  foreign_priced: string;
  blocked: string;
}

/** The running sums of these villas, one row per villa, each column a list in date order. */
export async function readSumLists(db: Queryable, ids: number[]): Promise<SumListRow[]> {
  return rowsOf<SumListRow>(
    await db.execute(sql`
      select sp.property_id,
        string_agg((s.price * 100)::int8::text, ',' order by s.date) as price,
        string_agg(s.priced::text, ',' order by s.date) as priced,
        string_agg(s.foreign_priced::text, ',' order by s.date) as foreign_priced,
        string_agg(s.blocked::text, ',' order by s.date) as blocked
      from stay_spans sp
      cross join lateral generate_series(1, sp.last_night - sp.first_night) k
      join stay_sums s on s.date = sp.first_night + k and s.property_id = sp.property_id
      where sp.property_id = any(${sql.param(ids)}::integer[])
      group by sp.property_id`),
  );
}

export interface SumChunkRow {
  property_id: number;
  /** The day number of the first date of the lists. */
  start: number;
  price: string;
  priced: string;
  foreign_priced: string;
  blocked: string;
}

/**
 * Every villa's running sums for the dates [from, to) (day numbers), one row per villa, each column a
 * list in date order from `start`: one range of the (date, property_id) index for all villas, which
 * reads the whole table in a few statements where a probe per villa and date would take minutes.
 */
export async function readSumChunk(db: Queryable, from: number, to: number): Promise<SumChunkRow[]> {
  return rowsOf<SumChunkRow>(
    await db.execute(sql`
      select s.property_id, min(s.date) - date '1970-01-01' as start,
        string_agg((s.price * 100)::int8::text, ',' order by s.date) as price,
        string_agg(s.priced::text, ',' order by s.date) as priced,
        string_agg(s.foreign_priced::text, ',' order by s.date) as foreign_priced,
        string_agg(s.blocked::text, ',' order by s.date) as blocked
      from stay_sums s
      where s.date >= date '1970-01-01' + ${from}::integer and s.date < date '1970-01-01' + ${to}::integer
      group by s.property_id`),
  );
}
