import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { migrationsDir } from './migrations';
import { listenPglite, listenPostgres, type ListenHandlers, type Listener } from './listener';
import { withNamedStatements } from './pglite-statements';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one database type the code uses: both drivers are PostgreSQL dialect through Drizzle. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything a repository can run a query on. */
export type Queryable = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /** Rejects when the database does not answer `select 1` within `timeoutMs`. */
  ping(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
  /**
   * LISTEN on `channel` (db/listener.ts): on PostgreSQL one dedicated connection per call that
   * reconnects by itself, on PGlite the embedded instance's own. Close the listener before the database.
   */
  listen(channel: string, handlers: ListenHandlers): Promise<Listener>;
  /** PostgreSQL server only: the pool's connections now (open, idle) and the queries waiting for one. */
  poolStats?(): { total: number; idle: number; waiting: number };
  /** PGlite only: the embedded instance (tests dump and load snapshots through it). */
  pglite?: PGlite;
}

export interface DatabaseOptions {
  databaseUrl?: string;
  dataDir: string;
  /**
   * PGlite only: boot from a dumped data directory (test snapshots: ~0.4 s instead of initdb's 1–2 s).
   */
  loadDataDir?: Blob;
  onError?: (err: Error) => void;
  /** PostgreSQL server: time allowed to get a connection (default 3 s). */
  connectTimeoutMs?: number;
  /** PostgreSQL server: time allowed to one statement (default 15 s). */
  queryTimeoutMs?: number;
}

/** Rejects after `ms` unless the promise settled first. */
function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Where the embedded database keeps its files under DATA_DIR. */
export const pgliteDataDir = (dataDir: string) => path.join(dataDir, 'pgdata');

/**
 * The embedded database lives in the server's memory, so its buffer cache does too. PostgreSQL's
 * default 128 MB of shared buffers filled up under the bench's search load (520 villas) and held
 * the server at ~480 MB; with 32 MB it stays ~120 MB lower and answers as fast (pages past the cache
 * are read from the data directory's files, which the operating system caches). With the search
 * index deciding searches (decision 021) the buffers mostly serve its check and the cards: 16 MB held
 * the server 31 MB lower again after the bench's load (295 → 264 MB), with the raw SQL searches and
 * the routes as fast within the run-to-run spread (docs/perf/search-plans.md, fifth round).
 */
const PGLITE_SETTINGS = ['-c', 'shared_buffers=16MB'];

/** Read statements PGlite keeps parsed and planned (pglite-statements.ts); the search has ~10 shapes. */
const NAMED_STATEMENTS = 100;

/** The advisory lock key every instance takes around migrating (any constant; this one spells "VILA"). */
const MIGRATION_LOCK = 0x56494c41;

/**
 * Instances started together on one PostgreSQL migrate one at a time: the first holds a session
 * advisory lock while it applies what is pending, the others wait for it and then find nothing to do.
 * (Without it both would run the same migration and one would fail on objects the other created.)
 */
async function migrateOnce(pool: pg.Pool, migrate: () => Promise<void>): Promise<void> {
  const holder = await pool.connect();
  try {
    await holder.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await migrate();
    } finally {
      await holder.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    holder.release();
  }
}

export async function createDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const queryTimeout = opts.queryTimeoutMs ?? 15_000;
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: 10,
      // A server that is down or hangs must not hold requests for long: the error handler turns
      // these failures into 503 with Retry-After.
      connectionTimeoutMillis: opts.connectTimeoutMs ?? 3000,
      query_timeout: queryTimeout + 1000,
      statement_timeout: queryTimeout,
    });
    // Without a listener an idle client's error (e.g. a server restart) would kill the process.
    pool.on('error', (err) => opts.onError?.(err));
    const db = drizzleNodePg({ client: pool, schema, casing: 'snake_case' }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      migrate: () => migrateOnce(pool, () => migrateNodePg(db as never, { migrationsFolder: migrationsDir })),
      ping: async (timeoutMs = 2000) => {
        await within(pool.query('select 1'), timeoutMs);
      },
      close: () => pool.end(),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      listen: (channel, handlers) =>
        listenPostgres(
          { connectionString: opts.databaseUrl!, connectTimeoutMs: opts.connectTimeoutMs ?? 3000 },
          channel,
          handlers,
        ),
    };
  }
  let dataDir: string | undefined;
  if (opts.dataDir !== ':memory:') {
    dataDir = pgliteDataDir(opts.dataDir);
    mkdirSync(opts.dataDir, { recursive: true });
  }
  const client = await PGlite.create({
    dataDir,
    loadDataDir: opts.loadDataDir,
    startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS],
  });
  const db = drizzlePglite({
    client: withNamedStatements(client, NAMED_STATEMENTS),
    schema,
    casing: 'snake_case',
  }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pglite: client,
    migrate: () => migratePglite(db as never, { migrationsFolder: migrationsDir }),
    ping: async (timeoutMs = 2000) => {
      await within(client.query('select 1'), timeoutMs);
    },
    close: () => client.close(),
    listen: (channel, handlers) => listenPglite(client, channel, handlers),
  };
}

/** The PostgreSQL error code of a failed query (Drizzle wraps it: at `err.cause.code`). */
export function pgErrorCode(err: unknown): string | undefined {
  const e = err as { code?: unknown; cause?: { code?: unknown } };
  const code = e?.cause?.code ?? e?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * True when the error means the database could not be reached or did not answer in time (server
 * down, restarting, connection lost, pool or statement time-out): the request may be retried.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  const code = pgErrorCode(err);
  // 08: connection exception; 57P01-57P03: shutdown / cannot connect now; 57014: statement
  // time-out (query_canceled); 53300: too many connections.
  if (code && (/^08/.test(code) || /^57P0[123]$/.test(code) || code === '57014' || code === '53300')) {
    return true;
  }
  if (code && /^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EHOSTUNREACH|ENOTFOUND|EPIPE|EAI_AGAIN)$/.test(code)) {
    return true;
  }
  const e = err as { message?: unknown; cause?: { message?: unknown } };
  const message = `${String(e?.message ?? '')} ${String(e?.cause?.message ?? '')}`;
  return /timeout exceeded when trying to connect|Connection terminated|Query read timeout|Client has encountered a connection error|connect ECONNREFUSED|Connection ended unexpectedly/i.test(
    message,
  );
}

export function pgConstraint(err: unknown): string | undefined {
  const e = err as { constraint?: unknown; cause?: { constraint?: unknown } };
  const c = e?.cause?.constraint ?? e?.constraint;
  return typeof c === 'string' ? c : undefined;
}

/**
 * Runs `attempt` (start-up work: migrations) again while the database is unreachable — refused,
 * timed out, still starting up — for at most `waitMs`, pausing 0.25, 0.5, 1, then 2 s between
 * attempts. Any other error, or one after the deadline, is thrown as it came.
 */
export async function retryWhileUnavailable<T>(
  attempt: () => Promise<T>,
  opts: {
    waitMs: number;
    onRetry?: (err: unknown, pauseMs: number) => void;
    sleep?: (ms: number) => Promise<void>;
  },
): Promise<T> {
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const deadline = Date.now() + opts.waitMs;
  for (let n = 0; ; n++) {
    try {
      return await attempt();
    } catch (err) {
      const pauseMs = Math.min(2000, 250 * 2 ** n);
      if (!isDatabaseUnavailable(err) || Date.now() + pauseMs > deadline) throw err;
      opts.onRetry?.(err, pauseMs);
      await sleep(pauseMs);
    }
  }
}
