import { existsSync, renameSync, rmSync } from 'node:fs';
import { open, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { createDatabase } from '@villas/db/client';
import {
  assertNotInUse,
  CliError,
  commandLineTarget,
  type DatabaseTarget,
  holdsDatabase,
  isMain,
  libpqConnection,
  pgdataDir,
  runCli,
  runPgTool,
  timestamp,
} from './backup-common';

export interface RestoreOptions extends DatabaseTarget {
  /** A file written by `db:backup` for the same kind of database. */
  file: string;
  /** Replace a database that holds data (embedded: the old pgdata is moved aside, not deleted). */
  yes?: boolean;
}

export interface RestoreResult {
  kind: 'pglite' | 'postgres';
  /** Embedded with `yes`: where the previous data directory was moved. */
  movedAside?: string;
}

/** `PGDMP` opens a pg_dump custom-format file; gzip starts 1f 8b. */
async function fileKind(file: string): Promise<'dump' | 'gzip' | 'unknown'> {
  const handle = await open(file, 'r');
  try {
    const { buffer } = await handle.read(Buffer.alloc(5), 0, 5, 0);
    if (buffer.toString('latin1') === 'PGDMP') return 'dump';
    if (buffer[0] === 0x1f && buffer[1] === 0x8b) return 'gzip';
    return 'unknown';
  } finally {
    await handle.close();
  }
}

/**
 * `npm run db:restore -- FILE [--yes]`: restores a `db:backup` file, then applies the migrations
 * so an older backup comes up to date. Refuses to replace existing data without `yes`.
 */
export async function restore(opts: RestoreOptions): Promise<RestoreResult> {
  const log = opts.log ?? (() => undefined);
  const file = path.resolve(opts.file);
  if (!existsSync(file)) throw new CliError(`no such file: ${file}`);
  const kind = await fileKind(file);
  return opts.databaseUrl ? restorePostgres(opts, file, kind, log) : restoreEmbedded(opts, file, kind, log);
}

async function restoreEmbedded(
  opts: RestoreOptions,
  file: string,
  kind: string,
  log: (line: string) => void,
): Promise<RestoreResult> {
  if (kind === 'dump') {
    throw new CliError(`${file} is a pg_dump file: restore it with DATABASE_URL set`);
  }
  if (kind !== 'gzip') throw new CliError(`${file} is not a db:backup file (.tar.gz or .dump)`);
  const pgdata = pgdataDir(opts.dataDir);
  let movedAside: string | undefined;
  if (holdsDatabase(pgdata)) {
    assertNotInUse(pgdata);
    if (!opts.yes) {
      throw new CliError(`${pgdata} already holds a database: add --yes to move it aside and restore`);
    }
    movedAside = `${pgdata}.before-restore-${timestamp()}`;
    renameSync(pgdata, movedAside);
    log(`moved the current database to ${movedAside}`);
  }
  log(`restoring ${file} into ${pgdata}...`);
  try {
    const database = await createDatabase({
      dataDir: opts.dataDir,
      loadDataDir: new Blob([await readFile(file)]),
    });
    try {
      log('applying migrations...');
      await database.migrate();
    } finally {
      await database.close();
    }
  } catch (err) {
    // Leave things as they were: no half-restored directory, the old one back in place.
    rmSync(pgdata, { recursive: true, force: true });
    if (movedAside) renameSync(movedAside, pgdata);
    throw err;
  }
  log('restore complete');
  return { kind: 'pglite', movedAside };
}

async function restorePostgres(
  opts: RestoreOptions,
  file: string,
  kind: string,
  log: (line: string) => void,
): Promise<RestoreResult> {
  const databaseUrl = opts.databaseUrl!;
  if (kind === 'gzip') {
    throw new CliError(`${file} is an embedded-database backup: restore it without DATABASE_URL`);
  }
  if (kind !== 'dump') throw new CliError(`${file} is not a db:backup file (.tar.gz or .dump)`);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let tables: number;
  try {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from information_schema.tables
        where table_schema not in ('pg_catalog', 'information_schema')`,
    );
    tables = rows[0]!.n;
  } finally {
    await client.end();
  }
  if (tables > 0 && !opts.yes) {
    throw new CliError(
      `the database already has ${tables} tables: add --yes to replace their contents with the backup`,
    );
  }
  const { dbname, env, name } = libpqConnection(databaseUrl);
  log(`pg_restore into ${name}...`);
  await runPgTool(
    'pg_restore',
    [
      '--clean',
      '--if-exists',
      '--no-owner',
      '--single-transaction',
      '--exit-on-error',
      '--dbname',
      dbname,
      file,
    ],
    env,
  );
  log('applying migrations...');
  const database = await createDatabase({ databaseUrl, dataDir: opts.dataDir });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  log('restore complete');
  return { kind: 'postgres' };
}

if (isMain(import.meta.url)) {
  await runCli('db:restore', async () => {
    const { values, positionals } = parseArgs({
      options: { yes: { type: 'boolean', default: false } },
      allowPositionals: true,
    });
    if (positionals.length !== 1) throw new CliError('usage: npm run db:restore -- FILE [--yes]');
    await restore({ ...commandLineTarget(), file: positionals[0]!, yes: values.yes });
  });
}
