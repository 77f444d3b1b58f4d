/**
 * How the server process is started: `npm start` (scripts/start.mjs), `npm start -w @villas/server`,
 * the bench and Lighthouse start it with these flags and this environment, so what the bench
 * measures is what runs.
 *
 * The heap is bounded. Left to itself on a machine with plenty of memory, V8 let the server grow to
 * ~450 MB under the bench's search load (10 connections, 10,000 villas on PostgreSQL) while its live
 * heap stayed at ~55 MB: a 32 MB young generation and an old generation collected only at 3× its
 * live size. Bounded, the bench measured 258 MB with a 16 MB young generation (and a 160 or
 * 192 MB old space), 241 MB with an 8 MB one and a 160 MB old space, at the same speed within the
 * run-to-run spread (a bounded heap costs ~7 % of the answers per second at saturation against
 * V8's defaults: more frequent collections). The whole catalogue at 10,000 villas
 * (GET /api/properties, 9.7 MB of JSON) still answered with a 128 MB old space.
 *
 * No `--enable-source-maps`: Node then parses the source map of every module it loads, the
 * packages' included, and keeps them: 22 MB more heap on the demo (54 MB used after start without,
 * 76 MB with; 65 MB with our own bundle's maps only). The bundle is not minified, so a stack trace
 * still names our functions and points into readable code; the maps stay beside it in dist/ for a
 * trace to be mapped by hand, and `NODE_OPTIONS=--enable-source-maps` turns them on.
 *
 * A deployment that sizes its own heap sets NODE_OPTIONS (e.g. `--max-old-space-size=1024`); then
 * these bounds are left out.
 */
export const HEAP_FLAGS = ['--max-semi-space-size=8', '--max-old-space-size=160'];

/** The flags for a server process started with this environment. */
export function serverNodeFlags(env = process.env) {
  const ownHeap = /--max-(?:old|semi)-space-size|--max-heap-size/.test(env.NODE_OPTIONS ?? '');
  return ownHeap ? [] : HEAP_FLAGS;
}

/**
 * glibc's allocator, told to give freed memory back. By default it raises its mmap and trim
 * thresholds as a process frees large blocks (up to 32 MB), so the buffers of compression, HTTP
 * bodies and the database driver end up in heaps it keeps: under the search load the server held
 * 30–60 MB more than with both fixed at 128 kB (the demo on PGlite, 10 connections: 334 → 277–285 MB
 * after the load, at the same answers per second within the spread). Read by glibc when the process
 * starts, so it goes in the child's environment; a value already set wins.
 */
export const MALLOC_ENV = { MALLOC_MMAP_THRESHOLD_: '131072', MALLOC_TRIM_THRESHOLD_: '131072' };

/** The environment of a server process started from `env`: `env` with the allocator's settings. */
export function serverEnv(env = process.env) {
  return { ...MALLOC_ENV, ...env };
}
