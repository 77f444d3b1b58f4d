import { createHash, randomBytes } from 'node:crypto';
import type { Stats } from 'node:fs';
import { mkdir, mkdtemp, open, readdir, rename, rm, stat, unlink, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { PublicWhiteLabel } from '@villas/shared';
import stringify from 'safe-stable-stringify';
import { BROCHURE_RENDERER_VERSION, photoFiles, photoRequests } from './white-label.brochure-sources';

/**
 * Brochures on disk, named by a hash of everything one is rendered from: the public answer it shows
 * (as canonical JSON: keys sorted), the renderer's version, and each photograph's file as the
 * renderer will read it (its path under UPLOAD_DIR, size and modification time). A change to a villa,
 * a price, the link or a photograph gives another name, so nothing has to be invalidated, and every
 * instance names the same brochure alike. The folder is bounded in bytes: writing a brochure removes
 * the least recently used ones (a hit refreshes a file's modification time, which orders them again
 * after a restart).
 */

/** The name of the brochure of `answer`: a sha256 of everything it is rendered from. */
export async function brochureKey(answer: PublicWhiteLabel, uploadDir: string): Promise<string> {
  const root = path.resolve(uploadDir);
  const byFiles = new Map<string, Promise<string>>();
  const photos = await Promise.all(
    photoRequests(answer).map((photo) => {
      const files = photoFiles(photo, uploadDir);
      const id = files.join('\n');
      let state = byFiles.get(id);
      if (!state) byFiles.set(id, (state = fileState(files, root)));
      return state;
    }),
  );
  const input = stringify({ renderer: BROCHURE_RENDERER_VERSION, answer, photos }) ?? '';
  return createHash('sha256').update(input).digest('hex');
}

/** The first of `files` that exists (the one the renderer prints), as path, size and time. */
async function fileState(files: string[], root: string): Promise<string> {
  for (const file of files) {
    let s: Stats;
    try {
      s = await stat(file);
    } catch {
      continue;
    }
    if (s.isFile()) return `${path.relative(root, file)} ${s.size} ${s.mtimeMs}`;
  }
  return files.length ? 'missing' : 'none';
}

/** A cached brochure opened for reading (the open file survives its eviction meanwhile). */
export interface CachedBrochure {
  stream: Readable;
  size: number;
  file: string;
}

const PDF = /^([0-9a-f]{64})\.pdf$/;
/** Half-written files older than this are left-overs of a process that stopped while writing. */
const STALE_TEMP_MS = 10 * 60_000;

export class BrochureCache {
  /** Cached names in least recently used order, with their sizes. */
  private readonly entries = new Map<string, number>();
  private bytes = 0;
  private ready: Promise<string> | undefined;

  /**
   * @param dir the folder (created when needed), or null for a temporary one removed at close
   * @param maxBytes the most the folder holds; 0 turns the cache off
   */
  constructor(
    private readonly dir: string | null,
    readonly maxBytes: number,
  ) {}

  get enabled(): boolean {
    return this.maxBytes > 0;
  }

  /** Bytes held now. */
  get size(): number {
    return this.bytes;
  }

  /** The folder, read once: the brochures already there, oldest first. */
  private folder(): Promise<string> {
    this.ready ??= (async () => {
      const dir = this.dir ?? (await mkdtemp(path.join(tmpdir(), 'villas-brochures-')));
      await mkdir(dir, { recursive: true });
      const found: Array<{ key: string; size: number; time: number }> = [];
      for (const name of await readdir(dir)) {
        const file = path.join(dir, name);
        const s = await stat(file).catch(() => null);
        if (!s?.isFile()) continue;
        const key = PDF.exec(name)?.[1];
        if (key) found.push({ key, size: s.size, time: s.mtimeMs });
        else if (name.endsWith('.tmp') && Date.now() - s.mtimeMs > STALE_TEMP_MS)
          await unlink(file).catch(() => undefined);
      }
      found.sort((a, b) => a.time - b.time);
      for (const f of found) this.remember(f.key, f.size);
      await this.evict(dir);
      return dir;
    })();
    return this.ready;
  }

  private remember(key: string, size: number) {
    const old = this.entries.get(key);
    if (old !== undefined) this.bytes -= old;
    this.entries.delete(key);
    this.entries.set(key, size);
    this.bytes += size;
  }

  private forget(key: string) {
    const size = this.entries.get(key);
    if (size === undefined) return;
    this.entries.delete(key);
    this.bytes -= size;
  }

  /** Least recently used out until the folder is within its bound. */
  private async evict(dir: string) {
    for (const [key] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.forget(key);
      await unlink(path.join(dir, `${key}.pdf`)).catch(() => undefined);
    }
  }

  /** Whether `key` is cached, as far as this process knows (no file is touched). */
  has(key: string): boolean {
    return this.entries.has(key);
  }

  /** The cached brochure `key`, opened, or null (also when another process removed it). */
  async get(key: string): Promise<CachedBrochure | null> {
    if (!this.enabled) return null;
    const dir = await this.folder();
    if (!this.entries.has(key)) return null;
    const file = path.join(dir, `${key}.pdf`);
    try {
      const handle = await open(file, 'r');
      const { size } = await handle.stat();
      this.remember(key, size);
      const now = new Date();
      void utimes(file, now, now).catch(() => undefined);
      return { stream: handle.createReadStream(), size, file };
    } catch {
      this.forget(key);
      return null;
    }
  }

  /** Keeps `data` as `key` (written whole, then renamed: a reader never sees half a file). */
  async put(key: string, data: Uint8Array): Promise<void> {
    if (!this.enabled || data.byteLength > this.maxBytes) return;
    const dir = await this.folder();
    const temp = path.join(dir, `${key}.${randomBytes(6).toString('hex')}.tmp`);
    try {
      await writeFile(temp, data);
      await rename(temp, path.join(dir, `${key}.pdf`));
    } catch (err) {
      await unlink(temp).catch(() => undefined);
      throw err;
    }
    this.remember(key, data.byteLength);
    await this.evict(dir);
  }

  /** Removes a temporary folder (a named one stays for the next start). */
  async close(): Promise<void> {
    const ready = this.ready;
    this.ready = undefined;
    if (!ready || this.dir) return;
    const dir = await ready.catch(() => null);
    if (dir) await rm(dir, { recursive: true, force: true });
  }
}
