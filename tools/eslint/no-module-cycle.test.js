import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ESLint, RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, expect, it } from 'vitest';
import { longerCycles, moduleGraph, mutualPairs, repoRoot } from './module-graph.js';
import rule from './no-module-cycle.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

// A small tree of modules on disk: b imports a, c imports b (through a sub-folder), d imports nothing.
const root = mkdtempSync(path.join(tmpdir(), 'module-cycle-'));
const modulesDir = path.join(root, 'modules');
const write = (file, text) => {
  mkdirSync(path.dirname(path.join(modulesDir, file)), { recursive: true });
  writeFileSync(path.join(modulesDir, file), text);
};
write('a/a.service.ts', 'export const a = 1;\n');
write('b/b.service.ts', "import { a } from '../a/a.service';\nexport const b = a;\n");
write('c/sub/c.ts', "import { b } from '../../b/b.service';\nexport const c = b;\n");
write('c/c.service.ts', "export { c } from './sub/c';\n");
write('d/d.service.ts', 'export const d = 1;\n');
write('d/d.test.ts', "import { a } from '../a/a.service';\n");
afterAll(() => rmSync(root, { recursive: true, force: true }));

const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, ecmaVersion: 'latest', sourceType: 'module' },
});
const options = [{ modulesDir }];
const at = (file) => path.join(modulesDir, file);

tester.run('no-module-cycle', rule, {
  valid: [
    {
      name: 'a module importing one that does not reach it',
      filename: at('c/c.ts'),
      options,
      code: "import { d } from '../d/d.service';",
    },
    {
      name: 'inside one module, sub-folders included',
      filename: at('c/c.ts'),
      options,
      code: "import { c } from './sub/c';",
    },
    {
      name: 'a test may import back',
      filename: at('a/a.test.ts'),
      options,
      code: "import { b } from '../b/b.service';",
    },
    {
      name: 'a file outside the modules',
      filename: path.join(root, 'lib/x.ts'),
      options,
      code: "import { b } from '../modules/b/b.service';",
    },
    {
      name: 'a test file is not an edge: d → a only in a test',
      filename: at('a/x.ts'),
      options,
      code: "import { d } from '../d/d.service';",
    },
  ],
  invalid: [
    {
      name: 'a new A → B → A edge',
      filename: at('a/a.service.ts'),
      options,
      code: "import { b } from '../b/b.service';\nexport const a = 1;",
      errors: [
        {
          messageId: 'cycle',
          data: { cycle: 'a → b → a', to: 'b', from: 'a', via: 'b → a in b/b.service.ts' },
        },
      ],
    },
    {
      name: 'from a sub-folder, through a dynamic import, over three modules',
      filename: at('a/deep/x.ts'),
      options,
      code: "export const load = () => import('../../c/c.service');",
      errors: [
        {
          messageId: 'cycle',
          data: {
            cycle: 'a → c → b → a',
            to: 'c',
            from: 'a',
            via: 'c → b in c/sub/c.ts; b → a in b/b.service.ts',
          },
        },
      ],
    },
    {
      name: 'a re-export and a worker file named with new URL(…, import.meta.url)',
      filename: at('a/y.ts'),
      options,
      code: "export * from '../b/b.service';\nexport const w = new URL('../c/sub/c.ts', import.meta.url);",
      errors: [
        { messageId: 'cycle', line: 1 },
        { messageId: 'cycle', line: 2 },
      ],
    },
  ],
});

describe('the server', () => {
  it('has no pair of modules importing each other, and no longer cycle', () => {
    const graph = moduleGraph();
    expect(mutualPairs(graph)).toEqual([]);
    expect(longerCycles(graph)).toEqual([]);
  });

  // The planted breaks, linted with the repository's own configuration.
  const eslint = new ESLint({ cwd: repoRoot });
  const lint = async (file, code) => {
    const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, file) });
    return result.messages.map((m) => m.ruleId);
  };

  it("fails a file in a module's sub-folder that imports another module's repository", async () => {
    const rules = await lint(
      'apps/server/src/modules/integrations/ical/planted.ts',
      "import { upsertAvailability } from '../../calendar/calendar.repository';\nexport const x = upsertAvailability;\n",
    );
    expect(rules).toContain('import-x/no-restricted-paths');
  }, 60_000);

  it("fails the demo workspace reaching a server module by path (not one of the server's entries)", async () => {
    const rules = await lint(
      'packages/demo-data/src/planted.ts',
      "import { buildSearchQuery } from '../../../apps/server/src/modules/properties/search.repository';\nexport const x = buildSearchQuery;\n",
    );
    expect(rules).toContain('import-x/no-restricted-paths');
  }, 60_000);

  it('fails a module importing one that imports it (calendar → holds → calendar)', async () => {
    const rules = await lint(
      'apps/server/src/modules/calendar/planted.ts',
      "import { expireHolds } from '../holds/holds.service';\nexport const x = expireHolds;\n",
    );
    expect(rules).toContain('local/no-module-cycle');
  }, 60_000);
});
