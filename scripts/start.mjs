// `npm start`: builds the web app, the server and the prepared demo when their sources are newer than
// the build, then runs the server (migrations, first-run demo, API and web app on one port).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

// The project runs on Node.js 24 LTS (>= 22.12 works). Say so in one line instead of failing later.
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 12)) {
  console.error(
    `Node.js ${process.versions.node} is too old: this project needs Node.js 22.12 or later (24 LTS recommended); run \`eval "$(scripts/use-node.sh)"\` to use Node 24.`,
  );
  process.exit(1);
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const p = (...s) => path.join(root, ...s);

/** Newest modification time of a file, or of any file below a folder (0 when missing). */
function newest(dir) {
  let t = 0;
  if (!existsSync(dir)) return t;
  if (!statSync(dir).isDirectory()) return statSync(dir).mtimeMs;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name === 'dist') continue;
    const f = path.join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(f) : statSync(f).mtimeMs);
  }
  return t;
}
const builtAt = (file) => (existsSync(file) ? statSync(file).mtimeMs : 0);
const shared = newest(p('packages/shared/src'));

function build(workspace, output, sources) {
  if (builtAt(output) >= Math.max(shared, ...sources.map(newest))) return;
  console.log(`building ${workspace}...`);
  const r = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

build('@villas/web', p('apps/web/dist/index.html'), [
  p('apps/web/src'),
  p('apps/web/index.html'),
  p('apps/web/collection.html'),
  p('apps/web/public'),
  // The build's own steps (the precompressed .br and .gz files among them).
  p('apps/web/vite.config.ts'),
]);
// The server bundles the database package's sources; its migrations are read from packages/db/drizzle.
build('@villas/server', p('apps/server/dist/server.js'), [p('apps/server/src'), p('packages/db/src')]);
// The demo database and images, made once at build: a first start on an empty data directory copies
// them instead of seeding and rendering (its build skips itself when what it makes is unchanged).
build('@villas/demo-data', p('packages/demo-data/dist/prepared.json'), [
  p('packages/demo-data/src'),
  p('packages/db/src'),
  p('packages/db/drizzle'),
]);

// Started again after a crash, with back-off (apps/server/supervise.mjs, docs/operations.md).
const { superviseServer } = await import(pathToFileURL(p('apps/server/supervise.mjs')).href);
await superviseServer(p('apps/server/dist/server.js'));
