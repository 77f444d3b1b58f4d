/**
 * The Node.js flags the server runs with: `npm start` (scripts/start.mjs), `npm start -w
 * @villas/server` and the bench start it with these, so what the bench measures is what runs.
 *
 * The heap is bounded. Left to itself on a machine with plenty of memory, V8 let the server grow to
 * ~450 MB under the bench's search load (10 connections, 10,000 villas on PostgreSQL) while its live
 * heap stayed at ~55 MB: a 32 MB young generation and an old generation collected only at 3× its
 * live size. With a 16 MB young generation and a 192 MB old space it measured 216-258 MB, for
 * ~7 % fewer answers per second at saturation (more frequent collections); the old space is bounded
 * at 160 MB for a margin. The whole catalogue at 10,000 villas (GET /api/properties, 9.7 MB of JSON)
 * still answered with a 128 MB old space.
 *
 * A deployment that sizes its own heap sets NODE_OPTIONS (e.g. `--max-old-space-size=1024`); then
 * these bounds are left out.
 */
export const HEAP_FLAGS = ['--max-semi-space-size=16', '--max-old-space-size=160'];

/** The flags for a server process started with this environment. */
export function serverNodeFlags(env = process.env) {
  const ownHeap = /--max-(?:old|semi)-space-size|--max-heap-size/.test(env.NODE_OPTIONS ?? '');
  return ['--enable-source-maps', ...(ownHeap ? [] : HEAP_FLAGS)];
}
