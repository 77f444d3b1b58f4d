import { defineProject } from 'vitest/config';

/**
 * The long robustness suites (fuzzing every route, input bounds, a real PostgreSQL stopped and
 * started under load, SIGTERM during a burst of writes). They run in their own project,
 * `robustness` (vitest.robustness.config.ts): `npm run test:robustness`, `npm run test:server` and
 * CI run them; `npm test` leaves them out to stay within its five minutes.
 */
export const ROBUSTNESS_TESTS = [
  'test/fuzz.test.ts',
  'test/input-bounds.test.ts',
  'test/postgres-restart.test.ts',
  'test/sigterm.test.ts',
];

/** What both server projects share: one migrated database each file clones, long hooks, forks. */
export const serverTestOptions = {
  globalSetup: ['test/global-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
  pool: 'forks' as const,
};

export default defineProject({
  test: {
    ...serverTestOptions,
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: ROBUSTNESS_TESTS,
  },
});
