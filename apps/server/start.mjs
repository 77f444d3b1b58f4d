// `npm start -w @villas/server`: the built server with its Node.js flags (node-flags.mjs), started again
// after a crash (supervise.mjs).
import { fileURLToPath } from 'node:url';
import { serverEnv, serverNodeFlags } from './node-flags.mjs';
import { supervise, supervisorSettings } from './supervise.mjs';

const server = fileURLToPath(new URL('./dist/server.js', import.meta.url));
let settings;
try {
  settings = supervisorSettings();
} catch (err) {
  console.error(`Invalid configuration:\n  - ${err.message}`);
  process.exit(1);
}
process.exit(
  await supervise({
    command: process.execPath,
    args: [...serverNodeFlags(), server],
    env: serverEnv(),
    ...settings,
  }),
);
