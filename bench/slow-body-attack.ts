/**
 * `npm run bench:slow-body -w @villas/bench`: the slow-body flood against the built server as
 * `npm start` runs it (its Node.js flags, the embedded database with the demo), with the default
 * connection bounds unless set in the environment.
 *
 * FLOOD_CLIENTS processes (default 2) each open FLOOD_SOCKETS sockets (default 10,000) from 400
 * loopback addresses of their own, announcing a 100 kB login body and sending a byte of it every 5 s
 * (attacks/slow-body-flood.mjs). Meanwhile a client on 127.0.0.1 asks for /api/company every 250 ms.
 * Prints the probe's latencies, what the flood saw, the server's peak of open sockets and of memory,
 * and whether it is the same process at the end.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { processEnv } from '../apps/server/src/config/env';
import { serverEnv, serverNodeFlags } from '../apps/server/node-flags.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const clients = Number(processEnv.FLOOD_CLIENTS ?? 2);
const socketsEach = Number(processEnv.FLOOD_SOCKETS ?? 10_000);

const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });

function sockets(pid: number): number {
  let n = 0;
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      if (readlinkSync(`/proc/${pid}/fd/${fd}`).startsWith('socket:')) n++;
    } catch {
      // closed meanwhile
    }
  }
  return n;
}
const rssMb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

async function main() {
  if (!existsSync(path.join(root, 'apps/server/dist/server.js'))) {
    const r = spawnSync('npm', ['run', 'build', '-w', '@villas/server'], { cwd: root, stdio: 'inherit' });
    if (r.status !== 0) process.exit(1);
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'villas-flood-'));
  const port = await freePort();
  const server = spawn(
    process.execPath,
    [...serverNodeFlags(processEnv), path.join(root, 'apps/server/dist/server.js')],
    {
      cwd: path.join(root, 'apps/server'),
      env: serverEnv({
        PATH: processEnv.PATH ?? '',
        HOME: processEnv.HOME ?? '',
        ...Object.fromEntries(
          Object.entries(processEnv).filter(([k]) => /^(MAX_CONNECTIONS|REQUEST_TIMEOUT|PRESSURE_)/.test(k)),
        ),
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'error',
        SESSION_SECRET: randomBytes(32).toString('hex'),
        SYNC_INTERVAL_MINUTES: '0',
        ICAL_INTERVAL_MINUTES: '0',
      }),
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (server.exitCode !== null) throw new Error('the server exited before it was ready');
    if (i > 1500) throw new Error('the server was not ready in 300 s');
    const ok = await fetch(`${url}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  const pid = server.pid!;
  const base = sockets(pid);
  console.log(`server ${pid} ready; flood: ${clients} × ${socketsEach} slow-body sockets`);

  let maxSockets = 0;
  let maxRss = 0;
  const sampler = setInterval(() => {
    if (server.exitCode !== null) return;
    maxSockets = Math.max(maxSockets, sockets(pid));
    maxRss = Math.max(maxRss, rssMb(pid));
  }, 100);

  const floods: ChildProcess[] = [];
  const last: Array<Record<string, number>> = [];
  const done = Array.from(
    { length: clients },
    (_, i) =>
      new Promise<void>((resolve) => {
        const child = spawn(
          process.execPath,
          [
            path.join(here, 'attacks/slow-body-flood.mjs'),
            `--port=${port}`,
            `--sockets=${socketsEach}`,
            `--first-octet=${1 + 4 * i}`,
            '--addresses=400',
          ],
          { stdio: ['ignore', 'pipe', 'inherit'] },
        );
        floods.push(child);
        let buf = '';
        child.stdout!.setEncoding('utf8').on('data', (c: string) => {
          buf += c;
          const lines = buf.split('\n');
          buf = lines.pop()!;
          for (const line of lines) {
            last[i] = JSON.parse(line) as Record<string, number>;
            if (last[i]!.done) resolve();
          }
        });
        child.once('exit', () => resolve());
      }),
  );
  const started = performance.now();
  const probes: Array<{ status: number; ms: number }> = [];
  let flooding = true;
  void Promise.all(done).then(() => setTimeout(() => (flooding = false), 3000));
  while (flooding) {
    const t = performance.now();
    const status = await fetch(`${url}/api/company`, { signal: AbortSignal.timeout(10_000) }).then(
      async (r) => {
        await r.arrayBuffer();
        return r.status;
      },
      () => 0,
    );
    probes.push({ status, ms: performance.now() - t });
    await new Promise((r) => setTimeout(r, 250));
  }
  const floodSeconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  for (const f of floods) f.kill('SIGKILL');

  const ms = probes.map((p) => p.ms).sort((a, b) => a - b);
  const sum = (k: string) => last.reduce((n, r) => n + (r?.[k] ?? 0), 0);
  const alive = server.exitCode === null && server.pid === pid;
  console.log('\n| measure | value |\n|---|---:|');
  const row = (k: string, v: string | number) => console.log(`| ${k} | ${v} |`);
  row('sockets opened by the flood', sum('opened'));
  row(
    'refused with 503 / closed by the server / 408',
    `${sum('refused')} / ${sum('closedByServer')} / ${sum('timedOut')}`,
  );
  row('flood duration, s', floodSeconds.toFixed(1));
  row('server: peak open sockets (listening socket included)', `${maxSockets} (at rest ${base})`);
  row('server: peak RSS, MB', maxRss.toFixed(0));
  row(
    'probe answers (200 / other)',
    `${probes.filter((p) => p.status === 200).length} / ${probes.filter((p) => p.status !== 200).length}`,
  );
  row(
    'probe p50 / p95 / max, ms',
    `${percentile(ms, 50).toFixed(0)} / ${percentile(ms, 95).toFixed(0)} / ${ms.at(-1)!.toFixed(0)}`,
  );
  row('server alive, same pid', alive ? 'yes' : 'NO');

  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(alive && probes.every((p) => p.status === 200) ? 0 : 1);
}

await main();
