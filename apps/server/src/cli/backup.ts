import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { loadConfig, loadDotEnv } from '../config/env';
import {
  assertNotInUse,
  CliError,
  type DatabaseTarget,
  isMain,
  libpqConnection,
  pgdataDir,
  runCli,
  runPgTool,
  timestamp,
} from './backup-common';

export interface BackupOptions extends DatabaseTarget {
  /** Backup file; default `backups/villas-<UTC timestamp>.<tar.gz|dump>` in the working directory. */
  out?: string;
}

/**
 * `npm run db:backup [-- --out FILE]`: one file holding the whole database. Embedded: PGlite's
 * `dumpDataDir('gzip')` (a .tar.gz of the data directory; the app must be stopped). PostgreSQL
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
      const { dbname, env } = libpqConnection(opts.databaseUrl);
      log(`pg_dump of ${new URL(dbname).pathname.slice(1)} on ${new URL(dbname).host}...`);
      await runPgTool('pg_dump', ['--format=custom', '--file', partial, '--dbname', dbname], env);
    } else {
      const pgdata = pgdataDir(opts.dataDir);
      if (!existsSync(pgdata) || readdirSync(pgdata).length === 0) {
        throw new CliError(`no embedded database at ${pgdata} (check DATA_DIR)`);
      }
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
    loadDotEnv();
    const config = loadConfig();
    const file = await backup({
      dataDir: config.dataDir,
      databaseUrl: config.databaseUrl,
      out: values.out,
      log: (line) => console.error(line),
    });
    console.log(file);
  });
}
