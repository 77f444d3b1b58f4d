import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { inquiries, notifications } from '@villas/db/schema';
import { createProperty, signedIn } from '../../../test/factories';
import { useTestContext } from '../../../test/helpers';

const ctx = useTestContext();

const contact = (over: Record<string, unknown> = {}) => ({
  firstName: 'Jane',
  lastName: 'Doe',
  email: 'jane.doe@example.com',
  message: 'We would like to list our villas with you.',
  propertyId: null,
  ...over,
});

const post = (payload: object) => ctx.app.inject({ method: 'POST', url: '/api/inquiries', payload });
/** The notification an administrator got for an inquiry. */
async function adminNotice(userId: number, inquiryId: number) {
  const rows = await ctx.db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.relatedType, 'inquiry'),
        eq(notifications.relatedId, inquiryId),
      ),
    );
  expect(rows).toHaveLength(1);
  return rows[0]!;
}
const stored = async (id: number) => (await ctx.db.select().from(inquiries).where(eq(inquiries.id, id)))[0]!;

describe('POST /api/inquiries: contact form', () => {
  it('stores a contact inquiry with type other by default, without signing in', async () => {
    const res = await post(contact());
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({ id: expect.any(Number), status: 'pending' });
    expect(await stored(body.id)).toMatchObject({
      kind: 'contact',
      inquiryType: 'other',
      propertyId: null,
      firstName: 'Jane',
      email: 'jane.doe@example.com',
      status: 'pending',
    });
  });

  it('keeps the inquiry type the visitor chose', async () => {
    const res = await post(contact({ inquiryType: 'property-manager' }));
    expect(res.statusCode).toBe(201);
    expect((await stored(res.json().id)).inquiryType).toBe('property-manager');
  });

  it.each([
    [{ inquiryType: 'owner' }, 'Inquiry type must be agent, property-manager or other'],
    [{ email: 'jane-at-example' }, 'Please enter a valid email address'],
    [{ firstName: ' ' }, 'First name is required'],
    [{ lastName: '' }, 'Last name is required'],
    [{ message: '' }, 'Message is required'],
  ])('rejects %j with a message', async (over, message) => {
    const res = await post(contact(over));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', message });
  });

  it('notifies every administrator with who wrote and what', async () => {
    const admin = await signedIn(ctx.app, ctx.db, 'admin');
    const res = await post(
      contact({ firstName: 'Marguerite', message: 'CONTACT FORM: Please call me back.' }),
    );
    const n = await adminNotice(admin.user.id, res.json().id);
    expect(n).toMatchObject({
      type: 'new_inquiry',
      title: 'New contact form message',
      relatedType: 'inquiry',
    });
    expect(n!.message).toContain('Marguerite Doe');
    expect(n!.message).toContain('Please call me back.');
  });
});

describe('POST /api/inquiries: booking', () => {
  const booking = (propertyId: number, over: Record<string, unknown> = {}) => ({
    firstName: 'Jane',
    lastName: 'Doe',
    email: 'jane.doe@example.com',
    phone: '+44 20 7946 0000',
    message: 'Anniversary trip',
    checkIn: '2031-07-12',
    checkOut: '2031-07-19',
    guests: 4,
    propertyId,
    ...over,
  });

  it('stores the booking with the villa name as a snapshot and tells the admins', async () => {
    const admin = await signedIn(ctx.app, ctx.db, 'admin');
    const villa = await createProperty(ctx.db, { name: 'Villa Azur', maxGuests: 6 });
    const res = await post(booking(villa.id));
    expect(res.statusCode).toBe(201);
    const row = await stored(res.json().id);
    expect(row).toMatchObject({
      kind: 'booking',
      propertyId: villa.id,
      propertyName: 'Villa Azur',
      checkIn: '2031-07-12',
      checkOut: '2031-07-19',
      guests: 4,
      phone: '+44 20 7946 0000',
      inquiryType: null,
    });
    const n = await adminNotice(admin.user.id, row.id);
    expect(n).toMatchObject({ title: 'New booking inquiry for Villa Azur' });
    expect(n!.message).toBe(
      'Jane Doe (jane.doe@example.com) asked about Villa Azur from July 12, 2031 to July 19, 2031 for 4 guests.',
    );
  });

  it('allows exactly the villa maximum and refuses one more guest', async () => {
    const villa = await createProperty(ctx.db, { name: 'Villa Mimosa', maxGuests: 6 });
    expect((await post(booking(villa.id, { guests: 6 }))).statusCode).toBe(201);
    const res = await post(booking(villa.id, { guests: 7 }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Villa Mimosa sleeps at most 6 guests');
  });

  it.each([
    [{ guests: 0 }, 'At least 1 guest'],
    [{ checkOut: '2031-07-12' }, 'Check-out must be after check-in'],
    [{ checkOut: '2031-07-10' }, 'Check-out must be after check-in'],
    [{ email: 'nope' }, 'Please enter a valid email address'],
    [{ checkIn: '2031-02-30' }, undefined],
    [{ checkIn: '2020-01-01', checkOut: '2020-01-08' }, 'Check-in cannot be in the past'],
  ])('rejects %j with a message', async (over, message) => {
    const villa = await createProperty(ctx.db);
    const res = await post(booking(villa.id, over));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBeTruthy();
    if (message) expect(res.json().message).toBe(message);
  });

  it('answers 404 for a villa that does not exist', async () => {
    const res = await post(booking(999_999));
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Property not found');
  });

  it('defaults to one guest and accepts a booking without dates', async () => {
    const villa = await createProperty(ctx.db);
    const res = await post(booking(villa.id, { guests: undefined, checkIn: '', checkOut: '' }));
    expect(res.statusCode).toBe(201);
    expect(await stored(res.json().id)).toMatchObject({ guests: 1, checkIn: null, checkOut: null });
  });
});

describe('POST /api/inquiries: off-market', () => {
  it('stores budget, special requests and the search criteria as data', async () => {
    const admin = await signedIn(ctx.app, ctx.db, 'admin');
    const criteria = { country: 'France', destination: 'Saint-Tropez', bedrooms: 5, amenityIds: [1, 2] };
    const res = await post({
      type: 'off-market',
      firstName: 'Victor',
      lastName: 'Hale',
      email: 'victor@example.com',
      phone: '+1 212 555 0100',
      message: 'OFF-MARKET INQUIRY: Looking for something discreet.\nBudget: EUR 80,000',
      budget: 'EUR 80,000 per week',
      specialRequests: 'Helipad',
      searchCriteria: criteria,
      createdAt: new Date().toISOString(),
    });
    expect(res.statusCode).toBe(201);
    const row = await stored(res.json().id);
    expect(row).toMatchObject({
      kind: 'off-market',
      budget: 'EUR 80,000 per week',
      specialRequests: 'Helipad',
      searchCriteria: criteria,
      propertyId: null,
    });
    const n = await adminNotice(admin.user.id, row.id);
    expect(n).toMatchObject({ title: 'New off-market inquiry' });
    expect(n!.message).toContain('EUR 80,000 per week');
  });

  it('requires name and e-mail', async () => {
    const res = await post({
      type: 'off-market',
      firstName: '',
      lastName: 'Hale',
      email: 'victor@example.com',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('First name is required');
    const bad = await post({ type: 'off-market', firstName: 'V', lastName: 'Hale', email: 'x' });
    expect(bad.json().message).toBe('Please enter a valid email address');
  });
});

describe('admin: GET /api/inquiries/off-market and PUT /api/inquiries/:id/status', () => {
  it('lists every inquiry newest first with its type label, to admins only', async () => {
    const admin = await signedIn(ctx.app, ctx.db, 'admin');
    const villa = await createProperty(ctx.db, { name: 'Villa Listed' });
    const a = (await post(contact({ message: 'Plain message' }))).json().id;
    const b = (
      await post({
        firstName: 'B',
        lastName: 'B',
        email: 'b@example.com',
        propertyId: villa.id,
        guests: 2,
      })
    ).json().id;
    const c = (
      await post({
        type: 'off-market',
        firstName: 'C',
        lastName: 'C',
        email: 'c@example.com',
        message: 'No prefix',
      })
    ).json().id;
    const d = (await post(contact({ message: 'OFF-MARKET INQUIRY: odd but labelled by prefix' }))).json().id;

    const res = await ctx.app.inject({ url: '/api/inquiries/off-market', headers: { cookie: admin.cookie } });
    expect(res.statusCode).toBe(200);
    const list = res.json() as Array<{ id: number; typeLabel: string }>;
    const ids = list.map((i) => i.id);
    expect(ids.indexOf(d)).toBeLessThan(ids.indexOf(c));
    expect(ids.indexOf(c)).toBeLessThan(ids.indexOf(b));
    expect(ids.indexOf(b)).toBeLessThan(ids.indexOf(a));
    const label = (id: number) => list.find((i) => i.id === id)!.typeLabel;
    expect([label(a), label(b), label(c), label(d)]).toEqual([
      'Contact Form',
      'General Inquiry',
      'Off-Market Property',
      'Off-Market Property',
    ]);
    expect(list.find((i) => i.id === b)).toMatchObject({
      kind: 'booking',
      propertyName: 'Villa Listed',
      guests: 2,
    });

    const page = await ctx.app.inject({
      url: '/api/inquiries/off-market?limit=2&offset=1',
      headers: { cookie: admin.cookie },
    });
    expect(page.json().map((i: { id: number }) => i.id)).toEqual(ids.slice(1, 3));

    const agent = await signedIn(ctx.app, ctx.db);
    expect(
      (await ctx.app.inject({ url: '/api/inquiries/off-market', headers: { cookie: agent.cookie } }))
        .statusCode,
    ).toBe(403);
    expect((await ctx.app.inject({ url: '/api/inquiries/off-market' })).statusCode).toBe(401);
  });

  it('moves an inquiry between pending, responded and closed', async () => {
    const admin = await signedIn(ctx.app, ctx.db, 'admin');
    const id = (await post(contact())).json().id;
    for (const status of ['responded', 'closed', 'pending']) {
      const res = await ctx.app.inject({
        method: 'PUT',
        url: `/api/inquiries/${id}/status`,
        headers: { cookie: admin.cookie },
        payload: { status },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id, status });
      expect((await stored(id)).status).toBe(status);
    }
  });

  it('answers 404 for an unknown inquiry, 400 for an unknown status, 403 for agents', async () => {
    const admin = await signedIn(ctx.app, ctx.db, 'admin');
    const id = (await post(contact())).json().id;
    const put = (url: string, status: string, cookie = admin.cookie) =>
      ctx.app.inject({ method: 'PUT', url, headers: { cookie }, payload: { status } });
    const missing = await put('/api/inquiries/999999/status', 'closed');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Inquiry not found');
    const bad = await put(`/api/inquiries/${id}/status`, 'archived');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Status must be pending, responded or closed');
    const agent = await signedIn(ctx.app, ctx.db);
    expect((await put(`/api/inquiries/${id}/status`, 'closed', agent.cookie)).statusCode).toBe(403);
    expect((await stored(id)).status).toBe('pending');
  });
});
