import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The first-level module graph of the server: an edge A → B when any file under modules/A (its
// sub-folders included) imports any file under modules/B. Tests, fixtures and testing/ folders
// are left out: they may cross the boundaries. Used by the lint rule `local/no-module-cycle`
// (./no-module-cycle.js); run `node tools/eslint/module-graph.js` to print the graph and the
// pairs of modules that import each other.

/** The repository root: default paths below are relative to it. */
export const repoRoot = path.resolve(import.meta.dirname, '../..');

/** Where the server's modules live. */
export const defaultModulesDir = path.join(repoRoot, 'apps/server/src/modules');

const sourceFile = /\.(ts|tsx|js|mjs)$/;
const testFile = /\.(test|test-d|fixtures)\.(ts|tsx|js|mjs)$/;

/** Whether a file is a test, a fixture or under a testing/ folder (left out of the graph). */
export function isTestFile(file) {
  return testFile.test(file) || file.split(path.sep).includes('testing');
}

/** The module (first folder under modulesDir) holding an absolute path, or null. */
export function moduleOf(file, modulesDir = defaultModulesDir) {
  const rel = path.relative(modulesDir, file);
  if (rel === '' || rel.startsWith('..') || path.isAbsolute(rel)) return null;
  const parts = rel.split(path.sep);
  return parts.length > 1 ? parts[0] : null;
}

// Static imports, re-exports, `import type`, dynamic import() and new URL('./x', import.meta.url)
// (worker entry points): every string a module's file names another file with.
const specifierPatterns = [
  /\b(?:import|export)\s[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/g,
  /\bimport\s*['"]([^'"]+)['"]/g,
  /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
  /\bnew\s+URL\(\s*['"]([^'"]+)['"]\s*,\s*import\.meta\.url/g,
];

/** The relative specifiers a source text imports. */
export function specifiersOf(text) {
  const found = new Set();
  for (const pattern of specifierPatterns) {
    for (const match of text.matchAll(pattern)) if (match[1].startsWith('.')) found.add(match[1]);
  }
  return [...found];
}

/** The modules a file's relative specifiers land in (other than its own), with the specifier. */
export function targetsOf(file, specifiers, modulesDir = defaultModulesDir) {
  const from = moduleOf(file, modulesDir);
  const targets = [];
  for (const specifier of specifiers) {
    const to = moduleOf(path.resolve(path.dirname(file), specifier), modulesDir);
    if (to && to !== from) targets.push({ to, specifier });
  }
  return targets;
}

function filesUnder(dir) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') out.push(...filesUnder(full));
    } else if (sourceFile.test(entry.name) && !isTestFile(full)) out.push(full);
  }
  return out;
}

// file → { mtimeMs, specifiers }: a long lint run reads each file once.
const cache = new Map();

function cachedSpecifiers(file) {
  const { mtimeMs } = statSync(file);
  const hit = cache.get(file);
  if (hit && hit.mtimeMs === mtimeMs) return hit.specifiers;
  const specifiers = specifiersOf(readFileSync(file, 'utf8'));
  cache.set(file, { mtimeMs, specifiers });
  return specifiers;
}

/**
 * The module graph: Map<module, Map<module, string[] (the files making the edge)>>. `override`
 * replaces one file's specifiers (the lint rule passes the text being linted).
 */
export function moduleGraph(modulesDir = defaultModulesDir, override) {
  const graph = new Map();
  for (const entry of readdirSync(modulesDir, { withFileTypes: true })) {
    if (entry.isDirectory()) graph.set(entry.name, new Map());
  }
  const files = filesUnder(modulesDir);
  if (override && !files.includes(override.file) && !isTestFile(override.file)) files.push(override.file);
  for (const file of files) {
    const from = moduleOf(file, modulesDir);
    if (!from) continue;
    const specifiers = override && override.file === file ? override.specifiers : cachedSpecifiers(file);
    if (!graph.has(from)) graph.set(from, new Map());
    for (const { to } of targetsOf(file, specifiers, modulesDir)) {
      const edges = graph.get(from);
      if (!edges.has(to)) edges.set(to, []);
      edges.get(to).push(path.relative(modulesDir, file));
    }
  }
  return graph;
}

/** A shortest path of modules from `from` to `to` (both included), or null. */
export function pathBetween(graph, from, to) {
  const previous = new Map([[from, null]]);
  const queue = [from];
  while (queue.length > 0) {
    const at = queue.shift();
    if (at === to) {
      const route = [];
      for (let step = to; step !== null; step = previous.get(step)) route.unshift(step);
      return route;
    }
    for (const next of graph.get(at)?.keys() ?? []) {
      if (!previous.has(next)) {
        previous.set(next, at);
        queue.push(next);
      }
    }
  }
  return null;
}

/** The pairs of modules that import each other, each once, sorted. */
export function mutualPairs(graph) {
  const pairs = [];
  for (const [a, edges] of graph) {
    for (const b of edges.keys()) if (a < b && graph.get(b)?.has(a)) pairs.push([a, b]);
  }
  return pairs.sort((x, y) => x.join().localeCompare(y.join()));
}

/** The cycles through more than two modules, as one module list each (A → … → A), deduplicated. */
export function longerCycles(graph) {
  const seen = new Set();
  const cycles = [];
  for (const [a, edges] of graph) {
    for (const b of edges.keys()) {
      const back = pathBetween(graph, b, a);
      if (!back || back.length <= 2) continue;
      const cycle = [a, ...back];
      const key = [...new Set(cycle)].sort().join();
      if (!seen.has(key)) {
        seen.add(key);
        cycles.push(cycle);
      }
    }
  }
  return cycles;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const graph = moduleGraph();
  for (const [from, edges] of [...graph].sort(([a], [b]) => a.localeCompare(b))) {
    const to = [...edges.keys()].sort();
    console.log(`${from} → ${to.length > 0 ? to.join(', ') : '(none)'}`);
  }
  const pairs = mutualPairs(graph);
  console.log(`\n${pairs.length} pair(s) of modules importing each other`);
  for (const [a, b] of pairs) {
    console.log(`  ${a} ⇄ ${b}`);
    console.log(`    ${a} → ${b}: ${graph.get(a).get(b).join(', ')}`);
    console.log(`    ${b} → ${a}: ${graph.get(b).get(a).join(', ')}`);
  }
  const cycles = longerCycles(graph);
  if (cycles.length > 0) {
    console.log(`\n${cycles.length} longer cycle(s)`);
    for (const cycle of cycles) console.log(`  ${cycle.join(' → ')}`);
  }
  process.exitCode = pairs.length + cycles.length > 0 ? 1 : 0;
}
