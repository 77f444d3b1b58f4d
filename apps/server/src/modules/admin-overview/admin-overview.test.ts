import { addDays, todayIso, type AdminInsight, type AdminOverview, type InquiryKind } from '@villas/shared';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { inquiries, whiteLabelInquiries, whiteLabelLinks, whiteLabelViews } from '@villas/db/schema';
import { createProperty, createRegion, signedIn } from '../../../test/factories';
import { useTestContext } from '../../../test/helpers';
import { block, setRatesToEur } from '../properties/properties.fixtures';

// Each test file boots its own fresh database, so the figures below are exact.
const ctx = useTestContext();
let admin = '';
let agent = { id: 0, cookie: '' };

const get = (url: string, cookie = admin) =>
  ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

/** Noon UTC of the day `offset` days from today (0 = today, -89 = the window's first day). */
const noonOf = (offset: number) => new Date(`${addDays(todayIso(), offset)}T12:00:00.000Z`);

beforeAll(async () => {
  admin = (await signedIn(ctx.app, ctx.db, 'admin')).cookie;
  const a = await signedIn(ctx.app, ctx.db, 'agent');
  agent = { id: a.user.id, cookie: a.cookie };
});

describe('admin overview and insight: access', () => {
  it.each(['/api/admin/overview', '/api/admin/insight'])(
    '%s answers 401 signed out, 403 to agents',
    async (url) => {
      expect((await get(url, '')).statusCode).toBe(401);
      const res = await get(url, agent.cookie);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('You need admin privileges to do this');
    },
  );
});

describe('GET /api/admin/overview', () => {
  it('counts an empty catalogue as zeros with no average', async () => {
    const res = await get('/api/admin/overview');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      asOf: todayIso(),
      totalProperties: 0,
      availableNow: 0,
      averageNightlyPriceEur: null,
      medianNightlyPriceEur: null,
      pricedProperties: 0,
      destinations: 0,
      countries: 0,
    } satisfies AdminOverview);
  });

  it('gives real figures: blocked today, unavailable flag, EUR conversion, price on request, destinations', async () => {
    await setRatesToEur(ctx.db, { USD: 0.9 });
    const today = todayIso();
    const { region } = await createRegion(ctx.db, 'France', ["Côte d'Azur", 'Provence']);
    await createRegion(ctx.db, 'Switzerland', ['Verbier']);
    await createRegion(ctx.db, 'Greece');
    // 1,000 EUR, available, blocked tomorrow only: available now.
    const free = await createProperty(ctx.db, { basePricePerNight: '1000', regionId: region.id });
    await block(ctx.db, free.id, [addDays(today, 1)]);
    // 2,000 USD = 1,800 EUR, available, blocked today: not available now.
    const blocked = await createProperty(ctx.db, { basePricePerNight: '2000', propertyCurrency: 'USD' });
    await block(ctx.db, blocked.id, [today]);
    // Flag off: never available now; 3,000 EUR still counts in the average.
    await createProperty(ctx.db, { basePricePerNight: '3000', available: false });
    // A row marking today available does not block.
    const open = await createProperty(ctx.db, { basePricePerNight: '0' });
    await block(ctx.db, open.id, [today], true);
    // Price on request (null) and a currency without a stored rate stay out of the average.
    await createProperty(ctx.db, { basePricePerNight: null });
    await createProperty(ctx.db, { basePricePerNight: '5000', propertyCurrency: 'CHF' });

    const res = await get('/api/admin/overview');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      asOf: today,
      totalProperties: 6,
      // free, open, the price-on-request one and the CHF one.
      availableNow: 4,
      // (1,000 + 1,800 + 3,000) / 3, and the middle one of the three.
      averageNightlyPriceEur: 1933.33,
      medianNightlyPriceEur: 1800,
      pricedProperties: 3,
      destinations: 3,
      countries: 3,
    } satisfies AdminOverview);
  });
});

async function createLink() {
  const [link] = await ctx.db
    .insert(whiteLabelLinks)
    .values({ uuid: randomUUID(), agentId: agent.id, title: 'Insight link', propertyIds: [] })
    .returning();
  return link!;
}

describe('GET /api/admin/insight', () => {
  it('has all 90 days with zeros and every week of the window when nothing happened', async () => {
    const res = await get('/api/admin/insight');
    expect(res.statusCode).toBe(200);
    const body: AdminInsight = res.json();
    const today = todayIso();
    expect(body.to).toBe(today);
    expect(body.from).toBe(addDays(today, -89));
    expect(body.viewsPerDay).toHaveLength(90);
    expect(body.viewsPerDay[0]).toEqual({ date: addDays(today, -89), views: 0 });
    expect(body.viewsPerDay[89]).toEqual({ date: today, views: 0 });
    expect(body.viewsPerDay.every((d) => d.views === 0)).toBe(true);
    // Consecutive days.
    body.viewsPerDay.forEach((d, i) => expect(d.date).toBe(addDays(body.from, i)));
    // Sunday-start weeks covering the window: 13 or 14 of them, 7 days apart.
    const weeks = body.inquiriesPerWeek;
    expect(weeks.length).toBeGreaterThanOrEqual(13);
    expect(weeks.length).toBeLessThanOrEqual(14);
    for (const [i, w] of weeks.entries()) {
      expect(new Date(`${w.weekStart}T00:00:00Z`).getUTCDay()).toBe(0);
      if (i) expect(w.weekStart).toBe(addDays(weeks[i - 1]!.weekStart, 7));
    }
    expect(weeks[0]!.weekStart <= body.from && addDays(weeks[0]!.weekStart, 7) > body.from).toBe(true);
    expect(weeks.at(-1)!.weekStart <= today && addDays(weeks.at(-1)!.weekStart, 7) > today).toBe(true);
    expect(weeks.every((w) => w.offMarket + w.contact + w.booking + w.whiteLabel === 0)).toBe(true);
  });

  it('counts views per day and inquiries per week by type, edges included, outside days left out', async () => {
    const link = await createLink();
    const view = (offset: number, n = 1) =>
      ctx.db
        .insert(whiteLabelViews)
        .values(Array.from({ length: n }, () => ({ linkId: link.id, viewedAt: noonOf(offset) })));
    await view(-89, 2); // day 0 of the window
    await view(0, 3); // day 89: today
    await view(-40);
    await view(-90, 5); // the day before the window
    await ctx.db
      .insert(whiteLabelViews)
      .values({ linkId: link.id, viewedAt: new Date(`${addDays(todayIso(), -89)}T00:00:00.000Z`) });

    const inquiry = (kind: InquiryKind, offset: number) =>
      ctx.db.insert(inquiries).values({
        kind,
        firstName: 'Jane',
        lastName: 'Doe',
        email: 'jane@example.com',
        createdAt: noonOf(offset),
      });
    await inquiry('off-market', 0);
    await inquiry('off-market', 0);
    await inquiry('contact', 0);
    await inquiry('booking', -89);
    await inquiry('contact', -90); // outside
    await ctx.db.insert(whiteLabelInquiries).values([
      { whiteLabelLinkId: link.id, clientName: 'Client', clientEmail: 'c@example.com', createdAt: noonOf(0) },
      {
        whiteLabelLinkId: link.id,
        clientName: 'Client',
        clientEmail: 'c@example.com',
        createdAt: noonOf(-89),
      },
    ]);

    const body: AdminInsight = (await get('/api/admin/insight')).json();
    const today = todayIso();
    expect(body.viewsPerDay).toHaveLength(90);
    expect(body.viewsPerDay[0]).toEqual({ date: addDays(today, -89), views: 3 });
    expect(body.viewsPerDay[49]).toEqual({ date: addDays(today, -40), views: 1 });
    expect(body.viewsPerDay[89]).toEqual({ date: today, views: 3 });
    expect(body.viewsPerDay.reduce((s, d) => s + d.views, 0)).toBe(7);

    const weekOf = (day: string) =>
      body.inquiriesPerWeek.find((w) => w.weekStart <= day && addDays(w.weekStart, 7) > day)!;
    const first = weekOf(addDays(today, -89));
    const last = weekOf(today);
    expect(first).toBe(body.inquiriesPerWeek[0]);
    expect(last).toBe(body.inquiriesPerWeek.at(-1));
    expect(first).toMatchObject({ offMarket: 0, contact: 0, booking: 1, whiteLabel: 1 });
    expect(last).toMatchObject({ offMarket: 2, contact: 1, booking: 0, whiteLabel: 1 });
    const total = body.inquiriesPerWeek.reduce(
      (s, w) => s + w.offMarket + w.contact + w.booking + w.whiteLabel,
      0,
    );
    expect(total).toBe(6);
  });
});
