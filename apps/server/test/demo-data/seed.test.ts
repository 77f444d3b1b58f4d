import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { addDays, AMENITY_CATEGORIES, todayIso } from '@villas/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../factories';
import { useTestContext } from '../helpers';
import { stayOracle } from '../../src/modules/calendar/stay-sums.fixtures';
import {
  amenities,
  exchangeRates,
  notifications,
  properties,
  propertyImages,
  regions,
  subregions,
  users,
} from '@villas/db/schema';
import { DEMO_ACCOUNTS, generateCatalogue, seedCatalogue, seedDemoAccounts } from '@villas/demo-data';
import { renderDemoImages, seasonPeriods } from '@villas/demo-data/testing';

const ctx = useTestContext();
const uploadDir = mkdtempSync(path.join(tmpdir(), 'villas-seed-'));
const logs: string[] = [];

/** Rows of a raw query, whichever driver answered it. */
async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await ctx.db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

async function one<T>(query: ReturnType<typeof sql>): Promise<T> {
  const [row] = await rows<T>(query);
  if (!row) throw new Error('no row');
  return row;
}

const countOf = async (table: 'properties' | 'regions' | 'subregions') =>
  (await one<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`))).n;

beforeAll(async () => {
  // Rendered here, whatever a build prepared (tests of the prepared set: prepared.test.ts).
  await seedCatalogue(ctx.db, { uploadDir, log: (m) => logs.push(m), preparedImages: null });
}, 120_000);

afterAll(() => rmSync(uploadDir, { recursive: true, force: true }));

describe('demo catalogue', () => {
  it('has 500+ houses across 50+ destinations in 8+ countries, as the landing page claims', async () => {
    const houses = await countOf('properties');
    const destinations = await countOf('subregions');
    const countries = await countOf('regions');
    expect(houses).toBeGreaterThanOrEqual(500);
    expect(destinations).toBeGreaterThanOrEqual(50);
    expect(countries).toBeGreaterThanOrEqual(8);
    expect(logs).toContain(`seeded ${houses} properties`);
  });

  it('files every house under its country and destination, with a matching location', async () => {
    const bad = await rows<{ name: string }>(sql`
      select p.name from properties p
      left join regions r on r.id = p.region_id
      left join subregions s on s.id = p.subregion_id
      where r.id is null or s.id is null or s.region_id <> r.id or p.location <> r.name || ', ' || s.name`);
    expect(bad).toEqual([]);
  });

  it('has the nine amenity categories in catalogue order, each with 8 to 12 amenities', async () => {
    const categories = await rows<{ name: string; n: number }>(sql`
      select c.name, count(a.id)::int as n
      from amenity_categories c left join amenities a on a.category_id = c.id
      group by c.id order by c.sort_order`);
    expect(categories.map((c) => c.name)).toEqual([...AMENITY_CATEGORIES]);
    for (const c of categories) {
      expect(c.n, c.name).toBeGreaterThanOrEqual(8);
      expect(c.n, c.name).toBeLessThanOrEqual(12);
    }
  });

  it('gives every house 8 to 12 real amenities, and uses every example of the spec', async () => {
    const known = new Set((await ctx.db.select({ id: amenities.id }).from(amenities)).map((a) => a.id));
    const houses = await ctx.db
      .select({ name: properties.name, ids: properties.amenityIds })
      .from(properties);
    for (const h of houses) {
      expect(h.ids.length, h.name).toBeGreaterThanOrEqual(8);
      expect(h.ids.length, h.name).toBeLessThanOrEqual(12);
      expect(new Set(h.ids).size, h.name).toBe(h.ids.length);
      expect(
        h.ids.every((id) => known.has(id)),
        h.name,
      ).toBe(true);
    }
    const used = await rows<{ name: string }>(sql`
      select distinct a.name from properties p join amenities a on a.id = any(p.amenity_ids)`);
    const names = used.map((u) => u.name);
    for (const example of [
      'Wifi',
      'Gym/Fitness Equipment',
      'Butler',
      'BBQ',
      'Swimming Pool',
      'Families',
      'Cinema Room',
      'Alarm',
      'Sea View',
    ]) {
      expect(names).toContain(example);
    }
  });

  it('features exactly one house: the six-bedroom French Riviera villa at 15,000 EUR a night', async () => {
    const featured = await ctx.db
      .select({
        name: properties.name,
        type: properties.propertyType,
        bedrooms: properties.bedrooms,
        price: properties.basePricePerNight,
        currency: properties.propertyCurrency,
        available: properties.available,
        region: regions.name,
        subregion: subregions.name,
      })
      .from(properties)
      .innerJoin(regions, eq(regions.id, properties.regionId))
      .innerJoin(subregions, eq(subregions.id, properties.subregionId))
      .where(eq(properties.featured, true));
    expect(featured).toHaveLength(1);
    expect(featured[0]).toMatchObject({
      type: 'villa',
      bedrooms: 6,
      currency: 'EUR',
      available: true,
      region: 'France',
      subregion: 'French Riviera',
    });
    expect(Number(featured[0]!.price)).toBe(15000);
  });

  it('prices mostly in euros, some in dollars, pounds and Swiss francs, and a few on request', async () => {
    const byCurrency = await rows<{ currency: string; n: number }>(sql`
      select property_currency as currency, count(*)::int as n from properties group by 1`);
    const n = Object.fromEntries(byCurrency.map((r) => [r.currency, r.n]));
    const total = byCurrency.reduce((s, r) => s + r.n, 0);
    expect(n.EUR! / total).toBeGreaterThan(0.5);
    for (const c of ['USD', 'GBP', 'CHF']) expect(n[c], c).toBeGreaterThan(0);
    const { onRequest } = await one<{ onRequest: number }>(sql`
      select count(*)::int as "onRequest" from properties where base_price_per_night is null`);
    expect(onRequest).toBeGreaterThan(0);
    expect(onRequest / total).toBeLessThan(0.08);
  });

  it('has villas, chalets and private islands with believable sizes and prices', async () => {
    const byType = await rows<{
      type: string;
      n: number;
      minBeds: number;
      maxBeds: number;
      minEur: number;
      maxEur: number;
      badGuests: number;
    }>(sql`
      select p.property_type as type, count(*)::int as n,
        min(p.bedrooms) as "minBeds", max(p.bedrooms) as "maxBeds",
        min(p.base_price_per_night * coalesce(x.rate, 1))::float as "minEur",
        max(p.base_price_per_night * coalesce(x.rate, 1))::float as "maxEur",
        count(*) filter (where p.max_guests < 2 * p.bedrooms or p.max_guests > 2 * p.bedrooms + 2)::int as "badGuests"
      from properties p
      left join exchange_rates x on x.from_currency = p.property_currency and x.to_currency = 'EUR'
      group by 1`);
    const t = Object.fromEntries(byType.map((r) => [r.type, r]));
    expect(Object.keys(t).sort()).toEqual(['chalet', 'private-island', 'villa']);
    for (const r of byType) expect(r.badGuests, r.type).toBe(0);
    expect(t.villa!.minBeds).toBeGreaterThanOrEqual(2);
    expect(t.villa!.maxBeds).toBeLessThanOrEqual(12);
    expect(t['private-island']!.maxBeds).toBeLessThanOrEqual(15);
    expect(t.villa!.minEur).toBeGreaterThan(1000);
    expect(t.villa!.maxEur).toBeLessThan(30000);
    expect(t['private-island']!.minEur).toBeGreaterThan(t.villa!.minEur);
  });

  it('has unique names and real, varied descriptions that name the destination', async () => {
    const houses = await ctx.db
      .select({ name: properties.name, description: properties.description, location: properties.location })
      .from(properties);
    expect(new Set(houses.map((h) => h.name)).size).toBe(houses.length);
    expect(new Set(houses.map((h) => h.description)).size).toBe(houses.length);
    for (const h of houses) {
      const sentences = h.description.split(/(?<!\bSt)\. /);
      expect(sentences.length, h.name).toBeGreaterThanOrEqual(2);
      expect(sentences.length, h.name).toBeLessThanOrEqual(4);
      expect(h.description, h.name).not.toMatch(/\b(lorem|ipsum|undefined|NaN|null)\b/i);
      expect(h.description, h.name).toContain(h.location.split(', ')[1]!);
    }
  });

  it('prices every priced house for each of the next 365 nights, following the seasons', async () => {
    const coverage = await rows<{
      priced: boolean;
      days: number;
      first: string;
      last: string;
      currencyOk: boolean;
    }>(sql`
      select p.base_price_per_night is not null as priced, count(d.id)::int as days,
        min(d.date)::text = current_date::text as first, max(d.date)::text = (current_date + 364)::text as last,
        bool_and(d.currency = p.property_currency) as "currencyOk"
      from properties p left join daily_pricing d on d.property_id = p.id
      group by p.id, p.base_price_per_night`);
    for (const c of coverage.filter((r) => r.priced)) {
      expect(c).toMatchObject({ days: 365, first: true, last: true, currencyOk: true });
    }
    for (const c of coverage.filter((r) => !r.priced)) expect(c.days).toBe(0);

    // High summer costs more than January by the sea; February more than July in the mountains.
    const seasons = await rows<{ type: string; feb: number; jan: number; jul: number; aug: number }>(sql`
      select p.property_type as type,
        avg(d.price / p.base_price_per_night) filter (where extract(month from d.date) = 1)::float as jan,
        avg(d.price / p.base_price_per_night) filter (where extract(month from d.date) = 2)::float as feb,
        avg(d.price / p.base_price_per_night) filter (where extract(month from d.date) = 7)::float as jul,
        avg(d.price / p.base_price_per_night) filter (where extract(month from d.date) = 8)::float as aug
      from properties p join daily_pricing d on d.property_id = p.id
      where p.property_type in ('villa', 'chalet') group by 1`);
    const s = Object.fromEntries(seasons.map((r) => [r.type, r]));
    expect(s.chalet!.feb).toBeGreaterThan(s.chalet!.jul);
    expect(s.villa!.aug).toBeGreaterThan(s.villa!.jan);
    const whole = await one<{ fractional: number }>(sql`
      select count(*)::int as fractional from daily_pricing where price <> round(price)`);
    expect(whole.fractional).toBe(0);
  });

  it('blocks some nights for owner stays and bookings', async () => {
    const blocked = await one<{ nights: number; houses: number; notes: string[] }>(sql`
      select count(*)::int as nights, count(distinct property_id)::int as houses, array_agg(distinct notes) as notes
      from availability where available = false`);
    const total = await countOf('properties');
    expect(blocked.nights).toBeGreaterThan(0);
    expect(blocked.houses / total).toBeGreaterThan(0.9);
    expect(blocked.notes).toEqual(expect.arrayContaining(['Booked', 'Owner stay']));
  });

  it("gives part of the catalogue the coming season's stay rules, none to the featured villa", async () => {
    const { summer, festive } = seasonPeriods(todayIso());
    const rules = await rows<{
      start: string;
      end: string;
      min: number;
      days: number[] | null;
      n: number;
    }>(sql`
      select start_date::text as start, end_date::text as end, min_nights as min, check_in_days as days,
        count(*)::int as n
      from stay_rules group by 1, 2, 3, 4 order by 1, 3`);
    const total = await countOf('properties');
    const ruled = rules.reduce((n, r) => n + r.n, 0);
    expect(ruled / total).toBeGreaterThan(0.2);
    expect(ruled / total).toBeLessThan(0.6);
    expect(rules.map(({ n: _, ...r }) => r)).toEqual(
      expect.arrayContaining([
        { start: summer.startDate, end: summer.endDate, min: 7, days: [6] },
        { start: summer.startDate, end: summer.endDate, min: 5, days: null },
        { start: festive.startDate, end: festive.endDate, min: 7, days: [6, 7] },
      ]),
    );
    expect(logs).toContain(`seeded ${ruled} stay rules`);
    const featured = await one<{ n: number }>(sql`
      select count(*)::int as n from stay_rules r join properties p on p.id = r.property_id where p.featured`);
    expect(featured.n).toBe(0);
  });

  it('takes the summer and festive periods still to come', () => {
    expect(seasonPeriods('2026-11-24')).toEqual({
      summer: { startDate: '2027-07-01', endDate: '2027-08-31' },
      festive: { startDate: '2026-12-20', endDate: '2027-01-03' },
    });
    expect(seasonPeriods('2027-01-02').festive).toEqual({ startDate: '2026-12-20', endDate: '2027-01-03' });
    expect(seasonPeriods('2027-08-31').summer).toEqual({ startDate: '2027-07-01', endDate: '2027-08-31' });
    expect(seasonPeriods('2027-09-01').summer).toEqual({ startDate: '2028-07-01', endDate: '2028-08-31' });
  });

  it('shows 3 to 5 generated images per house, all on disk and served from /uploads/demo/', async () => {
    const perHouse = await rows<{ n: number; distinct: number }>(sql`
      select count(i.id)::int as n, count(distinct i.url)::int as distinct
      from properties p left join property_images i on i.property_id = p.id group by p.id`);
    for (const h of perHouse) {
      expect(h.n).toBeGreaterThanOrEqual(3);
      expect(h.n).toBeLessThanOrEqual(5);
      expect(h.distinct).toBe(h.n);
    }
    const urls = (await ctx.db.selectDistinct({ url: propertyImages.url }).from(propertyImages)).map(
      (r) => r.url,
    );
    expect(urls.length).toBeLessThanOrEqual(15);
    for (const url of urls) {
      expect(url).toMatch(/^\/uploads\/demo\/[a-z-]+\.webp$/);
      const file = path.join(uploadDir, url.replace('/uploads/', ''));
      expect(existsSync(file), file).toBe(true);
      expect(existsSync(file.replace(/\.webp$/, '-640.webp')), file).toBe(true);
      expect(existsSync(file.replace(/\.webp$/, '-960.webp')), file).toBe(true);
    }
    // Image order varies between houses.
    const firsts = await rows<{ url: string }>(
      sql`select distinct url from property_images where sort_order = 0`,
    );
    expect(firsts.length).toBeGreaterThan(5);
    // A second start finds the files and renders nothing.
    expect(await renderDemoImages(uploadDir)).toBe(0);
  });

  it('has consistent exchange rates between EUR, USD, GBP and CHF', async () => {
    const rates = await ctx.db.select().from(exchangeRates);
    expect(rates).toHaveLength(12);
    const rate = (from: string, to: string) =>
      Number(rates.find((r) => r.fromCurrency === from && r.toCurrency === to)!.rate);
    for (const a of ['EUR', 'USD', 'GBP', 'CHF']) {
      for (const b of ['EUR', 'USD', 'GBP', 'CHF']) {
        if (a === b) continue;
        expect(rate(a, b) * rate(b, a)).toBeCloseTo(1, 6);
      }
    }
    expect(rate('EUR', 'USD')).toBeGreaterThan(1);
    expect(rate('EUR', 'GBP')).toBeLessThan(1);
  });
});

describe('the demo calendars in the stay sums', () => {
  let agent = '';
  const { expectStay, expectSumsMatchNights } = stayOracle(ctx, () => agent);

  // The seed writes hundreds of villas' nights in one statement each; the sums that price a dated
  // search must agree with those nights (the writers one by one: apps/server stay-sums.test.ts).
  it('price stays like their nights, and exclude the stays over a blocked night', async () => {
    agent = (await signedIn(ctx.app, ctx.db, 'agent')).cookie;
    const sample = await rows<{ id: number; country: string; first: string }>(sql`
      select p.id, r.name as country, min(a.date)::text as first
      from properties p join regions r on r.id = p.region_id
      join availability a on a.property_id = p.id and not a.available
      where p.available and p.base_price_per_night > 0
      group by p.id, r.name order by p.id limit 6`);
    expect(sample.length).toBe(6);
    await expectSumsMatchNights(sample.map((s) => s.id));
    for (const s of sample) {
      await expectStay(s.country, s.id, addDays(s.first, -7), s.first);
      await expectStay(s.country, s.id, addDays(s.first, -3), addDays(s.first, 4));
    }
  });
});

describe('generateCatalogue', () => {
  it('is deterministic: the same seed gives the same catalogue, another seed a different one', () => {
    const a = generateCatalogue();
    expect(generateCatalogue()).toEqual(a);
    expect(generateCatalogue(7).properties.map((p) => p.name)).not.toEqual(a.properties.map((p) => p.name));
  });

  it('puts chalets only in ski resorts and private islands only in the tropics', () => {
    const { properties: houses } = generateCatalogue();
    const ski = new Set([
      'Courchevel',
      'Megève',
      'Zermatt',
      'Verbier',
      'Lech',
      'Kitzbühel',
      "Cortina d'Ampezzo",
    ]);
    for (const h of houses) {
      if (ski.has(h.destination)) expect(h.propertyType, h.name).toBe('chalet');
      if (h.propertyType === 'private-island') {
        expect([
          'Maldives',
          'Seychelles',
          'Bahamas',
          'Turks and Caicos',
          'British Virgin Islands',
          'Thailand',
        ]).toContain(h.country);
      }
    }
  });
});

describe('seedDemoAccounts', () => {
  it('creates the demo accounts once and keeps them on a second run', async () => {
    await seedDemoAccounts(ctx.db);
    await seedDemoAccounts(ctx.db);
    const emails = DEMO_ACCOUNTS.map((a) => a.email);
    const found = await ctx.db
      .select({ email: users.email, role: users.role, approved: users.approved })
      .from(users)
      .where(sql`lower(${users.email}) in ${emails}`);
    expect(found).toHaveLength(4);
    expect(found).toEqual(
      expect.arrayContaining([
        { email: 'admin@demo.test', role: 'admin', approved: true },
        { email: 'sophie@azure-voyages.test', role: 'agent', approved: true },
        { email: 'james@hartwell-travel.test', role: 'agent', approved: true },
        { email: 'olivia@pending-travel.test', role: 'agent', approved: false },
      ]),
    );
    const [sophie] = await ctx.db.select().from(users).where(eq(users.email, 'sophie@azure-voyages.test'));
    expect(sophie).toMatchObject({ firstName: 'Sophie', lastName: 'Laurent', company: 'Azure Voyages' });
    const bell = await ctx.db.select().from(notifications).where(eq(notifications.userId, sophie!.id));
    expect(bell).toHaveLength(2);
    expect(bell.every((n) => !n.read)).toBe(true);
  });

  const login = (email: string, password: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

  it('lets the approved agents and the admin sign in', async () => {
    await seedDemoAccounts(ctx.db);
    const sophie = await login('sophie@azure-voyages.test', 'demo-agent-pass');
    expect(sophie.statusCode).toBe(200);
    expect((await login('james@hartwell-travel.test', 'demo-agent-pass')).statusCode).toBe(200);
    expect((await login('admin@demo.test', 'demo-admin-pass')).statusCode).toBe(200);
  });

  it('refuses the pending agent with the pending-approval message', async () => {
    await seedDemoAccounts(ctx.db);
    const res = await login('olivia@pending-travel.test', 'demo-agent-pass');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toContain('Account pending approval');
  });
});
