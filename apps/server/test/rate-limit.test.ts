import { describe, expect, it } from 'vitest';
import { useTestContext } from './helpers';

const ctx = useTestContext({ RATE_LIMIT_MAX: '3' });

describe('rate limiting', () => {
  it('answers 429 with a message after the configured number of login attempts', async () => {
    const attempt = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'a@b.co', password: 'abcdefg' },
      });
    for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(401);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(limited.json().message).toMatch(/Too many requests/);
  });
});
