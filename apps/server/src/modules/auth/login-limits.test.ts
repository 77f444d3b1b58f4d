import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp, type App } from '../../app';
import { testConfig } from '../../config/env';
import { createUser } from '../../../test/factories';
import { secondInstance, useTestContext } from '../../../test/helpers';
import { tryAgainIn } from '../../lib/errors';
import { LoginLimiter } from './login-limits';

// Counts password verifications (the real Argon2id still runs): a refused attempt must cost none.
const argon = vi.hoisted(() => ({ verifications: 0 }));
vi.mock('@villas/db/password', async (importOriginal) => {
  const real = await importOriginal<typeof import('@villas/db/password')>();
  return {
    ...real,
    verifyPassword: (hashed: string, password: string) => {
      argon.verifications++;
      return real.verifyPassword(hashed, password);
    },
  };
});

const LIMITS = {
  LOGIN_ACCOUNT_MAX_FAILURES: '3',
  LOGIN_ACCOUNT_LOCK_SECONDS: '60',
  LOGIN_ACCOUNT_MAX_LOCK_SECONDS: '900',
  LOGIN_ADDRESS_MAX_FAILURES: '6',
  LOGIN_ADDRESS_WINDOW_SECONDS: '900',
};
const ctx = useTestContext(LIMITS);

/** Each test signs in from its own addresses, so the address limit of one does not touch another. */
let net = 0;
const addresses = () => {
  net++;
  let host = 0;
  return () => `10.${net}.0.${++host}`;
};

const login = (app: App, payload: { email: string; password: string }, remoteAddress: string) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload, remoteAddress });

const WRONG = 'wrong-password-1';

function expectAccountLocked(res: Awaited<ReturnType<typeof login>>, seconds = 60) {
  expect(res.statusCode).toBe(429);
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(seconds - 5);
  expect(retryAfter).toBeLessThanOrEqual(seconds);
  expect(res.json()).toEqual({
    code: 'RATE_LIMITED',
    message: `Too many failed sign-in attempts. ${tryAgainIn(retryAfter)}`,
    requestId: expect.any(String),
    details: { retryAfterSeconds: retryAfter },
  });
  expect(res.cookies.find((c) => c.name === 'sid')).toBeUndefined();
}

describe('per account: consecutive failures lock it, with back-off', () => {
  it('answers 429 with Retry-After and a message after 3 failures, before any password check', async () => {
    const ip = addresses();
    const u = await createUser(ctx.db);
    for (let i = 0; i < 3; i++) {
      expect((await login(ctx.app, { email: u.email, password: WRONG }, ip())).statusCode).toBe(401);
    }
    const before = argon.verifications;
    const locked = await login(ctx.app, { email: u.email, password: WRONG }, ip());
    expectAccountLocked(locked);
    expect(locked.json().message).toBe('Too many failed sign-in attempts. Try again in 1 minute.');
    expect(argon.verifications).toBe(before);
  });

  it('refuses the correct password while the account is locked', async () => {
    const ip = addresses();
    const u = await createUser(ctx.db);
    for (let i = 0; i < 3; i++) await login(ctx.app, { email: u.email, password: WRONG }, ip());
    const before = argon.verifications;
    expectAccountLocked(await login(ctx.app, { email: u.email, password: u.password }, ip()));
    expect(argon.verifications).toBe(before);
  });

  it('counts the e-mail whatever its case and spacing', async () => {
    const ip = addresses();
    const u = await createUser(ctx.db);
    for (const email of [u.email.toUpperCase(), ` ${u.email}`, u.email]) {
      expect((await login(ctx.app, { email, password: WRONG }, ip())).statusCode).toBe(401);
    }
    expectAccountLocked(await login(ctx.app, { email: u.email.toUpperCase(), password: u.password }, ip()));
  });

  it('a successful sign-in resets the count', async () => {
    const ip = addresses();
    const u = await createUser(ctx.db);
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 2; i++) {
        expect((await login(ctx.app, { email: u.email, password: WRONG }, ip())).statusCode).toBe(401);
      }
      expect((await login(ctx.app, { email: u.email, password: u.password }, ip())).statusCode).toBe(200);
    }
  });

  it('treats an unknown e-mail exactly like an account (no enumeration)', async () => {
    const ip = addresses();
    const email = `nobody-${Date.now()}@example.com`;
    for (let i = 0; i < 3; i++) {
      const res = await login(ctx.app, { email, password: WRONG }, ip());
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Invalid credentials');
    }
    expectAccountLocked(await login(ctx.app, { email, password: WRONG }, ip()));
  });

  it('locks an account attacked from many addresses', async () => {
    const ip = addresses();
    const u = await createUser(ctx.db);
    for (let i = 0; i < 3; i++) {
      expect((await login(ctx.app, { email: u.email, password: WRONG }, ip())).statusCode).toBe(401);
    }
    for (let i = 0; i < 3; i++) {
      expectAccountLocked(await login(ctx.app, { email: u.email, password: WRONG }, ip()));
    }
  });

  it('lets only 3 of many simultaneous wrong attempts reach the password check', async () => {
    const ip = addresses();
    const u = await createUser(ctx.db);
    const before = argon.verifications;
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => login(ctx.app, { email: u.email, password: WRONG }, ip())),
    );
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(9);
    expect(argon.verifications - before).toBe(3);
  });

  it('doubles the lock with each further failure, up to the maximum', async () => {
    const fast = await buildApp({
      config: testConfig({
        ...LIMITS,
        LOGIN_ACCOUNT_LOCK_SECONDS: '1',
        LOGIN_ACCOUNT_MAX_LOCK_SECONDS: '2',
      }),
      database: ctx.database,
    });
    // The limiter reads the clock through Date: the test moves it instead of waiting for it.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const ip = addresses();
      const u = await createUser(ctx.db);
      for (let i = 0; i < 3; i++) await login(fast, { email: u.email, password: WRONG }, ip());
      expectAccountLocked(await login(fast, { email: u.email, password: WRONG }, ip()), 1);
      let lock = 1;
      for (const next of [2, 2]) {
        // Just before the lock ends the account is still closed…
        vi.setSystemTime(Date.now() + lock * 1000 - 100);
        expectAccountLocked(await login(fast, { email: u.email, password: WRONG }, ip()), 1);
        // …once it is over, one more try, which fails and locks for twice as long (at most 2 s).
        vi.setSystemTime(Date.now() + 150);
        expect((await login(fast, { email: u.email, password: WRONG }, ip())).statusCode).toBe(401);
        expectAccountLocked(await login(fast, { email: u.email, password: WRONG }, ip()), next);
        lock = next;
      }
    } finally {
      vi.useRealTimers();
      await fast.close();
    }
  });

  it('computes 1, 2, 4, 8 then 15 minutes by default', () => {
    const limiter = new LoginLimiter(ctx.db, testConfig().login);
    expect([1, 4, 5, 6, 7, 8, 9, 10, 50, 5000].map((n) => limiter.lockSeconds(n))).toEqual([
      0, 0, 60, 120, 240, 480, 900, 900, 900, 900,
    ]);
    expect(tryAgainIn(900)).toBe('Try again in 15 minutes.');
    expect(tryAgainIn(61)).toBe('Try again in 2 minutes.');
    expect(tryAgainIn(60)).toBe('Try again in 1 minute.');
    expect(tryAgainIn(30)).toBe('Try again in 30 seconds.');
  });
});

describe('per address: failures across accounts', () => {
  it('stops one address spraying many accounts, and only that address', async () => {
    const ip = addresses();
    const sprayer = ip();
    for (let i = 0; i < 6; i++) {
      const u = await createUser(ctx.db);
      expect((await login(ctx.app, { email: u.email, password: WRONG }, sprayer)).statusCode).toBe(401);
    }
    const fresh = await createUser(ctx.db);
    const before = argon.verifications;
    const limited = await login(ctx.app, { email: fresh.email, password: fresh.password }, sprayer);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(800);
    expect(limited.json()).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'Too many failed sign-in attempts from this network. Try again in 15 minutes.',
    });
    expect(argon.verifications).toBe(before);
    // The account itself is not locked: from another address it signs in.
    expect((await login(ctx.app, { email: fresh.email, password: fresh.password }, ip())).statusCode).toBe(
      200,
    );
  });

  it('does not count successful sign-ins', async () => {
    const ip = addresses();
    const office = ip();
    const users = await Promise.all(Array.from({ length: 10 }, () => createUser(ctx.db)));
    for (const u of users) {
      expect((await login(ctx.app, { email: u.email, password: u.password }, office)).statusCode).toBe(200);
    }
    for (let i = 0; i < 6; i++) {
      const res = await login(ctx.app, { email: users[i]!.email, password: WRONG }, office);
      expect(res.statusCode).toBe(401);
    }
    expect((await login(ctx.app, { email: users[9]!.email, password: WRONG }, office)).statusCode).toBe(429);
  });
});

describe('two app instances on one database', () => {
  let other: App;
  let instance: Awaited<ReturnType<typeof secondInstance>> | undefined;

  beforeAll(async () => {
    instance = await secondInstance(ctx, testConfig(LIMITS));
    other = instance.app;
  });
  afterAll(async () => {
    await instance?.close();
  });

  it('share the account counter and its reset', async () => {
    const ip = addresses();
    const u = await createUser(ctx.db);
    const wrong = { email: u.email, password: WRONG };
    expect((await login(ctx.app, wrong, ip())).statusCode).toBe(401);
    expect((await login(other, wrong, ip())).statusCode).toBe(401);
    // A success on one instance resets the count for both.
    expect((await login(other, { email: u.email, password: u.password }, ip())).statusCode).toBe(200);
    expect((await login(ctx.app, wrong, ip())).statusCode).toBe(401);
    expect((await login(other, wrong, ip())).statusCode).toBe(401);
    expect((await login(ctx.app, wrong, ip())).statusCode).toBe(401);
    expectAccountLocked(await login(other, { email: u.email, password: u.password }, ip()));
    expectAccountLocked(await login(ctx.app, { email: u.email, password: u.password }, ip()));
  });

  it('share the address counter', async () => {
    const ip = addresses();
    const sprayer = ip();
    for (let i = 0; i < 6; i++) {
      const u = await createUser(ctx.db);
      const app = i % 2 ? other : ctx.app;
      expect((await login(app, { email: u.email, password: WRONG }, sprayer)).statusCode).toBe(401);
    }
    const u = await createUser(ctx.db);
    expect((await login(other, { email: u.email, password: WRONG }, sprayer)).statusCode).toBe(429);
  });
});
