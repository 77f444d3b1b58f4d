import { addDays, todayIso } from '@villas/shared';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availability, whiteLabelInquiries, whiteLabelLinks } from '@villas/db/schema';
import { startFakeInvenio, type FakeInvenio } from '../../../../test/fakes/invenio';
import { createProperty, signedIn } from '../../../../test/factories';
import { useTestContext } from '../../../../test/helpers';
import { parseFeed } from './ical.parse';

// The fake starts first: the app's allow-list names its port.
let fake: FakeInvenio;
beforeAll(async () => {
  fake = await startFakeInvenio();
});
const ctx = useTestContext(() => ({ OUTBOUND_ALLOW_HOSTS: fake.host, OUTBOUND_TIMEOUT_MS: '1000' }));
let admin = '';
let agentCookie = '';
let agentId = 0;
const today = todayIso();
const d = (n: number) => addDays(today, n);
const nights = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => d(from + i));
const next = String(new Date().getUTCFullYear() + 1);

beforeAll(async () => {
  admin = (await signedIn(ctx.app, ctx.db, 'admin')).cookie;
  const agent = await signedIn(ctx.app, ctx.db, 'agent');
  agentCookie = agent.cookie;
  agentId = agent.user.id;
});
afterAll(async () => {
  await fake?.close();
});

async function blocked(propertyId: number) {
  const rows = await ctx.db
    .select({ date: availability.date, source: availability.source })
    .from(availability)
    .where(and(eq(availability.propertyId, propertyId), eq(availability.available, false)))
    .orderBy(asc(availability.date));
  return rows.map((r) => r.date);
}

async function addFeed(propertyId: number, name: string, label = 'Airbnb') {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/admin/properties/${propertyId}/ical-feeds`,
    headers: { cookie: admin },
    payload: { url: `${fake.url}/ical/${name}.ics`, label },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number };
}

async function run(propertyId: number, feedId: number) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/admin/properties/${propertyId}/ical-feeds/${feedId}/run`,
    headers: { cookie: admin },
  });
  expect(res.statusCode, res.body).toBe(200);
  const report = await ctx.app.inject({
    url: `/api/admin/sync-reports/${res.json().reportId}`,
    headers: { cookie: admin },
  });
  return report.json();
}

describe('iCal import feeds', () => {
  it('adds, lists and validates feeds of a property', async () => {
    const p = await createProperty(ctx.db);
    const missing = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/properties/${p.id}/ical-feeds`,
      headers: { cookie: admin },
      payload: { label: 'x' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Feed URL is required');
    const webcal = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/properties/${p.id}/ical-feeds`,
      headers: { cookie: admin },
      payload: { url: 'webcal://www.airbnb.com/calendar/ical/12345.ics?s=abc' },
    });
    expect(webcal.statusCode).toBe(201);
    expect(webcal.json()).toMatchObject({
      url: 'https://www.airbnb.com/calendar/ical/12345.ics?s=abc',
      label: 'Airbnb',
      lastStatus: null,
      blockedNights: 0,
    });
    const dup = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/properties/${p.id}/ical-feeds`,
      headers: { cookie: admin },
      payload: { url: 'https://www.airbnb.com/calendar/ical/12345.ics?s=abc' },
    });
    expect(dup.statusCode).toBe(409);
    const list = await ctx.app.inject({
      url: `/api/admin/properties/${p.id}/ical-feeds`,
      headers: { cookie: admin },
    });
    expect(list.json()).toHaveLength(1);
    const none = await ctx.app.inject({
      url: '/api/admin/properties/999999/ical-feeds',
      headers: { cookie: admin },
    });
    expect(none.statusCode).toBe(404);
    const asAgent = await ctx.app.inject({
      url: `/api/admin/properties/${p.id}/ical-feeds`,
      headers: { cookie: agentCookie },
    });
    expect(asAgent.statusCode).toBe(403);
  });

  it('imports an Airbnb feed, then a cancellation on the next run unblocks its nights', async () => {
    const p = await createProperty(ctx.db);
    const feed = await addFeed(p.id, 'pins-bleus');
    const first = await run(p.id, feed.id);
    expect(first).toMatchObject({
      status: 'completed',
      jobType: 'ical-import',
      calendarUpdates: 9,
      errors: [],
    });
    expect(first.propertyChanges).toEqual([
      expect.objectContaining({
        propertyName: p.name,
        changeType: 'calendar',
        changeDescription: 'Airbnb: 9 nights blocked',
      }),
    ]);
    expect(await blocked(p.id)).toEqual([...nights(10, 14), ...nights(20, 25)]);

    const again = await run(p.id, feed.id);
    expect(again).toMatchObject({ status: 'completed', changesDetected: 0, calendarUpdates: 0 });

    fake.calendars.set(
      'pins-bleus',
      fake.calendars.get('pins-bleus')!.replace(/BEGIN:VEVENT\r\nDESCRIPTION[\s\S]*?END:VEVENT\r\n/, ''),
    );
    const cancelled = await run(p.id, feed.id);
    expect(cancelled.propertyChanges[0].changeDescription).toBe('Airbnb: 5 nights released');
    expect(await blocked(p.id)).toEqual(nights(10, 14));
    const [listed] = (
      await ctx.app.inject({ url: `/api/admin/properties/${p.id}/ical-feeds`, headers: { cookie: admin } })
    ).json();
    expect(listed).toMatchObject({ lastStatus: 'ok', lastError: null, blockedNights: 4, lastEventCount: 1 });
    fake.reset();
  });

  it('imports a DST-crossing all-day stay and a recurring event night for night', async () => {
    const p = await createProperty(ctx.db);
    const dst = await addFeed(p.id, 'dst', 'Owner');
    await run(p.id, dst.id);
    const got = await blocked(p.id);
    expect(got.filter((n) => n.startsWith(`${next}-03`) || n.startsWith(`${next}-04`))).toHaveLength(14);
    expect(got).toContain(`${next}-04-02`);
    expect(got).not.toContain(`${next}-04-03`);
    expect(got).toContain(`${next}-10-31`);
    expect(got).not.toContain(`${next}-11-01`);

    const q = await createProperty(ctx.db);
    const rec = await addFeed(q.id, 'recurring', 'Maintenance');
    await run(q.id, rec.id);
    const weekly = await blocked(q.id);
    expect(weekly).toEqual(expect.arrayContaining([d(7), d(21), d(28), d(40), d(41), d(42)]));
    expect(weekly).not.toContain(d(14));
    expect(weekly).not.toContain(d(50));
  });

  it('never touches hand-set nights; a night two feeds block stays blocked until both drop it', async () => {
    const p = await createProperty(ctx.db);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/availability',
      headers: { cookie: admin },
      payload: { propertyId: p.id, date: d(11), available: false, notes: 'Owner' },
    });
    const airbnb = await addFeed(p.id, 'pins-bleus', 'Airbnb');
    // A second feed listing d+10 … d+13 too (a Vrbo copy of the same stay).
    fake.calendars.set(
      'copy',
      fake.calendars.get('pins-bleus')!.replace(/BEGIN:VEVENT\r\nDESCRIPTION[\s\S]*?END:VEVENT\r\n/, ''),
    );
    const vrbo = await addFeed(p.id, 'copy', 'Vrbo');
    await run(p.id, airbnb.id);
    await run(p.id, vrbo.id);
    expect(await blocked(p.id)).toEqual([...nights(10, 14), ...nights(20, 25)]);

    // Airbnb drops everything: the Vrbo stay and the hand-set night stay blocked.
    fake.calendars.set('pins-bleus', 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n');
    await run(p.id, airbnb.id);
    expect(await blocked(p.id)).toEqual(nights(10, 14));
    // Vrbo drops it too: only the hand-set night is left.
    fake.calendars.set('copy', 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n');
    await run(p.id, vrbo.id);
    expect(await blocked(p.id)).toEqual([d(11)]);
    fake.reset();
  });

  it('records a feed that fails (404, not a calendar) and leaves its nights as they were', async () => {
    const p = await createProperty(ctx.db);
    const feed = await addFeed(p.id, 'edelweiss', 'Booking.com');
    await run(p.id, feed.id);
    expect(await blocked(p.id)).toEqual(nights(3, 6));
    fake.broken.add('/ical/edelweiss.ics');
    const failed = await run(p.id, feed.id);
    expect(failed.status).toBe('completed');
    expect(failed.errors).toEqual([
      { propertyName: p.name, message: 'Booking.com: The calendar answered HTTP error! status: 404' },
    ]);
    fake.broken.clear();
    fake.calendars.set('edelweiss', '<html><body>Please sign in</body></html>');
    const html = await run(p.id, feed.id);
    expect(html.errors[0].message).toBe('Booking.com: The feed is not an iCalendar file');
    expect(await blocked(p.id)).toEqual(nights(3, 6));
    const [listed] = (
      await ctx.app.inject({ url: `/api/admin/properties/${p.id}/ical-feeds`, headers: { cookie: admin } })
    ).json();
    expect(listed).toMatchObject({
      lastStatus: 'error',
      lastError: 'Booking.com: The feed is not an iCalendar file',
    });

    // Removing the feed releases its nights.
    const del = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/admin/properties/${p.id}/ical-feeds/${feed.id}`,
      headers: { cookie: admin },
    });
    expect(del.statusCode).toBe(200);
    expect(await blocked(p.id)).toEqual([]);
    fake.reset();
  });

  it('refuses feeds on private addresses (no allow-list entry)', async () => {
    const p = await createProperty(ctx.db);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/properties/${p.id}/ical-feeds`,
      headers: { cookie: admin },
      payload: { url: 'http://10.1.2.3/calendar.ics', label: 'Intranet' },
    });
    const r = await run(p.id, res.json().id);
    expect(r.errors[0].message).toMatch(/^Intranet: The calendar's address is not allowed/);
  });
});

describe('iCal export', () => {
  it('publishes hand-set blocks and accepted requests, never imported nights, as all-day events', async () => {
    const p = await createProperty(ctx.db, { name: 'Villa Export' });
    await ctx.app.inject({
      method: 'POST',
      url: '/api/availability/bulk',
      headers: { cookie: admin },
      payload: { propertyId: p.id, dates: [d(30), d(31), d(32), d(40)], available: false },
    });
    const feed = await addFeed(p.id, 'pins-bleus');
    await run(p.id, feed.id);
    const [link] = await ctx.db
      .insert(whiteLabelLinks)
      .values({ uuid: crypto.randomUUID(), agentId, title: 'Summer', propertyIds: [p.id] })
      .returning();
    await ctx.db.insert(whiteLabelInquiries).values([
      {
        whiteLabelLinkId: link!.id,
        propertyId: p.id,
        clientName: 'Jo Client',
        clientEmail: 'jo@example.com',
        checkIn: d(50),
        checkOut: d(57),
        status: 'converted',
      },
      {
        whiteLabelLinkId: link!.id,
        propertyId: p.id,
        clientName: 'Pending Pat',
        clientEmail: 'pat@example.com',
        checkIn: d(60),
        checkOut: d(62),
        status: 'pending',
      },
    ]);

    const exp = await ctx.app.inject({
      url: `/api/admin/properties/${p.id}/ical-export`,
      headers: { cookie: admin },
    });
    expect(exp.statusCode).toBe(200);
    expect(exp.json().path).toMatch(/^\/api\/ical\/[A-Za-z0-9_-]{32}\.ics$/);
    const again = await ctx.app.inject({
      url: `/api/admin/properties/${p.id}/ical-export`,
      headers: { cookie: admin },
    });
    expect(again.json().path).toBe(exp.json().path);

    const res = await ctx.app.inject({ url: exp.json().path });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const ics = res.body;
    const compact = (n: number) => d(n).replaceAll('-', '');
    expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(ics).toContain('METHOD:PUBLISH');
    expect(ics).toContain(`DTSTART;VALUE=DATE:${compact(30)}`);
    expect(ics).toContain(`DTEND;VALUE=DATE:${compact(33)}`);
    expect(ics).toContain(`DTSTART;VALUE=DATE:${compact(40)}`);
    expect(ics).toContain(`DTSTART;VALUE=DATE:${compact(50)}`);
    expect(ics).toContain(`DTEND;VALUE=DATE:${compact(57)}`);
    expect(ics).toMatch(/DTSTAMP:\d{8}T\d{6}Z/);
    expect(ics).toContain(`UID:block-${p.id}-${d(30)}@`);
    // Imported (Airbnb) nights and unaccepted requests are not published.
    expect(ics).not.toContain(compact(10));
    expect(ics).not.toContain(compact(60));
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(3);
    // Read back by a calendar parser: exactly the published nights.
    const parsed = parseFeed(ics, { start: d(-1), end: d(730) });
    expect([...parsed.nights.keys()].sort()).toEqual([...nights(30, 33), d(40), ...nights(50, 57)]);
    // UIDs are stable from one fetch to the next.
    const second = (await ctx.app.inject({ url: exp.json().path })).body;
    expect(second.match(/UID:.*/g)).toEqual(ics.match(/UID:.*/g));

    const rotated = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/properties/${p.id}/ical-export/rotate`,
      headers: { cookie: admin },
    });
    expect(rotated.json().path).not.toBe(exp.json().path);
    expect((await ctx.app.inject({ url: exp.json().path })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: rotated.json().path })).statusCode).toBe(200);
    expect((await ctx.app.inject({ url: '/api/ical/nope.ics' })).statusCode).toBe(400);
    const anonymousAdmin = await ctx.app.inject({ url: `/api/admin/properties/${p.id}/ical-export` });
    expect(anonymousAdmin.statusCode).toBe(401);
  });
});
