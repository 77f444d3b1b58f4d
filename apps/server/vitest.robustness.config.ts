import { defineProject } from 'vitest/config';
import { ROBUSTNESS_TESTS, serverTestOptions } from './vitest.config.js';

/** The server's long robustness suites (listed in vitest.config.ts), apart from `npm test`. */
export default defineProject({
  test: {
    ...serverTestOptions,
    name: 'robustness',
    include: ROBUSTNESS_TESTS,
    // One file at a time, nothing else running beside it: these measure recovery and shutdown
    // within fixed times (5 s after PostgreSQL is back, a SIGTERM's requests finished).
    fileParallelism: false,
  },
});
