import zlib, { constants, type BrotliOptions, type InputType } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Content types worth compressing: text (never `text/event-stream`, which must flush as it goes),
 * JSON, XML and JavaScript, `+json`/`+xml` types such as SVG and web manifests. The plugin's default
 * also matches `application/octet-stream`, arbitrary bytes that are often compressed already; images
 * and fonts are left out by mime-db, which the plugin consults after this test.
 */
const COMPRESSIBLE = /^text\/(?!event-stream)|[+/](?:json|xml|javascript)(?:;|$)/;

/**
 * Answers up to this size are compressed in one synchronous call; larger ones stream through zlib's
 * thread pool, off the event loop. A page of 24 search cards is ~23 kB of JSON: brotli compresses it
 * in 0.19 ms in one call (third round; 0.6–1 ms on the slower machine of the fifth), but through a
 * stream (a new brotli context with its 4 MB window, the stream plumbing, the hop to the thread pool)
 * it cost the server 0.87 ms of CPU per request in a profile. The plugin's default on 2 cores is
 * 8 kB (it shrinks with the core count); 64 kB takes ~0.5 ms.
 */
const SYNC_UP_TO = 64 * 1024;

/**
 * brotli in one call (answers up to SYNC_UP_TO, every search page among them): quality 3, with a
 * window fitted to the answer (at least 64 kB, at most brotli's default 4 MB).
 *
 * The window: one larger than the answer changes nothing in what brotli finds, but the encoder
 * allocates its ring buffer and tables by it: for a 25 kB search page, 4 MB allocated, zeroed and
 * freed at every answer. With the server's allocator returning large blocks to the system
 * (apps/server/node-flags.mjs), that cost 1.19 ms per page instead of 0.64–0.73; fitted, 0.61–0.71
 * either way, and 0.3 % fewer bytes (the size hint).
 *
 * The quality: in CPU profiles of the search route at 10,000 villas, brotli was the largest single
 * cost of an answer: 23 % of the server's time at quality 5, still ~10 % at quality 4. On a dated
 * 24-card page of 24,955 bytes (one run, 2026-11-27): quality 5 0.75 ms for 3,708 bytes, 4 0.54 ms
 * for 3,988, 3 0.30 ms for 4,156 (gzip at level 6: 0.42 ms for 3,960). Quality 3 is the cheapest for
 * 168 bytes more than 4: nothing to a phone, while ten agents searching at once queue behind that
 * CPU. Larger answers stream at quality 5, where the bytes saved are many (the catalogue: 19 % more
 * at quality 4).
 */
const ONE_CALL_QUALITY = 3;

export function brotliCompressSync(payload: InputType, options: BrotliOptions = {}): Buffer {
  const size = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.byteLength;
  const window = Math.min(constants.BROTLI_DEFAULT_WINDOW, Math.max(16, Math.ceil(Math.log2(size + 1))));
  return zlib.brotliCompressSync(payload, {
    ...options,
    params: {
      ...options.params,
      [constants.BROTLI_PARAM_QUALITY]: ONE_CALL_QUALITY,
      [constants.BROTLI_PARAM_LGWIN]: window,
      [constants.BROTLI_PARAM_SIZE_HINT]: size,
    },
  });
}

/**
 * Compresses answers of 1 kB and more by the request's `Accept-Encoding`: brotli, else gzip.
 *
 * It hooks every route registered after it (onRoute) and runs as the route's last `onSend`, after the
 * other plugins' headers (CSP, cache-control) and after the error handler's bodies. Answers that
 * carry their own `Content-Encoding` (the web app's precompressed files) pass through untouched.
 * The not-found handler is no route: its answers (JSON 404s, the SPA's ~1-2 kB HTML) go as they are.
 *
 * Streamed answers (over SYNC_UP_TO) are brotli at quality 5: on the demo catalogue (GET
 * /api/properties, 564 kB of JSON) it takes ~5 ms, as long as gzip at level 6, for 53 kB against
 * gzip's 72 kB (quality 4: 19 % more). Quality 11 gets 41 kB but takes ~750 ms, which only pays for
 * files compressed once, at build time (apps/web/vite.config.ts). Answers compressed in one call are
 * quality 3 (`brotliCompressSync`).
 */
export const compressionPlugin = fp(async (app: FastifyInstance) => {
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    syncThreshold: SYNC_UP_TO,
    customTypes: COMPRESSIBLE,
    brotliOptions: {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 5,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    },
    zlibOptions: { level: 6 },
    // The plugin calls this object's one-call brotli for answers up to SYNC_UP_TO; everything else
    // (gzip, and brotli streams for larger answers) falls back to node:zlib.
    zlib: { brotliCompressSync },
    // Request bodies stay as they are: no client sends compressed bodies, and inflating them would
    // only widen what a request can cost.
    globalDecompression: false,
  });
});
