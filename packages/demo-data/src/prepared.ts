import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { copyFile, readFile, rename, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { nightsBetween, todayIso } from '@villas/shared';
import { migrationsDir } from '@villas/db/migrations';

// Not named `require`: the server's bundle declares its own at the top of every file.
const resolveHere = createRequire(import.meta.url);

/**
 * The demo prepared at build (`npm run build -w @villas/demo-data`, src/prepare.ts), in the
 * workspace's gitignored dist/: `images/demo/` (the rendered image set), `db/pgdata/` (an embedded
 * database, migrated and holding the demo catalogue) and `prepared.json` (what it was made from).
 */
export const preparedDir = () =>
  path.join(path.dirname(resolveHere.resolve('@villas/demo-data/package.json')), 'dist');
export const preparedImagesDir = (dir = preparedDir()) => path.join(dir, 'images');
export const preparedDataDir = (dir = preparedDir()) => path.join(dir, 'db');
export const manifestFile = (dir = preparedDir()) => path.join(dir, 'prepared.json');

/**
 * A prepared database older than this is not used: its calendar (a year of prices and blocked stays
 * from the day it was made) would have drifted too far behind today, so the catalogue is seeded
 * afresh instead. Younger, the nights past its year inherit each villa's base price (the rule for a
 * night without a price of its own).
 */
export const PREPARED_MAX_AGE_DAYS = 30;

export interface Manifest {
  /** The day the catalogue was seeded: its calendar starts then. */
  date: string;
  /** Fingerprint of everything the set is made from; an equal one the same day skips the build. */
  inputs: string;
  /** The PGlite version that wrote the data directory (its files are that version's format). */
  pglite: string;
  /** The migrations applied to it, in order, each with the SHA-256 of its SQL. */
  migrations: Migration[];
}

export interface Migration {
  tag: string;
  hash: string;
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

/** The server's migrations (drizzle/meta/_journal.json), each with the SHA-256 of its SQL file. */
export async function currentMigrations(): Promise<Migration[]> {
  const journal = JSON.parse(await readFile(path.join(migrationsDir, 'meta', '_journal.json'), 'utf8')) as {
    entries: Array<{ tag: string }>;
  };
  return Promise.all(
    journal.entries.map(async ({ tag }) => ({
      tag,
      hash: sha256(await readFile(path.join(migrationsDir, `${tag}.sql`))),
    })),
  );
}

/** The installed PGlite's version, read from its package.json above its entry file. */
export async function pgliteVersion(): Promise<string> {
  for (let dir = path.dirname(resolveHere.resolve('@electric-sql/pglite')); ; dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (existsSync(file)) {
      const pkg = JSON.parse(await readFile(file, 'utf8')) as { name?: string; version: string };
      if (pkg.name === '@electric-sql/pglite') return pkg.version;
    }
    if (path.dirname(dir) === dir) throw new Error('@electric-sql/pglite has no package.json');
  }
}

export async function readManifest(dir = preparedDir()): Promise<Manifest | undefined> {
  try {
    return JSON.parse(await readFile(manifestFile(dir), 'utf8')) as Manifest;
  } catch {
    return undefined;
  }
}

export type PreparedCheck = { ok: true; manifest: Manifest } | { ok: false; reason: string };

/**
 * Whether the prepared database can stand in for an empty one today: it exists, this PGlite wrote
 * it, its migrations are the first of the server's (later ones are applied at start as usual), and
 * it is at most PREPARED_MAX_AGE_DAYS old.
 */
export async function checkPrepared(today = todayIso(), dir = preparedDir()): Promise<PreparedCheck> {
  const manifest = await readManifest(dir);
  if (!manifest || !existsSync(path.join(preparedDataDir(dir), 'pgdata', 'PG_VERSION')))
    return { ok: false, reason: 'no demo database prepared (`npm run build` prepares one)' };
  const pglite = await pgliteVersion();
  if (manifest.pglite !== pglite)
    return {
      ok: false,
      reason: `the prepared demo database was written by PGlite ${manifest.pglite}, not ${pglite}`,
    };
  const current = await currentMigrations();
  const same = (m: Migration, i: number) => m.tag === current[i]?.tag && m.hash === current[i]?.hash;
  if (!manifest.migrations.every(same))
    return { ok: false, reason: 'the prepared demo database has migrations that differ from the server’s' };
  const age = nightsBetween(manifest.date, today);
  if (age < 0 || age > PREPARED_MAX_AGE_DAYS)
    return {
      ok: false,
      reason: `the prepared demo database is from ${manifest.date}, over ${PREPARED_MAX_AGE_DAYS} days from today`,
    };
  return { ok: true, manifest };
}

export type PreparedInstall = { installed: true; date: string } | { installed: false; reason: string };

/**
 * A first start of the embedded database: puts a copy of the prepared data directory at `pgdataDir`
 * (which must not exist yet) when checkPrepared allows it, so the start opens a migrated database
 * holding the demo catalogue instead of creating and seeding one. A copy, never links: PostgreSQL
 * writes its files in place. Copied beside it and renamed, so a failed copy leaves no half directory.
 */
export async function installPreparedDatabase(
  pgdataDir: string,
  { today = todayIso(), dir = preparedDir() } = {},
): Promise<PreparedInstall> {
  const check = await checkPrepared(today, dir);
  if (!check.ok) return { installed: false, reason: check.reason };
  const tmp = `${pgdataDir}.${process.pid}.tmp`;
  try {
    await copyTree(path.join(preparedDataDir(dir), 'pgdata'), tmp);
    await rename(tmp, pgdataDir);
  } catch (err) {
    await rm(tmp, { recursive: true, force: true });
    return {
      installed: false,
      reason: `the prepared demo database could not be copied: ${err instanceof Error ? err.message : String(err)}`,
    };
  }
  return { installed: true, date: check.manifest.date };
}

/**
 * Copies a directory tree, every file at once: the copies queue on libuv's threads and go on while
 * the main thread is busy (a start loads the app's modules meanwhile), where a copy file after file
 * would wait for the main thread between files.
 */
async function copyTree(from: string, to: string): Promise<void> {
  const entries = readdirSync(from, { recursive: true, withFileTypes: true });
  const rel = (e: (typeof entries)[number]) => path.relative(from, path.join(e.parentPath, e.name));
  mkdirSync(to, { recursive: true });
  for (const e of entries) if (e.isDirectory()) mkdirSync(path.join(to, rel(e)), { recursive: true });
  await Promise.all(
    entries.filter((e) => e.isFile()).map((e) => copyFile(path.join(from, rel(e)), path.join(to, rel(e)))),
  );
}
