// One attacking machine's slow-body flood: opens SOCKETS connections to the server, each announcing a
// 100 kB login body and sending one byte of it every DRIP_MS, spread over source addresses
// 127.<first>.0.1 … (Linux routes all of 127/8 to the loopback). Used by the server's robustness test
// (apps/server/test/slow-body-flood.test.ts) and by `npm run bench:attacks -w @villas/bench`.
//
//   node slow-body-flood.mjs --port 3000 --sockets 10000 --first-octet 1 --addresses 200
//
// Prints one JSON line a second on stdout — {opened, open, refused, closedByServer, timedOut, failed}
// — and a last one with "done": true once every socket was opened (the sockets stay open, dripping,
// until the process is killed or --hold-ms passes).
import net from 'node:net';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    host: { type: 'string', default: '127.0.0.1' },
    port: { type: 'string' },
    sockets: { type: 'string', default: '10000' },
    'first-octet': { type: 'string', default: '1' },
    addresses: { type: 'string', default: '200' },
    'drip-ms': { type: 'string', default: '5000' },
    concurrency: { type: 'string', default: '200' },
    'hold-ms': { type: 'string', default: '0' },
    path: { type: 'string', default: '/api/auth/login' },
  },
});
const port = Number(values.port);
const total = Number(values.sockets);
const firstOctet = Number(values['first-octet']);
const addresses = Number(values.addresses);
const dripMs = Number(values['drip-ms']);
const concurrency = Number(values.concurrency);
if (!port || !total || !addresses) throw new Error('--port, --sockets and --addresses are required');

/** The i-th source address: 127.<first>.<i / 250>.<1 + i % 250>. */
const sourceAddress = (i) => `127.${firstOctet}.${Math.floor(i / 250)}.${1 + (i % 250)}`;
const head = Buffer.from(
  `POST ${values.path} HTTP/1.1\r\nHost: ${values.host}:${port}\r\nContent-Type: application/json\r\n` +
    'Content-Length: 100000\r\n\r\n{',
);
const counts = { opened: 0, open: 0, refused: 0, closedByServer: 0, timedOut: 0, failed: 0 };
const live = new Set();

function openOne(i) {
  return new Promise((resolve) => {
    const socket = net.connect({ host: values.host, port, localAddress: sourceAddress(i % addresses) });
    let answered = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk) => {
      if (answered.length < 64) answered += chunk;
    });
    socket.once('connect', () => {
      counts.opened++;
      counts.open++;
      live.add(socket);
      socket.write(head);
      resolve();
    });
    socket.once('error', () => undefined);
    socket.once('close', () => {
      if (!live.delete(socket)) {
        counts.failed++;
        resolve();
        return;
      }
      counts.open--;
      if (/^HTTP\/1\.1 503/.test(answered)) counts.refused++;
      else if (/^HTTP\/1\.1 408/.test(answered)) counts.timedOut++;
      else counts.closedByServer++;
    });
  });
}

const report = (extra = {}) => process.stdout.write(`${JSON.stringify({ ...counts, ...extra })}\n`);
const reporter = setInterval(report, 1000);
const drip = setInterval(() => {
  for (const s of live) s.write(' ');
}, dripMs);

let next = 0;
await Promise.all(
  Array.from({ length: Math.min(concurrency, total) }, async () => {
    while (next < total) await openOne(next++);
  }),
);
report({ done: true });
const holdMs = Number(values['hold-ms']);
if (holdMs > 0) {
  setTimeout(() => {
    clearInterval(reporter);
    clearInterval(drip);
    for (const s of live) s.destroy();
    report({ done: true, ended: true });
    process.exit(0);
  }, holdMs);
}
