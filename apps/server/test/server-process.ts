import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import net, { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import { inject } from 'vitest';
import { createDatabase, type Database } from '@villas/db/client';
import { processEnv } from '../src/config/env';

/**
 * The real server as a separate process (`node --import tsx src/server.ts`), for tests that signal,
 * starve or restart it: it runs in a temporary working directory (no `.env` is read) with only the
 * environment the test gives it.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
export const serverEntry = path.resolve(here, '../src/server.ts');
export const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface ServerProcess {
  url: string;
  port: number;
  child: ChildProcess;
  /** Resolves with the exit code (or the signal that killed it). */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Everything the process printed so far (stdout and stderr). */
  output(): string;
  /** Kills it if it is still running (test clean-up). */
  kill(): void;
}

/** Starts the server and resolves once it says it is listening (or rejects with its output). */
export async function startServer(
  env: Record<string, string>,
  startTimeoutMs = 60_000,
  /** The process to run instead of the server (e.g. the supervisor running it); tsx is loaded first. */
  entry: string = serverEntry,
): Promise<ServerProcess> {
  const port = await freePort();
  const cwd = mkdtempSync(path.join(tmpdir(), 'villas-server-cwd-'));
  const child = spawn(process.execPath, ['--import', tsxLoader, entry], {
    cwd,
    env: {
      PATH: processEnv.PATH ?? '',
      HOME: cwd,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      SESSION_SECRET: 'a-test-secret-that-is-long-enough-0123456789',
      RATE_LIMIT_MAX: '10000',
      SYNC_INTERVAL_MINUTES: '0',
      ICAL_INTERVAL_MINUTES: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.setEncoding('utf8').on('data', (c: string) => (out += c));
  child.stderr!.setEncoding('utf8').on('data', (c: string) => (out += c));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  // The working directory is the process's own: gone with it.
  void exited.then(() => rm(cwd, { recursive: true, force: true }));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server did not start in ${startTimeoutMs} ms:\n${out.slice(-3000)}`)),
      startTimeoutMs,
    );
    const onData = () => {
      if (out.includes('is running at')) {
        clearTimeout(timer);
        child.stdout!.off('data', onData);
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code ?? signal}) before it was ready:\n${out.slice(-3000)}`));
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    child,
    exited,
    output: () => out,
    kill: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
}

/**
 * A database of its own for a server process, already migrated: a clone of the run's PostgreSQL
 * template when DATABASE_URL is set, else a PGlite data directory from the run's snapshot.
 * `prepare` adds rows before the server starts; `open` reads it once the server has stopped.
 */
export async function serverDatabase(
  prepare: (db: Database['db']) => Promise<void> = async () => undefined,
): Promise<{
  env: Record<string, string>;
  open(): Promise<Database>;
  drop(): Promise<void>;
}> {
  const url = processEnv.DATABASE_URL;
  const template = inject('postgresTemplate');
  if (url && template) {
    const name = `villas_p_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name} template ${template}`);
    await admin.end();
    const u = new URL(url);
    u.pathname = `/${name}`;
    const databaseUrl = u.toString();
    const open = () => createDatabase({ databaseUrl, dataDir: ':memory:' });
    const db = await open();
    await prepare(db.db);
    await db.close();
    return {
      env: { DATABASE_URL: databaseUrl },
      open,
      drop: async () => {
        const c = new pg.Client({ connectionString: url });
        await c.connect();
        await c.query(`drop database if exists ${name} with (force)`);
        await c.end();
      },
    };
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'villas-server-data-'));
  const snapshot = await readFile(inject('pgliteSnapshot'));
  const db = await createDatabase({ dataDir, loadDataDir: new Blob([snapshot]) });
  await prepare(db.db);
  await db.close();
  return {
    env: { DATA_DIR: dataDir, UPLOAD_DIR: path.join(dataDir, 'uploads') },
    open: () => createDatabase({ dataDir }),
    drop: () => rm(dataDir, { recursive: true, force: true }),
  };
}
