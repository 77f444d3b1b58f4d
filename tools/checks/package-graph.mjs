// The graph of the workspaces (root package.json `workspaces`): an edge A → B when A's package.json
// depends on B (dependencies or devDependencies), or when a file of A imports a file of B by relative
// path. The workspaces must form no cycle: a package below another never depends on it back.
// `node tools/checks/package-graph.mjs` prints the graph and exits non-zero on a cycle.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const SKIP = new Set(['node_modules', 'dist', 'dist-ssr', 'coverage', 'test-results', 'playwright-report']);
const SOURCE = /\.(ts|tsx|mts|js|mjs|cjs)$/;
// Static and dynamic imports, re-exports and require: the specifier of each.
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\brequire\s*\(\s*)['"]([^'"]+)['"]/g;

function* sourceFiles(dir) {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(e.name) || e.name.startsWith('.')) continue;
    const f = path.join(dir, e.name);
    if (e.isDirectory()) yield* sourceFiles(f);
    else if (SOURCE.test(e.name)) yield f;
  }
}

/** The workspaces: { dir (relative to the root), name, dependsOn: names of workspaces in package.json }. */
export function readWorkspaces(root = repoRoot) {
  const dirs = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).workspaces;
  const workspaces = dirs.map((dir) => {
    const pkg = JSON.parse(readFileSync(path.join(root, dir, 'package.json'), 'utf8'));
    return { dir, name: pkg.name, deps: Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }) };
  });
  const names = new Set(workspaces.map((w) => w.name));
  return workspaces.map((w) => ({ ...w, deps: w.deps.filter((d) => names.has(d)) }));
}

/** Edges name → Map(other name → why), from package.json and from relative imports across workspaces. */
export function packageGraph(root = repoRoot, workspaces = readWorkspaces(root)) {
  const graph = new Map(workspaces.map((w) => [w.name, new Map()]));
  const owner = (abs) =>
    workspaces.find((w) => {
      const rel = path.relative(path.join(root, w.dir), abs);
      return !rel.startsWith('..') && !path.isAbsolute(rel);
    });
  for (const w of workspaces) {
    for (const d of w.deps) graph.get(w.name).set(d, 'package.json');
    for (const file of sourceFiles(path.join(root, w.dir))) {
      for (const [, spec] of readFileSync(file, 'utf8').matchAll(IMPORT)) {
        if (!spec.startsWith('.')) continue;
        const target = owner(path.resolve(path.dirname(file), spec));
        if (target && target.name !== w.name && !graph.get(w.name).has(target.name)) {
          graph.get(w.name).set(target.name, `${path.relative(root, file)} imports ${spec}`);
        }
      }
    }
  }
  return graph;
}

/** A cycle of the graph as [a, b, …, a], or undefined when there is none. */
export function findCycle(graph) {
  const state = new Map();
  const stack = [];
  const visit = (n) => {
    state.set(n, 'open');
    stack.push(n);
    for (const m of graph.get(n)?.keys() ?? []) {
      if (state.get(m) === 'open') return [...stack.slice(stack.indexOf(m)), m];
      if (!state.has(m)) {
        const cycle = visit(m);
        if (cycle) return cycle;
      }
    }
    stack.pop();
    state.set(n, 'done');
    return undefined;
  };
  for (const n of graph.keys()) {
    if (!state.has(n)) {
      const cycle = visit(n);
      if (cycle) return cycle;
    }
  }
  return undefined;
}

export const formatGraph = (graph) =>
  [...graph]
    .map(
      ([n, edges]) =>
        `${n} → ${[...edges].map(([m, why]) => (why === 'package.json' ? m : `${m} (${why})`)).join(', ') || '(nothing)'}`,
    )
    .join('\n');

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const graph = packageGraph();
  console.log(formatGraph(graph));
  const cycle = findCycle(graph);
  if (cycle) {
    console.error(`package cycle: ${cycle.join(' → ')}`);
    process.exit(1);
  }
}
