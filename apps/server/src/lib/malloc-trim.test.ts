import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';

const here = path.dirname(fileURLToPath(import.meta.url));
const fixture = path.join(here, '../../test/fixtures/process/malloc-trim.mjs');

interface Seen {
  loaded: boolean;
  afterMinor: number;
  afterMajor: number;
  before: number;
  after: number;
  released: boolean;
}

// In a process of its own: its resident memory is what is measured, and it runs with --expose-gc.
async function run(): Promise<Seen> {
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--expose-gc', '--import', tsx, fixture, path.join(here, 'malloc-trim.ts')],
    { timeout: 60_000 },
  );
  return JSON.parse(stdout) as Seen;
}

describe.runIf(process.platform === 'linux')('giving the allocator’s free memory back (glibc)', () => {
  let seen: Seen;
  beforeAll(async () => {
    seen = await run();
  }, 60_000);

  it('releases freed blocks from the middle of the heap, which free() alone keeps', () => {
    expect(seen.loaded).toBe(true);
    expect(seen.released).toBe(true);
    // ~148 MB of 1 kB blocks freed, one in a hundred kept: nearly every page of theirs goes back.
    expect(seen.before - seen.after).toBeGreaterThan(100);
  });

  it('runs after a full garbage collection, not after a scavenge', () => {
    expect(seen.afterMinor).toBe(0);
    expect(seen.afterMajor).toBeGreaterThanOrEqual(1);
  });
});
