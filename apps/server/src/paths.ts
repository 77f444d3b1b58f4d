import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package root. This file is src/paths.ts in development and bundled into dist/*.js in
 * production: in both cases its directory's parent is apps/server.
 */
export const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The migrations are the database package's: `migrationsDir` of `@villas/db/migrations`. */
export const webDistDir = path.resolve(serverRoot, '../web/dist');
/** The web app's server rendering of its public pages (`vite build --ssr`, apps/web/package.json). */
export const webSsrDir = path.resolve(serverRoot, '../web/dist-ssr');
