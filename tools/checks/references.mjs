#!/usr/bin/env node
// The repository stands on its own: no file may send its reader to a document that is not in it —
// the original specification, the team's brief or the issue tracker, cited by number or section.
// A comment states its rule or cites docs/product/<area>.md#<anchor> instead.
// Lines that must quote such words (a third party's link) are listed in references-allow.txt.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const RULES = [
  { pattern: /\bseeds? ?0\d\d\b/i, what: 'the original specification' },
  // The brief's name is put together here so that this file does not cite it itself.
  { pattern: new RegExp(`\\b${['DESI', 'GN'].join('')}(\\.md| ?§)`), what: "the team's brief" },
  { pattern: /\bissues? #?\d+\b/i, what: 'an issue of the tracker' },
];

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ALLOW_FILE = 'tools/checks/references-allow.txt';

/** Allowed lines: `<path>: <text the line contains>`, one per line; `#` starts a comment. */
export function parseAllowList(text) {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const at = line.indexOf(': ');
      if (at < 0) throw new Error(`${ALLOW_FILE}: '${line}' is not '<path>: <text>'`);
      return { file: line.slice(0, at), text: line.slice(at + 2) };
    });
}

/** The references in one file's text: `{ line, column, text, what }` for each line that has one. */
export function referencesIn(file, text, allow = []) {
  const found = [];
  text.split('\n').forEach((content, index) => {
    for (const rule of RULES) {
      const match = rule.pattern.exec(content);
      if (!match) continue;
      if (allow.some((a) => a.file === file && content.includes(a.text))) continue;
      found.push({ line: index + 1, column: match.index + 1, text: match[0], what: rule.what });
      break;
    }
  });
  return found;
}

function trackedTextFiles() {
  const out = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' });
  return (
    out
      .split('\0')
      .filter(Boolean)
      // The check's own files say what it refuses.
      .filter((file) => !file.startsWith('tools/checks/'))
      .filter((file) => !/\.(png|jpe?g|webp|gif|ico|woff2?|ttf|otf|pdf|gz|br|zip|tgz)$/i.test(file))
  );
}

export function check() {
  const allow = parseAllowList(readFileSync(path.join(root, ALLOW_FILE), 'utf8'));
  const problems = [];
  for (const file of trackedTextFiles()) {
    let text;
    try {
      text = readFileSync(path.join(root, file), 'utf8');
    } catch {
      continue; // deleted in the working tree
    }
    if (text.includes('\0')) continue;
    for (const r of referencesIn(file, text, allow)) {
      problems.push(
        `${file}:${r.line}:${r.column}: '${r.text}' refers to ${r.what}, which is not in the repository: ` +
          `state the rule, or cite docs/product/<area>.md#<anchor> (a quoted third-party link goes in ${ALLOW_FILE})`,
      );
    }
  }
  return problems;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const problems = check();
  for (const p of problems) console.error(p);
  if (problems.length) {
    console.error(`\n${problems.length} reference(s) to documents outside the repository.`);
    process.exit(1);
  }
}
