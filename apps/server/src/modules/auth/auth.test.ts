import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notifications, sessions, users } from '@villas/db/schema';
import { createUser, signIn, signedIn } from '../../../test/factories';
import { useTestContext } from '../../../test/helpers';

const ctx = useTestContext();

const application = (over: Record<string, unknown> = {}) => ({
  firstName: 'Claire',
  lastName: 'Dubois',
  email: `claire.${Math.random().toString(36).slice(2)}@riviera-travel.example`,
  company: 'Riviera Travel',
  agentLicense: 'ABTA P1234',
  phone: '+33 4 93 00 00 00',
  password: 'secret-pass',
  confirmPassword: 'secret-pass',
  ...over,
});

describe('POST /api/auth/register', () => {
  it('creates a pending agent and never returns the password', async () => {
    const body = application();
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload: body });
    expect(res.statusCode).toBe(201);
    const user = res.json();
    expect(user).toMatchObject({
      email: body.email,
      role: 'agent',
      approved: false,
      company: 'Riviera Travel',
    });
    expect(JSON.stringify(user)).not.toMatch(/secret-pass|argon2|password/i);
  });

  it('ignores role and approval sent by the applicant', async () => {
    const body = { ...application(), role: 'admin', approved: true };
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload: body });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ role: 'agent', approved: false });
  });

  it('answers 409 for an e-mail already taken, whatever its case', async () => {
    const body = application();
    await ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload: body });
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { ...application(), email: body.email.toUpperCase() },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'EMAIL_TAKEN',
      message: 'An account with this email already exists',
    });
  });

  it.each([
    [{ confirmPassword: 'different' }, "Passwords don't match", ['confirmPassword']],
    [{ email: 'not-an-email' }, 'Please enter a valid email address', ['email']],
    [{ password: '123', confirmPassword: '123' }, 'Password must be at least 6 characters', ['password']],
    [{ firstName: '  ' }, 'First name is required', ['firstName']],
    [{ lastName: '' }, 'Last name is required', ['lastName']],
    [{ company: '' }, 'Company name is required', ['company']],
  ])('rejects %j with a message', async (over, message, path) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: application(over),
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.message).toBe(message);
    expect(body.issues[0].path).toEqual(path);
  });

  it('answers 400 for a missing field and for malformed JSON', async () => {
    const { email: _e, ...noEmail } = application();
    const missing = await ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload: noEmail });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/email/i);
    const broken = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(broken.statusCode).toBe(400);
  });

  it('notifies every administrator of the application', async () => {
    const admin = await createUser(ctx.db, { role: 'admin' });
    const body = application();
    await ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload: body });
    const rows = await ctx.db.select().from(notifications).where(eq(notifications.userId, admin.id));
    expect(rows.some((n) => n.type === 'agent_application' && n.message.includes(body.email))).toBe(true);
  });
});

describe('POST /api/auth/login', () => {
  it('signs in an approved agent with a two-day session cookie', async () => {
    const u = await createUser(ctx.db, { firstName: 'Marco' });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: u.email.toUpperCase(), password: u.password },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: u.id, firstName: 'Marco', role: 'agent', approved: true });
    const cookie = res.cookies.find((c) => c.name === 'sid')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    const days = (new Date(cookie.expires!).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(1.9);
    expect(days).toBeLessThan(2.1);
  });

  it('keeps a remembered session for fourteen days', async () => {
    const u = await createUser(ctx.db);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: u.email, password: u.password, rememberMe: true },
    });
    const cookie = res.cookies.find((c) => c.name === 'sid')!;
    const days = (new Date(cookie.expires!).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(13.9);
    expect(days).toBeLessThan(14.1);
  });

  it('answers 401 Invalid credentials for a wrong password or an unknown e-mail', async () => {
    const u = await createUser(ctx.db);
    for (const payload of [
      { email: u.email, password: 'wrong-password' },
      { email: 'nobody@example.com', password: 'whatever1' },
    ]) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toContain('Invalid credentials');
      expect(res.cookies.find((c) => c.name === 'sid')).toBeUndefined();
    }
  });

  it('answers 403 Account pending approval to a pending agent with the right password', async () => {
    const u = await createUser(ctx.db, { approved: false });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: u.email, password: u.password },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toContain('Account pending approval');
  });

  it('validates the e-mail and the 6-character password', async () => {
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'x', password: 'abcdef' },
    });
    expect(bad.statusCode).toBe(400);
    const short = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'a@b.co', password: 'abc' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('Password must be at least 6 characters');
  });

  it('issues a new session id at every login and ends the previous one', async () => {
    const u = await createUser(ctx.db);
    const first = await signIn(ctx.app, u.email);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { cookie: first },
      payload: { email: u.email, password: u.password },
    });
    const second = `sid=${res.cookies.find((c) => c.name === 'sid')!.value}`;
    expect(second).not.toBe(first);
    expect((await ctx.app.inject({ url: '/api/auth/user', headers: { cookie: first } })).statusCode).toBe(
      401,
    );
    expect((await ctx.app.inject({ url: '/api/auth/user', headers: { cookie: second } })).statusCode).toBe(
      200,
    );
  });

  it("says whether it is the account's first sign-in, and stamps each one", async () => {
    const u = await createUser(ctx.db, { approved: false });
    const login = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: u.email, password: u.password },
      });
    const stamp = async () => (await ctx.db.select().from(users).where(eq(users.id, u.id)))[0]!.lastSignInAt;
    // Refused while pending: not a sign-in.
    expect((await login()).statusCode).toBe(403);
    expect(await stamp()).toBeNull();

    await ctx.db.update(users).set({ approved: true }).where(eq(users.id, u.id));
    const first = await login();
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ id: u.id, firstSignIn: true });
    const stamped = await stamp();
    expect(stamped).toBeInstanceOf(Date);

    const again = await login();
    expect(again.json()).toMatchObject({ id: u.id, firstSignIn: false });
    expect((await stamp())!.getTime()).toBeGreaterThanOrEqual(stamped!.getTime());
  });

  it('stores only a hash of the session token', async () => {
    const u = await createUser(ctx.db);
    const cookie = await signIn(ctx.app, u.email);
    const rows = await ctx.db.select().from(sessions).where(eq(sessions.userId, u.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).not.toBe(cookie.slice(4));
  });
});

describe('GET /api/auth/user and logout', () => {
  it('answers 401 when signed out', async () => {
    const res = await ctx.app.inject({ url: '/api/auth/user' });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHORIZED');
  });

  it('answers the current user with exactly the documented fields', async () => {
    const { user, cookie } = await signedIn(ctx.app, ctx.db, 'agent', {
      firstName: 'Lena',
      lastName: 'Berg',
    });
    const res = await ctx.app.inject({ url: '/api/auth/user', headers: { cookie } });
    expect(res.json()).toEqual({
      id: user.id,
      firstName: 'Lena',
      lastName: 'Berg',
      name: 'Lena Berg',
      email: user.email,
      company: user.company,
      role: 'agent',
      approved: true,
    });
  });

  it('ends the session on the server at logout', async () => {
    const { cookie } = await signedIn(ctx.app, ctx.db);
    const out = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect(out.statusCode).toBe(200);
    expect((await ctx.app.inject({ url: '/api/auth/user', headers: { cookie } })).statusCode).toBe(401);
    const dbg = await ctx.app.inject({ url: '/api/debug/session', headers: { cookie } });
    expect(dbg.json()).toEqual({ authenticated: false });
  });
});

describe('security', () => {
  it('refuses a mutating request whose Origin names another site', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: 'https://evil.example', host: 'localhost:3000' },
      payload: { email: 'a@b.co', password: 'abcdef' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('CSRF_REJECTED');
  });

  it('accepts the same origin', async () => {
    const u = await createUser(ctx.db);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: 'http://localhost:3000', host: 'localhost:3000' },
      payload: { email: u.email, password: u.password },
    });
    expect(res.statusCode).toBe(200);
  });

  it('sets security headers with a CSP', async () => {
    const res = await ctx.app.inject({ url: '/healthz' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('a user whose approval is revoked', () => {
  it('loses the session at once', async () => {
    const { user, cookie } = await signedIn(ctx.app, ctx.db);
    await ctx.db.update(users).set({ approved: false }).where(eq(users.id, user.id));
    expect((await ctx.app.inject({ url: '/api/auth/user', headers: { cookie } })).statusCode).toBe(401);
  });
});
