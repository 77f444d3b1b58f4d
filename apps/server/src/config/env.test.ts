import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env';

describe('configuration', () => {
  it('has working defaults', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cfg-'));
    const c = loadConfig({ DATA_DIR: dir });
    expect(c.port).toBe(3000);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.dataDir).toBe(dir);
    expect(c.company.brandName).toBeTruthy();
    // The session secret is generated once and kept under DATA_DIR, never a hard-coded default.
    expect(c.sessionSecret).toHaveLength(64);
    expect(readFileSync(path.join(dir, 'secret.key'), 'utf8')).toBe(c.sessionSecret);
    expect(loadConfig({ DATA_DIR: dir }).sessionSecret).toBe(c.sessionSecret);
  });

  it('reports one line per bad value', () => {
    try {
      loadConfig({
        PORT: 'abc',
        DATABASE_URL: 'mysql://x',
        SMTP_URL: 'http://mail',
        LOG_LEVEL: 'loud',
        DATA_DIR: ':memory:',
      });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const problems = (err as ConfigError).problems;
      expect(problems).toHaveLength(4);
      expect(problems.join('\n')).toMatch(/PORT: must be a number/);
      expect(problems.join('\n')).toMatch(/DATABASE_URL: must be a URL starting with postgres:/);
      expect(problems.join('\n')).toMatch(/SMTP_URL/);
      expect(problems.join('\n')).toMatch(/LOG_LEVEL/);
    }
  });

  it('turns the search index on by default, off with SEARCH_INDEX=off, and names a bad value', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cfg-'));
    expect(loadConfig({ DATA_DIR: dir }).searchIndex).toBe(true);
    expect(loadConfig({ DATA_DIR: dir, SEARCH_INDEX: 'off' }).searchIndex).toBe(false);
    expect(() => loadConfig({ DATA_DIR: dir, SEARCH_INDEX: 'maybe' })).toThrow(
      expect.objectContaining({ problems: [expect.stringMatching(/SEARCH_INDEX: must be 'on' or 'off'/)] }),
    );
  });

  it('needs ADMIN_EMAIL and ADMIN_PASSWORD together', () => {
    expect(() => loadConfig({ DATA_DIR: ':memory:', ADMIN_EMAIL: 'a@b.co' })).toThrow(/set both or neither/);
    expect(
      loadConfig({ DATA_DIR: ':memory:', ADMIN_EMAIL: 'a@b.co', ADMIN_PASSWORD: 'long-enough' }).admin,
    ).toEqual({
      email: 'a@b.co',
      password: 'long-enough',
    });
  });

  it('reads brand and company details from the environment', () => {
    const c = loadConfig({
      DATA_DIR: ':memory:',
      BRAND_NAME: 'Casa Blu',
      COMPANY_NAME: 'Casa Blu Ltd',
      COMPANY_NUMBER: 'SC000001',
      SEED_DEMO: 'false',
    });
    expect(c.company).toMatchObject({ brandName: 'Casa Blu', name: 'Casa Blu Ltd', number: 'SC000001' });
    expect(c.seedDemo).toBe(false);
  });

  it('bounds connections, and leaves the per-address cap to a trusted proxy', () => {
    const c = loadConfig({ DATA_DIR: ':memory:' });
    expect(c.connections).toEqual({ max: 2000, perAddress: 256 });
    expect(c.requestTimeoutMs).toBe(30_000);
    expect(c.uploadRequestTimeoutMs).toBe(120_000);
    expect(c.pressure).toEqual({ maxEventLoopDelayMs: 1000, maxHeapPercent: 90 });
    expect(loadConfig({ DATA_DIR: ':memory:', TRUST_PROXY: 'true' }).connections.perAddress).toBeUndefined();
    expect(() =>
      loadConfig({ DATA_DIR: ':memory:', REQUEST_TIMEOUT_MS: '60000', UPLOAD_REQUEST_TIMEOUT_MS: '30000' }),
    ).toThrow(/UPLOAD_REQUEST_TIMEOUT_MS: must be at least REQUEST_TIMEOUT_MS/);
    expect(() => loadConfig({ DATA_DIR: ':memory:', PRESSURE_MAX_HEAP_PERCENT: '120' })).toThrow(
      /PRESSURE_MAX_HEAP_PERCENT/,
    );
  });
});
