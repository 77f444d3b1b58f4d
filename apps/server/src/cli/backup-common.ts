import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadConfig, loadDotEnv, processEnv } from '../config/env';
import { processesUsing as openedBelow } from '../../supervise.mjs';

/** What `db:backup` / `db:restore` need: the same two settings the server reads. */
export interface DatabaseTarget {
  /** Absolute DATA_DIR; the embedded database lives in `<dataDir>/pgdata`. */
  dataDir: string;
  /** When set, the PostgreSQL server database to back up or restore instead. */
  databaseUrl?: string;
  /** Progress lines (stderr in the command line). */
  log?: (line: string) => void;
}

/** The database a command works on: DATA_DIR and DATABASE_URL of the environment and `.env`, progress on stderr. */
export function commandLineTarget(): DatabaseTarget & Required<Pick<DatabaseTarget, 'log'>> {
  loadDotEnv();
  const config = loadConfig();
  return { dataDir: config.dataDir, databaseUrl: config.databaseUrl, log: (line) => console.error(line) };
}

/** A failure the command line reports as one line, without a stack trace. */
export class CliError extends Error {}

/** `2026-11-23T23-05-12Z`: sortable, and valid in file names everywhere. */
export function timestamp(date = new Date()): string {
  return date
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '-');
}

export function pgdataDir(dataDir: string): string {
  if (dataDir === ':memory:')
    throw new CliError('DATA_DIR is :memory:, there is no embedded database to use');
  return path.join(dataDir, 'pgdata');
}

/** Whether the embedded database's folder holds a database (it exists and is not empty). */
export function holdsDatabase(pgdata: string): boolean {
  return existsSync(pgdata) && readdirSync(pgdata).length > 0;
}

/** The embedded database's folder of `dataDir`, refusing when it holds no database. */
export function existingPgdata(dataDir: string): string {
  const pgdata = pgdataDir(dataDir);
  if (!holdsDatabase(pgdata)) throw new CliError(`no embedded database at ${pgdata} (check DATA_DIR)`);
  return pgdata;
}

/**
 * Process ids (other than this one) holding a file below `dir` open, read from /proc (Linux) as the
 * supervisor reads them. PGlite writes no real lock (its postmaster.pid holds -42), and a second
 * PGlite opening the same data directory succeeds and corrupts it, so this is how a running server
 * is detected. Returns undefined where /proc is not available.
 */
export function processesUsing(dir: string): number[] | undefined {
  return existsSync('/proc/self/fd') ? openedBelow(dir) : undefined;
}

/** Refuses when the embedded database at `pgdata` is open in another process (the app running). */
export function assertNotInUse(pgdata: string): void {
  const pids = processesUsing(pgdata);
  if (pids?.length) {
    throw new CliError(
      `${pgdata} is in use by process ${pids.join(', ')} (is the app running?): stop the app first`,
    );
  }
  if (pids === undefined && existsSync(path.join(pgdata, 'postmaster.pid'))) {
    throw new CliError(
      `${pgdata} looks in use (postmaster.pid present): stop the app first (starting and stopping it once clears a stale one)`,
    );
  }
}

/**
 * libpq arguments for a `postgres://` URL without the password in the command line (other users
 * can read it there): `--dbname` gets the URL without it and PGPASSWORD carries it. `name` is how
 * progress lines name the database (`villas on db.example.com:5432`).
 */
export function libpqConnection(databaseUrl: string): {
  dbname: string;
  env: NodeJS.ProcessEnv;
  name: string;
} {
  const url = new URL(databaseUrl);
  const env: NodeJS.ProcessEnv = { ...processEnv };
  if (url.password) env.PGPASSWORD = decodeURIComponent(url.password);
  url.password = '';
  return { dbname: url.toString(), env, name: `${url.pathname.slice(1)} on ${url.host}` };
}

/** Runs a PostgreSQL client program; rejects with its last error line (never the password). */
export function runPgTool(program: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', (err: NodeJS.ErrnoException) => {
      reject(
        err.code === 'ENOENT'
          ? new CliError(
              `${program} not found: install PostgreSQL's client tools (Debian: apt-get install postgresql-client)`,
            )
          : err,
      );
    });
    child.on('close', (code) => {
      if (code === 0) return resolve();
      const lines = stderr.trim().split('\n').filter(Boolean);
      reject(new CliError(`${program} failed (exit ${code}): ${lines.at(-1) ?? 'no message'}`));
    });
  });
}

/** True when this module is the script node/tsx was started with (not imported by a test). */
export function isMain(moduleUrl: string): boolean {
  const script = process.argv[1];
  return !!script && pathToFileURL(path.resolve(script)).href === moduleUrl;
}

/** Runs a command-line entry point: one clear line and exit code 1 on failure. */
export async function runCli(name: string, main: () => Promise<void>): Promise<void> {
  try {
    await main();
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    console.error(`${name}: ${message}`);
    if (!(err instanceof CliError) && err instanceof Error && err.stack) console.error(err.stack);
    process.exitCode = 1;
  }
}
