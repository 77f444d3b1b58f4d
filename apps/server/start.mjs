// `npm start -w @villas/server`: the built server with its Node.js flags (node-flags.mjs).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { serverEnv, serverNodeFlags } from './node-flags.mjs';

const server = fileURLToPath(new URL('./dist/server.js', import.meta.url));
const child = spawn(process.execPath, [...serverNodeFlags(), server], {
  stdio: 'inherit',
  env: serverEnv(),
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
