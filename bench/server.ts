/**
 * The server as the benchmarks start it: the bundle `npm start` runs, with its Node.js flags and
 * environment (apps/server/node-flags.mjs), or the sources under tsx (BENCH_SERVER=tsx); on
 * 127.0.0.1, and killed when the benchmark exits.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverEnv, serverNodeFlags } from '../apps/server/node-flags.mjs';
import { processEnv } from '../apps/server/src/config/env';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export type ServerBuild = 'dist' | 'tsx';
/** What a benchmark starts: the bundle (built by the benchmark) unless BENCH_SERVER=tsx. */
export const SERVER: ServerBuild = processEnv.BENCH_SERVER === 'tsx' ? 'tsx' : 'dist';

const children = new Set<ChildProcess>();
/** Kills the servers still running: when the benchmark exits, or stops at its time limit. */
export function killServers(): void {
  for (const c of children) c.kill('SIGKILL');
}
process.on('exit', killServers);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Builds the bundle the benchmark starts (the one `npm start` runs) from the current sources. */
export function buildServer(): void {
  const built = spawnSync('npm', ['run', 'build', '-w', '@villas/server'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('bench: building the server failed');
}

/** BENCH_PORT, else a port free on 127.0.0.1. */
export async function freePort(): Promise<number> {
  if (processEnv.BENCH_PORT) {
    const port = Number(processEnv.BENCH_PORT);
    if (!Number.isInteger(port) || port <= 0) throw new Error('BENCH_PORT must be a positive whole number');
    return port;
  }
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Starts the server on 127.0.0.1:`port`: LOG_LEVEL warn, a fresh session secret, the demo seeded
 * into an empty database, no calendar or connection sync; `env` adds to that or overrides it.
 */
export function spawnServer(port: number, env: Record<string, string>, build = SERVER): ChildProcess {
  const entry =
    build === 'dist'
      ? [...serverNodeFlags(processEnv), path.join(root, 'apps/server/dist/server.js')]
      : // tsx as a loader in the server's own process (its CLI would run the server in a child).
        ['--import', 'tsx', path.join(root, 'apps/server/src/server.ts')];
  const child = spawn(process.execPath, entry, {
    cwd: path.join(root, 'apps/server'),
    env: serverEnv({
      PATH: processEnv.PATH ?? '',
      HOME: processEnv.HOME ?? '',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      SESSION_SECRET: randomBytes(32).toString('hex'),
      SEED_DEMO: 'true',
      SYNC_INTERVAL_MINUTES: '0',
      ICAL_INTERVAL_MINUTES: '0',
      ...env,
    }),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

/**
 * Asks `url`/readyz every 200 ms until an answer 200 is `ready` (by default any); throws when the
 * server exits first (`name: the server exited with code N`), or `notReady` after `seconds`.
 */
export async function waitUntilReady(
  child: ChildProcess,
  url: string,
  opts: {
    name: string;
    seconds: number;
    notReady: string;
    ready?: (res: Response) => Promise<boolean>;
  },
): Promise<void> {
  for (let i = 0; i < opts.seconds * 5; i++) {
    if (child.exitCode != null)
      throw new Error(`${opts.name}: the server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.ok && (!opts.ready || (await opts.ready(res)))) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error(opts.notReady);
}

/**
 * SIGTERM, as a deployment stops it, then SIGKILL when it still runs 15 s later; resolves true when
 * it exited by itself after the SIGTERM (false when it had exited before, or was killed).
 */
export async function stopServer(child: ChildProcess): Promise<boolean> {
  if (child.exitCode != null) return false;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(15_000)]);
  if (child.exitCode != null) return true;
  child.kill('SIGKILL');
  return false;
}
