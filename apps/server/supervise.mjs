/**
 * `npm start`'s supervisor (docs/operations.md): runs the server as a child process and starts it
 * again when it ends abnormally (a crash, an out-of-memory abort, SIGKILL), with back-off — 1, 2, 4 …
 * seconds — and at most RESTART_MAX restarts in RESTART_WINDOW_MINUTES, after which it gives up and
 * exits non-zero (a process manager above it takes over). SIGINT and SIGTERM are passed to the server
 * and never followed by a restart; neither is a clean exit (code 0) or a configuration error (code
 * 78, which another start would repeat).
 *
 * On the embedded database a new server starts only once no process holds a file of
 * DATA_DIR/pgdata open any more: PGlite writes no lock, and two processes on one data directory
 * corrupt it.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { serverEnv, serverNodeFlags } from './node-flags.mjs';

/** The server's exit code for a configuration it refused (sysexits' EX_CONFIG). */
export const CONFIG_ERROR_EXIT = 78;

/** The supervisor's settings from the environment and `.env` in the working directory (the environment wins). */
export function supervisorSettings(env = process.env, cwd = process.cwd()) {
  const file = path.join(cwd, '.env');
  const merged = { ...(existsSync(file) ? parseEnv(readFileSync(file, 'utf8')) : {}), ...env };
  const whole = (name, fallback) => {
    const raw = merged[name];
    if (raw === undefined || raw === '') return fallback;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < 0) throw new Error(`${name}: must be a whole number (got "${raw}")`);
    return n;
  };
  const dataDir = merged.DATA_DIR || './data';
  return {
    maxRestarts: whole('RESTART_MAX', 5),
    windowMs: whole('RESTART_WINDOW_MINUTES', 10) * 60_000,
    /** The embedded database's folder, or undefined on a PostgreSQL server or in memory. */
    pgdata: merged.DATABASE_URL || dataDir === ':memory:' ? undefined : path.resolve(cwd, dataDir, 'pgdata'),
  };
}

/** Process ids other than this one holding a file below `dir` open (Linux /proc; [] elsewhere). */
export function processesUsing(dir) {
  if (!existsSync('/proc/self/fd')) return [];
  const prefix = path.resolve(dir) + path.sep;
  const pids = [];
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid) || pid === process.pid) continue;
    let fds;
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        if (readlinkSync(`/proc/${pid}/fd/${fd}`).startsWith(prefix)) {
          pids.push(pid);
          break;
        }
      } catch {
        // closed meanwhile
      }
    }
  }
  return pids;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `command args` until it ends for good; resolves with the exit code the supervisor should end
 * with.
 */
export function supervise({
  command,
  args,
  env = process.env,
  maxRestarts = 5,
  windowMs = 10 * 60_000,
  pgdata,
  releaseTimeoutMs = 60_000,
  log = (message) => console.error(`[supervisor] ${message}`),
}) {
  return new Promise((resolve) => {
    /** When each restart happened (the ones inside the window count). */
    const restarts = [];
    let child;
    let stopping = false;
    let wake;

    const onSignal = (signal) => {
      stopping = true;
      if (child && child.exitCode === null && child.signalCode === null) child.kill(signal);
      else {
        wake?.();
        resolve(0);
      }
    };
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
    const finish = (code) => {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
      resolve(code);
    };

    const waitFor = (ms) =>
      Promise.race([sleep(ms), new Promise((resolve) => (wake = resolve))]).finally(() => (wake = undefined));

    /** Resolves true once nobody holds the embedded data directory, false if someone still does. */
    const released = async () => {
      if (!pgdata || !existsSync(pgdata)) return true;
      const deadline = Date.now() + releaseTimeoutMs;
      let said = false;
      for (;;) {
        const holders = processesUsing(pgdata);
        if (holders.length === 0) return true;
        if (Date.now() > deadline || stopping) {
          log(`${pgdata} is still held by process ${holders.join(', ')}: not starting another server on it`);
          return false;
        }
        if (!said) log(`waiting for process ${holders.join(', ')} to release ${pgdata}`);
        said = true;
        await waitFor(250);
      }
    };

    const start = () => {
      child = spawn(command, args, { stdio: 'inherit', env });
      child.once('exit', (code, signal) => void exited(code, signal));
    };

    const exited = async (code, signal) => {
      if (stopping) return finish(code ?? 0);
      if (code === 0) return finish(0);
      if (signal === 'SIGINT' || signal === 'SIGTERM') return finish(0);
      if (code === CONFIG_ERROR_EXIT) return finish(code);
      const how = signal ? `was killed by ${signal}` : `exited with code ${code}`;
      const now = Date.now();
      while (restarts.length && now - restarts[0] > windowMs) restarts.shift();
      if (restarts.length >= maxRestarts) {
        log(
          `the server ${how}; it was restarted ${restarts.length} times in ${Math.round(windowMs / 60_000)} minutes, giving up`,
        );
        return finish(typeof code === 'number' && code !== 0 ? code : 1);
      }
      const delay = 1000 * 2 ** restarts.length;
      log(
        `the server ${how}; restarting in ${delay / 1000} s ` +
          `(restart ${restarts.length + 1} of at most ${maxRestarts} in ${Math.round(windowMs / 60_000)} minutes)`,
      );
      await waitFor(delay);
      if (stopping) return finish(0);
      if (!(await released())) return finish(1);
      if (stopping) return finish(0);
      restarts.push(Date.now());
      start();
    };

    start();
  });
}

/**
 * `npm start`: runs the built server `script` (its Node.js flags and environment from node-flags.mjs)
 * under the supervisor with the settings of supervisorSettings, and exits with the supervisor's code
 * (1, with one line, when those settings are invalid).
 */
export async function superviseServer(script) {
  let settings;
  try {
    settings = supervisorSettings();
  } catch (err) {
    console.error(`Invalid configuration:\n  - ${err.message}`);
    process.exit(1);
  }
  process.exit(
    await supervise({
      command: process.execPath,
      args: [...serverNodeFlags(), script],
      env: serverEnv(),
      ...settings,
    }),
  );
}
