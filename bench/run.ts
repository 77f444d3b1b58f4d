/**
 * `npm run bench`: the search over HTTP, as an agent's browser meets it, beside the raw SQL.
 *
 * For each database — a fresh PGlite data directory always, and PostgreSQL too when DATABASE_URL is
 * set (a fresh database created beside it, dropped afterwards) — the bench:
 *  1. migrates and generates a catalogue (bench/generate.ts: villas × 365 nightly prices, blocked
 *     weeks, three images each);
 *  2. times each search shape's raw SQL (the statement `buildSearchQuery` builds for the route,
 *     through the driver: a pool of 10 connections on PostgreSQL, as a named statement like the
 *     route's prepared one; the embedded instance on PGlite, also by name, as the server's PGlite
 *     sends it (db/pglite-statements.ts))
 *     at the same concurrency as the HTTP load;
 *  3. starts the real server app (the production bundle `apps/server/dist/server.js`, rebuilt first
 *     from the current sources; or `src/server.ts` under tsx with BENCH_SERVER=tsx) on that database, signs in as the approved demo agent and loads each shape
 *     with autocannon (10 connections, the browser's Accept-Encoding), plus the health route;
 *  4. prices a 365-night range in one bulk call, then the same range in 365 single-date calls, as
 *     the demo administrator;
 *  5. reads the server's RSS after the load, stops it, and prints one table with p50/p95 per shape,
 *     the route/SQL ratio of the p95s, the targets and PASS/FAIL.
 * The whole run stops by itself after BENCH_TIMEOUT_S (exit code 2); it exits 1 when a target fails.
 *
 * Settings (environment):
 *   BENCH_PROPERTIES          villas on PostgreSQL (10000)
 *   BENCH_PGLITE_PROPERTIES   villas on PGlite (520, the size of the embedded demo)
 *   BENCH_DURATION_S          seconds of load per shape, for the route and for the SQL each (10)
 *   BENCH_CONNECTIONS         concurrent connections / queries (10)
 *   BENCH_TIMEOUT_S           the whole run stops after this (1800)
 *   BENCH_SERVER              dist (default: the server bundle, built by the bench) or tsx (sources)
 *   BENCH_PORT                the server's port (a free one when unset)
 *   BENCH_ONLY                pglite or postgres: run only that database
 *   BENCH_EXPLAIN=1           print EXPLAIN (ANALYZE, BUFFERS) of each shape's SQL
 *   BENCH_KEEP=1              keep the PGlite data directory / the PostgreSQL database
 *   BENCH_REUSE               a PostgreSQL database an earlier run kept (its name, e.g. villas_bench_4242):
 *                             measured as it is, without generating a catalogue (~6 min at 10,000
 *                             villas), and kept; for comparing builds side by side
 *   DATABASE_URL              a PostgreSQL server whose role may CREATE DATABASE
 */
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { addDays, nightsBetween, type PropertySort, type Role } from '@villas/shared';
import autocannon from 'autocannon';
import { inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { processEnv } from '../apps/server/src/config/env';
import { createDatabase, type Database } from '@villas/db/client';
import { withNamedStatements } from '@villas/db/pglite-statements';
import { amenities } from '@villas/db/schema';
import { DEMO_ACCOUNTS } from '@villas/demo-data';
import { buildSearchQuery, type SearchParams } from '../apps/server/src/modules/properties/search.repository';
import { BENCH_START, generateCatalogue } from './generate';
import {
  buildServer,
  freePort,
  killServers,
  SERVER,
  spawnServer,
  stopServer,
  waitUntilReady,
} from './server';

const int = (name: string, fallback: number) => {
  const v = processEnv[name];
  const n = v == null || v === '' ? fallback : Number(v);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be a positive whole number`);
  return n;
};
const PG_PROPERTIES = int('BENCH_PROPERTIES', 10_000);
const PGLITE_PROPERTIES = int('BENCH_PGLITE_PROPERTIES', 520);
const DURATION_S = int('BENCH_DURATION_S', 10);
const CONNECTIONS = int('BENCH_CONNECTIONS', 10);
const TIMEOUT_S = int('BENCH_TIMEOUT_S', 1800);
const ONLY = processEnv.BENCH_ONLY;

/** The targets: p95 per search shape over HTTP at 10 connections, and route ≤ 1.5 × SQL. */
const TARGET_P95_MS = { PostgreSQL: 30, PGlite: 50 } as const;
const TARGET_RATIO = 1.5;
const TARGET_RSS_MB = 250;

const timer = setTimeout(() => {
  console.error(`bench: stopped after the ${TIMEOUT_S} s time limit (BENCH_TIMEOUT_S)`);
  killServers();
  process.exit(2);
}, TIMEOUT_S * 1000);
timer.unref();

const STAY = { checkIn: '2030-07-04', checkOut: '2030-07-11' };
if (STAY.checkIn < BENCH_START) throw new Error('bench: the stay must fall in the generated year');

interface Shape {
  name: string;
  body: Record<string, unknown>;
}

/** The search shapes, as the dashboard sends them (a page of 24 cards with its total). */
function shapes(amenityIds: number[]): Shape[] {
  return [
    { name: 'undated, all villas', body: { page: true } },
    {
      name: 'undated, country + bedrooms ≥ 5 + ≤ 30,000 €/week',
      body: { country: 'France', bedrooms: 5, maxPrice: 30_000, page: true },
    },
    { name: 'dated 7 nights, country', body: { country: 'Italy', ...STAY, page: true } },
    {
      name: 'dated 7 nights, country + 2 amenities',
      body: { country: 'Italy', ...STAY, amenityIds, page: true },
    },
    {
      name: 'dated 7 nights, all countries, ≤ 40,000 €/week',
      body: { ...STAY, maxPrice: 40_000, page: true },
    },
    { name: 'page 2 by price, all villas', body: { sort: 'price-asc', limit: 24, offset: 24 } },
  ];
}

/** The repository parameters the route builds from a body (properties.service: searchProperties). */
function paramsOf(body: Record<string, unknown>): SearchParams {
  const b = body as {
    country?: string;
    bedrooms?: number;
    maxPrice?: number;
    amenityIds?: number[];
    checkIn?: string;
    checkOut?: string;
    sort?: PropertySort;
    limit?: number;
    offset?: number;
  };
  return {
    country: b.country,
    bedrooms: b.bedrooms,
    maxPrice: b.maxPrice,
    amenityIds: b.amenityIds,
    stay:
      b.checkIn && b.checkOut
        ? { checkIn: b.checkIn, checkOut: b.checkOut, nights: nightsBetween(b.checkIn, b.checkOut) }
        : undefined,
    sort: b.sort ?? 'featured',
    limit: b.limit ?? 24,
    offset: b.offset ?? 0,
    withTotal: true,
  };
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}
interface Timing {
  p50: number;
  p95: number;
  count: number;
  errors: number;
}
const timing = (latencies: number[], errors = 0): Timing => {
  const s = [...latencies].sort((a, b) => a - b);
  return { p50: percentile(s, 50), p95: percentile(s, 95), count: s.length, errors };
};

/** `CONNECTIONS` loops running `run` back to back for `DURATION_S`, each call timed. */
async function loadLoop(run: () => Promise<unknown>): Promise<Timing> {
  const latencies: number[] = [];
  let errors = 0;
  const until = performance.now() + DURATION_S * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < until) {
        const t = performance.now();
        try {
          await run();
          latencies.push(performance.now() - t);
        } catch {
          errors++;
        }
      }
    }),
  );
  return timing(latencies, errors);
}

/** autocannon at `CONNECTIONS` for `DURATION_S`, every response's time kept (it reports no p95). */
async function loadHttp(opts: {
  url: string;
  method?: 'GET' | 'POST';
  cookie?: string;
  body?: unknown;
  durationS?: number;
}): Promise<Timing> {
  const latencies: number[] = [];
  let errors = 0;
  const instance = autocannon({
    url: opts.url,
    method: opts.method ?? 'GET',
    connections: CONNECTIONS,
    duration: opts.durationS ?? DURATION_S,
    headers: {
      'accept-encoding': 'gzip, deflate, br',
      ...(opts.cookie ? { cookie: opts.cookie } : {}),
      ...(opts.body ? { 'content-type': 'application/json' } : {}),
    },
    body: opts.body ? JSON.stringify(opts.body) : undefined,
  });
  instance.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => {
    if (status === 200) latencies.push(ms);
    else errors++;
  });
  await instance;
  return timing(latencies, errors);
}

/** The server app as `npm start` runs it, on this database; resolves once /readyz answers 200. */
async function startServer(env: Record<string, string>): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawnServer(port, env);
  const url = `http://127.0.0.1:${port}`;
  let readyAt = 0;
  await waitUntilReady(child, url, {
    name: 'bench',
    seconds: 600,
    notReady: 'bench: the server and its search index were not ready in 600 s',
    // Searches are measured once the search index has read the catalogue (it does so after start).
    ready: async (res) => {
      readyAt ||= performance.now();
      if (((await res.json()) as { search?: string }).search !== 'index') return false;
      console.log(`  search index read ${((performance.now() - readyAt) / 1000).toFixed(1)} s after ready`);
      return true;
    },
  });
  return { url, child };
}

/** Resident memory of a process in MB (Linux /proc, else ps). */
function rssMb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    if (kb) return kb / 1024;
  } catch {
    // not Linux
  }
  return NaN;
}

async function signIn(url: string, role: Role): Promise<string> {
  const account = DEMO_ACCOUNTS.find((a) => a.role === role && a.approved)!;
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  if (!res.ok)
    throw new Error(`bench: sign-in as ${account.email} failed: ${res.status} ${await res.text()}`);
  // Signing in sets one cookie: the session's.
  const [cookie] = res.headers.getSetCookie();
  if (!cookie) throw new Error('bench: no session cookie');
  return cookie.split(';')[0]!;
}

async function post(url: string, cookie: string, body: unknown): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify(body),
  });
}

interface Row {
  db: 'PGlite' | 'PostgreSQL';
  what: string;
  hits?: number;
  route?: Timing;
  sql?: Timing;
  note?: string;
  target?: string;
  pass?: boolean;
}

const statementNames = new Map<string, string>();
const statementName = (text: string) => {
  let name = statementNames.get(text);
  if (!name) statementNames.set(text, (name = `bench_${statementNames.size + 1}`));
  return name;
};

/** For EXPLAIN output only (bench-local, trusted values): inline the parameters as literals. */
function inline(text: string, params: unknown[]): string {
  return text.replace(/\$(\d+)/g, (_, i: string) => {
    const v = params[Number(i) - 1];
    if (v == null) return 'null';
    if (typeof v === 'number') return String(v);
    if (Array.isArray(v)) return `'{${v.join(',')}}'`;
    return `'${String(v).replace(/'/g, "''")}'`;
  });
}

async function benchDatabase(
  label: Row['db'],
  database: Database,
  properties: number,
  rawQuery: (text: string, params: unknown[]) => Promise<unknown>,
  serverEnv: Record<string, string>,
  closeDatabase: () => Promise<void>,
  reused = false,
): Promise<Row[]> {
  const rows: Row[] = [];
  let t = Date.now();
  await database.migrate();
  if (reused) {
    const [row] = (
      (await database.db.execute(sql`select count(*)::int as n from properties`)) as unknown as {
        rows: Array<{ n: number }>;
      }
    ).rows;
    console.log(`\n## ${label}: ${row?.n ?? 0} villas (a kept database, as it is)`);
  } else {
    console.log(`\n## ${label}: ${properties} villas`);
    const gen = await generateCatalogue(database.db, { properties, log: (l) => console.log(l) });
    console.log(
      `generated ${gen.properties} villas, ${gen.prices} nightly prices, ${gen.blocked} blocked nights ` +
        `in ${((Date.now() - t) / 1000).toFixed(1)} s (stay sums kept by the triggers included)`,
    );
  }
  const found = await database.db
    .select({ id: amenities.id })
    .from(amenities)
    .where(inArray(amenities.name, ['Swimming Pool', 'Wifi']));
  const list = shapes(found.map((a) => a.id));

  // Raw SQL first, while the database is the bench's alone (PGlite allows one process only).
  const sqlTimes = new Map<string, Timing>();
  for (const s of list) {
    const query = buildSearchQuery(database.db, paramsOf(s.body)).toSQL();
    await rawQuery(query.sql, query.params);
    sqlTimes.set(s.name, await loadLoop(() => rawQuery(query.sql, query.params)));
    console.log(`  SQL   ${s.name}: p95 ${sqlTimes.get(s.name)!.p95.toFixed(1)} ms`);
    if (processEnv.BENCH_EXPLAIN === '1') {
      const res = (await database.db.execute(
        sql.raw(`explain (analyze, buffers) ${inline(query.sql, query.params)}`),
      )) as unknown as { rows: Array<Record<string, string>> };
      console.log(
        `\n-- plan (${label}): ${s.name}\n${res.rows.map((r) => Object.values(r)[0]).join('\n')}\n`,
      );
    }
  }
  await closeDatabase();

  t = Date.now();
  const { url, child } = await startServer(serverEnv);
  console.log(`server (${SERVER}) ready in ${((Date.now() - t) / 1000).toFixed(1)} s at ${url}`);
  try {
    const agent = await signIn(url, 'agent');
    const health = await loadHttp({ url: `${url}/healthz` });
    rows.push({ db: label, what: 'GET /healthz', route: health });
    for (const s of list) {
      const first = await post(`${url}/api/properties/search`, agent, s.body);
      if (!first.ok) throw new Error(`bench: ${s.name} answered ${first.status}: ${await first.text()}`);
      const hits = ((await first.json()) as { total: number }).total;
      // Warm-up (JIT, plan caches, buffers) before the measured load.
      await loadHttp({
        url: `${url}/api/properties/search`,
        method: 'POST',
        cookie: agent,
        body: s.body,
        durationS: 2,
      });
      const route = await loadHttp({
        url: `${url}/api/properties/search`,
        method: 'POST',
        cookie: agent,
        body: s.body,
      });
      const sqlT = sqlTimes.get(s.name)!;
      const ratio = route.p95 / sqlT.p95;
      const target = TARGET_P95_MS[label];
      rows.push({
        db: label,
        what: s.name,
        hits,
        route,
        sql: sqlT,
        target: `p95 ≤ ${target} ms, ≤ ${TARGET_RATIO}× SQL`,
        pass: route.errors === 0 && route.p95 <= target && ratio <= TARGET_RATIO,
      });
      console.log(`  route ${s.name}: p95 ${route.p95.toFixed(1)} ms (${route.count} answers)`);
    }

    // A year of prices: one bulk call against 365 single-date calls, for the same villa and nights.
    const admin = await signIn(url, 'admin');
    const propertyId = 1;
    const from = BENCH_START;
    const to = addDays(from, 365);
    const bulkTimes: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t0 = performance.now();
      const res = await post(`${url}/api/daily-pricing/bulk`, admin, {
        propertyId,
        ranges: [{ from, to, price: 1000 + i, currency: 'EUR' }],
      });
      if (!res.ok) throw new Error(`bench: bulk pricing answered ${res.status}: ${await res.text()}`);
      bulkTimes.push(performance.now() - t0);
    }
    const singles: number[] = [];
    const t1 = performance.now();
    for (let i = 0; i < 365; i++) {
      const t0 = performance.now();
      const res = await post(`${url}/api/daily-pricing`, admin, {
        propertyId,
        date: addDays(from, i),
        price: 2000,
        currency: 'EUR',
      });
      if (!res.ok) throw new Error(`bench: single-date pricing answered ${res.status}: ${await res.text()}`);
      singles.push(performance.now() - t0);
    }
    const singleTotal = performance.now() - t1;
    const bulk = timing(bulkTimes);
    rows.push({
      db: label,
      what: '365 nights priced: 1 bulk call',
      route: bulk,
      note: `${bulk.p50.toFixed(0)} ms per call`,
    });
    rows.push({
      db: label,
      what: '365 nights priced: 365 single-date calls',
      route: timing(singles),
      note: `${(singleTotal / 1000).toFixed(2)} s in all, ${(singleTotal / bulk.p50).toFixed(0)}× the bulk call`,
    });

    const rss = rssMb(child.pid!);
    rows.push({
      db: label,
      what: 'server RSS after the load',
      note: `${rss.toFixed(0)} MB`,
      target: `≤ ${TARGET_RSS_MB} MB`,
      pass: rss <= TARGET_RSS_MB,
    });
  } finally {
    await stopServer(child);
  }
  return rows;
}

async function onPglite(): Promise<Row[]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'villas-bench-'));
  const dataDir = path.join(dir, 'data');
  let database: Database | undefined = await createDatabase({ dataDir });
  // The raw SQL as the route's driver sends it: a named statement, parsed and planned once.
  const pglite = withNamedStatements(database.pglite!, 100);
  try {
    return await benchDatabase(
      'PGlite',
      database,
      PGLITE_PROPERTIES,
      (text, params) => pglite.query(text, params),
      { DATA_DIR: dataDir },
      async () => {
        await database?.close();
        database = undefined;
      },
    );
  } finally {
    await database?.close();
    if (processEnv.BENCH_KEEP !== '1') await rm(dir, { recursive: true, force: true });
    else console.log(`PGlite data kept in ${dataDir}`);
  }
}

async function onPostgres(url: string): Promise<Row[]> {
  const reuse = processEnv.BENCH_REUSE;
  if (reuse != null && !/^villas_bench_\d+$/.test(reuse))
    throw new Error('BENCH_REUSE must name a database a bench run kept (villas_bench_<number>)');
  const name = reuse ?? `villas_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  if (!reuse) {
    await admin.query(`drop database if exists ${name}`);
    await admin.query(`create database ${name}`);
  }
  const u = new URL(url);
  u.pathname = `/${name}`;
  const benchUrl = u.toString();
  // Generating 10,000 villas' calendars takes statements far longer than the app's query time-out.
  const database = await createDatabase({
    databaseUrl: benchUrl,
    dataDir: ':memory:',
    queryTimeoutMs: 3_600_000,
  });
  const pool = new pg.Pool({ connectionString: benchUrl, max: CONNECTIONS });
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await pool.end();
    await database.close();
  };
  try {
    return await benchDatabase(
      'PostgreSQL',
      database,
      PG_PROPERTIES,
      // A named statement per SQL text, like the route's prepared statement of each search shape: each
      // pooled connection parses and plans it once, then only binds the values.
      (text, params) => pool.query({ name: statementName(text), text, values: params }),
      { DATABASE_URL: benchUrl },
      close,
      reuse != null,
    );
  } finally {
    await close();
    if (processEnv.BENCH_KEEP !== '1' && !reuse)
      await admin.query(`drop database if exists ${name} with (force)`);
    else console.log(`PostgreSQL database kept: ${name}`);
    await admin.end();
  }
}

const ms = (n: number | undefined) => (n == null || Number.isNaN(n) ? '' : n.toFixed(1));

function printTable(rows: Row[]) {
  console.log(
    `\n| database | measure | hits | route p50 ms | route p95 ms | SQL p50 ms | SQL p95 ms | route/SQL p95 | ` +
      `note | target | result |`,
  );
  console.log('|---|---|---:|---:|---:|---:|---:|---:|---|---|---|');
  for (const r of rows) {
    const ratio = r.route && r.sql ? (r.route.p95 / r.sql.p95).toFixed(2) : '';
    const errors = r.route?.errors ? `${r.route.errors} failed answers; ` : '';
    console.log(
      `| ${r.db} | ${r.what} | ${r.hits ?? ''} | ${ms(r.route?.p50)} | ${ms(r.route?.p95)} | ` +
        `${ms(r.sql?.p50)} | ${ms(r.sql?.p95)} | ${ratio} | ${errors}${r.note ?? ''} | ${r.target ?? ''} | ` +
        `${r.pass == null ? '' : r.pass ? 'PASS' : 'FAIL'} |`,
    );
  }
  console.log(
    `\n(${CONNECTIONS} connections, ${DURATION_S} s per measure, server ${SERVER}, Node ${process.version}; ` +
      'route = over HTTP with the session cookie, SQL = the same statement through the driver)',
  );
}

console.log(
  `# search bench over HTTP: PGlite ${PGLITE_PROPERTIES} villas` +
    (processEnv.DATABASE_URL ? `, PostgreSQL ${PG_PROPERTIES} villas` : ' (set DATABASE_URL for PostgreSQL)'),
);
if (SERVER === 'dist') buildServer();
const all: Row[] = [];
if (ONLY !== 'postgres') all.push(...(await onPglite()));
if (processEnv.DATABASE_URL && ONLY !== 'pglite') all.push(...(await onPostgres(processEnv.DATABASE_URL)));
printTable(all);
clearTimeout(timer);
process.exit(all.some((r) => r.pass === false) ? 1 : 0);
