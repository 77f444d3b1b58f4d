import { describe, expect, it } from 'vitest';
import { DEVICE_COOKIE } from '../src/modules/auth/device-tokens';
import { createUser, DEFAULT_PASSWORD } from './factories';
import { useTestContext } from './helpers';

const ctx = useTestContext({ TRUST_PROXY: 'true' });

async function loginCookie(headers: Record<string, string>, name = 'sid') {
  const user = await createUser(ctx.db);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers,
    payload: { email: user.email, password: DEFAULT_PASSWORD },
  });
  expect(res.statusCode).toBe(200);
  return res.cookies.find((c) => c.name === name)!;
}

describe('session cookie', () => {
  it('is Secure when the request arrived over TLS at the proxy', async () => {
    const cookie = await loginCookie({ 'x-forwarded-proto': 'https' });
    expect(cookie.secure).toBe(true);
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
  });
  it('is not Secure over plain HTTP without an https public address (local development)', async () => {
    const cookie = await loginCookie({});
    expect(cookie.secure).toBeFalsy();
  });
});

describe('sign-in device cookie', () => {
  it('is Secure when the request arrived over TLS at the proxy', async () => {
    const cookie = await loginCookie({ 'x-forwarded-proto': 'https' }, DEVICE_COOKIE);
    expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Strict', path: '/api/auth' });
  });
  it('is not Secure over plain HTTP without an https public address (local development)', async () => {
    const cookie = await loginCookie({}, DEVICE_COOKIE);
    expect(cookie.secure).toBeFalsy();
  });
});
