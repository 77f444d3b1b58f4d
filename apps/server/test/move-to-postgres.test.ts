import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '@villas/db/client';
import { buildApp, type App } from '../src/app';
import { moveToPostgres } from '../src/cli/move-to-postgres';
import { processEnv, testConfig } from '../src/config/env';
import { buildWorld, SAMPLES, type World } from './route-samples';

/**
 * `db:move-to-postgres`: an embedded database holding links, inquiries, holds, stay rules, custom
 * prices (and the stay sums they make), a sync report and an API connection, moved into an empty
 * PostgreSQL database: every table has the same rows, the same searches give the same answers, a
 * session and the connection's stored key still work there (same secret); a second move refuses the
 * target, which now holds data.
 */
const config = testConfig();
const temps: string[] = [];
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => undefined);
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
});

const SEARCHES = [
  '/api/properties',
  '/api/properties?page=1&pageSize=12',
  '/api/properties?checkIn=2031-06-01&checkOut=2031-06-08&page=1&pageSize=12',
  '/api/properties?bedrooms=2&page=1&pageSize=12',
];

async function tableCounts(db: Database['db']): Promise<Record<string, number>> {
  const tables = (await db.execute(
    sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
  )) as unknown as { rows: Array<{ name: string }> };
  const counts: Record<string, number> = {};
  for (const { name } of tables.rows) {
    const r = (await db.execute(sql.raw(`select count(*)::int as n from "${name}"`))) as unknown as {
      rows: Array<{ n: number }>;
    };
    counts[name] = r.rows[0]!.n;
  }
  return counts;
}

async function answers(app: App, w: World) {
  const out: Record<string, unknown> = {};
  for (const url of SEARCHES) {
    const res = await app.inject({ url, headers: { cookie: w.cookies.agentA! } });
    out[url] = [res.statusCode, res.json()];
  }
  const conns = await app.inject({
    url: '/api/admin/api-connections',
    headers: { cookie: w.cookies.admin! },
  });
  out.connections = [conns.statusCode, conns.json()];
  const link = await app.inject({ url: `/api/white-label/${w.link.uuid}/stay-rules` });
  out.linkStayRules = [link.statusCode, link.json()];
  return out;
}

describe.skipIf(!processEnv.DATABASE_URL)('moving the embedded database to PostgreSQL', () => {
  it('copies every row, keeps searches, sessions and stored keys working, and refuses a second move', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'villas-move-'));
    temps.push(dataDir);
    const source = await createDatabase({ dataDir });
    await source.migrate();
    const app = await buildApp({ config, database: source });
    await app.ready();
    const w = await buildWorld(app, source.db);
    const call = async (key: string, cookie: string) => {
      const r = await SAMPLES[key]!.request(w);
      const res = await app.inject({
        method: key.split(' ')[0] as 'POST',
        url: r.url,
        payload: r.payload as object,
        headers: { cookie },
      });
      expect(res.statusCode, `${key}: ${res.body}`).toBeLessThan(300);
    };
    await call('POST /api/daily-pricing/bulk', w.cookies.admin!);
    await call('POST /api/admin/properties/:propertyId/stay-rules', w.cookies.admin!);
    await call('POST /api/holds', w.cookies.agentA!);
    const before = await answers(app, w);
    const counts = await tableCounts(source.db);
    await app.close();
    await source.close();
    expect(counts.stay_sums).toBeGreaterThan(0);
    expect(counts.holds).toBe(1);

    const admin = new pg.Client({ connectionString: processEnv.DATABASE_URL });
    await admin.connect();
    const name = `villas_mv_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
    await admin.query(`create database ${name}`);
    cleanups.push(async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    });
    const url = new URL(processEnv.DATABASE_URL!);
    url.pathname = `/${name}`;

    const lines: string[] = [];
    const { rows } = await moveToPostgres({ dataDir, targetUrl: url.toString(), log: (l) => lines.push(l) });
    expect(lines).toContain(`holds: 1 rows`);
    expect(Object.keys(rows).sort()).toEqual(Object.keys(counts).sort());

    const target = await createDatabase({ databaseUrl: url.toString(), dataDir: ':memory:' });
    cleanups.push(() => target.close());
    expect(await tableCounts(target.db)).toEqual(counts);
    const moved = await buildApp({ config, database: target });
    cleanups.push(() => moved.close());
    await moved.ready();
    expect(await answers(moved, w)).toEqual(before);
    // New rows continue the sequences: no id is handed out twice.
    const next = await moved.inject({
      method: 'POST',
      url: '/api/inquiries',
      payload: { firstName: 'After', lastName: 'Move', email: 'after@example.com', message: 'Hello again' },
    });
    expect(next.statusCode, next.body).toBe(201);

    await expect(moveToPostgres({ dataDir, targetUrl: url.toString() })).rejects.toThrow(
      /the target database already holds data \(table \w+\): give an empty database/,
    );
  }, 180_000);
});
