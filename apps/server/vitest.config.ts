import { defineProject } from 'vitest/config';

/**
 * The long robustness suites (fuzzing every route, input bounds, a real PostgreSQL stopped and
 * started under load, SIGTERM during a burst of writes, brochure downloads under attack). They run in their own project,
 * `robustness` (vitest.robustness.config.ts): `npm run test:robustness`, `npm run test:server` and
 * CI run them; `npm test` leaves them out to stay within its five minutes.
 */
export const ROBUSTNESS_TESTS = [
  'test/fuzz.test.ts',
  'test/input-bounds.test.ts',
  'test/postgres-restart.test.ts',
  'test/sigterm.test.ts',
  'test/slow-body-flood.test.ts',
  'test/crash-restart.test.ts',
  'test/online-backup.test.ts',
  // Two real server starts (~40 s on two busy cores).
  'test/secret-mismatch.test.ts',
  // Measures /healthz's latency while brochures are made: alone, so other files' work does not count.
  'src/modules/white-label/white-label.brochure-load.test.ts',
];

/** What both server projects share: one migrated database each file clones, long hooks, forks. */
export const serverTestOptions = {
  globalSetup: ['test/global-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
  pool: 'forks' as const,
};

/**
 * Server tests that replace a module (vi.mock): a module registry per file, in their own project
 * `server-isolated` (vitest.isolated.config.ts). Every other file shares its worker's registry.
 */
export const ISOLATED_SERVER_TESTS = ['src/modules/auth/login-limits.test.ts'];

export default defineProject({
  test: {
    ...serverTestOptions,
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // test/demo-data: its own project, `demo-data` (vitest.demo-data.config.ts).
    exclude: [...ROBUSTNESS_TESTS, ...ISOLATED_SERVER_TESTS, 'test/demo-data/**'],
    // Modules imported once per worker, not once per file: the project took 302 s on two cores with
    // a registry per file, 160 s so (a third of it was importing the server again for each file).
    isolate: false,
  },
});
