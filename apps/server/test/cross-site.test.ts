import { describe, expect, it } from 'vitest';
import { createUser, DEFAULT_PASSWORD } from './factories';
import { useTestContext, type TestContext } from './helpers';

/**
 * The Origin check of changes (plugins/security.ts): with PUBLIC_URL only its origin is accepted;
 * without it, the origin the request was addressed to.
 */
const withPublicUrl = useTestContext({ PUBLIC_URL: 'https://villas.example.com/' });
const withoutPublicUrl = useTestContext();

async function signIn(ctx: TestContext, headers: Record<string, string>) {
  const user = await createUser(ctx.db);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers,
    payload: { email: user.email, password: DEFAULT_PASSWORD },
  });
}

describe('with PUBLIC_URL', () => {
  it("accepts a change from PUBLIC_URL's origin", async () => {
    const res = await signIn(withPublicUrl, {
      origin: 'https://villas.example.com',
      host: 'villas.example.com',
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('refuses an Origin that only matches the Host the client sent (a name re-pointed at the server)', async () => {
    for (const [origin, host] of [
      ['http://rebound.example', 'rebound.example'],
      ['http://127.0.0.1:3000', '127.0.0.1:3000'],
      ['http://villas.example.com', 'villas.example.com'],
    ]) {
      const res = await signIn(withPublicUrl, { origin: origin!, host: host! });
      expect(res.statusCode, origin).toBe(403);
      expect(res.json()).toMatchObject({
        code: 'CSRF_REJECTED',
        message: 'Requests from another site are not allowed',
      });
    }
  });

  it('accepts a change without Origin (a client outside a browser)', async () => {
    expect((await signIn(withPublicUrl, {})).statusCode).toBe(200);
  });
});

describe('without PUBLIC_URL', () => {
  it("accepts the request's own origin and refuses any other", async () => {
    const own = await signIn(withoutPublicUrl, { origin: 'http://localhost:5173', host: 'localhost:5173' });
    expect(own.statusCode, own.body).toBe(200);
    const other = await signIn(withoutPublicUrl, { origin: 'https://evil.example', host: 'localhost:5173' });
    expect(other.statusCode).toBe(403);
    expect(other.json().code).toBe('CSRF_REJECTED');
  });
});
