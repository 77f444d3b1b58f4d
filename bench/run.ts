/**
 * `npm run bench`: search timings on a large catalogue.
 *
 * For each database (a fresh PGlite always; PostgreSQL too when DATABASE_URL is set, in a fresh
 * database created next to it and dropped afterwards): run the migrations, generate the catalogue
 * (bench/generate.ts: 10,000 properties × 365 nightly prices by default), then time the search
 * service for four typical searches and print p50/p95/max, result counts and memory.
 *
 * Settings (environment): BENCH_PROPERTIES (10000), BENCH_RUNS (20), BENCH_TIMEOUT_S (1200, the whole
 * run stops by itself after this), BENCH_EXPLAIN=1 prints the query plans, BENCH_KEEP=1 keeps the
 * PGlite data directory.
 */
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { processEnv } from '../apps/server/src/config/env';
import { createDatabase, type Database } from '../apps/server/src/db/client';
import { amenities } from '../apps/server/src/db/schema';
import { searchProperties } from '../apps/server/src/modules/properties/properties.service';
import { buildSearchQuery } from '../apps/server/src/modules/properties/search.repository';
import { generateCatalogue } from './generate';

const N = Number(processEnv.BENCH_PROPERTIES ?? 10_000);
const RUNS = Number(processEnv.BENCH_RUNS ?? 20);
const TIMEOUT_S = Number(processEnv.BENCH_TIMEOUT_S ?? 1200);
const SCENARIO_BUDGET_MS = 90_000;

const timer = setTimeout(() => {
  console.error(`bench: stopped after the ${TIMEOUT_S} s time limit (BENCH_TIMEOUT_S)`);
  process.exit(2);
}, TIMEOUT_S * 1000);
timer.unref();

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
const ms = (n: number) => n.toFixed(1);

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

interface Row {
  scenario: string;
  results: number;
  runs: number;
  p50: number;
  p95: number;
  max: number;
  cpu50: number;
}

async function scenarios(database: Database) {
  const db = database.db;
  const found = await db
    .select({ id: amenities.id, name: amenities.name })
    .from(amenities)
    .where(inArray(amenities.name, ['Swimming Pool', 'Wifi']));
  const amenityIds = found.map((a) => a.id);
  const stay = { checkIn: '2030-07-04', checkOut: '2030-07-11' };
  return [
    { name: 'undated, no filter (all)', filters: {} },
    {
      name: 'undated, country + bedrooms ≥ 5 + max 30,000 €/week',
      filters: { country: 'France', bedrooms: 5, maxPrice: 30_000 },
    },
    { name: 'dated 7 nights, country', filters: { country: 'Italy', ...stay } },
    { name: 'dated 7 nights, country + 2 amenities', filters: { country: 'Italy', ...stay, amenityIds } },
    { name: 'dated 7 nights, all countries, max 40,000 €/week', filters: { ...stay, maxPrice: 40_000 } },
  ];
}

async function explain(database: Database, filters: Parameters<typeof searchProperties>[1]) {
  const { checkIn, checkOut } = filters;
  const nights =
    checkIn && checkOut ? Math.round((Date.parse(checkOut) - Date.parse(checkIn)) / 86_400_000) : undefined;
  const query = buildSearchQuery(database.db, {
    ...filters,
    stay: checkIn && checkOut && nights ? { checkIn, checkOut, nights } : undefined,
  }).toSQL();
  const res = (await database.db.execute(
    sql.raw(`explain (analyze, buffers off) ${inline(query.sql, query.params)}`),
  )) as unknown as { rows: Array<Record<string, string>> };
  console.log(res.rows.map((r) => Object.values(r)[0]).join('\n'));
}

/** For EXPLAIN output only (bench-local, trusted values): inline the parameters as literals. */
function inline(text: string, params: unknown[]): string {
  return text.replace(/\$(\d+)/g, (_, i: string) => {
    const v = params[Number(i) - 1];
    if (v == null) return 'null';
    if (typeof v === 'number') return String(v);
    return `'${String(v).replace(/'/g, "''")}'`;
  });
}

async function bench(label: string, database: Database): Promise<void> {
  console.log(`\n## ${label}`);
  const t = Date.now();
  await database.migrate();
  console.log(`migrations: ${Date.now() - t} ms`);
  const gen = await generateCatalogue(database.db, { properties: N, log: (l) => console.log(l) });
  console.log(
    `generated ${gen.properties} properties, ${gen.prices} nightly prices, ${gen.blocked} blocked nights, ` +
      `${gen.images} images in ${(gen.ms / 1000).toFixed(1)} s; RSS ${mb(process.memoryUsage().rss)}`,
  );

  const rows: Row[] = [];
  for (const s of await scenarios(database)) {
    await searchProperties(database.db, s.filters); // warm-up (plan cache, buffers)
    const times: number[] = [];
    const cpu: number[] = [];
    let results = 0;
    const started = Date.now();
    for (let i = 0; i < RUNS && Date.now() - started < SCENARIO_BUDGET_MS; i++) {
      const t0 = performance.now();
      const c0 = process.cpuUsage();
      const answer = await searchProperties(database.db, s.filters);
      results = Array.isArray(answer) ? answer.length : answer.total;
      const c = process.cpuUsage(c0);
      times.push(performance.now() - t0);
      cpu.push((c.user + c.system) / 1000);
    }
    times.sort((a, b) => a - b);
    cpu.sort((a, b) => a - b);
    rows.push({
      scenario: s.name,
      results,
      runs: times.length,
      p50: percentile(times, 50),
      p95: percentile(times, 95),
      max: times[times.length - 1]!,
      cpu50: percentile(cpu, 50),
    });
    if (processEnv.BENCH_EXPLAIN === '1') {
      console.log(`\n-- plan: ${s.name}`);
      await explain(database, s.filters);
    }
  }

  console.log(`\n| search (${label}) | results | runs | p50 ms | p95 ms | max ms | Node CPU p50 ms |`);
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    console.log(
      `| ${r.scenario} | ${r.results} | ${r.runs} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.max)} | ${ms(r.cpu50)} |`,
    );
  }
  console.log(
    '(wall-clock times; Node CPU = CPU time of this process per search: for PGlite that is the whole ' +
      'query, for PostgreSQL only the client side)',
  );
  const mem = process.memoryUsage();
  console.log(
    `\nmemory after ${label}: RSS ${mb(mem.rss)}, heap used ${mb(mem.heapUsed)}, ` +
      `peak RSS so far ${mb(process.resourceUsage().maxRSS * 1024)}`,
  );
  console.log(
    `(run on ${label} at ${gen.properties} properties, ${RUNS} runs each, Node ${process.version})`,
  );
}

async function onPglite() {
  const dir = path.join(tmpdir(), `villas-bench-${process.pid}-${randomUUID().slice(0, 8)}`);
  const database = await createDatabase({ dataDir: dir });
  try {
    await bench('PGlite', database);
  } finally {
    await database.close();
    if (processEnv.BENCH_KEEP !== '1') await rm(dir, { recursive: true, force: true });
    else console.log(`PGlite data kept in ${dir}`);
  }
}

async function onPostgres(url: string) {
  const name = `villas_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop database if exists ${name}`);
  await admin.query(`create database ${name}`);
  const u = new URL(url);
  u.pathname = `/${name}`;
  const database = await createDatabase({ databaseUrl: u.toString(), dataDir: ':memory:' });
  try {
    await bench('PostgreSQL', database);
  } finally {
    await database.close();
    await admin.query(`drop database if exists ${name}`);
    await admin.end();
  }
}

console.log(`# search bench: ${N} properties × 365 nights, ${RUNS} runs per search`);
await onPglite();
if (processEnv.DATABASE_URL) await onPostgres(processEnv.DATABASE_URL);
clearTimeout(timer);
