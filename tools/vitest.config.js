import { defineProject } from 'vitest/config';

// The repository's own tooling (the local ESLint rules in eslint/).
export default defineProject({ test: { name: 'tools', include: ['**/*.test.js'] } });
