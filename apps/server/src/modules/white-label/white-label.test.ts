import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { VIEW_REPEAT_WINDOW_MINUTES } from '@villas/shared';
import {
  mailOutbox,
  notifications,
  propertyImages,
  whiteLabelInquiries,
  whiteLabelLinks,
  whiteLabelViews,
} from '@villas/db/schema';
import { createProperty, signedIn } from '../../../test/factories';
import { useTestContext } from '../../../test/helpers';

const ctx = useTestContext();

type Session = Awaited<ReturnType<typeof signedIn>>;
const agent = (extra = {}) => signedIn(ctx.app, ctx.db, 'agent', extra);
const as = (s: Session) => ({ cookie: s.cookie });

async function villas(n: number, over: Parameters<typeof createProperty>[1] = {}) {
  const out = [];
  for (let i = 0; i < n; i++) out.push(await createProperty(ctx.db, over));
  return out;
}

async function createLink(s: Session, body: Record<string, unknown>) {
  return ctx.app.inject({ method: 'POST', url: '/api/white-label', headers: as(s), payload: body });
}

/** A link of `s` on fresh villas; returns the API answer and the villas. */
async function linkFor(s: Session, over: Record<string, unknown> = {}, count = 2) {
  const props = await villas(count);
  const res = await createLink(s, {
    agentId: s.user.id,
    title: 'Azure Travel - Ada Agent',
    propertyIds: props.map((p) => p.id),
    searchFilters: { country: 'France' },
    ...over,
  });
  expect(res.statusCode).toBe(201);
  return { link: res.json(), props };
}

const open = (uuid: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ url: `/api/white-label/${uuid}`, headers });
const book = (uuid: string, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: `/api/white-label/${uuid}/booking-request`, payload });
const notificationsOf = (userId: number, type?: string) =>
  ctx.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), type ? eq(notifications.type, type) : undefined));

describe('POST /api/white-label', () => {
  it("creates a link from the dashboard shape, defaulting the agent's name, e-mail and company", async () => {
    const a = await agent({ firstName: 'Sophie', lastName: 'Laurent', company: 'Azure Voyages' });
    const props = await villas(3);
    const ids = [props[2]!.id, props[0]!.id, props[1]!.id];
    const res = await createLink(a, {
      agentId: a.user.id,
      title: 'Azure Voyages - Sophie Laurent',
      propertyIds: ids,
      searchFilters: { country: 'France', bedrooms: 4 },
    });
    expect(res.statusCode).toBe(201);
    const link = res.json();
    expect(link).toMatchObject({
      id: expect.any(Number),
      title: 'Azure Voyages - Sophie Laurent',
      agentName: 'Sophie Laurent',
      agentEmail: a.user.email,
      companyName: 'Azure Voyages',
      propertyIds: ids,
      propertyNames: [props[2]!.name, props[0]!.name, props[1]!.name],
      searchFilters: { country: 'France', bedrooms: 4 },
      isActive: true,
      expiresAt: null,
      viewCount: 0,
      description: null,
    });
    expect(link.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('creates a link from the agent dialog shape with an expiry', async () => {
    const a = await agent();
    const [p] = await villas(1);
    const expiresAt = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const res = await createLink(a, {
      title: 'Summer on the Riviera',
      description: 'Three villas for the Martin family',
      agentId: a.user.id,
      agentName: 'Claire Dubois',
      agentEmail: 'claire@riviera.example',
      propertyIds: [p!.id],
      isActive: false,
      expiresAt,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      description: 'Three villas for the Martin family',
      agentName: 'Claire Dubois',
      agentEmail: 'claire@riviera.example',
      isActive: false,
      expiresAt,
    });
  });

  it('answers 403 when an agent creates a link for someone else; an admin may', async () => {
    const a = await agent();
    const b = await agent();
    const [p] = await villas(1);
    const body = { agentId: a.user.id, title: 'T', propertyIds: [p!.id] };
    const res = await createLink(b, body);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('You can only create white-label links for yourself');
    expect(
      await ctx.db.select().from(whiteLabelLinks).where(eq(whiteLabelLinks.agentId, a.user.id)),
    ).toHaveLength(0);

    const admin = await signedIn(ctx.app, ctx.db, 'admin');
    const byAdmin = await createLink(admin, body);
    expect(byAdmin.statusCode).toBe(201);
    expect(byAdmin.json().agentEmail).toBe(a.user.email);
    const missing = await createLink(admin, { ...body, agentId: 999_999 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Agent not found');
  });

  it.each<[string, (villaId: number) => Record<string, unknown>, string]>([
    [
      'no properties',
      () => ({ propertyIds: [] }),
      'Please select at least one property to create a white-label link',
    ],
    ['a duplicate', (id) => ({ propertyIds: [id, id] }), 'Each property can be added only once'],
    [
      'unknown ids',
      (id) => ({ propertyIds: [id, 999_991, 999_992] }),
      'Properties not found: 999991, 999992',
    ],
    ['one unknown id', (id) => ({ propertyIds: [999_993, id] }), 'Property not found: 999993'],
    ['no title', () => ({ title: '  ' }), 'Title is required'],
    ['a bad agent e-mail', () => ({ agentEmail: 'claire' }), 'Please enter a valid email address'],
    ['a past expiry', () => ({ expiresAt: '2020-01-01T00:00:00Z' }), 'The expiry date must be in the future'],
    ['a malformed expiry', () => ({ expiresAt: 'next week' }), 'expiresAt must be an ISO date-time'],
  ])('answers 400 for %s', async (_name, over, message) => {
    const a = await agent();
    const [p] = await villas(1);
    const res = await createLink(a, { agentId: a.user.id, title: 'T', propertyIds: [p!.id], ...over(p!.id) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(
      await ctx.db.select().from(whiteLabelLinks).where(eq(whiteLabelLinks.agentId, a.user.id)),
    ).toHaveLength(0);
  });

  it('needs a signed-in user', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/white-label',
      payload: { agentId: 1, title: 'T', propertyIds: [1] },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/white-label/:uuid (public)', () => {
  it('shows the link and its villas in the link order, with only what a client may see', async () => {
    const a = await agent({ firstName: 'Sophie', lastName: 'Laurent', company: 'Azure Voyages' });
    const [p1, p2] = await villas(2, { basePricePerNight: '2500', externalId: 'secret-ext' });
    await ctx.db.insert(propertyImages).values([
      { propertyId: p2!.id, url: '/uploads/b-2.webp', sortOrder: 2 },
      { propertyId: p2!.id, url: '/uploads/b-1.webp', sortOrder: 1 },
    ]);
    const { link } = await linkFor(a, { propertyIds: [p2!.id, p1!.id], description: 'For the Martins' });
    const res = await open(link.uuid);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.link).toEqual({
      uuid: link.uuid,
      title: 'Azure Travel - Ada Agent',
      description: 'For the Martins',
      agentName: 'Sophie Laurent',
      companyName: 'Azure Voyages',
      agentEmail: a.user.email,
      agentPhone: null,
      expiresAt: null,
      currency: 'EUR',
      stay: null,
    });
    expect(body.properties.map((p: { id: number }) => p.id)).toEqual([p2!.id, p1!.id]);
    expect(body.properties[0].images).toEqual(['/uploads/b-1.webp', '/uploads/b-2.webp']);
    expect(Object.keys(body.properties[0]).sort()).toEqual(
      [
        'amenities',
        'available',
        'bedrooms',
        'description',
        'id',
        'images',
        'location',
        'maxGuests',
        'name',
        'price',
        'propertyType',
        'region',
        'subregion',
      ].sort(),
    );
    // A link without a markup shows its client no price at all (white-label.pricing.test.ts for
    // priced links): neither the trade price (2,500 a night) nor the week's 17,500; no trade fields.
    expect(body.properties.map((p: { price: unknown }) => p.price)).toEqual([null, null]);
    expect(res.body).not.toMatch(
      /2500|17500|basePrice|weeklyPrice|pricePerNight|secret-ext|agentId|searchFilters/,
    );
  });

  it("answers the agent's profile phone in E.164 when it reads as an international number, else null", async () => {
    const cases: Array<[string | null, string | null]> = [
      ['+33 4 93 12 34 56', '+33493123456'],
      ['+44 (0)20 7946 0321', '+442079460321'],
      ['0041 44 668 18 00', '+41446681800'],
      // No country code: the country would be a guess, so no phone is offered.
      ['020 7946 0321', null],
      ['+1 555 0100', null],
      ['call the office', null],
      ['', null],
      [null, null],
    ];
    for (const [profile, answered] of cases) {
      const a = await agent({ phone: profile });
      const { link } = await linkFor(a, {}, 1);
      const res = await open(link.uuid);
      // The route's response schema checks the answer: a phone that is not E.164 could not pass.
      expect(res.statusCode, String(profile)).toBe(200);
      expect(res.json().link.agentPhone, String(profile)).toBe(answered);
    }
  });

  it('answers 404 "Link not found" for unknown, malformed, expired, inactive and deleted links', async () => {
    const a = await agent();
    const inactive = (await linkFor(a, { isActive: false })).link;
    const expired = (await linkFor(a)).link;
    await ctx.db
      .update(whiteLabelLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(whiteLabelLinks.id, expired.id));
    const deleted = (await linkFor(a)).link;
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: `/api/white-label/${deleted.id}`, headers: as(a) }))
        .statusCode,
    ).toBe(200);
    for (const uuid of [crypto.randomUUID(), 'not-a-uuid', inactive.uuid, expired.uuid, deleted.uuid]) {
      const res = await open(uuid);
      expect(res.statusCode, uuid).toBe(404);
      expect(res.json().message).toBe('Link not found');
    }
    const views = await ctx.db.select().from(whiteLabelViews);
    expect(views.filter((v) => [inactive.id, expired.id, deleted.id].includes(v.linkId))).toHaveLength(0);
  });

  it('still opens a link whose expiry is in the future', async () => {
    const a = await agent();
    const { link } = await linkFor(a, { expiresAt: new Date(Date.now() + 60_000).toISOString() });
    expect((await open(link.uuid)).statusCode).toBe(200);
  });

  it("counts a client's views: a reload from the same browser within the window once, the agent's own visits never", async () => {
    const a = await agent();
    const { link } = await linkFor(a);
    const other = (await linkFor(a)).link;
    await open(link.uuid, { 'user-agent': 'WhatsApp/2.0' });
    await open(link.uuid);
    await open(link.uuid); // a reload
    await open(link.uuid, { cookie: a.cookie }); // the agent checking their own link
    const views = await ctx.db.select().from(whiteLabelViews).where(eq(whiteLabelViews.linkId, link.id));
    expect(views).toHaveLength(2);
    expect(views.map((v) => v.userAgent)).toContain('WhatsApp/2.0');
    expect(views[0]!.ipAddress).toBeTruthy();
    const counts = async () =>
      Object.fromEntries(
        (await ctx.app.inject({ url: '/api/user/dashboard/white-label-links', headers: as(a) }))
          .json()
          .map((l: { id: number; viewCount: number }) => [l.id, l.viewCount]),
      );
    expect(await counts()).toEqual({ [link.id]: 2, [other.id]: 0 });

    // Past the window, the same browser's next visit is a new view.
    await ctx.db
      .update(whiteLabelViews)
      .set({ viewedAt: new Date(Date.now() - (VIEW_REPEAT_WINDOW_MINUTES + 1) * 60_000) })
      .where(eq(whiteLabelViews.linkId, link.id));
    await open(link.uuid);
    expect(await counts()).toEqual({ [link.id]: 3, [other.id]: 0 });
  });

  it("notifies and e-mails the agent at the first view of each UTC day only, not for the agent's own views", async () => {
    const a = await agent();
    const { link } = await linkFor(a, { title: 'Riviera for the Martins' });
    await open(link.uuid, { cookie: a.cookie });
    expect(await notificationsOf(a.user.id, 'link_viewed')).toHaveLength(0);

    await open(link.uuid);
    await open(link.uuid);
    const today = await notificationsOf(a.user.id, 'link_viewed');
    expect(today).toHaveLength(1);
    expect(today[0]).toMatchObject({
      title: 'Your link "Riviera for the Martins" was viewed',
      relatedId: link.id,
      relatedType: 'white_label_link',
      read: false,
    });
    const mails = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, a.user.email));
    expect(mails.filter((m) => m.subject === today[0]!.title)).toHaveLength(1);

    // Yesterday's notification does not count for today.
    await ctx.db
      .update(notifications)
      .set({ createdAt: new Date(Date.now() - 86_400_000 - 60_000) })
      .where(eq(notifications.id, today[0]!.id));
    await open(link.uuid);
    expect(await notificationsOf(a.user.id, 'link_viewed')).toHaveLength(2);
  });

  it('sends a single first-view notice when several clients open the link at once', async () => {
    const a = await agent();
    const { link } = await linkFor(a);
    // Six browsers at once: six views, one notice; the same browser six times at once: one view.
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => open(link.uuid, { 'user-agent': `Client/${i}` })),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(await notificationsOf(a.user.id, 'link_viewed')).toHaveLength(1);
    const viewsOf = (id: number) =>
      ctx.db.select().from(whiteLabelViews).where(eq(whiteLabelViews.linkId, id));
    expect(await viewsOf(link.id)).toHaveLength(6);
    const same = (await linkFor(a)).link;
    await Promise.all(Array.from({ length: 6 }, () => open(same.uuid, { 'user-agent': 'Reloader/1' })));
    expect(await viewsOf(same.id)).toHaveLength(1);
  });
});

describe('agent routes: own links and inquiries only', () => {
  it('GET /api/user/dashboard/white-label-links lists own live and inactive links newest first, not deleted ones', async () => {
    const a = await agent();
    const b = await agent();
    const first = (await linkFor(a)).link;
    const second = (await linkFor(a, { isActive: false })).link;
    const gone = (await linkFor(a)).link;
    await ctx.app.inject({ method: 'DELETE', url: `/api/white-label/${gone.id}`, headers: as(a) });
    await linkFor(b);
    const res = await ctx.app.inject({ url: '/api/user/dashboard/white-label-links', headers: as(a) });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((l: { id: number }) => l.id)).toEqual([second.id, first.id]);
    expect(res.json()[0]).toMatchObject({
      isActive: false,
      searchFilters: { country: 'France' },
      viewCount: 0,
    });
  });

  it("GET /api/white-label/agent/:agentId gives property names in link order; another agent's answers 404", async () => {
    const a = await agent();
    const b = await agent();
    const { link, props } = await linkFor(a, {}, 3);
    const own = await ctx.app.inject({ url: `/api/white-label/agent/${a.user.id}`, headers: as(a) });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toHaveLength(1);
    expect(own.json()[0].propertyNames).toEqual(props.map((p) => p.name));

    const theirs = await ctx.app.inject({ url: `/api/white-label/agent/${a.user.id}`, headers: as(b) });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.body).not.toContain(link.uuid);
    expect(theirs.body).not.toContain(props[0]!.name);

    const admin = await signedIn(ctx.app, ctx.db, 'admin');
    const byAdmin = await ctx.app.inject({ url: `/api/white-label/agent/${a.user.id}`, headers: as(admin) });
    expect(byAdmin.json().map((l: { uuid: string }) => l.uuid)).toEqual([link.uuid]);
  });

  it("DELETE /api/white-label/:id soft-deletes your own link; another agent's answers 404 and changes nothing", async () => {
    const a = await agent();
    const b = await agent();
    const { link } = await linkFor(a);
    const theirs = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/white-label/${link.id}`,
      headers: as(b),
    });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe('Link not found');
    expect((await open(link.uuid)).statusCode).toBe(200);

    const mine = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/white-label/${link.id}`,
      headers: as(a),
    });
    expect(mine.statusCode).toBe(200);
    const [row] = await ctx.db.select().from(whiteLabelLinks).where(eq(whiteLabelLinks.id, link.id));
    expect(row!.deletedAt).toBeInstanceOf(Date);
    expect((await open(link.uuid)).statusCode).toBe(404);
    const again = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/white-label/${link.id}`,
      headers: as(a),
    });
    expect(again.statusCode).toBe(404);
  });

  it("an administrator may delete any agent's link", async () => {
    const a = await agent();
    const admin = await signedIn(ctx.app, ctx.db, 'admin');
    const { link } = await linkFor(a);
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/white-label/${link.id}`,
      headers: as(admin),
    });
    expect(res.statusCode).toBe(200);
    expect((await open(link.uuid)).statusCode).toBe(404);
  });
});

describe('POST /api/white-label/:uuid/booking-request (public)', () => {
  const request = (propertyId: number, over: Record<string, unknown> = {}) => ({
    propertyId,
    clientName: 'Jane Doe',
    clientEmail: 'jane.doe@example.com',
    clientPhone: '+44 20 7946 0000',
    message: 'Our anniversary',
    checkIn: '2031-07-12',
    checkOut: '2031-07-19',
    guests: 4,
    ...over,
  });

  it('stores a pending inquiry, notifies the agent naming the client and villa, and e-mails the agent', async () => {
    const a = await agent();
    const villa = await createProperty(ctx.db, { name: 'Villa Azur', maxGuests: 6 });
    const { link } = await linkFor(a, { propertyIds: [villa.id] });
    const res = await book(link.uuid, request(villa.id));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ id: expect.any(Number), status: 'pending' });
    const [row] = await ctx.db
      .select()
      .from(whiteLabelInquiries)
      .where(eq(whiteLabelInquiries.id, res.json().id));
    expect(row).toMatchObject({
      whiteLabelLinkId: link.id,
      propertyId: villa.id,
      propertyName: 'Villa Azur',
      clientName: 'Jane Doe',
      clientEmail: 'jane.doe@example.com',
      clientPhone: '+44 20 7946 0000',
      checkIn: '2031-07-12',
      checkOut: '2031-07-19',
      guests: 4,
      status: 'pending',
    });
    const [n] = await notificationsOf(a.user.id, 'booking_request');
    expect(n).toMatchObject({
      title: 'New booking request from Jane Doe for Villa Azur',
      relatedId: row!.id,
      relatedType: 'white_label_inquiry',
    });
    const [mail] = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.subject, n!.title));
    expect(mail).toMatchObject({ to: a.user.email, status: 'logged' });
    expect(mail!.text).toContain('Client: Jane Doe');
    expect(mail!.text).toContain('Villa: Villa Azur');
    expect(mail!.text).toContain('jane.doe@example.com');
  });

  it('accepts a request with only a name, an e-mail and the villa', async () => {
    const a = await agent();
    const { link, props } = await linkFor(a);
    const res = await book(link.uuid, {
      propertyId: props[0]!.id,
      clientName: 'Jo',
      clientEmail: 'jo@example.com',
    });
    expect(res.statusCode).toBe(201);
  });

  it.each([
    ['a bad e-mail', { clientEmail: 'jane' }, 'Please enter a valid email address'],
    ['no name', { clientName: ' ' }, 'Your name is required'],
    ['check-out on check-in', { checkOut: '2031-07-12' }, 'Check-out must be after check-in'],
    ['check-out before check-in', { checkOut: '2031-07-01' }, 'Check-out must be after check-in'],
    [
      'check-in in the past',
      { checkIn: '2020-01-01', checkOut: '2020-01-08' },
      'Check-in cannot be in the past',
    ],
    ['zero guests', { guests: 0 }, 'At least 1 guest'],
    ['more guests than the villa sleeps', { guests: 7 }, 'Villa Capacity sleeps at most 6 guests'],
    ['a villa outside the link', { propertyId: 'outside' }, 'This villa is not part of this collection'],
  ])('answers 400 for %s', async (_name, over: Record<string, unknown>, message) => {
    const a = await agent();
    const villa = await createProperty(ctx.db, { name: 'Villa Capacity', maxGuests: 6 });
    const outside = await createProperty(ctx.db);
    const { link } = await linkFor(a, { propertyIds: [villa.id] });
    const body = request(villa.id, over.propertyId === 'outside' ? { propertyId: outside.id } : over);
    const res = await book(link.uuid, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(
      await ctx.db
        .select()
        .from(whiteLabelInquiries)
        .where(eq(whiteLabelInquiries.whiteLabelLinkId, link.id)),
    ).toHaveLength(0);
  });

  it('answers 404 on an unknown, inactive, expired or deleted link', async () => {
    const a = await agent();
    const inactive = await linkFor(a, { isActive: false });
    const expired = await linkFor(a);
    await ctx.db
      .update(whiteLabelLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(whiteLabelLinks.id, expired.link.id));
    const deleted = await linkFor(a);
    await ctx.app.inject({ method: 'DELETE', url: `/api/white-label/${deleted.link.id}`, headers: as(a) });
    for (const { link, props } of [inactive, expired, deleted]) {
      const res = await book(link.uuid, request(props[0]!.id));
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Link not found');
    }
    expect((await book(crypto.randomUUID(), request(1))).statusCode).toBe(404);
  });
});

describe('link inquiries: GET /api/white-label-inquiries/agent/:agentId and PUT /api/white-label-inquiries/:id', () => {
  async function withInquiries() {
    const a = await agent();
    const b = await agent();
    const villa = await createProperty(ctx.db, { name: 'Villa Listed', maxGuests: 8 });
    const { link } = await linkFor(a, { propertyIds: [villa.id], title: 'For the Martins' });
    const first = (
      await book(link.uuid, { propertyId: villa.id, clientName: 'First', clientEmail: 'f@example.com' })
    ).json();
    const second = (
      await book(link.uuid, {
        propertyId: villa.id,
        clientName: 'Second',
        clientEmail: 's@example.com',
        checkIn: '2031-08-01',
        checkOut: '2031-08-08',
        guests: 2,
      })
    ).json();
    return { a, b, villa, link, first, second };
  }

  it('lists your inquiries newest first with the dialog fields', async () => {
    const { a, villa, link, first, second } = await withInquiries();
    const res = await ctx.app.inject({
      url: `/api/white-label-inquiries/agent/${a.user.id}`,
      headers: as(a),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((i: { id: number }) => i.id)).toEqual([second.id, first.id]);
    expect(res.json()[0]).toEqual({
      id: second.id,
      linkId: link.id,
      linkTitle: 'For the Martins',
      name: 'Second',
      email: 's@example.com',
      phone: null,
      propertyId: villa.id,
      propertyName: 'Villa Listed',
      checkInDate: '2031-08-01',
      checkOutDate: '2031-08-08',
      guests: 2,
      message: null,
      status: 'pending',
      createdAt: expect.any(String),
    });
  });

  it('answers 404 to another agent and reveals nothing; an admin may read them', async () => {
    const { a, b } = await withInquiries();
    const res = await ctx.app.inject({
      url: `/api/white-label-inquiries/agent/${a.user.id}`,
      headers: as(b),
    });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toMatch(/Second|s@example.com|Villa Listed/);
    const admin = await signedIn(ctx.app, ctx.db, 'admin');
    const byAdmin = await ctx.app.inject({
      url: `/api/white-label-inquiries/agent/${a.user.id}`,
      headers: as(admin),
    });
    expect(byAdmin.json()).toHaveLength(2);
  });

  it('moves an inquiry through any status in any order', async () => {
    const { a, first } = await withInquiries();
    for (const status of ['converted', 'pending', 'closed', 'contacted', 'converted']) {
      const res = await ctx.app.inject({
        method: 'PUT',
        url: `/api/white-label-inquiries/${first.id}`,
        headers: as(a),
        payload: { status },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: first.id, status, name: 'First' });
    }
  });

  it('answers 404 when another agent changes your inquiry, and 400 for an unknown status', async () => {
    const { a, b, first } = await withInquiries();
    const put = (s: Session, status: string, id = first.id) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/white-label-inquiries/${id}`,
        headers: as(s),
        payload: { status },
      });
    const theirs = await put(b, 'closed');
    expect(theirs.statusCode).toBe(404);
    expect(theirs.body).not.toContain('First');
    const bad = await put(a, 'won');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Status must be pending, contacted, converted or closed');
    expect((await put(a, 'closed', 999_999)).statusCode).toBe(404);
    const [row] = await ctx.db.select().from(whiteLabelInquiries).where(eq(whiteLabelInquiries.id, first.id));
    expect(row!.status).toBe('pending');
  });

  it("keeps a deleted link's inquiries with its agent", async () => {
    const { a, link } = await withInquiries();
    await ctx.app.inject({ method: 'DELETE', url: `/api/white-label/${link.id}`, headers: as(a) });
    const res = await ctx.app.inject({
      url: `/api/white-label-inquiries/agent/${a.user.id}`,
      headers: as(a),
    });
    expect(res.json()).toHaveLength(2);
  });
});

describe('admin: GET /api/admin/white-label-links', () => {
  it("lists every agent's links (not deleted) with the agent, view count and search criteria", async () => {
    const a = await agent({ firstName: 'Sophie', lastName: 'Laurent' });
    const b = await agent({ firstName: 'Marc', lastName: 'Petit' });
    const la = (await linkFor(a, { searchFilters: { regionId: 3, guests: 6 } })).link;
    const lb = (await linkFor(b)).link;
    const gone = (await linkFor(b)).link;
    await ctx.app.inject({ method: 'DELETE', url: `/api/white-label/${gone.id}`, headers: as(b) });
    await open(la.uuid);
    const admin = await signedIn(ctx.app, ctx.db, 'admin');
    const res = await ctx.app.inject({ url: '/api/admin/white-label-links', headers: as(admin) });
    expect(res.statusCode).toBe(200);
    const list = res.json() as Array<Record<string, unknown>>;
    expect(list.map((l) => l.id)).not.toContain(gone.id);
    expect(list.find((l) => l.id === la.id)).toMatchObject({
      agentId: a.user.id,
      agentFullName: 'Sophie Laurent',
      agentAccountEmail: a.user.email,
      agentName: 'Sophie Laurent',
      agentEmail: a.user.email,
      viewCount: 1,
      propertyIds: la.propertyIds,
      searchCriteria: { regionId: 3, guests: 6 },
      createdAt: expect.any(String),
    });
    expect(list.find((l) => l.id === lb.id)).toMatchObject({ agentFullName: 'Marc Petit', viewCount: 0 });

    const page = await ctx.app.inject({ url: '/api/admin/white-label-links?limit=1', headers: as(admin) });
    expect(page.json()).toHaveLength(1);
    expect((await ctx.app.inject({ url: '/api/admin/white-label-links', headers: as(a) })).statusCode).toBe(
      403,
    );
  });
});
