/**
 * `npm run bench:brochure -w @villas/bench`: the brochure downloads an anonymous client can send, and
 * what they do to every other request, measured on the real server.
 *
 * It generates a catalogue of 120 villas (bench/generate.ts) in a fresh PGlite data directory, with
 * a photograph file for each of their images under its uploads (so each brochure converts real
 * photographs, as on the demo), starts the server as `npm start` does (the production bundle,
 * rebuilt first; or the sources under tsx with BENCH_SERVER=tsx), signs in as the demo agent and
 * makes 100-villa links. Then, one after the other, each with links of its own (never a cached
 * brochure):
 *   1. 20 downloads of one link at once from one address (127.0.0.2), within its form limit;
 *   2. 40 downloads of one link at once from four addresses (127.0.0.3–6, 10 each);
 *   3. 40 downloads of 40 different links at once from four addresses (127.0.0.7–10, 10 each).
 * While each runs, a client in a thread of its own sends GET /healthz every 20 ms (on a schedule, not
 * after the previous answer: a stalled server gets a stall's worth of slow answers) from 127.0.0.1; the bench
 * prints the probe's p50/p95/p99/max and each download's answer (200 with a PDF, 429, 503 with
 * Retry-After) and time, then stops the server with SIGTERM. It exits 1 when a /healthz answer was
 * not 200, a download answered something else, or the server did not exit cleanly.
 *
 * Settings (environment):
 *   BENCH_SERVER          dist (default: the server bundle, built by the bench) or tsx (sources)
 *   BENCH_PORT            the server's port (a free one when unset)
 *   BENCH_KEEP=1          keep the data directory
 *   BENCH_TIMEOUT_S       the whole run stops after this (900)
 *   BROCHURE_* and RATE_LIMIT_*   passed to the server as they are (its defaults otherwise)
 */
import type { ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEMO_ACCOUNTS } from '@villas/demo-data';
import sharp from 'sharp';
import { processEnv } from '../apps/server/src/config/env';
import { createDatabase } from '@villas/db/client';
import { probe } from '../apps/server/test/http-clients';
import { generateCatalogue } from './generate';
import { buildServer, freePort, SERVER, spawnServer, stopServer, waitUntilReady } from './server';

const TIMEOUT_S = Number(processEnv.BENCH_TIMEOUT_S || 900);
const VILLAS = 120;
const PER_LINK = 100;

setTimeout(() => {
  console.error(`bench: stopped after the ${TIMEOUT_S} s time limit (BENCH_TIMEOUT_S)`);
  process.exit(2);
}, TIMEOUT_S * 1000).unref();

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** The photographs the generated villas name (`/uploads/bench/<id>-<k>.webp`), as WebP files. */
async function writePhotos(uploadDir: string): Promise<void> {
  const dir = path.join(uploadDir, 'bench');
  await mkdir(dir, { recursive: true });
  // Twelve different pictures (blurred noise: photograph-like to the encoders), written under every
  // name, so each file is read and converted as a distinct photograph is.
  const pictures = await Promise.all(
    Array.from({ length: 12 }, (_, i) =>
      sharp({
        create: {
          width: 1600,
          height: 1067,
          channels: 3,
          background: '#000000',
          noise: { type: 'gaussian', mean: 90 + i * 10, sigma: 60 },
        },
      })
        .blur(12)
        .webp({ quality: 80 })
        .toBuffer(),
    ),
  );
  for (let id = 1; id <= VILLAS; id++)
    for (let k = 0; k < 3; k++)
      await writeFile(path.join(dir, `${id}-${k}.webp`), pictures[(id * 3 + k) % pictures.length]!);
}

/** The server as `npm start` runs it; resolves once /readyz answers 200. */
async function startServer(dataDir: string): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const passed = Object.fromEntries(
    Object.entries(processEnv).filter(
      (e): e is [string, string] => /^(BROCHURE_|RATE_LIMIT_)/.test(e[0]) && e[1] !== undefined,
    ),
  );
  const child = spawnServer(port, {
    LOG_LEVEL: 'error',
    DATA_DIR: dataDir,
    HOLD_SWEEP_SECONDS: '0',
    ...passed,
  });
  const url = `http://127.0.0.1:${port}`;
  await waitUntilReady(child, url, {
    name: 'bench',
    seconds: 600,
    notReady: 'bench: the server was not ready in 600 s',
  });
  return { url, child };
}

/** SIGTERM, as a deployment stops it; it must exit by itself (its brochure worker stopped too). */
async function stop(child: ChildProcess): Promise<boolean> {
  if (child.exitCode != null) return false;
  const started = performance.now();
  if (!(await stopServer(child))) {
    console.log('\nserver: still running 15 s after SIGTERM, killed');
    return false;
  }
  console.log(
    `\nserver: exited ${((performance.now() - started) / 1000).toFixed(1)} s after SIGTERM (code ${child.exitCode})`,
  );
  return child.exitCode === 0;
}

async function signIn(url: string): Promise<{ cookie: string; agentId: number }> {
  const account = DEMO_ACCOUNTS.find((a) => a.role === 'agent' && a.approved)!;
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  if (!res.ok) throw new Error(`bench: sign-in failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers.getSetCookie()[0]!.split(';')[0]!;
  return { cookie, agentId: ((await res.json()) as { id: number }).id };
}

/** A 100-villa link of the agent's, starting at villa `first` (so each link's brochure differs). */
async function makeLink(
  url: string,
  { cookie, agentId }: { cookie: string; agentId: number },
  title: string,
  first: number,
): Promise<string> {
  const propertyIds = Array.from({ length: PER_LINK }, (_, i) => ((first + i) % VILLAS) + 1);
  const res = await fetch(`${url}/api/white-label`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({
      agentId,
      title,
      propertyIds,
      currency: 'EUR',
      markupType: 'percent',
      markupValue: 10,
    }),
  });
  if (res.status !== 201) throw new Error(`bench: link: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { uuid: string }).uuid;
}

interface Download {
  status: number;
  ms: number;
  bytes: number;
  pdf: boolean;
  retryAfter?: string;
}

/** GET `pathname` from the source address `from`, the whole body read. */
function download(url: string, pathname: string, from: string): Promise<Download> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.get(`${url}${pathname}`, { localAddress: from, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        resolve({
          status: res.statusCode ?? 0,
          ms: performance.now() - started,
          bytes: body.length,
          pdf: body.subarray(0, 5).toString('latin1') === '%PDF-',
          retryAfter: res.headers['retry-after'],
        });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

interface Attack {
  name: string;
  /** [link uuid, source address] per download. */
  downloads: Array<[string, string]>;
}

async function run(url: string, attack: Attack): Promise<boolean> {
  // The probe runs in a thread of its own, so what it measures is the server, not this process.
  const health = await probe(`${url}/healthz`, 20);
  const started = performance.now();
  const all = Promise.all(
    attack.downloads.map(([uuid, from]) => download(url, `/api/white-label/${uuid}/brochure.pdf`, from)),
  );
  const results = await all;
  const answers = await health.stop();
  const t = answers.map((a) => a.ms).sort((a, b) => a - b);
  const statuses = new Map<number, number>();
  for (const a of answers) statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
  const took = (performance.now() - started) / 1000;
  const count = (pred: (d: Download) => boolean) => results.filter(pred).length;
  const ok = results.filter((d) => d.status === 200);
  const unexpected = count(
    (d) =>
      !((d.status === 200 && d.pdf) || d.status === 429 || (d.status === 503 && d.retryAfter !== undefined)),
  );
  const okTimes = ok.map((d) => d.ms).sort((a, b) => a - b);
  const fmt = (ms: number) =>
    Number.isNaN(ms) ? '—' : ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(0)} ms`;
  const retryAfters = [...new Set(results.filter((d) => d.status === 503).map((d) => d.retryAfter))];
  console.log(`\n## ${attack.name} (${took.toFixed(1)} s)`);
  console.log(
    `  downloads: ${count((d) => d.status === 200 && d.pdf)} PDF (${(ok[0]?.bytes ?? 0) / 1e6 || 0} MB each, ` +
      `p50 ${fmt(percentile(okTimes, 50))}, max ${fmt(okTimes[okTimes.length - 1] ?? NaN)}), ` +
      `${count((d) => d.status === 429)} × 429, ${count((d) => d.status === 503)} × 503` +
      (retryAfters.length ? ` (Retry-After ${retryAfters.join(', ')} s)` : '') +
      (unexpected ? `, ${unexpected} UNEXPECTED` : ''),
  );
  const notOk = [...statuses].filter(([s]) => s !== 200);
  console.log(
    `  /healthz: ${t.length} answers, p50 ${fmt(percentile(t, 50))}, p95 ${fmt(percentile(t, 95))}, ` +
      `p99 ${fmt(percentile(t, 99))}, max ${fmt(t[t.length - 1] ?? NaN)}` +
      (notOk.length ? `, NOT 200: ${notOk.map(([s, n]) => `${n} × ${s || 'no answer'}`).join(', ')}` : ''),
  );
  return unexpected === 0 && notOk.length === 0;
}

const dir = await mkdtemp(path.join(tmpdir(), 'villas-brochure-bench-'));
const dataDir = path.join(dir, 'data');
let child: ChildProcess | undefined;
let passed: boolean;
try {
  if (SERVER === 'dist') buildServer();
  const database = await createDatabase({ dataDir });
  await database.migrate();
  await generateCatalogue(database.db, { properties: VILLAS });
  await database.close();
  await writePhotos(path.join(dataDir, 'uploads'));
  const server = await startServer(dataDir);
  child = server.child;
  const { url } = server;
  console.log(`server (${SERVER}) at ${url}; ${VILLAS} villas with 3 photographs each, links of ${PER_LINK}`);
  const agent = await signIn(url);
  const link = (title: string, first: number) => makeLink(url, agent, title, first);
  const one = await link('One link, one address', 0);
  const shared = await link('One link, four addresses', 1);
  const many = await Promise.all(Array.from({ length: 40 }, (_, i) => link(`Link ${i + 1} of 40`, i + 2)));
  const attacks: Attack[] = [
    {
      name: '20 downloads of one link from one address',
      downloads: Array.from({ length: 20 }, () => [one, '127.0.0.2']),
    },
    {
      name: '40 downloads of one link from four addresses',
      downloads: Array.from({ length: 40 }, (_, i) => [shared, `127.0.0.${3 + (i % 4)}`]),
    },
    {
      name: '40 downloads of 40 links from four addresses',
      downloads: many.map((uuid, i) => [uuid, `127.0.0.${7 + (i % 4)}`]),
    },
  ];
  const outcomes: boolean[] = [];
  for (const attack of attacks) outcomes.push(await run(url, attack));
  passed = outcomes.every(Boolean);
} finally {
  if (child && !(await stop(child))) passed = false;
  if (processEnv.BENCH_KEEP === '1') console.log(`data kept in ${dataDir}`);
  else await rm(dir, { recursive: true, force: true });
}
process.exit(passed ? 0 : 1);
