import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { App } from '../src/app';
import type { Db } from '@villas/db/client';
import { addDays } from '@villas/shared';
import {
  inquiries,
  notifications,
  sessions,
  syncJobs,
  users,
  whiteLabelInquiries,
  whiteLabelLinks,
} from '@villas/db/schema';
import { hashToken, newToken } from '../src/modules/sessions/sessions.service';
import { createProperty, createRegion, createUser, signIn, signedIn } from './factories';

/**
 * One valid request for every route, for the role matrix (role-matrix.test.ts): the ids in it are
 * agent A's wherever the route acts on someone's own rows, so agent B's call is an attempt on A's
 * data. A destructive sample makes a fresh target for each call.
 */

export type Role = 'anonymous' | 'pending' | 'agentA' | 'agentB' | 'admin';
export const ROLES: Role[] = ['anonymous', 'pending', 'agentB', 'agentA', 'admin'];

/** Text that only A's rows contain: nobody but A and an administrator may ever read it. */
export const A_MARKERS = {
  linkTitle: 'Matrix link of agent A 4c1f',
  clientEmail: 'matrix.client.4c1f@example.com',
  notification: 'Matrix notice for agent A 4c1f',
};

export interface World {
  app: App;
  db: Db;
  cookies: Record<Role, string | null>;
  a: { id: number; email: string };
  b: { id: number; email: string };
  admin: { id: number };
  propertyId: number;
  region: string;
  link: { id: number; uuid: string };
  wlInquiryId: number;
  notificationId: number;
  offMarketId: number;
  connectionId: number;
  feedId: number;
  syncReportId: number;
}

export interface SampleRequest {
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
}

export interface Sample {
  /** The request, built for this call (destructive samples create their target here). */
  request(w: World): Promise<SampleRequest> | SampleRequest;
  /** Statuses that mean "done" for a caller the route allows; 2xx when not given. */
  ok?: number[];
  /** The call ends the caller's session (login, logout): the matrix signs the role in again. */
  endsSession?: boolean;
  /**
   * The route streams (server-sent events) and never ends by itself: the matrix sends it over a
   * real socket with `Accept: text/event-stream`, reads the status and hangs up.
   */
  stream?: boolean;
}

const FUTURE = '2031-05-10';
let seq = 0;
const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${(seq++).toString(36)}`;

async function linkOfA(w: World, title = A_MARKERS.linkTitle) {
  const [row] = await w.db
    .insert(whiteLabelLinks)
    .values({
      uuid: randomUUID(),
      agentId: w.a.id,
      title,
      agentName: 'Ada Agent',
      agentEmail: w.a.email,
      companyName: 'Azure Travel',
      propertyIds: [w.propertyId],
    })
    .returning();
  return row!;
}

async function notificationOfA(w: World) {
  const [row] = await w.db
    .insert(notifications)
    .values({ userId: w.a.id, type: 'test', title: 'Matrix', message: A_MARKERS.notification })
    .returning();
  return row!;
}

async function png(): Promise<Buffer> {
  return sharp({ create: { width: 320, height: 240, channels: 3, background: '#2a6ea0' } })
    .png()
    .toBuffer();
}

/** A multipart body with one image part, as the admin's photo picker sends it. */
async function imageForm() {
  const boundary = `----villasmatrix${randomUUID().slice(0, 8)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="pool.png"\r\n` +
        'Content-Type: image/png\r\n\r\n',
    ),
    await png(),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const admin = async (w: World, method: 'GET' | 'POST', url: string, payload?: unknown) => {
  const res = await w.app.inject({
    method,
    url,
    headers: { cookie: w.cookies.admin! },
    ...(payload ? { payload: payload as object } : {}),
  });
  if (res.statusCode >= 300)
    throw new Error(`${method} ${url} for the samples: ${res.statusCode} ${res.body}`);
  return res.json();
};

let heldStays = 0;
/** A booking inquiry agent A sent, for two nights no other sample asks for. */
async function bookingInquiryOfA(w: World): Promise<number> {
  const checkIn = addDays('2032-01-10', 3 * heldStays++);
  const [row] = await w.db
    .insert(inquiries)
    .values({
      kind: 'booking',
      agentId: w.a.id,
      propertyId: w.propertyId,
      firstName: 'Matrix',
      lastName: 'Client',
      email: 'matrix.hold@example.com',
      checkIn,
      checkOut: addDays(checkIn, 2),
      guests: 2,
    })
    .returning();
  return row!.id;
}

/** An active hold of agent A (placed through the API as A). */
async function holdOfA(w: World): Promise<number> {
  const res = await w.app.inject({
    method: 'POST',
    url: '/api/holds',
    headers: { cookie: w.cookies.agentA! },
    payload: { inquiryId: await bookingInquiryOfA(w) },
  });
  if (res.statusCode !== 201) throw new Error(`hold of A: ${res.statusCode} ${res.body}`);
  return res.json().id;
}

let stayRulePeriods = 0;
/** A minimum-stay rule for a week of 2033 no other sample's rule covers. */
function stayRuleBody() {
  const startDate = addDays('2033-01-01', 8 * stayRulePeriods++);
  return { startDate, endDate: addDays(startDate, 6), minNights: 3, checkInDays: [6] };
}

/** A stay rule of the matrix villa (created through the API as the administrator). */
async function stayRuleOf(w: World): Promise<number> {
  return (await admin(w, 'POST', `/api/admin/properties/${w.propertyId}/stay-rules`, stayRuleBody())).id;
}

export const SAMPLES: Record<string, Sample> = {
  // Health and public reference data.
  'GET /healthz': { request: () => ({ url: '/healthz' }) },
  'GET /readyz': { request: () => ({ url: '/readyz' }) },
  // Without METRICS_TOKEN (the matrix's configuration) it answers 404 to everybody.
  'GET /metrics': { request: () => ({ url: '/metrics' }), ok: [404] },
  'GET /api/company': { request: () => ({ url: '/api/company' }) },
  'GET /api/amenities': { request: () => ({ url: '/api/amenities' }) },
  'GET /api/locations': { request: () => ({ url: '/api/locations' }) },
  'GET /api/properties/featured': { request: () => ({ url: '/api/properties/featured' }) },
  'GET /api/debug/session': { request: () => ({ url: '/api/debug/session' }) },

  // Accounts.
  'POST /api/auth/register': {
    request: () => ({
      url: '/api/auth/register',
      payload: {
        firstName: 'Nina',
        lastName: 'Newcomer',
        email: `matrix-${randomUUID().slice(0, 8)}@example.com`,
        company: 'Harbour Travel',
        password: 'correct-horse-1',
        confirmPassword: 'correct-horse-1',
      },
    }),
    ok: [201],
  },
  'POST /api/auth/login': {
    request: async (w) => {
      const user = await createUser(w.db);
      return { url: '/api/auth/login', payload: { email: user.email, password: user.password } };
    },
    endsSession: true,
  },
  'POST /api/auth/logout': { request: () => ({ url: '/api/auth/logout' }), endsSession: true },
  'GET /api/auth/user': { request: () => ({ url: '/api/auth/user' }) },

  // Administrators' user management.
  'GET /api/admin/users': { request: () => ({ url: '/api/admin/users?q=Agent&limit=5' }) },
  'GET /api/admin/users/summary': { request: () => ({ url: '/api/admin/users/summary' }) },
  'PUT /api/admin/users/:id': {
    request: async (w) => ({
      url: `/api/admin/users/${(await createUser(w.db)).id}`,
      payload: { company: 'Matrix Travel' },
    }),
  },
  'DELETE /api/admin/users/:id': {
    request: async (w) => ({ url: `/api/admin/users/${(await createUser(w.db)).id}` }),
  },

  // The bell: A's own notifications.
  'GET /api/notifications/:userId': { request: (w) => ({ url: `/api/notifications/${w.a.id}` }) },
  'PUT /api/notifications/:id/read': {
    request: (w) => ({ url: `/api/notifications/${w.notificationId}/read` }),
  },
  'DELETE /api/notifications/:id': {
    request: async (w) => ({ url: `/api/notifications/${(await notificationOfA(w)).id}` }),
  },
  // Live updates of the caller's own notifications and links (server-sent events).
  'GET /api/notifications/stream': { request: () => ({ url: '/api/notifications/stream' }), stream: true },

  // Regions and destinations.
  'GET /api/admin/locations': { request: () => ({ url: '/api/admin/locations' }) },
  'POST /api/admin/locations/region': {
    request: () => ({ url: '/api/admin/locations/region', payload: { regionName: unique('Region') } }),
    ok: [201],
  },
  'POST /api/admin/locations/subregion': {
    request: (w) => ({
      url: '/api/admin/locations/subregion',
      payload: { regionName: w.region, subregionName: unique('Destination') },
    }),
    ok: [201],
  },
  'DELETE /api/admin/locations/region/:regionName': {
    request: async (w) => {
      const { region } = await createRegion(w.db);
      return { url: `/api/admin/locations/region/${encodeURIComponent(region.name)}` };
    },
  },
  'DELETE /api/admin/locations/subregion/:regionName/:subregionName': {
    request: async (w) => {
      const { region, subregions } = await createRegion(w.db, unique('Region'), [unique('Bay')]);
      return {
        url: `/api/admin/locations/subregion/${encodeURIComponent(region.name)}/${encodeURIComponent(subregions[0]!.name)}`,
      };
    },
  },
  'GET /api/admin/amenities': { request: () => ({ url: '/api/admin/amenities' }) },

  // The catalogue.
  'GET /api/properties': { request: () => ({ url: '/api/properties?limit=5' }) },
  'GET /api/properties/:id': { request: (w) => ({ url: `/api/properties/${w.propertyId}` }) },
  'POST /api/properties/search': {
    request: () => ({ url: '/api/properties/search', payload: { bedrooms: 2 } }),
  },
  'POST /api/properties': {
    request: (w) => ({
      url: '/api/properties',
      payload: {
        name: unique('Villa'),
        region: w.region,
        description: 'A quiet villa above the sea with a long pool.',
        bedrooms: 3,
        maxGuests: 6,
        basePricePerNight: 900,
        propertyCurrency: 'EUR',
      },
    }),
    ok: [201],
  },
  'PUT /api/properties/:id': {
    request: (w) => ({ url: `/api/properties/${w.propertyId}`, payload: { maxGuests: 9 } }),
  },
  'DELETE /api/properties/:id': {
    request: async (w) => ({ url: `/api/properties/${(await createProperty(w.db)).id}` }),
  },

  // Prices and availability.
  'POST /api/daily-pricing': {
    request: (w) => ({
      url: '/api/daily-pricing',
      payload: { propertyId: w.propertyId, date: FUTURE, price: 1200 },
    }),
  },
  'POST /api/daily-pricing/bulk': {
    request: (w) => ({
      url: '/api/daily-pricing/bulk',
      payload: { propertyId: w.propertyId, ranges: [{ from: '2031-06-01', to: '2031-06-08', price: 1300 }] },
    }),
  },
  'POST /api/availability': {
    request: (w) => ({
      url: '/api/availability',
      payload: { propertyId: w.propertyId, date: FUTURE, available: false, notes: 'Owner' },
    }),
  },
  'POST /api/availability/bulk': {
    request: (w) => ({
      url: '/api/availability/bulk',
      payload: { propertyId: w.propertyId, dates: ['2031-07-01', '2031-07-02'], available: false },
    }),
  },
  'GET /api/availability/:propertyId': {
    request: (w) => ({ url: `/api/availability/${w.propertyId}?startDate=2031-05-01&endDate=2031-05-31` }),
  },
  'GET /api/calendar-pricing/:propertyId': {
    request: (w) => ({
      url: `/api/calendar-pricing/${w.propertyId}?startDate=2031-05-01&endDate=2031-05-31`,
    }),
  },
  'GET /api/exchange-rates': { request: () => ({ url: '/api/exchange-rates' }) },
  'PUT /api/admin/exchange-rates': {
    request: () => ({
      url: '/api/admin/exchange-rates',
      payload: { fromCurrency: 'USD', toCurrency: 'EUR', rate: 0.92 },
    }),
  },

  // Inquiries.
  'POST /api/inquiries': {
    request: () => ({
      url: '/api/inquiries',
      payload: { firstName: 'Carla', lastName: 'Client', email: 'carla@example.com', message: 'Hello' },
    }),
    ok: [201],
  },
  'GET /api/inquiries/off-market': { request: () => ({ url: '/api/inquiries/off-market' }) },
  'GET /api/admin/inquiries': {
    request: (w) => ({ url: `/api/admin/inquiries?source=link-request&agentId=${w.a.id}&status=pending` }),
  },
  'PUT /api/inquiries/:id/status': {
    request: (w) => ({ url: `/api/inquiries/${w.offMarketId}/status`, payload: { status: 'responded' } }),
  },

  // White-label links: A's, and their public page.
  'POST /api/white-label': {
    request: (w) => ({
      url: '/api/white-label',
      payload: { agentId: w.a.id, title: 'New link for A', propertyIds: [w.propertyId] },
    }),
    ok: [201],
  },
  'GET /api/white-label/:uuid': { request: (w) => ({ url: `/api/white-label/${w.link.uuid}` }) },
  'POST /api/white-label/:uuid/booking-request': {
    request: (w) => ({
      url: `/api/white-label/${w.link.uuid}/booking-request`,
      payload: { propertyId: w.propertyId, clientName: 'Jane Client', clientEmail: 'jane@example.com' },
    }),
    ok: [201],
  },
  'GET /api/white-label/:uuid/brochure.pdf': {
    request: (w) => ({ url: `/api/white-label/${w.link.uuid}/brochure.pdf` }),
  },
  'POST /api/white-label/price-preview': {
    request: (w) => ({
      url: '/api/white-label/price-preview',
      payload: { propertyIds: [w.propertyId], currency: 'EUR', markupType: 'percent', markupValue: 10 },
    }),
  },
  'PATCH /api/white-label/:id': {
    request: async (w) => ({
      url: `/api/white-label/${(await linkOfA(w, 'Link to edit')).id}`,
      payload: { isActive: false },
    }),
  },
  'GET /api/user/dashboard/white-label-links': {
    request: () => ({ url: '/api/user/dashboard/white-label-links' }),
  },
  'GET /api/white-label/agent/:agentId': { request: (w) => ({ url: `/api/white-label/agent/${w.a.id}` }) },
  'DELETE /api/white-label/:id': {
    request: async (w) => ({ url: `/api/white-label/${(await linkOfA(w, 'Link to delete')).id}` }),
  },
  'GET /api/white-label-inquiries/agent/:agentId': {
    request: (w) => ({ url: `/api/white-label-inquiries/agent/${w.a.id}` }),
  },
  'PUT /api/white-label-inquiries/:id': {
    request: (w) => ({
      url: `/api/white-label-inquiries/${w.wlInquiryId}`,
      payload: { status: 'contacted' },
    }),
  },
  'GET /api/admin/white-label-links': { request: () => ({ url: '/api/admin/white-label-links' }) },

  // Holds: A's inquiries and holds, a fresh one per call.
  'POST /api/holds': {
    request: async (w) => ({ url: '/api/holds', payload: { inquiryId: await bookingInquiryOfA(w) } }),
    ok: [201],
  },
  'GET /api/holds': { request: () => ({ url: '/api/holds' }) },
  'GET /api/holds/:id': { request: async (w) => ({ url: `/api/holds/${await holdOfA(w)}` }) },
  'POST /api/holds/:id/release': {
    request: async (w) => ({ url: `/api/holds/${await holdOfA(w)}/release` }),
  },
  'POST /api/holds/:id/confirm': {
    request: async (w) => ({ url: `/api/holds/${await holdOfA(w)}/confirm` }),
  },
  'GET /api/admin/holds': { request: () => ({ url: '/api/admin/holds?limit=5' }) },
  'POST /api/admin/holds/release': {
    request: async (w) => ({ url: '/api/admin/holds/release', payload: { ids: [await holdOfA(w)] } }),
  },

  // Stay rules: a fresh period of the matrix villa per written rule.
  'GET /api/admin/properties/:propertyId/stay-rules': {
    request: (w) => ({ url: `/api/admin/properties/${w.propertyId}/stay-rules` }),
  },
  'POST /api/admin/properties/:propertyId/stay-rules': {
    request: (w) => ({ url: `/api/admin/properties/${w.propertyId}/stay-rules`, payload: stayRuleBody() }),
    ok: [201],
  },
  'PUT /api/admin/stay-rules/:id': {
    request: async (w) => ({ url: `/api/admin/stay-rules/${await stayRuleOf(w)}`, payload: stayRuleBody() }),
  },
  'DELETE /api/admin/stay-rules/:id': {
    request: async (w) => ({ url: `/api/admin/stay-rules/${await stayRuleOf(w)}` }),
  },
  'GET /api/properties/:id/stay-rules': {
    request: (w) => ({ url: `/api/properties/${w.propertyId}/stay-rules` }),
  },
  'GET /api/white-label/:uuid/stay-rules': {
    request: (w) => ({ url: `/api/white-label/${w.link.uuid}/stay-rules` }),
  },

  // Integrations.
  'GET /api/admin/api-connections': { request: () => ({ url: '/api/admin/api-connections' }) },
  'POST /api/admin/api-connections': {
    request: () => ({
      url: '/api/admin/api-connections',
      payload: {
        provider: 'custom',
        name: unique('Channel'),
        apiKey: 'key-1234567890',
        baseUrl: 'https://api.example.com',
      },
    }),
    ok: [201],
  },
  'PATCH /api/admin/api-connections/:id': {
    request: (w) => ({
      url: `/api/admin/api-connections/${w.connectionId}`,
      payload: { name: unique('Channel') },
    }),
  },
  'DELETE /api/admin/api-connections/:id': {
    request: async (w) => {
      const created = await admin(w, 'POST', '/api/admin/api-connections', {
        provider: 'custom',
        name: unique('Channel'),
        apiKey: 'key-0987654321',
        baseUrl: 'https://api.example.com',
      });
      return { url: `/api/admin/api-connections/${created.id}` };
    },
  },
  // A custom connection has no adapter to sync with: the answer says so (4xx), or the run starts.
  'POST /api/admin/api-connections/:id/sync': {
    request: (w) => ({ url: `/api/admin/api-connections/${w.connectionId}/sync` }),
    ok: [202, 400, 409],
  },
  'GET /api/admin/sync-reports': { request: () => ({ url: '/api/admin/sync-reports?limit=5' }) },
  'GET /api/admin/sync-reports/:id': {
    request: (w) => ({ url: `/api/admin/sync-reports/${w.syncReportId}` }),
  },
  'GET /api/admin/sync-stats': { request: () => ({ url: '/api/admin/sync-stats' }) },
  // 409 while another run is still going.
  'POST /api/admin/trigger-comprehensive-sync': {
    request: () => ({ url: '/api/admin/trigger-comprehensive-sync' }),
    ok: [202, 409],
  },
  // The 'Test Invenio API' panel without credentials or a connection: the answer asks for them.
  'POST /api/invenio/villas': { request: () => ({ url: '/api/invenio/villas', payload: {} }), ok: [400] },
  'POST /api/invenio/search': { request: () => ({ url: '/api/invenio/search', payload: {} }), ok: [400] },
  'POST /api/invenio/pricing': { request: () => ({ url: '/api/invenio/pricing', payload: {} }), ok: [400] },
  'POST /api/invenio/sync': { request: () => ({ url: '/api/invenio/sync', payload: {} }), ok: [400] },
  'GET /api/admin/properties/:id/ical-feeds': {
    request: (w) => ({ url: `/api/admin/properties/${w.propertyId}/ical-feeds` }),
  },
  'POST /api/admin/properties/:id/ical-feeds': {
    request: (w) => ({
      url: `/api/admin/properties/${w.propertyId}/ical-feeds`,
      payload: { url: `https://calendar.example.com/${randomUUID()}.ics`, label: 'Airbnb' },
    }),
    ok: [201],
  },
  'DELETE /api/admin/properties/:id/ical-feeds/:feedId': {
    request: async (w) => {
      const feed = await admin(w, 'POST', `/api/admin/properties/${w.propertyId}/ical-feeds`, {
        url: `https://calendar.example.com/${randomUUID()}.ics`,
      });
      return { url: `/api/admin/properties/${w.propertyId}/ical-feeds/${feed.id}` };
    },
  },
  'POST /api/admin/properties/:id/ical-feeds/:feedId/run': {
    request: (w) => ({ url: `/api/admin/properties/${w.propertyId}/ical-feeds/${w.feedId}/run` }),
    ok: [200, 409],
  },
  'GET /api/admin/properties/:id/ical-export': {
    request: (w) => ({ url: `/api/admin/properties/${w.propertyId}/ical-export` }),
  },
  'POST /api/admin/properties/:id/ical-export/rotate': {
    request: (w) => ({ url: `/api/admin/properties/${w.propertyId}/ical-export/rotate` }),
  },
  'GET /api/ical/:token.ics': {
    request: async (w) => {
      const { url } = await admin(w, 'GET', `/api/admin/properties/${w.propertyId}/ical-export`);
      return { url: new URL(url as string, 'http://localhost').pathname };
    },
  },

  // The admin panel.
  'GET /api/admin/overview': { request: () => ({ url: '/api/admin/overview' }) },
  'GET /api/admin/insight': { request: () => ({ url: '/api/admin/insight' }) },
  'GET /api/admin/properties': { request: () => ({ url: '/api/admin/properties?q=Villa&limit=5' }) },
  'GET /api/admin/audit-log': { request: () => ({ url: '/api/admin/audit-log?limit=5' }) },
  'POST /api/upload/image': {
    request: async () => ({ url: '/api/upload/image', ...(await imageForm()) }),
    ok: [201],
  },

  // The API documentation (administrators only unless API_DOCS=public).
  'GET /api/docs': { request: () => ({ url: '/api/docs' }), ok: [200, 302] },
  'GET /api/docs/json': { request: () => ({ url: '/api/docs/json' }) },
  'GET /api/docs/yaml': { request: () => ({ url: '/api/docs/yaml' }) },
  'GET /api/docs/static/index.html': {
    request: () => ({ url: '/api/docs/static/index.html' }),
    ok: [200, 302],
  },
  'GET /api/docs/static/swagger-initializer.js': {
    request: () => ({ url: '/api/docs/static/swagger-initializer.js' }),
  },
  'GET /api/docs/static/*': { request: () => ({ url: '/api/docs/static/swagger-ui.css' }) },
};

/** A session for a role: a real sign-in; for 'pending', the session of an account approved, signed in, then unapproved. */
export async function sessionFor(app: App, db: Db, role: Role, user?: { email: string; id: number }) {
  if (role === 'anonymous') return null;
  if (role === 'pending') {
    const pending = await createUser(db, { approved: false });
    const token = newToken();
    await db.insert(sessions).values({
      id: hashToken(token),
      userId: pending.id,
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    return `sid=${token}`;
  }
  if (user) return signIn(app, user.email);
  return (await signedIn(app, db, role === 'admin' ? 'admin' : 'agent')).cookie;
}

/** Builds the world the samples act on: three signed-in users, a pending session, A's link, inquiry and notice. */
export async function buildWorld(app: App, db: Db): Promise<World> {
  const a = await createUser(db, { firstName: 'Ada', lastName: 'Alpha' });
  const b = await createUser(db, { firstName: 'Bea', lastName: 'Beta' });
  const adminUser = await createUser(db, { role: 'admin' });
  const cookies: Record<Role, string | null> = {
    anonymous: null,
    pending: await sessionFor(app, db, 'pending'),
    agentA: await signIn(app, a.email),
    agentB: await signIn(app, b.email),
    admin: await signIn(app, adminUser.email),
  };
  const { region } = await createRegion(db, unique('Matrix Region'), [unique('Matrix Bay')]);
  const property = await createProperty(db, { regionId: region.id, featured: true });
  const w = {
    app,
    db,
    cookies,
    a: { id: a.id, email: a.email },
    b: { id: b.id, email: b.email },
    admin: { id: adminUser.id },
    propertyId: property.id,
    region: region.name,
  } as World;
  const link = await linkOfA(w);
  w.link = { id: link.id, uuid: link.uuid };
  const [inquiry] = await db
    .insert(whiteLabelInquiries)
    .values({
      whiteLabelLinkId: link.id,
      propertyId: property.id,
      clientName: 'Matrix Client',
      clientEmail: A_MARKERS.clientEmail,
    })
    .returning();
  w.wlInquiryId = inquiry!.id;
  w.notificationId = (await notificationOfA(w)).id;
  const offMarket = await app.inject({
    method: 'POST',
    url: '/api/inquiries',
    payload: {
      type: 'off-market',
      firstName: 'Olga',
      lastName: 'Owner',
      email: 'olga@example.com',
      message: 'Quiet',
    },
  });
  w.offMarketId = offMarket.json().id;
  w.connectionId = (
    await admin(w, 'POST', '/api/admin/api-connections', {
      provider: 'custom',
      name: 'Matrix channel',
      apiKey: 'key-matrix-123456',
      baseUrl: 'https://api.example.com',
    })
  ).id;
  w.feedId = (
    await admin(w, 'POST', `/api/admin/properties/${property.id}/ical-feeds`, {
      url: 'https://calendar.example.com/matrix.ics',
    })
  ).id;
  const [job] = await db
    .insert(syncJobs)
    .values({ jobType: 'comprehensive', status: 'completed', startedAt: new Date(), completedAt: new Date() })
    .returning();
  w.syncReportId = job!.id;
  return w;
}

/** A's rows as they stand: B's calls must leave this unchanged. */
export async function snapshotOfA(w: World) {
  const [links, inquiries, notes, user] = await Promise.all([
    w.db.select().from(whiteLabelLinks).where(eq(whiteLabelLinks.agentId, w.a.id)),
    w.db
      .select({ inquiry: whiteLabelInquiries })
      .from(whiteLabelInquiries)
      .innerJoin(whiteLabelLinks, eq(whiteLabelLinks.id, whiteLabelInquiries.whiteLabelLinkId))
      .where(eq(whiteLabelLinks.agentId, w.a.id))
      .then((rows) => rows.map((r) => r.inquiry)),
    w.db.select().from(notifications).where(eq(notifications.userId, w.a.id)),
    w.db.select().from(users).where(eq(users.id, w.a.id)),
  ]);
  const byId = <T extends { id: number }>(rows: T[]) => [...rows].sort((x, y) => x.id - y.id);
  return JSON.stringify({
    links: byId(links),
    inquiries: byId(inquiries),
    notes: byId(notes),
    user,
  });
}
