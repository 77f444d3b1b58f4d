import { defineProject } from 'vitest/config';
import { serverTestOptions } from './vitest.config.js';

/**
 * The demo workspace's tests (test/demo-data): they seed through the server's app and start, so they
 * live with the server, which depends on the workspace. Their own project, `demo-data`: seeding the
 * whole catalogue in a hook takes longer than the server's hooks may.
 */
export default defineProject({
  test: {
    ...serverTestOptions,
    name: 'demo-data',
    include: ['test/demo-data/**/*.test.ts'],
    hookTimeout: 120_000,
  },
});
