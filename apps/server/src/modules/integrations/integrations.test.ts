import { describe, expect, it } from 'vitest';
import { createProperty, signedIn } from '../../../test/factories';
import { useTestContext } from '../../../test/helpers';

const ctx = useTestContext();

/** Never a 5xx for a client's mistake, on every integration route. */
describe('integration routes and bad input', () => {
  it('answer 4xx with a message for malformed bodies, params and queries', async () => {
    const { cookie } = await signedIn(ctx.app, ctx.db, 'admin');
    const p = await createProperty(ctx.db);
    const bodies: unknown[] = [
      undefined,
      null,
      [],
      'text',
      42,
      {},
      { enabled: 'yes', provider: 7, name: ['x'], apiKey: {}, baseUrl: 'javascript:alert(1)' },
      { url: 'file:///etc/passwd', label: 'x'.repeat(500) },
      { apiKey: 'k', apiSecret: 's', baseUrl: 'not a url', from_date: '2031-02-30', min_bedrooms: 'many' },
      { connectionId: 3_000_000_000 },
    ];
    const routes: Array<[string, string]> = [
      ['POST', '/api/admin/api-connections'],
      ['PATCH', '/api/admin/api-connections/1'],
      ['POST', '/api/admin/api-connections/99999/sync'],
      ['POST', '/api/invenio/villas'],
      ['POST', '/api/invenio/search'],
      ['POST', '/api/invenio/pricing'],
      ['POST', '/api/invenio/sync'],
      ['POST', `/api/admin/properties/${p.id}/ical-feeds`],
      ['POST', `/api/admin/properties/${p.id}/ical-feeds/99999/run`],
      ['POST', '/api/admin/properties/99999/ical-export/rotate'],
    ];
    for (const [method, url] of routes) {
      for (const body of bodies) {
        const res = await ctx.app.inject({
          method: method as 'POST',
          url,
          headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
          payload: body === undefined ? undefined : JSON.stringify(body),
        });
        expect(res.statusCode, `${method} ${url} ${JSON.stringify(body)} → ${res.body}`).toBeLessThan(500);
        if (res.statusCode >= 400) expect(res.json().message, `${method} ${url}`).toEqual(expect.any(String));
      }
    }
    for (const url of [
      '/api/admin/sync-reports/abc',
      '/api/admin/sync-reports/99999999999',
      '/api/admin/sync-reports/424242',
      '/api/admin/sync-reports?limit=-5',
      '/api/admin/sync-reports?status=exploded',
      '/api/admin/properties/abc/ical-feeds',
      `/api/admin/properties/${p.id}/ical-feeds/abc/run`,
      '/api/ical/short.ics',
      '/api/ical/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.ics',
    ]) {
      const res = await ctx.app.inject({ url, headers: { cookie } });
      expect(res.statusCode, `${url} → ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${url} → ${res.body}`).toBeLessThan(500);
    }
  });
});
