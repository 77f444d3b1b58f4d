import { defineProject } from 'vitest/config';

// The web app's build steps (build/), in Node: they run in Vite, not in a browser.
export default defineProject({
  test: { name: 'web-build', environment: 'node', include: ['build/**/*.test.ts'] },
});
