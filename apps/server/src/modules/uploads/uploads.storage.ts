import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** One file of an image to store: its name inside the store and its bytes. */
export interface ImageFile {
  name: string;
  data: Buffer;
}

/**
 * Where uploaded images live. The local disk is the default; an object store (S3 and the like) can
 * replace it by implementing these two calls, as long as its URLs stay stable for a name (the files
 * are served with an immutable cache header).
 */
export interface ImageStore {
  /**
   * Stores all files of one image, or none: when any write fails, whatever was written is removed and
   * the error is thrown. Returns each file's public URL, in order.
   */
  putAll(files: readonly ImageFile[]): Promise<string[]>;
  /** Removes files by name; names that do not exist are ignored. */
  remove(names: readonly string[]): Promise<void>;
}

/** The folder under UPLOAD_DIR and the URL prefix of uploaded images (plugins/uploads.ts serves it). */
export const IMAGES_DIR = 'images';
export const IMAGES_URL_PREFIX = `/uploads/${IMAGES_DIR}/`;

const SAFE_NAME = /^[a-z0-9][a-z0-9-]*\.webp$/;

/**
 * `${uploadDir}/images/<name>`, served at `/uploads/images/<name>`. Each file is written to a temporary
 * name in the same folder and renamed once complete, so a reader never sees a half-written file.
 */
export class LocalDiskImageStore implements ImageStore {
  private readonly dir: string;

  constructor(uploadDir: string) {
    this.dir = path.join(uploadDir, IMAGES_DIR);
  }

  private fileOf(name: string): string {
    // Names come from the service, never from the client; still, nothing may leave the folder.
    if (!SAFE_NAME.test(name)) throw new Error(`unsafe image file name: ${name}`);
    return path.join(this.dir, name);
  }

  async putAll(files: readonly ImageFile[]): Promise<string[]> {
    await mkdir(this.dir, { recursive: true });
    const tag = randomBytes(6).toString('hex');
    const staged = files.map((f) => {
      const final = this.fileOf(f.name);
      return { final, tmp: `${final}.${tag}.tmp`, data: f.data };
    });
    const cleanUp = (paths: string[]) => Promise.all(paths.map((p) => rm(p, { force: true })));
    // Every write settles before any clean-up, so no write can land after its file was removed.
    const writes = await Promise.allSettled(staged.map((s) => writeFile(s.tmp, s.data, { flag: 'wx' })));
    const failed = writes.find((w) => w.status === 'rejected');
    if (failed) {
      await cleanUp(staged.map((s) => s.tmp));
      throw failed.reason;
    }
    const renamed: string[] = [];
    try {
      for (const s of staged) {
        await rename(s.tmp, s.final);
        renamed.push(s.final);
      }
    } catch (err) {
      await cleanUp([...staged.map((s) => s.tmp), ...renamed]);
      throw err;
    }
    return files.map((f) => `${IMAGES_URL_PREFIX}${f.name}`);
  }

  async remove(names: readonly string[]): Promise<void> {
    await Promise.all(names.map((n) => rm(this.fileOf(n), { force: true })));
  }
}
