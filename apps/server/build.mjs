// Bundles the server (with the TypeScript of the shared and database packages) into dist/; npm
// packages stay external. The database package's migrations stay in packages/db/drizzle: its
// `migrationsDir` finds them through the installed package, wherever the bundle runs from.
// The demo workspace (@villas/demo-data), which the server imports only to seed an empty database,
// is split into a chunk of its own: server.js does not contain it and a start that does not seed
// never reads it.
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

// drizzle-orm is bundled, not external: it is ~300 small modules that share one 179 kB package.json
// (its `exports` map), and Node 24's ESM loader re-reads that map for every module it resolves. At
// start that made ~200 MB of garbage and left the server at 352 MB RSS idle on PostgreSQL; bundled,
// 170 MB (measured with `process.memoryUsage()` 8 s after start). It is plain JavaScript
// with no native parts or file reads, so bundling changes nothing else.
const BUNDLED = new Set(['drizzle-orm']);
const dependencies = (file) =>
  Object.keys(JSON.parse(readFileSync(new URL(file, import.meta.url), 'utf8')).dependencies);
const external = [
  ...dependencies('./package.json'),
  ...dependencies('../../packages/db/package.json'),
  ...dependencies('../../packages/demo-data/package.json'),
].filter((d) => !d.startsWith('@villas/') && !BUNDLED.has(d));
const result = await build({
  entryPoints: {
    server: 'src/server.ts',
    seed: 'src/cli/seed.ts',
    migrate: 'src/cli/migrate.ts',
    // The brochure worker thread's file: the pool (white-label.brochure-pool.ts) finds it beside
    // the bundle.
    'brochure-worker': 'src/modules/white-label/white-label.brochure-worker.ts',
  },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  // Beside the entries: src/paths.ts finds the server's folder as the parent of its file's.
  chunkNames: '[name]-[hash]',
  platform: 'node',
  target: 'node22',
  format: 'esm',
  sourcemap: true,
  metafile: true,
  external: [...new Set(external), 'pino-pretty'],
  banner: {
    js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
  },
  logLevel: 'warning',
});
// Chunks of earlier builds (their names carry a content hash) go.
const outputs = new Set(Object.keys(result.metafile.outputs).map((f) => path.resolve(f)));
for (const f of readdirSync('dist')) {
  const file = path.resolve('dist', f);
  if (/\.js(\.map)?$/.test(f) && !outputs.has(file)) rmSync(file);
}
console.log('server built');
