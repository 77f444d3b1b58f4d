import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      'packages/shared',
      'packages/db',
      'apps/server/vitest.demo-data.config.ts',
      'apps/server',
      'apps/server/vitest.isolated.config.ts',
      // The long server robustness suites: `npm run test:robustness`, left out of `npm test`.
      'apps/server/vitest.robustness.config.ts',
      'apps/web',
      'apps/web/vitest.isolated.config.ts',
      'apps/web/vitest.build.config.ts',
      'tools',
    ],
  },
});
