import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { testConfig } from '../src/config/env';
import { useTestContext } from './helpers';

/**
 * Behind a proxy without TRUST_PROXY every client has the proxy's address, so the per-address limits
 * (forms, sign-in) hold them all together: the server says so in its log, once.
 */
const ctx = useTestContext();

const WARNING =
  "requests carry X-Forwarded-For but TRUST_PROXY is off: every client shares the proxy's address for rate limits and sign-in limits — set TRUST_PROXY=true behind a proxy you trust";

/** An app on the test's database whose warnings land in `lines`. */
async function appLogging(env: Record<string, string>) {
  const lines: Array<{ level: number; msg: string }> = [];
  const app = await buildApp({
    config: testConfig(env),
    database: ctx.database,
    logger: { level: 'warn', stream: { write: (line: string) => lines.push(JSON.parse(line)) } },
  });
  await app.ready();
  return { app, warnings: () => lines.filter((l) => l.msg === WARNING) };
}

const forwarded = (n: number) => ({ 'x-forwarded-for': `203.0.113.${n}` });

describe('X-Forwarded-For without TRUST_PROXY', () => {
  it('is warned about once, at the first such request', async () => {
    const { app, warnings } = await appLogging({});
    try {
      await app.inject({ url: '/healthz' });
      expect(warnings()).toHaveLength(0);
      for (let i = 1; i <= 5; i++) {
        const res = await app.inject({ url: '/healthz', headers: forwarded(i) });
        expect(res.statusCode).toBe(200);
      }
      await app.inject({ method: 'POST', url: '/api/auth/login', headers: forwarded(9), payload: {} });
      expect(warnings()).toHaveLength(1);
      expect(warnings()[0]!.level).toBe(40);
    } finally {
      await app.close();
    }
  });

  it('is not warned about with TRUST_PROXY on', async () => {
    const { app, warnings } = await appLogging({ TRUST_PROXY: 'true' });
    try {
      for (let i = 1; i <= 3; i++) await app.inject({ url: '/healthz', headers: forwarded(i) });
      expect(warnings()).toHaveLength(0);
    } finally {
      await app.close();
    }
  });
});
