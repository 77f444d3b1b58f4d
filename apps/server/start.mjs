// `npm start -w @villas/server`: the built server with its Node.js flags (node-flags.mjs), started again
// after a crash (supervise.mjs).
import { fileURLToPath } from 'node:url';
import { superviseServer } from './supervise.mjs';

await superviseServer(fileURLToPath(new URL('./dist/server.js', import.meta.url)));
