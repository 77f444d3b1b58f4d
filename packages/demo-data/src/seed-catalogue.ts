import { AMENITY_CATALOGUE, AMENITY_CATEGORIES, todayIso, type Currency } from '@villas/shared';
import { sql } from 'drizzle-orm';
import type { Db, Queryable } from '@villas/db/client';
import {
  amenities,
  amenityCategories,
  exchangeRates,
  properties,
  propertyImages,
  regions,
  stayRules,
  subregions,
} from '@villas/db/schema';
import {
  EUR_RATES,
  FESTIVE_FACTOR,
  SEASON_FACTORS,
  generateCatalogue,
  type SeedCatalogue,
} from './catalogue';
import { installDemoImages, renderDemoImages, type InstalledImages } from './images';

export interface SeedOptions {
  uploadDir: string;
  log: (message: string) => void;
  /**
   * Where the image set prepared at build is (default: this workspace's dist/images); `null`
   * renders every image (the build that prepares the set).
   */
  preparedImages?: string | null;
}

const count = (n: number) => n.toLocaleString('en-US');

/**
 * Seeds the demo catalogue: reference data, destinations, 520 houses with amenities and images,
 * 365 days of seasonal prices, some blocked stays and stay rules. One transaction, so a failed seed leaves
 * nothing half-done (start-up seeds only an empty catalogue). The images come from the set
 * prepared at build, or render on sharp's threads while the database work runs; `installDemoImages`
 * can be called again on any start (it skips files that exist).
 */
export async function seedCatalogue(db: Db, opts: SeedOptions): Promise<void> {
  // A failed render must not cost the catalogue: report it, and a later start can render again.
  const images = (
    opts.preparedImages === null
      ? renderDemoImages(opts.uploadDir).then((rendered) => ({ linked: 0, rendered }))
      : installDemoImages(opts.uploadDir, opts.preparedImages)
  ).then(
    describeImages,
    (err: unknown) =>
      `demo images could not be generated: ${err instanceof Error ? err.message : String(err)}`,
  );
  const catalogue = generateCatalogue();
  await db.transaction(async (tx) => {
    opts.log('seeding reference data…');
    const amenityIds = await seedReference(tx);
    opts.log('seeding destinations…');
    const places = await seedDestinations(tx, catalogue);
    const ids = await seedProperties(tx, catalogue, amenityIds, places);
    opts.log(`seeded ${count(ids.size)} properties`);
    const nights = await seedPrices(tx, catalogue, ids);
    opts.log(`seeded ${count(nights)} nightly prices`);
    const blocked = await seedBlocks(tx, catalogue, ids);
    opts.log(`seeded ${count(blocked)} blocked nights`);
    const rules = await seedStayRules(tx, catalogue, ids);
    opts.log(`seeded ${count(rules)} stay rules`);
  });
  opts.log(await images);
}

export function describeImages({ linked, rendered }: InstalledImages): string {
  if (!linked && !rendered) return 'demo images already present';
  const parts = [
    ...(linked ? [`${linked} from the prepared set`] : []),
    ...(rendered ? [`${rendered} rendered`] : []),
  ];
  return `demo images: ${parts.join(', ')}`;
}

/** Amenity categories and amenities and the exchange rates; returns amenity ids by name. */
async function seedReference(tx: Queryable): Promise<Map<string, number>> {
  await tx
    .insert(amenityCategories)
    .values(AMENITY_CATEGORIES.map((name, i) => ({ name, sortOrder: i + 1 })))
    .onConflictDoNothing();
  const categoryIds = new Map(
    (await tx.select({ id: amenityCategories.id, name: amenityCategories.name }).from(amenityCategories)).map(
      (c) => [c.name, c.id],
    ),
  );
  await tx
    .insert(amenities)
    .values(
      AMENITY_CATEGORIES.flatMap((category) =>
        AMENITY_CATALOGUE[category].map((name) => ({ name, categoryId: categoryIds.get(category)! })),
      ),
    )
    .onConflictDoNothing();
  await tx.insert(exchangeRates).values(exchangeRateRows()).onConflictDoNothing();
  const rows = await tx.select({ id: amenities.id, name: amenities.name }).from(amenities);
  return new Map(rows.map((a) => [a.name, a.id]));
}

/** Every directed pair of EUR, USD, GBP and CHF, derived from the euro rates so A→B = 1 / B→A. */
export function exchangeRateRows(): Array<{ fromCurrency: Currency; toCurrency: Currency; rate: string }> {
  const currencies = Object.keys(EUR_RATES) as Currency[];
  return currencies.flatMap((from) =>
    currencies
      .filter((to) => to !== from)
      .map((to) => ({
        fromCurrency: from,
        toCurrency: to,
        rate: (EUR_RATES[to] / EUR_RATES[from]).toFixed(8),
      })),
  );
}

type Places = Map<string, { regionId: number; subregionId: number }>;
const placeKey = (country: string, destination: string) => `${country}\u0000${destination}`.toLowerCase();

async function seedDestinations(tx: Queryable, catalogue: SeedCatalogue): Promise<Places> {
  await tx
    .insert(regions)
    .values(catalogue.countries.map((c) => ({ name: c.name })))
    .onConflictDoNothing();
  const regionIds = new Map(
    (await tx.select({ id: regions.id, name: regions.name }).from(regions)).map((r) => [
      r.name.toLowerCase(),
      r.id,
    ]),
  );
  await tx
    .insert(subregions)
    .values(
      catalogue.countries.flatMap((c) =>
        c.destinations.map((name) => ({ name, regionId: regionIds.get(c.name.toLowerCase())! })),
      ),
    )
    .onConflictDoNothing();
  const rows = await tx
    .select({ id: subregions.id, name: subregions.name, regionId: subregions.regionId, region: regions.name })
    .from(subregions)
    .innerJoin(regions, sql`${regions.id} = ${subregions.regionId}`);
  return new Map(rows.map((r) => [placeKey(r.region, r.name), { regionId: r.regionId, subregionId: r.id }]));
}

/** Inserts the houses and their images; returns property ids by name. */
async function seedProperties(
  tx: Queryable,
  catalogue: SeedCatalogue,
  amenityIds: Map<string, number>,
  places: Places,
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const batch of chunks(catalogue.properties, 130)) {
    const rows = await tx
      .insert(properties)
      .values(
        batch.map((p) => {
          const place = places.get(placeKey(p.country, p.destination))!;
          return {
            name: p.name,
            regionId: place.regionId,
            subregionId: place.subregionId,
            description: p.description,
            bedrooms: p.bedrooms,
            maxGuests: p.maxGuests,
            basePricePerNight: p.basePricePerNight,
            propertyCurrency: p.currency,
            siteCurrency: 'EUR',
            propertyType: p.propertyType,
            amenityIds: p.amenities.map((a) => amenityIds.get(a)!),
            available: p.available,
            featured: p.featured,
            location: p.location,
          };
        }),
      )
      .returning({ id: properties.id, name: properties.name });
    for (const r of rows) ids.set(r.name, r.id);
  }
  const images = catalogue.properties.flatMap((p) =>
    p.images.map((url, i) => ({
      propertyId: ids.get(p.name)!,
      url,
      filename: url.slice(url.lastIndexOf('/') + 1),
      sortOrder: i,
    })),
  );
  for (const batch of chunks(images, 1000)) await tx.insert(propertyImages).values(batch);
  return ids;
}

/**
 * One price per house and night for the next 365 days: the base price times the month's seasonal
 * factor (and the festive factor over Christmas and New Year), in the house's currency. Done in one
 * INSERT … SELECT, in index order (the houses are new, so nothing can conflict); 'Price on Request'
 * houses get none.
 */
async function seedPrices(
  tx: Queryable,
  catalogue: SeedCatalogue,
  ids: Map<string, number>,
): Promise<number> {
  const priced = catalogue.properties.filter((p) => p.basePricePerNight != null);
  const houses = priced.map((p) => ({
    id: ids.get(p.name)!,
    season: p.season,
    festive: FESTIVE_FACTOR[p.season],
  }));
  const factors = Object.entries(SEASON_FACTORS).flatMap(([season, months]) =>
    months.map((factor, i) => ({ season, month: i + 1, factor })),
  );
  await tx.execute(sql`
    insert into daily_pricing (property_id, date, price, currency)
    select p.id, n.day,
      round(p.base_price_per_night * f.factor *
        case when (extract(month from n.day) = 12 and extract(day from n.day) >= 20)
               or (extract(month from n.day) = 1 and extract(day from n.day) <= 3)
             then h.festive else 1 end),
      p.property_currency
    from json_to_recordset(${JSON.stringify(houses)}::json) as h(id integer, season text, festive numeric)
    join properties p on p.id = h.id
    cross join lateral (select current_date + g.i as day from generate_series(0, 364) as g(i)) n
    join json_to_recordset(${JSON.stringify(factors)}::json) as f(season text, month integer, factor numeric)
      on f.season = h.season and f.month = extract(month from n.day)
    where p.base_price_per_night > 0
    order by p.id, n.day`);
  return houses.length * 365;
}

/** Blocked stays ('Booked', 'Owner stay', 'Maintenance') as one unavailable row per night. */
async function seedBlocks(
  tx: Queryable,
  catalogue: SeedCatalogue,
  ids: Map<string, number>,
): Promise<number> {
  const blocks = catalogue.properties.flatMap((p) =>
    p.blocks.map((b) => ({ id: ids.get(p.name)!, start: b.offset, nights: b.nights, note: b.note })),
  );
  await tx.execute(sql`
    insert into availability (property_id, date, available, notes)
    select b.id, current_date + b.start + g.i, false, b.note
    from json_to_recordset(${JSON.stringify(blocks)}::json) as b(id integer, start integer, nights integer, note text)
    cross join lateral generate_series(0, b.nights - 1) as g(i)
    on conflict do nothing`);
  return blocks.reduce((s, b) => s + b.nights, 0);
}

/** The coming (or current) summer's 1 July – 31 August and festive 20 December – 3 January, from `today`. */
export function seasonPeriods(today: string) {
  const year = Number(today.slice(0, 4));
  const summer = today <= `${year}-08-31` ? year : year + 1;
  const festive = today <= `${year}-01-03` ? year - 1 : year;
  return {
    summer: { startDate: `${summer}-07-01`, endDate: `${summer}-08-31` },
    festive: { startDate: `${festive}-12-20`, endDate: `${festive + 1}-01-03` },
  };
}

/**
 * Stay rules for part of the catalogue, as such houses usually have them, over the coming
 * season: 2 in 5 summer houses take Saturday check-ins and 7 nights minimum in July and August, 1 in 5
 * has a 5-night minimum then; 1 in 2 ski chalets take Saturday or Sunday check-ins and 7 nights over
 * Christmas and New Year, 1 in 2 tropical houses 10 nights then. The landing page's featured villa
 * has none. Chosen by the house's place in the (seeded, shuffled) catalogue, so reseeding gives the same.
 */
async function seedStayRules(
  tx: Queryable,
  catalogue: SeedCatalogue,
  ids: Map<string, number>,
  today = todayIso(),
): Promise<number> {
  const { summer, festive } = seasonPeriods(today);
  const rows: Array<typeof stayRules.$inferInsert> = [];
  catalogue.properties.forEach((p, i) => {
    if (p.featured) return;
    const propertyId = ids.get(p.name)!;
    if (p.season === 'summer' && i % 5 < 2)
      rows.push({ propertyId, ...summer, minNights: 7, checkInDays: [6] });
    else if (p.season === 'summer' && i % 5 === 2) rows.push({ propertyId, ...summer, minNights: 5 });
    else if (p.season === 'winter' && i % 2 === 0)
      rows.push({ propertyId, ...festive, minNights: 7, checkInDays: [6, 7] });
    else if (p.season === 'tropical' && i % 2 === 0) rows.push({ propertyId, ...festive, minNights: 10 });
  });
  for (const batch of chunks(rows, 500)) await tx.insert(stayRules).values(batch);
  return rows.length;
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
