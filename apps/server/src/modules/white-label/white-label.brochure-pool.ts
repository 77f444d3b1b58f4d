import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { PublicWhiteLabel } from '@villas/shared';
import type { Piscina } from 'piscina';
import { ServiceUnavailableError } from '../../lib/errors';
import type { BrochureTask } from './white-label.brochure-worker';

/**
 * Brochures are rendered in worker threads (piscina), never on the main thread: pdfkit is
 * synchronous, and a 100-villa brochure takes seconds, during which no other request would be
 * answered. The pool starts with the first brochure (pdfkit, sharp and the fonts load in the worker,
 * not at start), keeps `workers` threads each with its own heap limit and a lower scheduling
 * priority than the main thread, and lets them exit once idle.
 * Renders beyond the running ones wait in a bounded queue; one more is refused at once with 503 and
 * Retry-After, and one not done within `renderTimeoutMs` (queue included) is abandoned — its worker
 * stopped if it was running — and answers 503 too.
 */

export interface BrochurePoolOptions {
  workers: number;
  workerHeapMb: number;
  queueMax: number;
  renderTimeoutMs: number;
  /** An idle worker exits after this long. */
  idleMs?: number;
}

/** An idle worker exits after this long (the next brochure starts one again: ~0.3 s). */
const IDLE_MS = 30_000;
/** How much lower than the server's main thread the worker runs (nice(2) steps). */
const WORKER_NICE = 10;
/** The render time assumed for Retry-After until one has been measured. */
const FIRST_ESTIMATE_MS = 5000;

/**
 * The worker's file: the built entry beside the server bundle (dist/brochure-worker.js), or the
 * TypeScript source run through tsx when the server itself runs from its sources (dev, tests).
 */
function workerEntry(): { filename: string; execArgv: string[] } {
  const self = fileURLToPath(import.meta.url);
  const here = path.dirname(self);
  if (self.endsWith('.ts')) {
    const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
    return { filename: path.join(here, 'white-label.brochure-worker.ts'), execArgv: ['--import', tsx] };
  }
  return { filename: path.join(here, 'brochure-worker.js'), execArgv: [] };
}

export class BrochurePool {
  private pool: Promise<Piscina<BrochureTask, Uint8Array>> | undefined;
  private live: Piscina | undefined;
  private closed = false;
  /** Renders accepted and not finished: running or queued. */
  private pending = 0;
  private renderMs = FIRST_ESTIMATE_MS;
  /** Renders started since the app started (a test counts them). */
  renders = 0;
  /** Refused because the queue was full, and given up after the time limit. */
  refused = 0;
  timedOut = 0;

  constructor(private readonly opts: BrochurePoolOptions) {}

  private start(): Promise<Piscina<BrochureTask, Uint8Array>> {
    this.pool ??= import('piscina').then(({ Piscina }) => {
      const { filename, execArgv } = workerEntry();
      return new Piscina<BrochureTask, Uint8Array>({
        filename,
        execArgv,
        name: 'default',
        minThreads: 0,
        maxThreads: this.opts.workers,
        idleTimeout: this.opts.idleMs ?? IDLE_MS,
        // The queue is bounded here (`pending`), before a task reaches piscina.
        maxQueue: Infinity,
        // A lower priority for the worker thread (and the image threads it starts): on a small
        // machine, the main thread answering requests gets the cores first (Linux and macOS).
        niceIncrement: WORKER_NICE,
        resourceLimits: {
          maxOldGenerationSizeMb: this.opts.workerHeapMb,
          maxYoungGenerationSizeMb: 16,
        },
      });
    });
    void this.pool.then((pool) => (this.live = pool));
    return this.pool;
  }

  /** Seconds until a new render is likely to be taken: the work ahead of it, spread over the workers. */
  retryAfterSeconds(): number {
    const ahead = (this.pending / this.opts.workers) * this.renderMs;
    return Math.min(120, Math.max(1, Math.ceil(ahead / 1000)));
  }

  /** Renders the brochure of `answer` in a worker: its PDF bytes. */
  async render(answer: PublicWhiteLabel, uploadDir: string): Promise<Buffer> {
    if (this.closed) throw new ServiceUnavailableError(5, 'The server is shutting down.');
    if (this.pending >= this.opts.workers + this.opts.queueMax) {
      this.refused++;
      throw new ServiceUnavailableError(
        this.retryAfterSeconds(),
        'Too many brochures are being prepared right now.',
      );
    }
    this.pending++;
    this.renders++;
    const signal = AbortSignal.timeout(this.opts.renderTimeoutMs);
    const started = performance.now();
    try {
      const pool = await this.start();
      const queued = pool.queueSize;
      const pdf = await pool.run({ answer, uploadDir }, { signal });
      // Time per render, from those that did not wait (a moving average for Retry-After).
      if (queued === 0) this.renderMs = 0.7 * this.renderMs + 0.3 * (performance.now() - started);
      return Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
    } catch (err) {
      if (signal.aborted) {
        this.timedOut++;
        throw new ServiceUnavailableError(
          this.retryAfterSeconds(),
          'The brochure could not be prepared in time.',
        );
      }
      throw err;
    } finally {
      this.pending--;
    }
  }

  /** What the pool holds now, for tests and /readyz-like reports. */
  stats() {
    return {
      renders: this.renders,
      pending: this.pending,
      refused: this.refused,
      timedOut: this.timedOut,
      /** Worker threads alive now (0 before the first brochure and once they went idle). */
      threads: this.live?.threads.length ?? 0,
      /** The heap limit of a running worker, in MB (undefined when none runs). */
      workerHeapMb: this.live?.threads[0]?.resourceLimits?.maxOldGenerationSizeMb,
    };
  }

  /** Stops the workers (app close): running renders are abandoned. */
  async close(): Promise<void> {
    this.closed = true;
    const pool = this.pool;
    this.pool = undefined;
    this.live = undefined;
    if (pool) await (await pool).destroy();
  }
}
