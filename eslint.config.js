import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import importX from 'eslint-plugin-import-x';
import { readdirSync } from 'node:fs';
import noModuleCycle from './tools/eslint/no-module-cycle.js';
import oneOwnerPerTable from './tools/eslint/one-owner-per-table.js';

// Layering (README "Architecture", docs/decisions/017-layering.md), checked on every import:
// - server: a module is a first-level folder modules/<m>/, its sub-folders included (every rule
//   below holds in them). It reaches another module only through that module's *.service.ts;
//   inside a module, routes call their own service, the service its own repository, and only
//   repositories query the database (drizzle-orm, @villas/db/schema). lib/, db/, plugins/ and
//   config/ never import modules, except the plugins named below that use one module's service.
// - no module cycles: module A never imports B when B reaches A back, through any of its files
//   (local/no-module-cycle; `node tools/eslint/module-graph.js` prints the graph). A call that
//   must go back up is passed in as a plugin option by modules/index.ts.
// - web: app → features → components → lib (config below all; testing/ for tests only), and
//   features never import each other: what two features share lives in components/ or lib/.
// - packages: shared ← db ← demo-data ← server, each importing another only by its package name
//   (tools/checks/package-graph.test.js fails on a cycle). The database package (@villas/db: schema,
//   client, migrations, password hashing) and the demo workspace import nothing of the apps; the
//   benchmark and the end-to-end tests reach the server's sources only through its declared entries
//   (below): configuration and paths; the benchmark also the search query it measures.
// - no import cycles anywhere, tests included. Tests may cross the boundaries above.
// - one owner per table: a table is written (insert, update, delete, raw SQL) only by its owner
//   module, or by a writer listed with its reason, in tools/eslint/table-owners.js.
const server = 'apps/server/src';
const web = 'apps/web/src';
const modules = readdirSync(`${server}/modules`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const features = readdirSync(`${web}/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const dbPackage = 'packages/db';
const database = [`${dbPackage}/src/schema/**`, '**/node_modules/drizzle-orm/**'];

const serverZones = [
  ...modules.flatMap((m) => [
    {
      target: `${server}/modules/${m}/**/!(*.plugin).ts`,
      from: `${server}/modules/!(${m})/**`,
      except: ['**/*.service.ts'],
      message: `A module reaches another only through its *.service.ts.`,
    },
    {
      // A module's plugin composes: it may register another module's routes.
      target: `${server}/modules/${m}/**/*.plugin.ts`,
      from: `${server}/modules/!(${m})/**`,
      except: ['**/*.service.ts', '**/*.routes.ts'],
      message: `A module's plugin reaches another module through its *.service.ts or registers its *.routes.ts.`,
    },
    {
      target: `${server}/modules/${m}/**/*.routes.ts`,
      from: `${server}/modules/${m}/**/*.repository.ts`,
      message: 'Routes call their own service; the service calls the repository.',
    },
  ]),
  {
    target: `${server}/modules/**/!(*.repository).ts`,
    from: database,
    message: 'Only repositories query the database (drizzle-orm, @villas/db/schema).',
  },
  {
    target: `${server}/modules/**/*.repository.ts`,
    from: `${server}/modules/**/!(*.repository).ts`,
    message: 'A repository holds queries only: it imports no service, route or other module.',
  },
  {
    target: [`${server}/lib/**`, `${server}/db/**`, `${server}/config/**`],
    from: `${server}/modules/**`,
    message: 'lib/, db/ and config/ never import modules.',
  },
  {
    // The auth plugin loads sessions through their owner; the audit plugin writes through its module.
    target: `${server}/plugins/**`,
    from: `${server}/modules/**`,
    except: ['**/modules/sessions/sessions.service.ts', '**/modules/audit/audit.service.ts'],
    message:
      'Plugins are infrastructure: they never import modules (but the two services named in eslint.config.js).',
  },
  {
    target: `${server}/plugins/**`,
    from: database,
    message: 'Plugins query the database through the module owning the table.',
  },
];

const webZones = [
  ...features.map((f) => ({
    target: `${web}/features/${f}/**`,
    from: `${web}/features/!(${f})/**`,
    message: 'Features never import each other: move what both need to components/ or lib/.',
  })),
  {
    target: [`${web}/features/**`, `${web}/components/**`, `${web}/lib/**`, `${web}/config/**`],
    from: [`${web}/app/**`, `${web}/*.tsx`],
    message: 'Only app/ and the entry files compose features; nothing imports them.',
  },
  {
    target: [`${web}/components/**`, `${web}/lib/**`, `${web}/config/**`],
    from: `${web}/features/**`,
    message: 'components/ and lib/ never import features.',
  },
  {
    target: [`${web}/lib/**`, `${web}/config/**`],
    from: `${web}/components/**`,
    message: 'lib/ never imports components.',
  },
  {
    target: `${web}/config/**`,
    from: `${web}/lib/**`,
    message: 'config/ is the bottom layer: it imports no lib/.',
  },
  {
    target: `${web}/**`,
    from: `${web}/testing/**`,
    message: 'testing/ is for tests only.',
  },
  {
    target: 'packages/shared/**',
    from: ['apps/**', 'bench/**', 'e2e/**'],
    message: 'The shared package depends on nothing of the apps.',
  },
];

// What the benchmark and the end-to-end tests may import of the server's sources: anything else
// there is the server's inside. The database is @villas/db's, imported by its package name.
const serverEntries = ['**/config/env.ts', '**/src/paths.ts'];
const outsideZones = [
  {
    target: ['packages/demo-data/**', `${dbPackage}/**`],
    from: 'apps/**',
    message:
      'The database and demo packages import nothing of the apps: the server depends on them, not the other way.',
  },
  {
    target: `${dbPackage}/**`,
    from: ['packages/demo-data/**', 'bench/**', 'e2e/**'],
    message: 'The database package is below every other: it imports none of them.',
  },
  {
    target: 'e2e/**',
    from: `${server}/**`,
    except: serverEntries,
    message: "Reach the server's sources only through its entries named in eslint.config.js.",
  },
  {
    target: 'bench/**',
    from: `${server}/**`,
    except: [...serverEntries, '**/modules/properties/search.repository.ts'],
    message: "Reach the server's sources only through its entries named in eslint.config.js.",
  },
  {
    target: ['packages/demo-data/**', `${dbPackage}/**`, 'e2e/**', 'bench/**'],
    from: `${web}/**`,
    message: "The web app's sources are its own: test it through the browser.",
  },
  {
    target: 'packages/demo-data/**',
    from: ['bench/**', 'e2e/**'],
    message: 'The demo workspace depends on neither the benchmark nor the end-to-end tests.',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-ssr/**',
      'data/**',
      'out/**',
      'coverage/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'e2e/.data-*/**',
      'packages/db/drizzle/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/config/env.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration from config/env.ts only.' },
      ],
    },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: [`${server}/**/*.ts`, `${web}/**/*.{ts,tsx}`, 'packages/shared/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}', '**/*.test-d.ts', '**/*.fixtures.ts', '**/testing/**'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: import.meta.dirname, zones: [...serverZones, ...webZones] },
      ],
    },
  },
  {
    files: ['bench/**/*.{ts,mjs,js}', 'e2e/**/*.{ts,mjs,js}'],
    ignores: ['**/*.test.{ts,tsx}', '**/*.fixtures.ts', '**/testing/**'],
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: outsideZones }],
    },
  },
  {
    // The packages below the server, their tests included: a test reaching into the server would
    // make the package loop again.
    files: ['packages/demo-data/**/*.{ts,mjs,js}', `${dbPackage}/**/*.{ts,mjs,js}`],
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: outsideZones }],
    },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: {
      local: { rules: { 'one-owner-per-table': oneOwnerPerTable, 'no-module-cycle': noModuleCycle } },
    },
    rules: { 'local/one-owner-per-table': 'error' },
  },
  {
    // Dialogs, popovers, selects, switches … are built from components/ui: one focus, close and
    // labelling behaviour everywhere (focus goes back to the opener, or the next control when it is gone).
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/components/ui/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'radix-ui',
              message: 'Use the wrappers of components/ui; Radix primitives are imported only there.',
            },
          ],
          patterns: [
            {
              group: ['@radix-ui/*'],
              message: 'Use the wrappers of components/ui; Radix primitives are imported only there.',
            },
          ],
        },
      ],
    },
  },
  {
    files: [`${server}/modules/**/*.ts`],
    ignores: ['**/*.test.ts', '**/*.test-d.ts', '**/*.fixtures.ts', '**/testing/**'],
    rules: { 'local/no-module-cycle': 'error' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules, 'react-hooks/set-state-in-effect': 'off' },
  },
  // max-lines for non-test source, with its allow-list: tools/eslint/max-lines.js.
  (await import('./tools/eslint/max-lines.js')).default,
);
