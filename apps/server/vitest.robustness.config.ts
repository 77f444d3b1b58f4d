import { defineProject } from 'vitest/config';
import { ROBUSTNESS_TESTS, serverTestOptions } from './vitest.config';

/** The server's long robustness suites (listed in vitest.config.ts), apart from `npm test`. */
export default defineProject({
  test: {
    ...serverTestOptions,
    name: 'robustness',
    include: ROBUSTNESS_TESTS,
  },
});
