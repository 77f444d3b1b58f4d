import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'demo-data',
    include: ['src/**/*.test.ts'],
    // The server's: one migrated database (PGlite dump or PostgreSQL template) that each file clones.
    globalSetup: ['../../apps/server/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
