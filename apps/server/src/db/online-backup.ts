import { createWriteStream, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type { Database } from '@villas/db/client';

/** A backup file the server wrote: `villas-<UTC timestamp>.tar.gz`, sortable by name. */
export const BACKUP_FILE = /^villas-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z(-\d+)?\.tar\.gz$/;

export interface OnlineBackupOptions {
  /** Where the backups go (`DATA_DIR/backups`); null for a database in memory (none taken). */
  dir: string | null;
  /** How many to keep: the oldest beyond this are removed after each new one. */
  keep: number;
  /** Hours between two scheduled backups; 0: only on request. */
  intervalHours: number;
}

/** The server's backup files in `dir`, oldest first. */
export function newestLast(dir: string): string[] {
  return readdirSync(dir)
    .filter((f) => BACKUP_FILE.test(f))
    .map((f) => ({ f, at: statSync(path.join(dir, f)).mtimeMs }))
    .sort((a, b) => a.at - b.at || a.f.localeCompare(b.f))
    .map(({ f }) => f);
}

/** `2026-11-23T23-05-12Z`: sortable, and valid in file names everywhere. */
const stamp = (date: Date) =>
  date
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '-');

/**
 * Backups of the embedded database taken by the server while it runs (docs/operations.md › Backups):
 * on a schedule, and when `db:backup` asks (SIGUSR2 to the server's process). A checkpoint first, then
 * PGlite's dump of the data directory, taken between two statements: every write answered before the
 * backup began is in it. Written under a temporary name and renamed, so a file with the final name is
 * always whole; the oldest beyond `keep` are removed. One backup at a time: a request during one
 * waits for it and gets it.
 */
export class OnlineBackups {
  private running: Promise<string> | null = null;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly database: Database,
    private readonly opts: OnlineBackupOptions,
    private readonly log: { info(msg: string): void; error(obj: unknown, msg: string): void },
  ) {}

  /** Only the embedded database: a PostgreSQL server is backed up with pg_dump while it runs. */
  get available(): boolean {
    return this.database.pglite !== undefined && this.opts.dir !== null;
  }

  start(): void {
    if (!this.available || this.opts.intervalHours <= 0) return;
    this.timer = setInterval(
      () => void this.take().catch(() => undefined),
      this.opts.intervalHours * 3_600_000,
    );
    this.timer.unref();
  }

  /** Takes a backup (or joins the one under way) and resolves with its path. */
  take(): Promise<string> {
    this.running ??= this.write().finally(() => (this.running = null));
    return this.running;
  }

  private async write(): Promise<string> {
    const { pglite } = this.database;
    const { dir } = this.opts;
    if (!pglite || !dir) throw new Error('online backups are for an embedded database on disk only');
    mkdirSync(dir, { recursive: true });
    const started = Date.now();
    let file = path.join(dir, `villas-${stamp(new Date(started))}.tar.gz`);
    for (let n = 2; readdirSync(dir).includes(path.basename(file)); n++)
      file = path.join(dir, `villas-${stamp(new Date(started))}-${n}.tar.gz`);
    const partial = `${file}.partial`;
    try {
      await pglite.query('checkpoint');
      // The tar is read between two statements; it is then compressed as it streams to the file, on
      // libuv's threads (not the event loop that answers requests meanwhile), at gzip's fastest level:
      // the data directory's preallocated WAL makes it ~200 MB that level 6 took 16 s over.
      const tar = await pglite.dumpDataDir('none');
      await pipeline(
        Readable.fromWeb(tar.stream() as never),
        createGzip({ level: 1 }),
        createWriteStream(partial),
      );
      renameSync(partial, file);
    } catch (err) {
      rmSync(partial, { force: true });
      this.log.error({ err }, 'online backup failed');
      throw err;
    }
    this.prune(dir);
    this.log.info(`online backup written: ${file} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return file;
  }

  private prune(dir: string): void {
    const files = newestLast(dir);
    for (const old of files.slice(0, Math.max(0, files.length - this.opts.keep)))
      rmSync(path.join(dir, old), { force: true });
  }

  /** Stops the schedule; a backup under way is finished first. */
  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.running?.catch(() => undefined);
  }
}
