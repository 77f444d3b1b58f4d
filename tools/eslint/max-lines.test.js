import { existsSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import maxLinesConfig, { maxLinesAllowed, maxLinesOptions } from './max-lines.js';
import { repoRoot } from './table-owners.js';

// The allow-list of max-lines (max-lines-allow.json) may only shrink: every file on it must still
// exist and still be over the limit, counted as the lint counts it.

/** The files of `files` that break max-lines alone, with its options. */
async function overTheLimit(files) {
  const eslint = new ESLint({
    cwd: repoRoot,
    overrideConfigFile: true,
    overrideConfig: [
      {
        files: ['**/*.{ts,tsx,js,mjs}'],
        languageOptions: {
          parser: tseslint.parser,
          parserOptions: { ecmaFeatures: { jsx: true } },
          ecmaVersion: 'latest',
          sourceType: 'module',
        },
        rules: { 'max-lines': ['error', maxLinesOptions] },
      },
    ],
  });
  const results = await eslint.lintFiles(files);
  return results
    .filter((r) => r.messages.some((m) => m.ruleId === 'max-lines'))
    .map((r) => path.relative(repoRoot, r.filePath).split(path.sep).join('/'));
}

describe('max-lines allow-list', () => {
  it('lists each file once, in order, by its path from the repository root', () => {
    expect(maxLinesAllowed).toEqual([...new Set(maxLinesAllowed)].sort());
    for (const file of maxLinesAllowed) expect(file).not.toMatch(/^\.|\\|^\//);
  });

  it('lists only files that exist (a file moved or removed is taken off)', () => {
    const gone = maxLinesAllowed.filter((file) => !existsSync(path.join(repoRoot, file)));
    expect(gone, 'take these off tools/eslint/max-lines-allow.json').toEqual([]);
  });

  it('lists only files still over the limit (a file brought under it is taken off)', async () => {
    const present = maxLinesAllowed.filter((file) => existsSync(path.join(repoRoot, file)));
    const over = await overTheLimit(present);
    const under = present.filter((file) => !over.includes(file));
    expect(under, 'take these off tools/eslint/max-lines-allow.json').toEqual([]);
  });

  it('is what the lint leaves out of max-lines', () => {
    expect(maxLinesConfig.ignores).toEqual(expect.arrayContaining(maxLinesAllowed));
    expect(maxLinesConfig.rules['max-lines']).toEqual(['error', maxLinesOptions]);
  });
});
