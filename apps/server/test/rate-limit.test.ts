import { rateLimitedBodySchema } from '@villas/shared';
import { describe, expect, it } from 'vitest';
import { createProperty, createUser, signedIn } from './factories';
import { useTestContext } from './helpers';

/**
 * Every limiter refuses the same way (lib/errors TooManyRequestsError, written by the error
 * handler): 429, code RATE_LIMITED, a message ending with when to try again, `details.retryAfterSeconds`
 * and `Retry-After` with the same seconds. A 15-minute window makes the wait read '15 minutes'
 * however long the test takes.
 */
const ctx = useTestContext({
  RATE_LIMIT_MAX: '3',
  RATE_LIMIT_WINDOW_MS: String(15 * 60_000),
  LOGIN_ACCOUNT_MAX_FAILURES: '3',
  LOGIN_ACCOUNT_LOCK_SECONDS: '840',
  LOGIN_ACCOUNT_MAX_LOCK_SECONDS: '3600',
  PAGE_RATE_LIMIT_MAX: '4',
});

type Injected = Awaited<ReturnType<typeof ctx.app.inject>>;

/** The one 429: the exact body, and the header agreeing with it. */
function expectRefused(res: Injected, message: string) {
  expect(res.statusCode, res.body).toBe(429);
  const body = rateLimitedBodySchema.parse(res.json());
  expect(body.message).toBe(message);
  expect(res.headers['retry-after']).toBe(String(body.details.retryAfterSeconds));
  return body;
}

/** Each test calls from its own address: the limits count per client address. */
let net = 0;
const address = () => `10.77.0.${++net}`;

describe('one 429 for every limiter', () => {
  it('registration: the fourth application within the window', async () => {
    const from = address();
    const apply = (i: number) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        remoteAddress: from,
        payload: {
          firstName: 'Claire',
          lastName: 'Dubois',
          email: `claire.${i}.${Date.now()}@riviera-travel.example`,
          company: 'Riviera Travel',
          password: 'secret-pass',
          confirmPassword: 'secret-pass',
        },
      });
    for (let i = 0; i < 3; i++) expect((await apply(i)).statusCode).toBe(201);
    const body = expectRefused(await apply(3), 'Too many attempts. Try again in 15 minutes.');
    expect(body.details.retryAfterSeconds).toBeGreaterThan(14 * 60);
    expect(body.details.retryAfterSeconds).toBeLessThanOrEqual(15 * 60);
  });

  it('contact and booking inquiries: one limit for the inquiry form', async () => {
    const from = address();
    const villa = await createProperty(ctx.db);
    const contact = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/inquiries',
        remoteAddress: from,
        payload: {
          firstName: 'J',
          lastName: 'D',
          email: 'j@example.com',
          message: 'Hello',
          propertyId: null,
        },
      });
    const booking = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/inquiries',
        remoteAddress: from,
        payload: {
          firstName: 'J',
          lastName: 'D',
          email: 'j@example.com',
          propertyId: villa.id,
          guests: 2,
          checkIn: '2031-07-01',
          checkOut: '2031-07-08',
        },
      });
    expect((await contact()).statusCode).toBe(201);
    expect((await booking()).statusCode).toBe(201);
    expect((await contact()).statusCode).toBe(201);
    expectRefused(await booking(), 'Too many attempts. Try again in 15 minutes.');
    expectRefused(await contact(), 'Too many attempts. Try again in 15 minutes.');
  });

  it("a client's booking request on a white-label link", async () => {
    const from = address();
    const a = await signedIn(ctx.app, ctx.db);
    const villa = await createProperty(ctx.db);
    const link = await ctx.app.inject({
      method: 'POST',
      url: '/api/white-label',
      headers: { cookie: a.cookie },
      payload: { agentId: a.user.id, title: 'T', propertyIds: [villa.id] },
    });
    const send = () =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/white-label/${link.json().uuid}/booking-request`,
        remoteAddress: from,
        payload: { propertyId: villa.id, clientName: 'Jane Doe', clientEmail: 'jane@example.com' },
      });
    for (let i = 0; i < 3; i++) expect((await send()).statusCode).toBe(201);
    expectRefused(await send(), 'Too many attempts. Try again in 15 minutes.');
  });

  it('sign-in: a locked account is refused with the same body, saying how long it stays locked', async () => {
    const u = await createUser(ctx.db);
    const attempt = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: address(),
        payload: { email: u.email, password: 'wrong-password-1' },
      });
    for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(401);
    expectRefused(await attempt(), 'Too many failed sign-in attempts. Try again in 14 minutes.');
  });

  // Login is limited by failed attempts per account and per address instead (login-limits.test.ts):
  // many people behind one address may sign in, and the count is shared by every instance.
  it('does not limit sign-ins by the number of requests per address', async () => {
    const from = address();
    const email = `nobody-${Date.now()}@example.com`;
    for (let i = 0; i < 5; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: from,
        payload: { email: `${i}-${email}`, password: 'abcdefg' },
      });
      expect(res.statusCode).toBe(401);
    }
  });

  it('page loads: PAGE_RATE_LIMIT_MAX per address per minute, one count for every page', async () => {
    const from = address();
    const load = (url: string) => ctx.app.inject({ url, remoteAddress: from });
    for (const url of ['/about', '/no-such-page', '/company-info', '/villas/x'])
      expect((await load(url)).statusCode, url).toBe(404);
    const body = expectRefused(await load('/about'), 'Too many attempts. Try again in 1 minute.');
    expect(body.details.retryAfterSeconds).toBeLessThanOrEqual(60);
    // Another address is counted apart.
    expect((await ctx.app.inject({ url: '/about', remoteAddress: address() })).statusCode).toBe(404);
  });
});
