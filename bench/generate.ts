/**
 * Large-catalogue generator for the search bench: N properties (default 10,000) across 60
 * destinations in 10 countries, each with a year of per-date prices (N × 365 rows), three blocked
 * week-long stretches and three images. Everything is generated inside the database with
 * generate_series in a handful of statements; values are deterministic (hashint4), so two runs give
 * the same catalogue.
 *
 * Standalone: `npx tsx generate.ts` fills DATABASE_URL when set (it must be migrated and should be
 * a throw-away database), else a PGlite data directory (BENCH_DATA_DIR, default /tmp/villas-bench-data).
 */
import { AMENITY_CATALOGUE, addDays } from '@villas/shared';
import { sql } from 'drizzle-orm';
import { processEnv } from '../apps/server/src/config/env';
import { createDatabase, type Db } from '@villas/db/client';
import { amenities, exchangeRates, regions, subregions } from '@villas/db/schema';

export const BENCH_START = '2030-01-01';
export const DAYS = 365;

export const COUNTRIES: Record<string, string[]> = {
  France: ['French Riviera', 'Provence', 'Courchevel', 'Megève', 'Paris', 'Corsica'],
  Italy: ['Tuscany', 'Lake Como', 'Amalfi Coast', 'Sardinia', 'Puglia', 'Sicily'],
  Switzerland: ['Verbier', 'St. Moritz', 'Gstaad', 'Zermatt', 'Lake Geneva', 'Crans-Montana'],
  Greece: ['Mykonos', 'Santorini', 'Crete', 'Corfu', 'Paros', 'Peloponnese'],
  Spain: ['Ibiza', 'Mallorca', 'Marbella', 'Costa Brava', 'Menorca', 'Tenerife'],
  Portugal: ['Algarve', 'Comporta', 'Douro Valley', 'Madeira', 'Cascais', 'Azores'],
  Croatia: ['Dubrovnik', 'Hvar', 'Split', 'Istria', 'Korčula', 'Brač'],
  Turkey: ['Bodrum', 'Kaş', 'Göcek', 'Kalkan', 'Istanbul', 'Çeşme'],
  Caribbean: ['St. Barths', 'Mustique', 'Anguilla', 'Barbados', 'Turks & Caicos', 'Antigua'],
  'Indian Ocean': ['Maldives', 'Seychelles', 'Mauritius', 'Zanzibar', 'Sri Lanka', 'Réunion'],
};

export interface GenerateOptions {
  properties: number;
  /** Properties per price statement (progress granularity). */
  chunk?: number;
  log?: (line: string) => void;
}

export interface GenerateResult {
  properties: number;
  prices: number;
  blocked: number;
  images: number;
  ms: number;
}

async function scalar(db: Db, query: ReturnType<typeof sql>): Promise<number> {
  const res = (await db.execute(query)) as unknown as { rows: Array<{ n: number | string }> };
  return Number(res.rows[0]?.n ?? 0);
}

/** Fills an empty, migrated database. */
export async function generateCatalogue(db: Db, opts: GenerateOptions): Promise<GenerateResult> {
  const started = Date.now();
  const log = opts.log ?? (() => undefined);
  const n = opts.properties;
  const chunk = opts.chunk ?? 1000;
  const end = addDays(BENCH_START, DAYS - 1);

  // Reference data: countries, destinations, amenities, exchange rates.
  for (const [country, subs] of Object.entries(COUNTRIES)) {
    const [region] = await db.insert(regions).values({ name: country }).returning();
    await db.insert(subregions).values(subs.map((name) => ({ name, regionId: region!.id })));
  }
  await db
    .insert(amenities)
    .values(Object.values(AMENITY_CATALOGUE).flatMap((names) => names.map((name) => ({ name }))))
    .onConflictDoNothing();
  await db
    .insert(exchangeRates)
    .values([
      { fromCurrency: 'USD', toCurrency: 'EUR', rate: '0.92' },
      { fromCurrency: 'GBP', toCurrency: 'EUR', rate: '1.17' },
      { fromCurrency: 'CHF', toCurrency: 'EUR', rate: '1.05' },
    ])
    .onConflictDoNothing();

  // Properties: destination by id modulo 60; bedrooms 1–12; 3 % Price on Request; mostly EUR;
  // each amenity on ~25 % of the villas (independently); 95 % available.
  await db.execute(sql`
    with subs as (
      select s.id, s.region_id, r.name as region_name, s.name as sub_name,
        (row_number() over (order by s.id) - 1)::integer as idx, count(*) over ()::integer as total
      from subregions s join regions r on r.id = s.region_id
    )
    insert into properties (name, region_id, subregion_id, description, bedrooms, max_guests,
      base_price_per_night, property_currency, property_type, amenity_ids, available, location)
    select 'Bench Villa ' || g, subs.region_id, subs.id,
      'A generated property for the search benchmark, number ' || g || '.',
      1 + abs(hashint4(g * 11 + 1)) % 12,
      2 * (1 + abs(hashint4(g * 11 + 1)) % 12),
      case when abs(hashint4(g * 11 + 2)) % 100 < 3 then null
        else (500 + (abs(hashint4(g * 11 + 3)) % 196) * 100)::numeric end,
      case abs(hashint4(g * 11 + 4)) % 20 when 0 then 'USD' when 1 then 'USD' when 2 then 'GBP'
        when 3 then 'GBP' when 4 then 'CHF' else 'EUR' end,
      case abs(hashint4(g * 11 + 5)) % 10 when 0 then 'private-island' when 1 then 'chalet'
        when 2 then 'chalet' else 'villa' end,
      coalesce(array(select a.id from amenities a
        where abs(hashint4(g * 1000 + a.id)) % 100 < 25 order by a.id), '{}'),
      abs(hashint4(g * 11 + 6)) % 100 >= 5,
      subs.region_name || ', ' || subs.sub_name
    from generate_series(1, ${n}::integer) g
    join subs on subs.idx = g % subs.total`);
  log(`  ${n} properties`);

  await db.execute(sql`
    insert into property_images (property_id, url, filename, sort_order)
    select p.id, '/uploads/bench/' || p.id || '-' || k || '.webp', p.id || '-' || k || '.webp', k
    from properties p, generate_series(0, 2) k`);

  // A year of nightly prices (base price, +50 % in July and August, +20 % in the ski season) and
  // three blocked week-long stretches per property (owner stays, bookings). Both go in one
  // statement per chunk of properties, so the stay sums' triggers compute each chunk once (the
  // second trigger finds nothing left to change).
  const ids = await db.execute(sql`select min(id) as lo, max(id) as hi from properties`);
  const { lo, hi } = (ids as unknown as { rows: Array<{ lo: number; hi: number }> }).rows[0]!;
  for (let from = Number(lo); from <= Number(hi); from += chunk) {
    const to = Math.min(from + chunk - 1, Number(hi));
    await db.execute(sql`
      with blocked as (
        insert into availability (property_id, date, available, notes)
        select p.id, ${BENCH_START}::date + (abs(hashint4(p.id * 10 + k)) % (${DAYS}::integer - 7)) + s, false, 'Booked'
        from properties p, generate_series(0, 2) k, generate_series(0, 6) s
        where p.id between ${from}::integer and ${to}::integer
        on conflict (property_id, date) do nothing
      )
      insert into daily_pricing (property_id, date, price, currency)
      select p.id, night::date,
        round(p.base_price_per_night * case
          when extract(month from night) in (7, 8) then 1.5
          when extract(month from night) in (12, 1, 2) then 1.2
          else 1 end),
        p.property_currency
      from properties p
      cross join generate_series(${BENCH_START}::date, ${end}::date, interval '1 day') night
      where p.id between ${from}::integer and ${to}::integer and p.base_price_per_night is not null`);
    log(`  prices and blocked nights: properties ${from}–${to} of ${hi}`);
  }

  // Stay rules on one villa in three: a festive minimum stay that ends before the
  // bench's July stay (a dated search's probe reaches it and leaves it) and Saturday check-ins in
  // August (after the stay's check-in: never reached). No villa's result changes, so runs before and
  // after the rules are comparable; the dated shapes pay for the per-villa rule probe.
  await db.execute(sql`
    insert into stay_rules (property_id, start_date, end_date, min_nights, check_in_days)
    select p.id, r.start_date, r.end_date, r.min_nights, r.check_in_days
    from properties p
    cross join (values
      (${BENCH_START}::date, ${BENCH_START}::date + 2, 7::smallint, null::smallint[]),
      (${BENCH_START}::date + 212, ${BENCH_START}::date + 242, 7::smallint, '{6}'::smallint[])
    ) as r(start_date, end_date, min_nights, check_in_days)
    where p.id % 3 = 0`);
  log(`  stay rules on one villa in three`);

  await db.execute(sql`analyze`);
  const result: GenerateResult = {
    properties: await scalar(db, sql`select count(*) as n from properties`),
    prices: await scalar(db, sql`select count(*) as n from daily_pricing`),
    blocked: await scalar(db, sql`select count(*) as n from availability where not available`),
    images: await scalar(db, sql`select count(*) as n from property_images`),
    ms: Date.now() - started,
  };
  return result;
}

// Standalone use: `npx tsx generate.ts`.
if (import.meta.url === `file://${process.argv[1]}`) {
  const database = await createDatabase({
    databaseUrl: processEnv.DATABASE_URL,
    dataDir: processEnv.BENCH_DATA_DIR ?? '/tmp/villas-bench-data',
  });
  await database.migrate();
  const r = await generateCatalogue(database.db, {
    properties: Number(processEnv.BENCH_PROPERTIES ?? 10_000),
    log: (l) => console.log(l),
  });
  console.log(r);
  await database.close();
}
