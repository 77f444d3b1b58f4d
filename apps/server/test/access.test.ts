import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { createProperty, signedIn } from './factories';
import { useTestContext } from './helpers';

const ctx = useTestContext();
let port = 0;
let propertyId = 0;

/** Sends one request with an exact request target (no client normalises it) and returns status + body. */
function raw(
  method: string,
  target: string,
  extraHeaders: string[] = [],
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let data = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk) => (data += chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(data)?.[1] ?? 0);
      resolve({ status, body: data.slice(data.indexOf('\r\n\r\n') + 4) });
    });
    const body = method === 'GET' || method === 'DELETE' ? '' : '{}';
    socket.write(
      [
        `${method} ${target} HTTP/1.1`,
        `Host: 127.0.0.1:${port}`,
        'Connection: close',
        ...(body ? ['Content-Type: application/json', `Content-Length: ${body.length}`] : []),
        ...extraHeaders,
        '',
        body,
      ].join('\r\n'),
    );
  });
}

/** A concrete path for a route pattern: numeric ids, a uuid, dates. */
function concrete(url: string): string {
  return url
    .replace(/:uuid/g, '00000000-0000-4000-8000-000000000000')
    .replace(/:[A-Za-z]+/g, String(propertyId));
}

/** Spellings of one path that a router or a proxy may map to the same route. */
function variants(path: string): string[] {
  const rest = path.slice('/api'.length);
  return [
    path,
    `/%61pi${rest}`,
    `/%61%70%69${rest}`,
    `/api${rest.replace(/[a-z]/, (c) => `%${c.charCodeAt(0).toString(16)}`)}`,
    `/api%2F${rest.slice(1)}`,
    `/api%2f${rest.slice(1)}`,
    `http://127.0.0.1:${port}${path}`,
    `http://127.0.0.1:${port}/%61pi${rest}`,
    `//api${rest}`,
    `/api/${rest}`,
    `${path}/`,
    `${path}.`,
    `${path}%2e`,
    `/API${rest}`,
    `/Api${rest}`,
    `/./api${rest}`,
    `/x/../api${rest}`,
    `${path}?x=1`,
    `${path};x`,
  ];
}

beforeAll(async () => {
  propertyId = (await createProperty(ctx.db)).id;
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as AddressInfo).port;
});

describe('access is decided on the matched route, closed by default', () => {
  it('lists every route with its access rule; only declared routes are public', () => {
    const open = ctx.app.routeInventory
      .filter((r) => r.public && !r.assets)
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    // A new public route is a decision: add it here on purpose.
    expect(open).toEqual(
      [
        'GET /api/amenities',
        'GET /api/company',
        'GET /api/debug/session',
        'GET /api/properties/featured',
        'GET /api/locations',
        'GET /api/white-label/:uuid',
        // The link's PDF brochure: like its page, the link's unguessable uuid is the credential.
        'GET /api/white-label/:uuid/brochure.pdf',
        // The stay rules (terms only) of a live link's villas: the client's booking form checks a stay with them.
        'GET /api/white-label/:uuid/stay-rules',
        // A property's iCal export: its secret, rotatable token is the credential (Airbnb, Vrbo, Google fetch it).
        'GET /api/ical/:token.ics',
        'GET /healthz',
        'GET /readyz',
        // Prometheus's scrape: its bearer token (METRICS_TOKEN) is the credential; without one, 404.
        'GET /metrics',
        'POST /api/auth/login',
        'POST /api/auth/logout',
        'POST /api/auth/register',
        'POST /api/inquiries',
        'POST /api/white-label/:uuid/booking-request',
      ].sort(),
    );
  });

  it('answers 401 to anonymous callers however the path of a signed-in-only route is spelled', async () => {
    const closed = ctx.app.routeInventory.filter((r) => !r.public && !r.assets);
    expect(closed.map((r) => r.url)).toContain('/api/properties');
    expect(closed.length).toBeGreaterThan(30);
    const leaks: string[] = [];
    for (const route of closed) {
      for (const target of variants(concrete(route.url))) {
        const res = await raw(route.method, target);
        // The router either maps the spelling to the route (401) or to nothing (404, 400 for a
        // malformed target, 429 once the not-found limiter trips): never an answer with data.
        if (![400, 401, 404, 429].includes(res.status))
          leaks.push(`${route.method} ${target} → ${res.status}`);
      }
      // The encoded spelling reaches the same route, so its answer must be the route's 401.
      const encoded = await raw(route.method, `/%61pi${concrete(route.url).slice(4)}`);
      if (route.url.startsWith('/api/') && encoded.status !== 401) {
        leaks.push(`${route.method} /%61pi… → ${encoded.status} (expected 401)`);
      }
    }
    expect(leaks).toEqual([]);
  });

  it('the catalogue by an encoded path: 401 with no property data', async () => {
    for (const target of [
      '/%61pi/properties',
      `http://127.0.0.1:${port}/api/properties`,
      `/%61pi/properties/${propertyId}`,
    ]) {
      const res = await raw('GET', target);
      expect(res.status, target).toBe(401);
      expect(res.body).not.toContain('basePricePerNight');
    }
  });
});

describe('numeric ids in paths', () => {
  it('refuses ids with spaces, signs, fractions or other notations instead of reading them as numbers', async () => {
    const { cookie } = await signedIn(ctx.app, ctx.db, 'admin');
    for (const id of ['%201', `${propertyId}%20`, '+1', '1.0', '0x1', '1e3', '01', '0', '-1', '2147483648']) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/properties/${id}`, headers: { cookie } });
      expect(res.statusCode, id).toBe(400);
      expect(res.json().message, id).toContain('Use a numeric id');
    }
    const ok = await ctx.app.inject({
      method: 'GET',
      url: `/api/properties/${propertyId}`,
      headers: { cookie },
    });
    expect(ok.statusCode).toBe(200);
  });
});

describe('caching and cookies', () => {
  it('marks every answer to a signed-in caller and every signed-in-only route no-store', async () => {
    const { cookie } = await signedIn(ctx.app, ctx.db);
    for (const url of [
      '/api/auth/user',
      '/api/properties',
      '/api/locations',
      `/api/properties/${propertyId}`,
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/properties' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['cache-control']).toBe('no-store');
  });
});
