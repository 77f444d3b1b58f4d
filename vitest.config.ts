import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/shared', 'packages/demo-data', 'apps/server', 'apps/web', 'tools'],
  },
});
