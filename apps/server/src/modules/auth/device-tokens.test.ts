import { rateLimitedBodySchema } from '@villas/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp, type App } from '../../app';
import { testConfig } from '../../config/env';
import { createUser, signedIn } from '../../../test/factories';
import { useTestContext } from '../../../test/helpers';
import { DEVICE_COOKIE } from './device-tokens';

/**
 * A browser that signed in to an account keeps a device token: an attacker who locks the account
 * from elsewhere does not lock that browser out (docs/decisions/006-login-limits.md). The account
 * and device limits are the defaults (5 failures lock the account; 10 per 15 minutes per device).
 */
const LIMITS = { LOGIN_ADDRESS_MAX_FAILURES: '30' };
const ctx = useTestContext(LIMITS);

type Injected = Awaited<ReturnType<App['inject']>>;
const WRONG = 'wrong-password-1';

/** Each test uses its own addresses, so the address limit of one does not touch another. */
let net = 0;
const network = () => {
  net++;
  let host = 0;
  return () => `10.${net}.1.${++host}`;
};

/** A browser: it keeps the device cookie the server sets and sends it back to the sign-in route. */
class Browser {
  device: string | undefined;
  constructor(
    readonly address: string,
    private readonly app: App = ctx.app,
  ) {}

  async login(email: string, password: string): Promise<Injected> {
    const res = await this.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: this.address,
      headers: this.device === undefined ? {} : { cookie: `${DEVICE_COOKIE}=${this.device}` },
      payload: { email, password },
    });
    const set = res.cookies.find((c) => c.name === DEVICE_COOKIE);
    if (set) this.device = set.value;
    return res;
  }

  on(app: App): Browser {
    const other = new Browser(this.address, app);
    other.device = this.device;
    return other;
  }
}

/** Fails from fresh clients (no cookie) until the account is locked: 5 answer 401, the rest 429. */
async function lockOut(email: string, from: string, failures = 50) {
  const statuses: number[] = [];
  for (let i = 0; i < failures; i++) statuses.push((await new Browser(from).login(email, WRONG)).statusCode);
  expect(statuses.filter((s) => s === 401)).toHaveLength(5);
  expect(statuses.slice(5).every((s) => s === 429)).toBe(true);
}

function expectRefused(res: Injected, message = 'Too many failed sign-in attempts.') {
  expect(res.statusCode, res.body).toBe(429);
  const body = rateLimitedBodySchema.parse(res.json());
  expect(body.message.startsWith(`${message} Try again in`)).toBe(true);
  expect(res.headers['retry-after']).toBe(String(body.details.retryAfterSeconds));
  expect(res.cookies.find((c) => c.name === 'sid')).toBeUndefined();
  return body;
}

/** A victim with a browser that signed in once (so it holds a device token) and a net to attack from. */
async function victim() {
  const ip = network();
  const user = await createUser(ctx.db);
  const browser = new Browser(ip());
  expect((await browser.login(user.email, user.password)).statusCode).toBe(200);
  expect(browser.device).toBeDefined();
  return { user, browser, ip };
}

async function adminEdit(id: number, body: Record<string, unknown>) {
  const admin = await signedIn(ctx.app, ctx.db, 'admin');
  const res = await ctx.app.inject({
    method: 'PUT',
    url: `/api/admin/users/${id}`,
    headers: { cookie: admin.cookie },
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('the device cookie', () => {
  it('is set after a successful sign-in: HttpOnly, SameSite=Strict, for the sign-in routes, 180 days', async () => {
    const { user } = await victim();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: user.password },
    });
    const cookie = res.cookies.find((c) => c.name === DEVICE_COOKIE)!;
    expect(cookie).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
      path: '/api/auth',
      maxAge: 180 * 24 * 60 * 60,
    });
    expect(cookie.value).not.toContain(user.email);
  });

  it('is not set by a failed or a pending sign-in', async () => {
    const pending = await createUser(ctx.db, { approved: false });
    const ip = network();
    for (const [password, status] of [
      [WRONG, 401],
      [pending.password, 403],
    ] as const) {
      const browser = new Browser(ip());
      expect((await browser.login(pending.email, password)).statusCode).toBe(status);
      expect(browser.device).toBeUndefined();
    }
  });
});

describe('a known browser and the account lock', () => {
  it('50 failures from a fresh client lock the account; the known browser still signs in at once', async () => {
    const { user, browser, ip } = await victim();
    const attacker = ip();
    await lockOut(user.email, attacker);
    expectRefused(await new Browser(ip()).login(user.email, user.password));

    const res = await browser.login(user.email, user.password);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: user.id });
    expect(res.cookies.find((c) => c.name === 'sid')).toBeDefined();
    // The owner signing in does not lift the lock the attacker set for everyone else.
    expectRefused(await new Browser(attacker).login(user.email, user.password));
  });

  it("a known browser's failures and successes leave the account's streak alone", async () => {
    const { user, browser, ip } = await victim();
    for (let i = 0; i < 4; i++) {
      expect((await new Browser(ip()).login(user.email, WRONG)).statusCode).toBe(401);
    }
    for (let i = 0; i < 3; i++) expect((await browser.login(user.email, WRONG)).statusCode).toBe(401);
    expect((await browser.login(user.email, user.password)).statusCode).toBe(200);
    // Four failures from elsewhere: the fifth locks the account, the known browser's three did not…
    expect((await new Browser(ip()).login(user.email, WRONG)).statusCode).toBe(401);
    // …and its success did not clear the four.
    expectRefused(await new Browser(ip()).login(user.email, user.password));
  });

  it("account A's token gives nothing on account B", async () => {
    const a = await victim();
    const b = await createUser(ctx.db);
    await lockOut(b.email, a.ip());
    expectRefused(await a.browser.login(b.email, b.password));
  });

  it('a forged, altered or malformed token counts as none', async () => {
    const { user, browser, ip } = await victim();
    await lockOut(user.email, ip());
    const token = browser.device!;
    const parts = token.split('.');
    const flip = (s: string) => (s[0] === 'A' ? 'B' : 'A') + s.slice(1);
    const forged = [
      [...parts.slice(0, 4), flip(parts[4]!)].join('.'), // another MAC
      [parts[0], parts[1], flip(parts[2]!), ...parts.slice(3)].join('.'), // another nonce
      [...parts.slice(0, 3), String(Number(parts[3]) + 86_400), parts[4]].join('.'), // a later expiry
      `${token}x`,
      'd1.1.x.1.y',
      '',
    ];
    for (const device of forged) {
      const copy = new Browser(ip());
      copy.device = device;
      expectRefused(await copy.login(user.email, user.password));
    }
    expect((await browser.login(user.email, user.password)).statusCode).toBe(200);
  });

  it('an expired token counts as none', async () => {
    const { user, browser, ip } = await victim();
    // The tokens and the limits read the clock through Date: the test moves it instead of waiting.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 181 * 24 * 60 * 60 * 1000);
      await lockOut(user.email, ip());
      expectRefused(await browser.login(user.email, user.password));
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('a device token ends when the account changes', () => {
  it('after a password change', async () => {
    const { user, browser, ip } = await victim();
    await adminEdit(user.id, { password: 'new-password-2' });
    await lockOut(user.email, ip());
    expectRefused(await browser.login(user.email, 'new-password-2'));
  });

  it('after an e-mail change', async () => {
    const { user, browser, ip } = await victim();
    const email = `moved-${user.email}`;
    await adminEdit(user.id, { email });
    await lockOut(email, ip());
    expectRefused(await browser.login(email, user.password));
  });

  it('after the approval is revoked, even once the account is approved again', async () => {
    const { user, browser, ip } = await victim();
    await adminEdit(user.id, { approved: false });
    await adminEdit(user.id, { approved: true });
    await lockOut(user.email, ip());
    expectRefused(await browser.login(user.email, user.password));
  });

  it('after the account is deleted, even if an account with the same e-mail is made again', async () => {
    const { user, browser, ip } = await victim();
    const admin = await signedIn(ctx.app, ctx.db, 'admin');
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/admin/users/${user.id}`,
      headers: { cookie: admin.cookie },
    });
    expect(deleted.statusCode).toBe(200);
    const again = await createUser(ctx.db, { email: user.email });
    await lockOut(again.email, ip());
    expectRefused(await browser.login(again.email, again.password));
  });

  it('but not when something else changes', async () => {
    const { user, browser, ip } = await victim();
    await adminEdit(user.id, { firstName: 'Renamed', company: 'Another Travel' });
    await lockOut(user.email, ip());
    expect((await browser.login(user.email, user.password)).statusCode).toBe(200);
  });
});

describe("a known browser's own limit", () => {
  it('10 failures refuse that browser (429, Retry-After); another known browser still signs in', async () => {
    const { user, browser, ip } = await victim();
    const laptop = new Browser(ip());
    expect((await laptop.login(user.email, user.password)).statusCode).toBe(200);
    for (let i = 0; i < 10; i++) expect((await browser.login(user.email, WRONG)).statusCode).toBe(401);
    const body = expectRefused(await browser.login(user.email, user.password));
    expect(body.details.retryAfterSeconds).toBeGreaterThan(800);
    expect(body.details.retryAfterSeconds).toBeLessThanOrEqual(900);
    expect((await laptop.login(user.email, user.password)).statusCode).toBe(200);
  });

  it('a success clears it', async () => {
    const { user, browser } = await victim();
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 9; i++) expect((await browser.login(user.email, WRONG)).statusCode).toBe(401);
      expect((await browser.login(user.email, user.password)).statusCode).toBe(200);
    }
  });

  it('the address limit still applies to a known browser', async () => {
    const { user, browser } = await victim();
    // 30 failures from the browser's address, spread over unknown e-mails.
    for (let i = 0; i < 30; i++) {
      const res = await new Browser(browser.address).login(`nobody-${i}-${user.email}`, WRONG);
      expect(res.statusCode).toBe(401);
    }
    expectRefused(
      await browser.login(user.email, user.password),
      'Too many failed sign-in attempts from this network.',
    );
  });

  describe('on two app instances sharing the database', () => {
    let other: App;
    beforeAll(async () => {
      // Instances share the app secret (SESSION_SECRET, or one DATA_DIR's secret.key).
      const config = testConfig({ ...LIMITS, SESSION_SECRET: ctx.config.sessionSecret });
      other = await buildApp({ config, database: ctx.database });
      await other.ready();
    });
    afterAll(async () => other?.close());

    it("count one device's failures together", async () => {
      const { user, browser } = await victim();
      const there = browser.on(other);
      for (let i = 0; i < 5; i++) {
        expect((await browser.login(user.email, WRONG)).statusCode).toBe(401);
        expect((await there.login(user.email, WRONG)).statusCode).toBe(401);
      }
      expectRefused(await browser.login(user.email, user.password));
      expectRefused(await there.login(user.email, user.password));
    });
  });
});
