import { defineProject } from 'vitest/config';
import { ISOLATED_SERVER_TESTS, serverTestOptions } from './vitest.config.js';

/** The server tests that replace a module (listed in vitest.config.ts): a registry per file. */
export default defineProject({
  test: { ...serverTestOptions, name: 'server-isolated', include: ISOLATED_SERVER_TESTS, isolate: true },
});
