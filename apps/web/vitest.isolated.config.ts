import { defineProject } from 'vitest/config';
import { ISOLATED_WEB_TESTS, WEB_TEST } from './vite.config.ts';

// The web tests that need a module registry of their own (vite.config.ts, ISOLATED_WEB_TESTS).
export default defineProject({
  test: { ...WEB_TEST, name: 'web-isolated', include: ISOLATED_WEB_TESTS, isolate: true },
});
