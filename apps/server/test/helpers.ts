import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp, type App } from '../src/app';
import { processEnv, testConfig, type Config } from '../src/config/env';
import { createDatabase, type Database, type Db } from '@villas/db/client';

export interface TestContext {
  app: App;
  db: Db;
  database: Database;
  config: Config;
  close(): Promise<void>;
}

/**
 * Drops a test database, ending its connections. An autovacuum worker busy in it (after a file that
 * wrote a lot) belongs to no role the test's role may end, so the drop is refused (42501) until the
 * worker is done: retried for up to ~10 s.
 */
async function dropDatabase(admin: pg.Client, name: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await admin.query(`drop database if exists ${name} with (force)`);
      return;
    } catch (err) {
      if ((err as { code?: string }).code !== '42501' || attempt >= 50) throw err;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

/** A fresh database for one test file: a PGlite snapshot, or a clone of the PostgreSQL template. */
async function freshDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const url = processEnv.DATABASE_URL;
  const template = inject('postgresTemplate');
  if (url && template) {
    const name = `villas_t_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name} template ${template}`);
    const u = new URL(url);
    u.pathname = `/${name}`;
    const database = await createDatabase({ databaseUrl: u.toString(), dataDir: ':memory:' });
    return {
      database,
      drop: async () => {
        await dropDatabase(admin, name);
        await admin.end();
      },
    };
  }
  const snapshot = await readFile(inject('pgliteSnapshot'));
  const database = await createDatabase({ dataDir: ':memory:', loadDataDir: new Blob([snapshot]) });
  return { database, drop: async () => undefined };
}

export async function createTestContext(env: Record<string, string> = {}): Promise<TestContext> {
  const config = testConfig(env);
  const { database, drop } = await freshDatabase();
  const app = await buildApp({ config, database });
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    config,
    close: async () => {
      await app.close();
      await database.close();
      await drop();
    },
  };
}

/**
 * Registers beforeAll/afterAll for a file and returns the context (filled once beforeAll ran). `env`
 * may be a function, read in that beforeAll: settings that name what earlier hooks started (a fake
 * server's port in OUTBOUND_ALLOW_HOSTS).
 */
export function useTestContext(
  env: Record<string, string> | (() => Record<string, string>) = {},
): TestContext {
  const ctx = {} as TestContext;
  beforeAll(async () => {
    Object.assign(ctx, await createTestContext(typeof env === 'function' ? env() : env));
  });
  afterAll(async () => {
    await ctx.close?.();
  });
  return ctx;
}

/**
 * Another app instance on the test's database, as behind a load balancer: on PostgreSQL with its own
 * connection pool (its statements really run beside the first instance's), on PGlite sharing the one
 * embedded database of this process. `close` ends the app, then its pool.
 */
export async function secondInstance(
  ctx: TestContext,
  config: Config = testConfig(),
): Promise<{ app: App; close(): Promise<void> }> {
  let database = ctx.database;
  let own: Database | undefined;
  if (processEnv.DATABASE_URL) {
    const result = (await ctx.db.execute(sql`select current_database() as name`)) as unknown as {
      rows: Array<{ name: string }>;
    };
    const url = new URL(processEnv.DATABASE_URL);
    url.pathname = `/${result.rows[0]!.name}`;
    database = own = await createDatabase({ databaseUrl: url.toString(), dataDir: ':memory:' });
  }
  const app = await buildApp({ config, database });
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      await own?.close();
    },
  };
}
