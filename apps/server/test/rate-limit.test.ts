import { describe, expect, it } from 'vitest';
import { useTestContext } from './helpers';

const ctx = useTestContext({ RATE_LIMIT_MAX: '3' });

describe('rate limiting', () => {
  it('answers 429 with a message after the configured number of registrations', async () => {
    const attempt = (i: number) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: {
          firstName: 'Claire',
          lastName: 'Dubois',
          email: `claire.${i}.${Date.now()}@riviera-travel.example`,
          company: 'Riviera Travel',
          password: 'secret-pass',
          confirmPassword: 'secret-pass',
        },
      });
    for (let i = 0; i < 3; i++) expect((await attempt(i)).statusCode).toBe(201);
    const limited = await attempt(3);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(limited.json().message).toMatch(/Too many requests/);
  });

  // Login is limited by failed attempts per account and per address instead (login-limits.test.ts):
  // many people behind one address may sign in, and the count is shared by every instance.
  it('does not limit sign-ins by the number of requests per address', async () => {
    const email = `nobody-${Date.now()}@example.com`;
    for (let i = 0; i < 5; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: `${i}-${email}`, password: 'abcdefg' },
      });
      expect(res.statusCode).toBe(401);
    }
  });
});
