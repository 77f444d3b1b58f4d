/**
 * `npm run bench:lighthouse -w @villas/bench`: Lighthouse on the public pages a phone opens first,
 * against the BUILT app (`npm run build` first; this builds nothing).
 *
 *  1. starts apps/server/dist/server.js on a fresh data directory with the demo catalogue;
 *  2. signs in as the demo agent (sophie@azure-voyages.test) and shares six villas through the API,
 *     as the dashboard does, for a real white-label page;
 *  3. runs Lighthouse (mobile: its default emulated phone, simulated slow 4G and 4× CPU slowdown)
 *     LIGHTHOUSE_RUNS times on the landing page and on that white-label page, alternating, each run in
 *     a fresh Chromium profile (a first visit);
 *  4. prints the medians: performance and accessibility scores, first and largest contentful
 *     paint, total blocking time, cumulative layout shift and bytes transferred, against the targets
 *     (performance ≥ 95, accessibility 100), then stops the server and removes its data.
 * It exits 1 when a median misses a target.
 *
 * Settings (environment):
 *   LIGHTHOUSE_PORT   the server's port (3520)
 *   LIGHTHOUSE_RUNS   runs per page (3)
 *   CHROME_PATH       the browser (/usr/bin/chromium, Debian's chromium package)
 *   LIGHTHOUSE_KEEP=1 keep the data directory and each run's JSON report (printed)
 *
 * Timings on a shared machine are noisy (another process's work counts as the page's): read the
 * medians, and the spread the runs print.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Property, WhiteLabelLink } from '@villas/shared';
import { processEnv } from '../apps/server/src/config/env';
import { DEMO_ACCOUNTS } from '@villas/demo-data';
import { spawnServer, stopServer, waitUntilReady } from './server';

const int = (name: string, fallback: number) => {
  const v = processEnv[name];
  const n = v == null || v === '' ? fallback : Number(v);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be a positive whole number`);
  return n;
};
const PORT = int('LIGHTHOUSE_PORT', 3520);
const RUNS = int('LIGHTHOUSE_RUNS', 3);
const CHROME = processEnv.CHROME_PATH || '/usr/bin/chromium';
const KEEP = processEnv.LIGHTHOUSE_KEEP === '1';
const TARGETS = { performance: 95, accessibility: 100 };

const lighthouseCli = createRequire(import.meta.url).resolve('lighthouse/cli/index.js');
const BASE = `http://127.0.0.1:${PORT}`;

/** The built server on a fresh data directory, demo catalogue and accounts; resolves once ready. */
async function startServer(dataDir: string): Promise<ChildProcess> {
  const child = spawnServer(PORT, { DATA_DIR: dataDir }, 'dist');
  // The first start copies the demo database and images the build prepared (seconds); without them it
  // migrates, seeds ~500 villas and renders their images (up to ~90 s here).
  await waitUntilReady(child, BASE, {
    name: 'lighthouse',
    seconds: 240,
    notReady: 'lighthouse: the server did not become ready in 240 s (is apps/server/dist built?)',
  });
  return child;
}

/** A white-label link of six villas, created as the demo agent through the API (Origin as a browser sends it). */
async function createLink(): Promise<string> {
  const agent = DEMO_ACCOUNTS.find((a) => a.role === 'agent' && a.approved)!;
  const headers = { origin: BASE, 'content-type': 'application/json' };
  const login = await fetch(`${BASE}/api/auth/login`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email: agent.email, password: agent.password }),
  });
  if (!login.ok) throw new Error(`lighthouse: sign-in as ${agent.email} answered ${login.status}`);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const user = (await login.json()) as { id: number; firstName: string; lastName: string; company: string };
  const villas = (await (
    await fetch(`${BASE}/api/properties`, { headers: { cookie } })
  ).json()) as Property[];
  const res = await fetch(`${BASE}/api/white-label`, {
    method: 'POST',
    headers: { ...headers, cookie },
    body: JSON.stringify({
      agentId: user.id,
      title: `${user.company} - ${user.firstName} ${user.lastName}`,
      description: 'A summer on the Riviera, chosen for the Whitfield family.',
      propertyIds: villas.slice(0, 6).map((v) => v.id),
      isActive: true,
    }),
  });
  if (res.status !== 201)
    throw new Error(`lighthouse: creating the link answered ${res.status}: ${await res.text()}`);
  return `${BASE}/white-label/${((await res.json()) as WhiteLabelLink).uuid}`;
}

interface Run {
  performance: number;
  accessibility: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  bytes: number;
}

interface Report {
  runtimeError?: { code: string; message: string };
  categories: Record<'performance' | 'accessibility', { score: number | null }>;
  audits: Record<string, { numericValue?: number }>;
}

/** Lighthouse's CLI on `url` in a fresh profile, its JSON report written to `out`. */
async function runCli(url: string, out: string): Promise<Report> {
  const profile = await mkdtemp(path.join(tmpdir(), 'villas-lh-profile-'));
  try {
    await new Promise<void>((resolve, reject) => {
      const child = spawn(
        process.execPath,
        [
          lighthouseCli,
          url,
          '--quiet',
          '--output=json',
          `--output-path=${out}`,
          '--only-categories=performance,accessibility',
          `--chrome-flags=--headless=new --no-sandbox --disable-gpu --no-first-run --user-data-dir=${profile}`,
        ],
        { env: { ...processEnv, CHROME_PATH: CHROME }, stdio: ['ignore', 'ignore', 'inherit'] },
      );
      child.once('error', reject);
      child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`lighthouse exited ${code}`))));
    });
    const report = JSON.parse(await readFile(out, 'utf8')) as Report;
    if (report.runtimeError) throw new Error(`${report.runtimeError.code} ${report.runtimeError.message}`);
    return report;
  } finally {
    await rm(profile, { recursive: true, force: true });
  }
}

/**
 * One run. Chromium sometimes loses the navigation's trace (NO_NAVSTART, about 1 run in 14 here):
 * such a run is tried again, up to three times.
 */
async function lighthouse(url: string, out: string): Promise<Run> {
  let report: Report | undefined;
  for (let attempt = 1; !report; attempt++) {
    try {
      report = await runCli(url, out);
    } catch (err) {
      if (attempt >= 3) throw err;
      process.stderr.write(`  (run failed: ${(err as Error).message}; trying again)\n`);
    }
  }
  const audit = (id: string) => report.audits[id]?.numericValue ?? Number.NaN;
  return {
    performance: Math.round((report.categories.performance.score ?? 0) * 100),
    accessibility: Math.round((report.categories.accessibility.score ?? 0) * 100),
    fcp: audit('first-contentful-paint'),
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    bytes: audit('total-byte-weight'),
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function main() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'villas-lighthouse-'));
  const reports = await mkdtemp(path.join(tmpdir(), 'villas-lighthouse-reports-'));
  let server: ChildProcess | undefined;
  let failed = false;
  try {
    process.stderr.write(`starting the built server on ${BASE} (demo catalogue in ${dataDir})…\n`);
    server = await startServer(dataDir);
    const pages = [
      { name: 'landing', url: `${BASE}/` },
      { name: 'white-label page', url: await createLink() },
    ];
    const runs = new Map<string, Run[]>(pages.map((p) => [p.name, []]));
    for (let i = 1; i <= RUNS; i++) {
      for (const page of pages) {
        const run = await lighthouse(
          page.url,
          path.join(reports, `${page.name.replace(/\W+/g, '-')}-${i}.json`),
        );
        runs.get(page.name)!.push(run);
        process.stderr.write(
          `  ${page.name} run ${i}: performance ${run.performance}, accessibility ${run.accessibility}, ` +
            `FCP ${seconds(run.fcp)}, LCP ${seconds(run.lcp)}, TBT ${Math.round(run.tbt)} ms, CLS ${run.cls.toFixed(3)}\n`,
        );
      }
    }
    const rows = pages.map((page) => {
      const all = runs.get(page.name)!;
      const m = (k: keyof Run) => median(all.map((r) => r[k]));
      const pass = m('performance') >= TARGETS.performance && m('accessibility') >= TARGETS.accessibility;
      if (!pass) failed = true;
      return {
        page: page.name,
        performance: `${m('performance')} (${all.map((r) => r.performance).join(', ')})`,
        accessibility: m('accessibility'),
        FCP: seconds(m('fcp')),
        LCP: seconds(m('lcp')),
        TBT: `${Math.round(m('tbt'))} ms`,
        CLS: m('cls').toFixed(3),
        bytes: `${(m('bytes') / 1024).toFixed(0)} KiB`,
        target: `perf ≥ ${TARGETS.performance}, a11y ${TARGETS.accessibility}: ${pass ? 'PASS' : 'FAIL'}`,
      };
    });
    console.log(`\nLighthouse mobile, median of ${RUNS} runs (the runs' performance scores in brackets)`);
    console.table(rows);
    if (KEEP) console.log(`reports: ${reports}\ndata: ${dataDir}`);
  } finally {
    if (server) await stopServer(server);
    if (!KEEP) {
      await rm(dataDir, { recursive: true, force: true });
      await rm(reports, { recursive: true, force: true });
    }
  }
  process.exit(failed ? 1 : 0);
}

void main().catch((err) => {
  console.error(err);
  process.exit(2);
});
