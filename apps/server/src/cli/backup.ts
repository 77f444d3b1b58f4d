import { existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { copyFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { newestLast } from '../db/online-backup';
import {
  assertNotInUse,
  CliError,
  commandLineTarget,
  type DatabaseTarget,
  existingPgdata,
  isMain,
  libpqConnection,
  processesUsing,
  runCli,
  runPgTool,
  timestamp,
} from './backup-common';

export interface BackupOptions extends DatabaseTarget {
  /** Backup file; default `backups/villas-<UTC timestamp>.<tar.gz|dump>` in the working directory. */
  out?: string;
  /** How long to wait for a running app's backup (default 5 minutes). */
  waitMs?: number;
}

/**
 * Asks the app running on the embedded database (the process holding its files) for a backup — the
 * signal SIGUSR2 — and resolves with the file it writes into `dir` (DATA_DIR/backups) once whole.
 */
async function askRunningServer(pid: number, dir: string, waitMs = 300_000): Promise<string> {
  const asked = Date.now();
  const before = new Set(existsSync(dir) ? newestLast(dir) : []);
  process.kill(pid, 'SIGUSR2');
  while (Date.now() - asked < waitMs) {
    await delay(200);
    const fresh = existsSync(dir) ? newestLast(dir).filter((f) => !before.has(f)) : [];
    if (fresh.length) return path.join(dir, fresh[fresh.length - 1]!);
  }
  throw new CliError(
    `the running app (process ${pid}) wrote no backup into ${dir} within ${Math.round(waitMs / 1000)} s: see its log`,
  );
}

/**
 * `npm run db:backup [-- --out FILE]`: one file holding the whole database. Embedded: PGlite's
 * `dumpDataDir('gzip')` (a .tar.gz of the data directory; while the app runs, the app takes it). PostgreSQL
 * server: `pg_dump --format=custom`. Returns the absolute path of the file written.
 */
export async function backup(opts: BackupOptions): Promise<string> {
  const log = opts.log ?? (() => undefined);
  const ext = opts.databaseUrl ? 'dump' : 'tar.gz';
  const out = path.resolve(opts.out ?? path.join('backups', `villas-${timestamp()}.${ext}`));
  mkdirSync(path.dirname(out), { recursive: true });
  // Written next to the target and renamed at the end: a failed backup never leaves a partial file
  // under the final name.
  const partial = `${out}.partial`;
  const started = Date.now();
  try {
    if (opts.databaseUrl) {
      const { dbname, env, name } = libpqConnection(opts.databaseUrl);
      log(`pg_dump of ${name}...`);
      await runPgTool('pg_dump', ['--format=custom', '--file', partial, '--dbname', dbname], env);
    } else {
      const pgdata = existingPgdata(opts.dataDir);
      const running = processesUsing(pgdata);
      if (running?.length === 1) {
        // The app is running: it takes the backup itself, between two of its statements.
        log(`the app is running (process ${running[0]}): asking it for a backup...`);
        const taken = await askRunningServer(running[0]!, path.join(opts.dataDir, 'backups'), opts.waitMs);
        await copyFile(taken, partial);
      } else {
        assertNotInUse(pgdata);
        log(`dumping ${pgdata}...`);
        const client = await PGlite.create({ dataDir: pgdata });
        try {
          const dump = await client.dumpDataDir('gzip');
          await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
        } finally {
          await client.close();
        }
      }
    }
    renameSync(partial, out);
  } catch (err) {
    rmSync(partial, { force: true });
    throw err;
  }
  const size = statSync(out).size;
  log(
    `backup written: ${(size / 1024 / 1024).toFixed(1)} MB in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return out;
}

if (isMain(import.meta.url)) {
  await runCli('db:backup', async () => {
    const { values } = parseArgs({ options: { out: { type: 'string' } } });
    const file = await backup({ ...commandLineTarget(), out: values.out });
    console.log(file);
  });
}
