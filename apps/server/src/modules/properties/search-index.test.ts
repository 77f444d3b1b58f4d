import { addDays, eachNight, type PropertySort } from '@villas/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProperty, createRegion } from '../../../test/factories';
import { useTestContext } from '../../../test/helpers';
import { amenities, exchangeRates, properties, propertyImages, stayRules } from '@villas/db/schema';
import { block, ensureAmenities, price, setRatesToEur, uniqueName } from './properties.fixtures';
import {
  budgetCents,
  roundCents,
  SearchIndex,
  type IndexSearch,
  type SearchIndexOptions,
} from './search-index';
import { searchPropertyPage } from './search.repository';

const ctx = useTestContext();

/** A small deterministic generator (mulberry32), so a failure can be replayed. */
function random(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  const pick = <T>(list: readonly T[]): T => list[int(0, list.length - 1)]!;
  const chance = (p: number) => next() < p;
  return { next, int, pick, chance };
}

const START = '2031-06-01';
const SORTS: PropertySort[] = ['featured', 'price-asc', 'price-desc', 'bedrooms'];

const countries: Array<{ name: string; subs: string[] }> = [];
let amenityIds: number[] = [];
const indexes: SearchIndex[] = [];
let foreignDecided = 0;

/** A search index on the test's database, read now (closed after the file). */
async function readIndex(options?: SearchIndexOptions) {
  const index = new SearchIndex(ctx.db, options);
  indexes.push(index);
  await index.refresh();
  return index;
}

/** A page answered by the index (it decides every search here; a fallback would fail the test). */
async function viaIndex(index: SearchIndex, search: IndexSearch) {
  const page = await index.page(ctx.db, search);
  if (!page) throw new Error(`the index left ${JSON.stringify(search)} to the database`);
  return page;
}

/** The number of matches the index alone decides, without the database. */
function totalOf(index: SearchIndex, search: IndexSearch) {
  const plan = index.plan(search);
  return plan && 'total' in plan ? plan.total : undefined;
}

/** The database's own answer (no index) and the index's plan for one search. */
async function both(index: SearchIndex, search: IndexSearch) {
  let plan = index.plan(search);
  if (plan && 'foreign' in plan) {
    // What searchPropertyPage reads for them: the database's stay totals of those villas only.
    const totals = new Map<number, number | null>();
    for (const id of plan.foreign) {
      const [row] = (
        await searchPropertyPage(ctx.db, { ...search, maxPrice: undefined, limit: 100, offset: 0 })
      ).items.filter((p) => p.id === id);
      totals.set(id, row?.totalCost == null ? null : Math.round(row.totalCost * 100));
    }
    plan = index.plan(search, totals);
    foreignDecided++;
  }
  const page = await searchPropertyPage(ctx.db, search);
  return { plan, page };
}

beforeAll(async () => {
  const rnd = random(20261124);
  const amen = await ensureAmenities(ctx.db, ['Wifi', 'Swimming Pool', 'Butler', 'Sea View']);
  amenityIds = Object.values(amen);
  // Rates with all eight decimals; CHF has none (its villas have no EUR price).
  await setRatesToEur(ctx.db, { USD: 0.91234567, GBP: 1.17 });
  await ctx.db.delete(exchangeRates).where(eq(exchangeRates.fromCurrency, 'CHF'));
  for (const [prefix, subs] of [
    ['Grèce', ['Mykonos', 'Paros']],
    ['France', ['Nice', 'Megève']],
    ['Italy', []],
  ] as const) {
    const { region, subregions } = await createRegion(ctx.db, uniqueName(prefix), [...subs]);
    countries.push({ name: region.name, subs: subregions.map((s) => s.name) });
    for (let i = 0; i < 30; i++) {
      const sub = subregions.length && rnd.chance(0.8) ? rnd.pick(subregions) : null;
      const currency = rnd.pick(['EUR', 'EUR', 'EUR', 'EUR', 'USD', 'GBP', 'CHF']);
      const base = rnd.chance(0.12)
        ? null
        : rnd.chance(0.05)
          ? '0'
          : `${rnd.int(150, 9000)}.${String(rnd.int(0, 99)).padStart(2, '0')}`;
      const villa = await createProperty(ctx.db, {
        // Same names in other cases and accents: the order is the database's collation.
        name: `${rnd.pick(['Villa Azur', 'villa azur', 'Álvaro', 'Chalet Blanc', 'Zen', 'aardvark'])}${rnd.chance(0.5) ? '' : ` ${i}`}`,
        regionId: region.id,
        subregionId: sub?.id ?? null,
        bedrooms: rnd.int(1, 8),
        featured: rnd.chance(0.3),
        available: rnd.chance(0.88),
        basePricePerNight: base,
        propertyCurrency: currency,
        amenityIds: amenityIds.filter(() => rnd.chance(0.5)),
      });
      // Per-night prices in runs (some villas none), a few nights blocked, some stay rules.
      if (rnd.chance(0.65)) {
        for (let run = rnd.int(1, 4); run > 0; run--) {
          const from = addDays(START, rnd.int(0, 80));
          const nights = eachNight(from, addDays(from, rnd.int(1, 21)));
          const amount = rnd.int(100, 12000) + rnd.int(0, 99) / 100;
          // Three villas of the file have nights priced in another currency (converted night by night).
          const foreign = i < 1 && rnd.chance(0.5) ? (currency === 'EUR' ? 'USD' : 'EUR') : currency;
          await ctx.db.execute(sql`delete from daily_pricing where property_id = ${villa.id}
            and date >= ${nights[0]}::date and date <= ${nights.at(-1)}::date`);
          await price(ctx.db, villa.id, nights, amount, foreign);
        }
      }
      if (rnd.chance(0.4)) {
        const from = addDays(START, rnd.int(0, 85));
        await block(ctx.db, villa.id, eachNight(from, addDays(from, rnd.int(1, 6))));
      }
      if (rnd.chance(0.25)) {
        const from = addDays(START, rnd.int(-10, 70));
        const days = [1, 2, 3, 4, 5, 6, 7].filter(() => rnd.chance(0.4)).slice(0, 6);
        const minNights = rnd.chance(0.6) ? rnd.int(2, 10) : null;
        await ctx.db.insert(stayRules).values({
          propertyId: villa.id,
          startDate: from,
          endDate: addDays(from, rnd.int(0, 30)),
          minNights,
          // At least one of the two (a check constraint).
          checkInDays:
            days.length && rnd.chance(0.6) ? days : minNights != null && rnd.chance(0.5) ? null : [6],
        });
      }
    }
  }
});

afterAll(async () => {
  await Promise.all(indexes.map((i) => i.close()));
});

describe('SearchIndex decides what the database decides', () => {
  it('gives the same page, order and total as the SQL search on a random catalogue', async () => {
    // Every villa's sums in the day-major window but those whose spans reach furthest out; and the
    // same catalogue with each villa's sums in an array of its own, which must decide the same.
    const index = await readIndex({ windowSlack: Infinity });
    const own = await readIndex({ windowSlack: 0 });
    expect(index.size).toBeGreaterThanOrEqual(90);
    expect(index.sumsLayout.window).toBeGreaterThan(50);
    expect(index.sumsLayout.own).toBeGreaterThan(0);
    expect(own.sumsLayout.window).toBe(0);
    const decision = (i: SearchIndex, search: IndexSearch) => {
      const plan = i.plan(search);
      return plan && { ...plan, snapshot: undefined };
    };
    const rnd = random(7);
    let decided = 0;
    let leftToDb = 0;
    let budgetAtAWeeklyPrice = 0;
    const searches = 400;
    for (let n = 0; n < searches; n++) {
      const where = rnd.chance(0.7) ? rnd.pick(countries) : null;
      const dated = rnd.chance(0.65);
      const checkIn = addDays(START, rnd.int(-12, 95));
      const nights = rnd.int(1, 14);
      const search: IndexSearch = {
        country: where
          ? rnd.pick([where.name, where.name.toUpperCase(), where.name.toLowerCase()])
          : undefined,
        destination: where?.subs.length && rnd.chance(0.3) ? rnd.pick(where.subs) : undefined,
        bedrooms: rnd.chance(0.4) ? rnd.int(0, 7) : undefined,
        amenityIds: rnd.chance(0.3) ? amenityIds.filter(() => rnd.chance(0.4)) : undefined,
        stay: dated ? { checkIn, checkOut: addDays(checkIn, nights), nights } : undefined,
        sort: rnd.pick(SORTS),
        limit: rnd.int(1, 30),
        offset: rnd.chance(0.3) ? rnd.int(1, 40) : 0,
      };
      if (rnd.chance(0.45)) {
        // Half of the budgets sit exactly on a weekly price the search shows (and a cent under it).
        const shown = (await searchPropertyPage(ctx.db, { ...search, limit: 100, offset: 0 })).items
          .map((p) => p.weeklyPriceEur)
          .filter((w): w is number => w != null);
        if (shown.length && rnd.chance(0.6)) {
          search.maxPrice = rnd.pick(shown) - (rnd.chance(0.5) ? 0 : 0.01);
          budgetAtAWeeklyPrice++;
        } else {
          search.maxPrice = rnd.int(500, 80_000) + rnd.pick([0, 0.5, 0.99, 0.001]);
        }
      }
      expect(decision(own, search)).toEqual(decision(index, search));
      const { plan, page } = await both(index, search);
      // Names outside ASCII not spelt as stored (here: in other cases) are the database's to lower.
      const asStored = (name?: string) =>
        !name ||
        /^[\x20-\x7e]*$/.test(name) ||
        countries.some((c) => c.name === name || c.subs.includes(name));
      if (!asStored(search.country) || !asStored(search.destination)) {
        expect(plan).toBeUndefined();
        leftToDb++;
        continue;
      }
      expect(plan).toHaveProperty('ids');
      if (!plan || 'foreign' in plan) continue;
      decided++;
      const context = JSON.stringify(search);
      expect(plan.ids, context).toEqual(page.items.map((p) => p.id));
      expect(plan.total, context).toBe(page.total);
      // Through the index, the cards are the database's (prices included).
      expect(await viaIndex(index, search), context).toEqual(page);
    }
    // Every search was decided by the index, some with the database's totals of foreign-priced stays.
    expect(decided + leftToDb).toBe(searches);
    expect(decided).toBeGreaterThan(searches * 0.75);
    expect(foreignDecided).toBeGreaterThan(10);
    expect(budgetAtAWeeklyPrice).toBeGreaterThan(40);
  });

  it('leaves to the database what it cannot decide exactly, and asks it for foreign-priced stays only', async () => {
    const index = await readIndex();
    const base = { sort: 'featured' as const, limit: 24, offset: 0 };
    expect(index.plan({ ...base, q: 'azur' })).toBeUndefined();
    expect(index.plan({ ...base, country: 'GRÈCE' })).toBeUndefined();
    expect(index.plan({ ...base, country: countries[0]!.name })).toHaveProperty('ids');
    expect(index.plan(base)).toHaveProperty('ids');
    // Stays over nights priced in another currency than the villa's (three villas have some).
    const foreign = new Set<number>();
    for (let d = 0; d < 90; d++) {
      const plan = index.plan({
        ...base,
        stay: { checkIn: addDays(START, d), checkOut: addDays(START, d + 7), nights: 7 },
      });
      if (plan && 'foreign' in plan) plan.foreign.forEach((id) => foreign.add(id));
    }
    expect(foreign.size).toBeGreaterThan(0);
    expect(foreign.size).toBeLessThanOrEqual(3);
  });

  it('rounds weekly prices as PostgreSQL does, ties away from zero, and reads budgets to the cent', async () => {
    const rnd = random(99);
    const cases: Array<[number, string, number]> = [
      [8751, '1', 8], // 875.1 × 7 / 8 = 765.7125 → a tie at the cent? no: 76571.25 cents
      [100, '1', 8], // 87.5 cents: a tie, up
      [300, '1', 8], // 262.5 cents: a tie, up
      [1, '0.50000000', 1],
    ];
    for (let i = 0; i < 300; i++) {
      cases.push([
        rnd.int(1, 90_000_000),
        rnd.pick([
          '1',
          '0.91234567',
          '1.17000000',
          `${rnd.int(0, 3)}.${String(rnd.int(0, 99_999_999)).padStart(8, '0')}`,
        ]),
        rnd.int(1, 30),
      ]);
    }
    const result = await ctx.db.execute(sql`
      select round(c.cents / 100.0 * c.rate * 7 / c.nights, 2)::text as weekly
      from unnest(${sql.param(cases.map((c) => c[0]))}::bigint[], ${sql.param(cases.map((c) => c[1]))}::numeric(18,8)[],
        ${sql.param(cases.map((c) => c[2]))}::int[]) with ordinality as c(cents, rate, nights, n)
      order by c.n`);
    const weekly = (result as unknown as { rows: Array<{ weekly: string }> }).rows.map((r) => r.weekly);
    cases.forEach(([cents, rate, nights], i) => {
      const [whole = '0', fraction = ''] = rate.split('.');
      const exactRate = {
        value: Number(rate),
        num: BigInt(whole + fraction),
        den: 10n ** BigInt(fraction.length),
      };
      const mine = roundCents(cents * 7, exactRate, nights);
      expect(
        mine === undefined ? 'undecided' : (mine / 100).toFixed(2),
        `${cents} × ${rate} × 7 / ${nights}`,
      ).toBe(weekly[i]);
    });
    expect(budgetCents(5000.1)).toBe(500010);
    expect(budgetCents(5000.555)).toBe(500055);
    expect(budgetCents(0.29)).toBe(29);
    expect(budgetCents(1_000_000_000)).toBe(100_000_000_000);
    expect(budgetCents(1e-7)).toBe(0);
  });
});

describe('SearchIndex never answers from data it has not seen', () => {
  async function oneVilla(values: Partial<typeof properties.$inferInsert> = {}) {
    const { region } = await createRegion(ctx.db, uniqueName('Fresh'));
    const villa = await createProperty(ctx.db, { regionId: region.id, basePricePerNight: '1000', ...values });
    return { villa, country: region.name };
  }
  const stay = { checkIn: '2031-07-04', checkOut: '2031-07-11', nights: 7 };
  const page = (country: string, more: Partial<IndexSearch> = {}) =>
    ({ country, sort: 'featured', limit: 24, offset: 0, ...more }) as IndexSearch;

  it("sees a price, a blocked night, a villa's columns, a rate and a stay rule written after it was read", async () => {
    const { villa, country } = await oneVilla({ propertyCurrency: 'GBP' });
    const index = await readIndex();
    const other = await readIndex();
    const search = page(country, { stay, maxPrice: 9000 });
    // 1000 GBP × 7 × 1.17 = 8190 EUR a week: within the budget.
    expect((await viaIndex(index, search)).items.map((p) => p.weeklyPriceEur)).toEqual([8190]);

    // A dearer week (per-night prices): over the budget, on this instance and on another.
    await price(ctx.db, villa.id, eachNight(stay.checkIn, stay.checkOut), 1200, 'GBP');
    expect((await viaIndex(index, search)).total).toBe(0);
    expect((await viaIndex(other, search)).total).toBe(0);
    expect((await viaIndex(other, { ...search, maxPrice: 10_000 })).items[0]?.weeklyPriceEur).toBe(9828);

    // A cheaper rate brings it back under the budget.
    await setRatesToEur(ctx.db, { GBP: 1.05 });
    expect((await viaIndex(index, search)).items.map((p) => p.weeklyPriceEur)).toEqual([8820]);

    // A blocked night inside the stay.
    await block(ctx.db, villa.id, ['2031-07-06']);
    expect((await viaIndex(index, search)).total).toBe(0);
    await ctx.db.execute(sql`delete from availability where property_id = ${villa.id}`);
    expect((await viaIndex(index, search)).total).toBe(1);

    // The villa's own columns: fewer bedrooms than asked.
    await ctx.db.update(properties).set({ bedrooms: 2 }).where(eq(properties.id, villa.id));
    expect((await viaIndex(index, { ...search, bedrooms: 3 })).total).toBe(0);

    // A stay rule: at least 10 nights from this check-in.
    await ctx.db
      .insert(stayRules)
      .values({ propertyId: villa.id, startDate: '2031-07-01', endDate: '2031-07-31', minNights: 10 });
    expect((await viaIndex(index, search)).total).toBe(0);
    expect((await viaIndex(other, search)).total).toBe(0);
    // Each answer came from the index (it was stale, read the change, and decided again).
    expect(index.plan(search)).toMatchObject({ ids: [], total: 0, snapshot: expect.any(String) });

    // A deleted villa is gone from the index's answers.
    await ctx.db.delete(properties).where(eq(properties.id, villa.id));
    expect((await viaIndex(index, page(country))).total).toBe(0);
    expect(totalOf(index, page(country))).toBe(0);
  });

  it('sees a new price of a villa whose sums were read into the day-major window', async () => {
    const { villa, country } = await oneVilla();
    await price(ctx.db, villa.id, eachNight('2031-06-20', '2031-07-20'), 1500, 'EUR');
    const index = await readIndex({ windowSlack: Infinity });
    const search = page(country, { stay });
    expect((await viaIndex(index, search)).items.map((p) => p.weeklyPriceEur)).toEqual([10_500]);
    const before = index.sumsLayout;

    await ctx.db.execute(sql`update daily_pricing set price = 2000 where property_id = ${villa.id}`);
    expect((await viaIndex(index, search)).items.map((p) => p.weeklyPriceEur)).toEqual([14_000]);
    // It was in the window, and left it for an array of its own when its sums were read again.
    expect(index.sumsLayout).toEqual({ window: before.window - 1, own: before.own + 1 });
  });

  it('without the check against `search_changes`, its answer would be stale (the check is what keeps it right)', async () => {
    const { villa, country } = await oneVilla();
    const index = await readIndex();
    const search = page(country, { stay, maxPrice: 7500 });
    expect(totalOf(index, search)).toBe(1);
    await price(ctx.db, villa.id, eachNight(stay.checkIn, stay.checkOut), 2000);
    // The index alone still says 1 (it has not read the change) ...
    expect(totalOf(index, search)).toBe(1);
    // ... the page through it says 0, and the index has read the change on the way.
    expect((await viaIndex(index, search)).total).toBe(0);
    expect(totalOf(index, search)).toBe(0);
  });

  it('records changes of every table a search reads, inside the writer’s transaction only once committed', async () => {
    const { villa, country } = await oneVilla();
    const index = await readIndex();
    const search = page(country, { stay });
    await ctx.db.transaction(async (tx) => {
      await tx.update(properties).set({ available: false }).where(eq(properties.id, villa.id));
      // Not committed: the index (another connection on PostgreSQL) still sees the villa.
      if (ctx.database.kind === 'postgres') {
        expect((await viaIndex(index, search)).total).toBe(1);
      }
    });
    expect((await viaIndex(index, search)).total).toBe(0);
  });

  it('reads again when searches come after a failed first read', async () => {
    let down = true;
    const flaky = new Proxy(ctx.db, {
      get: (target, key, receiver) =>
        key === 'execute' && down
          ? () => Promise.reject(new Error('connection refused'))
          : (Reflect.get(target, key, receiver) as unknown),
    });
    const errors: unknown[] = [];
    const index = new SearchIndex(flaky, { retryReadMs: 20, onError: (err) => errors.push(err) });
    indexes.push(index);
    index.start();
    await expect.poll(() => errors.length).toBe(1);
    expect(index.ready).toBe(false);
    down = false;
    await new Promise((resolve) => setTimeout(resolve, 30));
    // Not ready: the database answers this one, and the index reads again.
    expect(index.plan(page('any'))).toBeUndefined();
    await expect.poll(() => index.ready).toBe(true);
    expect(index.plan(page('any'))).toHaveProperty('ids');
  });

  it('shows a card as the database has it after its name, images or an amenity’s name change', async () => {
    const [amenity] = await ctx.db
      .insert(amenities)
      .values({ name: uniqueName('Hammam') })
      .returning();
    const { villa, country } = await oneVilla({ amenityIds: [amenity!.id] });
    const index = await readIndex();
    const card = async () => (await viaIndex(index, page(country, { stay }))).items[0]!;
    expect(await card()).toMatchObject({ name: villa.name, images: [], amenities: [amenity!.name] });
    // Cached now; each change below reaches the card at once.
    await ctx.db.update(properties).set({ name: 'Villa Renamed' }).where(eq(properties.id, villa.id));
    expect((await card()).name).toBe('Villa Renamed');
    await ctx.db
      .insert(propertyImages)
      .values({ propertyId: villa.id, url: '/uploads/pool.jpg', sortOrder: 0 });
    expect((await card()).images).toEqual(['/uploads/pool.jpg']);
    await ctx.db
      .update(amenities)
      .set({ name: `${amenity!.name} & Spa` })
      .where(eq(amenities.id, amenity!.id));
    expect((await card()).amenities).toEqual([`${amenity!.name} & Spa`]);
    expect(await card()).toEqual((await searchPropertyPage(ctx.db, page(country, { stay }))).items[0]);
  });

  it('holds running sums past 2^31 cents (a year of a €20,000,000 night) exactly', async () => {
    const { villa, country } = await oneVilla();
    await price(ctx.db, villa.id, eachNight('2031-01-01', '2031-12-31'), 20_000_000.01);
    // Read into the day-major window first, then widened into an array of its own.
    const index = await readIndex({ windowSlack: Infinity });
    // The last stay runs past the priced nights: its last night is at the base price (€1,000).
    for (const [checkIn, total] of [
      ['2031-01-01', 140_000_000.07],
      ['2031-06-30', 140_000_000.07],
      ['2031-12-25', 120_001_000.06],
    ] as const) {
      const search = page(country, {
        stay: { checkIn, checkOut: addDays(checkIn, 7), nights: 7 },
        maxPrice: 140_000_000.07,
      });
      const mine = await viaIndex(index, search);
      expect(mine.items[0]?.totalCost).toBe(total);
      expect(mine).toEqual(await searchPropertyPage(ctx.db, search));
    }
  });

  it('widens the sums of a villa read into the day-major window once they pass 2^31 cents', async () => {
    const { villa, country } = await oneVilla();
    // Nights in the middle of the random catalogue's dates, so the villa is read into the window.
    const from = addDays(START, 20);
    await price(ctx.db, villa.id, eachNight(from, addDays(from, 40)), 60_000_000.01);
    const index = await readIndex({ windowSlack: Infinity });
    for (const checkIn of [addDays(from, -3), from, addDays(from, 30), addDays(from, 37)]) {
      const search = page(country, { stay: { checkIn, checkOut: addDays(checkIn, 7), nights: 7 } });
      const mine = await viaIndex(index, search);
      expect(mine.items[0]?.totalCost).toBeGreaterThan(2 ** 31 / 100);
      expect(mine).toEqual(await searchPropertyPage(ctx.db, search));
    }
  });

  it('does not hold an answer for a slow read of a change: the database answers it meanwhile', async () => {
    const { villa, country } = await oneVilla();
    let slow = false;
    const lagging = new Proxy(ctx.db, {
      get: (target, key, receiver) => {
        const value = Reflect.get(target, key, receiver) as unknown;
        if (key !== 'execute' || !slow || typeof value !== 'function') return value;
        return async (...args: unknown[]) => {
          await new Promise((resolve) => setTimeout(resolve, 400));
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
    const index = new SearchIndex(lagging, { refreshWaitMs: 50 });
    indexes.push(index);
    await index.refresh();
    await block(ctx.db, villa.id, ['2031-07-06']);
    slow = true;
    const started = performance.now();
    // Stale: the index starts reading the change, but the answer does not wait for it.
    expect(await index.page(ctx.db, page(country, { stay }))).toBeUndefined();
    expect(performance.now() - started).toBeLessThan(350);
    slow = false;
    await index.refresh();
    expect((await viaIndex(index, page(country, { stay }))).total).toBe(0);
  });

  it('reads every villa’s sums again when many changed at once (a bulk import), and answers as the database', async () => {
    const one = await oneVilla();
    const two = await oneVilla();
    const index = new SearchIndex(ctx.db, { maxChangedVillas: 1 });
    indexes.push(index);
    await index.refresh();
    await price(ctx.db, one.villa.id, eachNight(stay.checkIn, stay.checkOut), 1500);
    await block(ctx.db, two.villa.id, ['2031-07-05']);
    for (const { country } of [one, two]) {
      const search = page(country, { stay });
      expect(await viaIndex(index, search)).toEqual(await searchPropertyPage(ctx.db, search));
    }
    expect((await viaIndex(index, page(one.country, { stay }))).items[0]?.totalCost).toBe(10_500);
    expect((await viaIndex(index, page(two.country, { stay }))).total).toBe(0);
  });
});
