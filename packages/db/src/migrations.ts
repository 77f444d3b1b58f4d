import { createRequire } from 'node:module';
import path from 'node:path';

// Not named `require`: the server's bundle declares its own at the top of every file.
const resolveHere = createRequire(import.meta.url);

/**
 * The SQL migrations and their journal (drizzle/, written by `npm run db:generate`). Found through the
 * package, not beside this file: the server bundles this module into its dist/, where a path relative
 * to the file would point into the server's folder.
 */
export const migrationsDir = path.join(
  path.dirname(resolveHere.resolve('@villas/db/package.json')),
  'drizzle',
);
