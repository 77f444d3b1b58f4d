import { Worker } from 'node:worker_threads';

/**
 * HTTP clients in worker threads of their own, for tests that measure a server listening in the
 * test's process: a client on the test's own event loop would share it with the server, and what it
 * measured (or delayed) would be its own work as much as the server's.
 */

const PROBE = `
const { parentPort, workerData } = require('node:worker_threads');
const pending = new Set();
const answers = [];
const one = async () => {
  const started = performance.now();
  let status = 0;
  try {
    const res = await fetch(workerData.url, { signal: AbortSignal.timeout(60_000) });
    await res.arrayBuffer();
    status = res.status;
  } catch {}
  answers.push({ status, ms: performance.now() - started });
};
let timer;
parentPort.on('message', async () => {
  clearInterval(timer);
  await Promise.all(pending);
  parentPort.postMessage(answers);
});
// One request first: the thread's first fetch loads and compiles the HTTP client (~0.1–1 s).
fetch(workerData.url).then((res) => res.arrayBuffer()).finally(() => {
  parentPort.postMessage('ready');
  timer = setInterval(() => {
    const p = one();
    pending.add(p);
    p.finally(() => pending.delete(p));
  }, workerData.everyMs);
});
`;

export interface ProbeAnswer {
  /** 0 when no answer came (connection refused or reset). */
  status: number;
  ms: number;
}

/**
 * GETs `url` every `everyMs` until `stop()`, which resolves with every answer: on a schedule, not
 * after the previous answer, so a server that stalls for a second gets a second's worth of slow
 * answers (as a load balancer's checks would), not one.
 */
export async function probe(url: string, everyMs = 20): Promise<{ stop(): Promise<ProbeAnswer[]> }> {
  const worker = new Worker(PROBE, { eval: true, workerData: { url, everyMs } });
  const messages: unknown[] = [];
  let wake = () => undefined as void;
  worker.on('message', (m: unknown) => {
    messages.push(m);
    wake();
  });
  const next = async () => {
    while (!messages.length) {
      await new Promise<void>((resolve, reject) => {
        wake = resolve;
        worker.once('error', reject);
      });
    }
    return messages.shift();
  };
  await next(); // 'ready': probing from now on
  const answers = next() as Promise<ProbeAnswer[]>;
  return {
    stop: async () => {
      worker.postMessage('stop');
      const all = await answers;
      await worker.terminate();
      return all;
    },
  };
}

const DOWNLOADS = `
const { parentPort, workerData } = require('node:worker_threads');
Promise.all(
  workerData.urls.map(async (url) => {
    const res = await fetch(url);
    const body = new Uint8Array(await res.arrayBuffer());
    return { url, status: res.status, headers: Object.fromEntries(res.headers), body };
  }),
).then(
  (results) => parentPort.postMessage({ results }, results.map((r) => r.body.buffer)),
  (err) => parentPort.postMessage({ error: String(err) }),
);
`;

export interface Download {
  url: string;
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/**
 * GETs every URL at once (each on a connection of its own) and reads each whole answer. Resolves as
 * soon as the answers are in (the bodies moved, not copied); the client's thread ends after.
 */
export async function downloadAll(urls: string[]): Promise<Download[]> {
  const worker = new Worker(DOWNLOADS, { eval: true, workerData: { urls } });
  try {
    const answer = await new Promise<{ results?: Download[]; error?: string }>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    if (!answer.results) throw new Error(`downloads failed: ${answer.error}`);
    return answer.results.map((r) => ({
      ...r,
      body: Buffer.from(r.body.buffer, r.body.byteOffset, r.body.byteLength),
    }));
  } finally {
    void worker.terminate();
  }
}
