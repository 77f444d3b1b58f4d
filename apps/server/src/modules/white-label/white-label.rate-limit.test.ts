import { describe, expect, it } from 'vitest';
import { createProperty, signedIn } from '../../../test/factories';
import { useTestContext } from '../../../test/helpers';

const ctx = useTestContext({ RATE_LIMIT_MAX: '3' });

describe('public forms are rate-limited', () => {
  it('answers 429 with a message after the configured number of booking requests', async () => {
    const a = await signedIn(ctx.app, ctx.db);
    const villa = await createProperty(ctx.db);
    const { uuid } = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/white-label',
        headers: { cookie: a.cookie },
        payload: { agentId: a.user.id, title: 'T', propertyIds: [villa.id] },
      })
    ).json();
    const send = () =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/white-label/${uuid}/booking-request`,
        payload: { propertyId: villa.id, clientName: 'Jane Doe', clientEmail: 'jane@example.com' },
      });
    for (let i = 0; i < 3; i++) expect((await send()).statusCode).toBe(201);
    const limited = await send();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(limited.json().message).toMatch(/^Too many attempts\. Try again in (\d+ seconds|1 minute)\.$/);
  });

  it('answers 429 after the configured number of brochure downloads', async () => {
    const a = await signedIn(ctx.app, ctx.db);
    const villa = await createProperty(ctx.db);
    const { uuid } = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/white-label',
        headers: { cookie: a.cookie },
        payload: { agentId: a.user.id, title: 'T', propertyIds: [villa.id] },
      })
    ).json();
    const download = () => ctx.app.inject({ url: `/api/white-label/${uuid}/brochure.pdf` });
    for (let i = 0; i < 3; i++) expect((await download()).statusCode).toBe(200);
    const limited = await download();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
  });

  it('answers 429 after the configured number of inquiries', async () => {
    const send = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/inquiries',
        payload: {
          firstName: 'J',
          lastName: 'D',
          email: 'j@example.com',
          message: 'Hello',
          propertyId: null,
        },
      });
    for (let i = 0; i < 3; i++) expect((await send()).statusCode).toBe(201);
    expect((await send()).statusCode).toBe(429);
  });
});
