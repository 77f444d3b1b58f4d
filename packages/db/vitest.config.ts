import { defineProject } from 'vitest/config';

// The server's time limits, which these tests ran under before they moved here: creating a PGlite
// instance takes seconds on busy cores.
export default defineProject({
  test: {
    name: 'db',
    include: ['src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
