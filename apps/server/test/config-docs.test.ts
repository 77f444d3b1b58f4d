import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENV_VARIABLES } from '../src/config/env';

/**
 * docs/configuration.md is where an operator looks for a setting: every variable the server reads
 * is in its table, and its table names no variable nobody reads (`npm start`'s supervisor reads the
 * restart settings itself, before the server's configuration exists).
 */
const doc = readFileSync(path.resolve(import.meta.dirname, '../../../docs/configuration.md'), 'utf8');
const READ_BY_THE_SUPERVISOR = ['RESTART_MAX', 'RESTART_WINDOW_MINUTES'];

/** The variables named in the first column of the table's rows. */
function documented(): Set<string> {
  const names = new Set<string>();
  for (const line of doc.split('\n')) {
    const first = /^\|([^|]*)\|/.exec(line)?.[1];
    if (!first) continue;
    for (const [, name] of first.matchAll(/`([A-Z][A-Z0-9_]+)`/g)) names.add(name!);
  }
  return names;
}

describe('docs/configuration.md', () => {
  it('documents every variable the server reads', () => {
    const names = documented();
    const missing = ENV_VARIABLES.filter((v) => !names.has(v)).map(
      (v) => `${v} is read by config/env.ts but not in docs/configuration.md's table: add a row for it`,
    );
    expect(missing, missing.join('\n')).toEqual([]);
    expect(ENV_VARIABLES.length).toBeGreaterThan(40);
  });

  it('documents no variable nothing reads', () => {
    const known = new Set([...ENV_VARIABLES, ...READ_BY_THE_SUPERVISOR]);
    const stale = [...documented()]
      .filter((v) => !known.has(v))
      .map((v) => `${v} is in docs/configuration.md but nothing reads it`);
    expect(stale, stale.join('\n')).toEqual([]);
  });
});
