#!/usr/bin/env node
// Documentation that points at nothing misleads: every repository path written in docs/** and the
// README must exist, and every citation of a product page's section anywhere in the repository
// (docs/product/<area>.md#<anchor>) must name a heading of that page.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const TOP = ['apps', 'packages', 'docs', 'tools', 'e2e', 'bench', 'scripts', '.ci'];
/** A repository path as prose writes it: from a top-level folder, letters, digits and `._-/`. */
const PATH = new RegExp(
  `(?<![\\w./-])((?:${TOP.map((t) => t.replace('.', '\\.')).join('|')})/[\\w./-]*[\\w/])`,
  'g',
);
const CITATION = /docs\/product\/([\w-]+\.md)#([\w-]+)/g;

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
export function slug(heading) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

export function anchorsOf(markdown) {
  const anchors = new Set();
  const seen = new Map();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const m = !fenced && /^#{1,6}\s+(.*)$/.exec(line);
    if (!m) continue;
    const base = slug(m[1]);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n ? `${base}-${n}` : base);
  }
  return anchors;
}

/** The repository paths a document names (globs and placeholders such as `<m>` are not paths). */
export function pathsIn(text) {
  const paths = new Set();
  for (const [, p] of text.matchAll(PATH)) {
    if (/[*<>{}]/.test(p)) continue;
    paths.add(p.replace(/[.]+$/, ''));
  }
  return paths;
}

/** A path git ignores is made by a build or a run (dist/, data/): it need not exist in a checkout. */
function generated(p) {
  // As a file, or as a folder (a `dist/` rule matches only folders, and a missing path is neither).
  return [p, `${p}/`].some((candidate) => {
    try {
      execFileSync('git', ['check-ignore', '-q', '--no-index', candidate], { cwd: root, stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  });
}

const tracked = () =>
  execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' }).split('\0').filter(Boolean);

export function check() {
  const problems = [];
  const files = tracked();
  const docs = files.filter((f) => (f.startsWith('docs/') && f.endsWith('.md')) || f === 'README.md');
  for (const doc of docs) {
    const text = readFileSync(path.join(root, doc), 'utf8');
    for (const p of pathsIn(text)) {
      // A path may be written relative to a workspace (`src/app.ts` after `apps/server`): only
      // paths from the repository's top are checked, and they must exist.
      if (!existsSync(path.join(root, p)) && !generated(p))
        problems.push(`${doc}: names ${p}, which is not in the repository (moved? update the document)`);
    }
  }
  const anchors = new Map();
  for (const file of files) {
    if (/\.(png|jpe?g|webp|gif|ico|woff2?|ttf|pdf|gz|br)$/i.test(file)) continue;
    let text;
    try {
      text = readFileSync(path.join(root, file), 'utf8');
    } catch {
      continue;
    }
    for (const [, page, anchor] of text.matchAll(CITATION)) {
      const target = path.join(root, 'docs/product', page);
      if (!existsSync(target)) {
        problems.push(`${file}: cites docs/product/${page}, which does not exist`);
        continue;
      }
      if (!anchors.has(page)) anchors.set(page, anchorsOf(readFileSync(target, 'utf8')));
      if (!anchors.get(page).has(anchor))
        problems.push(
          `${file}: cites docs/product/${page}#${anchor}, but that page has no such heading ` +
            `(it has: ${[...anchors.get(page)].join(', ')})`,
        );
    }
  }
  return problems;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const problems = check();
  for (const p of problems) console.error(p);
  if (problems.length) {
    console.error(`\n${problems.length} broken path(s) or citation(s) in the documentation.`);
    process.exit(1);
  }
}
