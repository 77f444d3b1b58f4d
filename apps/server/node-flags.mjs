/**
 * The Node.js flags the server runs with: `npm start` (scripts/start.mjs), `npm start -w
 * @villas/server` and the bench start it with these, so what the bench measures is what runs.
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
 * A deployment that sizes its own heap sets NODE_OPTIONS (e.g. `--max-old-space-size=1024`); then
 * these bounds are left out.
 */
export const HEAP_FLAGS = ['--max-semi-space-size=8', '--max-old-space-size=160'];

/** The flags for a server process started with this environment. */
export function serverNodeFlags(env = process.env) {
  const ownHeap = /--max-(?:old|semi)-space-size|--max-heap-size/.test(env.NODE_OPTIONS ?? '');
  return ['--enable-source-maps', ...(ownHeap ? [] : HEAP_FLAGS)];
}
