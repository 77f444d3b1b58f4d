import { describe, expect, it } from 'vitest';
import { createProperty, signedIn } from './factories';
import { useTestContext } from './helpers';

const ctx = useTestContext();

/**
 * A sweep of malformed requests over every mutating and parameterised route: each must answer a
 * 4xx with a message, never a 5xx (never a 5xx for a client's mistake).
 */
describe('bad input never reaches a 5xx', () => {
  it('answers 4xx with a message for malformed bodies, params and queries', async () => {
    const admin = await signedIn(ctx.app, ctx.db, 'admin');
    const p = await createProperty(ctx.db);
    const bodies: unknown[] = [
      undefined,
      null,
      [],
      'text',
      42,
      {},
      { propertyId: 'x' },
      { propertyIds: [1, 'a'] },
      { date: '2031-02-30' },
      { propertyId: 3_000_000_000, agentId: 3_000_000_000, propertyIds: [3_000_000_000], guests: 1e12 },
    ];
    const routes: Array<[string, string]> = [
      ['POST', '/api/auth/register'],
      ['POST', '/api/auth/login'],
      ['POST', '/api/inquiries'],
      ['POST', '/api/properties'],
      ['PUT', `/api/properties/${p.id}`],
      ['POST', '/api/properties/search'],
      ['POST', '/api/daily-pricing'],
      ['POST', '/api/daily-pricing/bulk'],
      ['POST', '/api/availability'],
      ['POST', '/api/availability/bulk'],
      ['PUT', '/api/admin/exchange-rates'],
      ['POST', '/api/admin/locations/region'],
      ['POST', '/api/admin/locations/subregion'],
      ['PUT', `/api/admin/users/${admin.user.id}`],
      ['POST', '/api/white-label'],
      ['POST', '/api/white-label/00000000-0000-4000-8000-000000000000/booking-request'],
      ['POST', '/api/white-label/not-a-uuid/booking-request'],
      ['PUT', '/api/white-label-inquiries/1'],
      ['PUT', '/api/inquiries/1/status'],
    ];
    for (const [method, url] of routes) {
      for (const body of bodies) {
        const res = await ctx.app.inject({
          method: method as 'POST',
          url,
          headers: {
            cookie: admin.cookie,
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          payload: body === undefined ? undefined : JSON.stringify(body),
        });
        expect(res.statusCode, `${method} ${url} ${JSON.stringify(body)} → ${res.body}`).toBeLessThan(500);
        // An object may be a valid partial update or search (unknown keys are dropped); anything
        // else must be refused, and every refusal carries a message.
        if (res.statusCode >= 400) expect(res.json().message, `${method} ${url}`).toEqual(expect.any(String));
        else
          expect(body !== null && typeof body === 'object' && !Array.isArray(body), `${method} ${url}`).toBe(
            true,
          );
      }
    }
    const gets = [
      '/api/properties/abc',
      '/api/properties/99999999999999',
      '/api/availability/abc?startDate=2027-01-01&endDate=2027-02-01',
      `/api/availability/${p.id}?startDate=2027-02-30&endDate=2027-03-01`,
      `/api/calendar-pricing/${p.id}`,
      '/api/white-label/not-a-uuid',
      '/api/white-label/agent/abc',
      '/api/notifications/abc',
      '/api/white-label-inquiries/agent/-1',
      '/api/admin/users?limit=-5',
      '/api/inquiries/off-market?offset=x',
    ];
    for (const url of gets) {
      const res = await ctx.app.inject({ url, headers: { cookie: admin.cookie } });
      expect(res.statusCode, `${url} → ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${url} → ${res.body}`).toBeLessThan(500);
    }
  });

  it('refuses malformed paging, sorting and search text with a 4xx, and handles odd but valid text', async () => {
    const admin = await signedIn(ctx.app, ctx.db, 'admin');
    const search = (body: unknown) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/properties/search',
        headers: { cookie: admin.cookie, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
    for (const body of [
      { page: 'yes' },
      { sort: 'cheapest' },
      { limit: 0 },
      { limit: 101 },
      { limit: 2.5 },
      { limit: '24' },
      { offset: -1 },
      { offset: 1e12 },
      { q: 'x'.repeat(101) },
      { q: 42 },
      { q: 'villa\u0000' },
    ]) {
      const res = await search(body);
      expect(res.statusCode, `${JSON.stringify(body)} → ${res.body}`).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    // NUL is refused by the schema with its own message, not by the database.
    expect((await search({ q: 'villa\u0000' })).json().message).toBe(
      'The search text cannot contain control characters',
    );
    // Text that is awkward for SQL patterns, accents or Unicode still answers a page.
    for (const q of ['%', '_', '\\', "o'brien", 'ÉTOILE', '  ', '🏝️ villa', 'a b c d e f g h i j k l']) {
      const res = await search({ q, page: true, offset: 999_999 });
      expect(res.statusCode, `${JSON.stringify(q)} → ${res.body}`).toBe(200);
      expect(res.json()).toMatchObject({ items: [], offset: 999_999 });
    }
    for (const url of [
      '/api/admin/audit-log?limit=0',
      '/api/admin/audit-log?limit=abc',
      '/api/admin/audit-log?offset=-1',
      '/api/admin/audit-log?actorId=abc',
      '/api/admin/audit-log?actorId=99999999999',
      '/api/admin/audit-log?action=DROP%20TABLE',
      '/api/admin/sync-reports?limit=9999',
      '/api/admin/sync-reports/abc',
      '/api/admin/properties/abc/ical-feeds',
      '/api/ical/short.ics',
    ]) {
      const res = await ctx.app.inject({ url, headers: { cookie: admin.cookie } });
      expect(res.statusCode, `${url} → ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${url} → ${res.body}`).toBeLessThan(500);
    }
  });
});
