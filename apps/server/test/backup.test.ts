import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { backup } from '../src/cli/backup';
import { restore } from '../src/cli/restore';
import { processEnv } from '../src/config/env';
import { createDatabase, type Database } from '@villas/db/client';
import { dailyPricing, properties, users } from '@villas/db/schema';
import { serverRoot } from '../src/paths';
import { createProperty, createUser } from './factories';

const temps: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'villas-backup-test-'));
  temps.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
});

/** A user, a property and one night's price: what must survive the round trip. */
async function fill(database: Database) {
  const user = await createUser(database.db, { email: `backup-${randomUUID()}@example.com` });
  const property = await createProperty(database.db, { basePricePerNight: '1234.50' });
  await database.db
    .insert(dailyPricing)
    .values({ propertyId: property.id, date: '2027-07-01', price: '1500.00' });
  return { email: user.email, propertyId: property.id, name: property.name };
}

async function readBack(database: Database, rows: Awaited<ReturnType<typeof fill>>) {
  const [user] = await database.db.select().from(users).where(eq(users.email, rows.email));
  const [property] = await database.db.select().from(properties).where(eq(properties.id, rows.propertyId));
  const prices = await database.db
    .select()
    .from(dailyPricing)
    .where(eq(dailyPricing.propertyId, rows.propertyId));
  return {
    email: user?.email,
    name: property?.name,
    base: property?.basePricePerNight,
    prices: prices.map((p) => [p.date, p.price]),
  };
}

describe('embedded database (PGlite)', () => {
  it('backs up a data directory and restores it into another DATA_DIR', { timeout: 120_000 }, async () => {
    const source = tempDir();
    const database = await createDatabase({ dataDir: source });
    await database.migrate();
    const rows = await fill(database);
    await database.close();

    const lines: string[] = [];
    const file = await backup({
      dataDir: source,
      out: path.join(source, 'backups', 'b.tar.gz'),
      log: (l) => lines.push(l),
    });
    expect(file).toBe(path.join(source, 'backups', 'b.tar.gz'));
    expect(statSync(file).size).toBeGreaterThan(0);
    expect(lines.at(-1)).toMatch(/^backup written/);

    const target = tempDir();
    expect(await restore({ dataDir: target, file })).toEqual({ kind: 'pglite', movedAside: undefined });
    const restored = await createDatabase({ dataDir: target });
    expect(await readBack(restored, rows)).toEqual({
      email: rows.email,
      name: rows.name,
      base: '1234.50',
      prices: [['2027-07-01', '1500.00']],
    });
    await restored.close();

    // Over a non-empty data directory: refused without --yes, moved aside (not deleted) with it.
    await expect(restore({ dataDir: target, file })).rejects.toThrow(/already holds a database: add --yes/);
    const result = await restore({ dataDir: target, file, yes: true });
    expect(result.movedAside).toMatch(/pgdata\.before-restore-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ$/);
    expect(readdirSync(result.movedAside!)).toContain('PG_VERSION');
    const again = await createDatabase({ dataDir: target });
    expect((await readBack(again, rows)).email).toBe(rows.email);
    await again.close();
  });

  it('refuses to back up a DATA_DIR without a database and a file of the wrong kind', async () => {
    const empty = tempDir();
    await expect(backup({ dataDir: empty, out: path.join(empty, 'x.tar.gz') })).rejects.toThrow(
      /no embedded database at/,
    );
    expect(existsSync(path.join(empty, 'x.tar.gz'))).toBe(false);
    await expect(restore({ dataDir: empty, file: path.join(serverRoot, 'package.json') })).rejects.toThrow(
      /not a db:backup file/,
    );
  });

  it('command line: one clear line and exit 1 on failure', () => {
    const dataDir = tempDir();
    const tsx = path.join(serverRoot, '../../node_modules/.bin/tsx');
    const env = { ...processEnv, DATA_DIR: dataDir, DATABASE_URL: '' };
    const r = spawnSync(
      tsx,
      [path.join(serverRoot, 'src/cli/restore.ts'), path.join(dataDir, 'missing.tar.gz')],
      {
        env,
        encoding: 'utf8',
      },
    );
    expect(r.status).toBe(1);
    expect(r.stderr.trim()).toBe(`db:restore: no such file: ${path.join(dataDir, 'missing.tar.gz')}`);
  });
});

describe.skipIf(!processEnv.DATABASE_URL)('PostgreSQL server', () => {
  const url = processEnv.DATABASE_URL!;
  const names: string[] = [];
  const admin = new pg.Client({ connectionString: url });
  const urlOf = (name: string) => {
    const u = new URL(url);
    u.pathname = `/${name}`;
    return u.toString();
  };
  async function scratch(): Promise<string> {
    if (!names.length) await admin.connect();
    const name = `villas_bk_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    names.push(name);
    await admin.query(`create database ${name}`);
    return name;
  }
  afterAll(async () => {
    for (const name of names) await admin.query(`drop database if exists ${name} with (force)`);
    if (names.length) await admin.end();
  });

  it('backs up with pg_dump and restores into another database', async () => {
    const dir = tempDir();
    const sourceUrl = urlOf(await scratch());
    const source = await createDatabase({ databaseUrl: sourceUrl, dataDir: dir });
    await source.migrate();
    const rows = await fill(source);
    await source.close();

    const file = await backup({ dataDir: dir, databaseUrl: sourceUrl, out: path.join(dir, 'b.dump') });
    expect(statSync(file).size).toBeGreaterThan(0);

    const targetUrl = urlOf(await scratch());
    expect(await restore({ dataDir: dir, databaseUrl: targetUrl, file })).toEqual({ kind: 'postgres' });
    const target = await createDatabase({ databaseUrl: targetUrl, dataDir: dir });
    expect(await readBack(target, rows)).toEqual({
      email: rows.email,
      name: rows.name,
      base: '1234.50',
      prices: [['2027-07-01', '1500.00']],
    });
    await target.close();

    // The database now has tables: refused without --yes, replaced with it.
    await expect(restore({ dataDir: dir, databaseUrl: targetUrl, file })).rejects.toThrow(/add --yes/);
    await restore({ dataDir: dir, databaseUrl: targetUrl, file, yes: true });
    const again = await createDatabase({ databaseUrl: targetUrl, dataDir: dir });
    expect((await readBack(again, rows)).email).toBe(rows.email);
    await again.close();

    // A missing file is one clear error.
    await expect(
      restore({ dataDir: dir, databaseUrl: targetUrl, file: path.join(dir, 'nothing') }),
    ).rejects.toThrow(/no such file/);
  });
});
