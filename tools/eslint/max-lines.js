import { readFileSync } from 'node:fs';

// Source files stay small enough to read whole: ESLint's `max-lines` for the apps' and packages'
// source (not tests, fixtures, test helpers, e2e or bench). Blank lines and comments do not count:
// the limit is on code, and a file is never split to make room for the comments that explain it.
// Files already over it are listed in max-lines-allow.json, which may only shrink: its test
// (max-lines.test.js) fails when a listed file is under the limit or gone, so it is taken off.

export const maxLinesOptions = { max: 400, skipBlankLines: true, skipComments: true };

export const maxLinesFiles = ['apps/*/src/**/*.{ts,tsx,js,mjs}', 'packages/*/src/**/*.{ts,tsx,js,mjs}'];

export const maxLinesIgnores = [
  '**/*.test.{ts,tsx,js}',
  '**/*.test-d.ts',
  '**/*.fixtures.ts',
  '**/*.bench.ts',
  '**/fixtures/**',
  '**/testing/**',
  '**/test/**',
];

/** Files over the limit today (repository-relative paths). */
export const maxLinesAllowed = JSON.parse(
  readFileSync(new URL('./max-lines-allow.json', import.meta.url), 'utf8'),
);

/** The ESLint config block (eslint.config.js adds it last). */
export default {
  files: maxLinesFiles,
  ignores: [...maxLinesIgnores, ...maxLinesAllowed],
  rules: { 'max-lines': ['error', maxLinesOptions] },
};
