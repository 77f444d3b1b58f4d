import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { HEAP_FLAGS, serverEnv, serverNodeFlags } from '../node-flags.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));

describe('the Node.js flags npm start runs the server with', () => {
  it('bound the heap by default, and do not keep every module’s source map', () => {
    expect(serverNodeFlags({})).toEqual(HEAP_FLAGS);
    expect(HEAP_FLAGS.some((f) => f.startsWith('--max-old-space-size='))).toBe(true);
  });

  it.each(['--max-old-space-size=1024', '--max-semi-space-size=32', '--max-heap-size=2048'])(
    'leave the heap to a deployment that sizes it itself (NODE_OPTIONS=%s)',
    (option) => {
      expect(serverNodeFlags({ NODE_OPTIONS: `--trace-warnings ${option}` })).toEqual([]);
    },
  );

  it('are flags this Node.js accepts', () => {
    for (const flag of HEAP_FLAGS)
      expect(process.allowedNodeEnvironmentFlags.has(flag.split('=')[0]!)).toBe(true);
  });
});

describe("the server process's environment", () => {
  it('fixes glibc’s mmap and trim thresholds, and keeps what the caller set', () => {
    expect(serverEnv({ PATH: '/bin' })).toEqual({
      PATH: '/bin',
      MALLOC_MMAP_THRESHOLD_: '131072',
      MALLOC_TRIM_THRESHOLD_: '131072',
    });
    expect(serverEnv({ MALLOC_TRIM_THRESHOLD_: '0' }).MALLOC_TRIM_THRESHOLD_).toBe('0');
  });
});

describe('what a start loads', () => {
  // sharp (libvips), pdfkit and nodemailer held ~28, ~30 and ~20 MB each once loaded; most servers
  // never process an image, print a brochure or send mail between starts (memory).
  // A start that seeds the demo imports @villas/demo-data too (db/bootstrap.ts): its images are the
  // ones prepared at build, so it renders none and needs no sharp either.
  it.each([
    ['the app', '../src/app.ts'],
    ['the demo data', '../../../packages/demo-data/src/index.ts'],
  ])(
    '%s leaves image processing, PDF and SMTP packages until they are used',
    async (_, module) => {
      const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ['--import', tsx, path.join(here, 'fixtures/process/packages-loaded.mjs'), path.join(here, module)],
        { timeout: 60_000 },
      );
      const loaded = JSON.parse(stdout) as string[];
      // The hook sees the app's packages (the test would pass vacuously if it saw nothing).
      expect(loaded).toEqual(expect.arrayContaining(['drizzle-orm', 'zod']));
      expect(loaded.filter((p) => /^(sharp|pdfkit|nodemailer)(\/|$)/.test(p))).toEqual([]);
    },
    60_000,
  );
});
