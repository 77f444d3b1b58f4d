import type { PublicWhiteLabel } from '@villas/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/env';
import { ServiceUnavailableError } from '../../lib/errors';
import { BrochureCache, brochureKey, type CachedBrochure } from './white-label.brochure-cache';
import { BrochurePool, type BrochurePoolOptions } from './white-label.brochure-pool';

/**
 * Reads of brochure answers waiting their turn; one more answers 503. (Each address and each link is
 * rate-limited before; this bounds what many addresses at once can queue.)
 */
const MAX_WAITING_READS = 200;

/**
 * A link's brochure, as the route sends it: from the cache when one made from the same things is
 * there, else rendered in the worker pool — once, however many requests ask for it at the same time
 * (they wait for the same render) — and kept in the cache (docs/decisions/015-link-pricing-and-brochure.md).
 */
export class Brochures {
  private readonly pool: BrochurePool;
  private readonly cache: BrochureCache;
  /** Renders under way, by brochure name: a second request for one waits for the first's. */
  private readonly inFlight = new Map<string, Promise<Buffer>>();
  private hits = 0;
  private shared = 0;
  /** Answer reads under way or waiting, by link: a second request for one waits for the first's. */
  private readonly reads = new Map<string, Promise<PublicWhiteLabel>>();
  private readTail: Promise<unknown> = Promise.resolve();
  private readsWaiting = 0;
  private readonly keys = new WeakMap<PublicWhiteLabel, Promise<string>>();

  constructor(
    private readonly config: Pick<Config, 'brochures' | 'uploadDir'>,
    private readonly log: FastifyBaseLogger,
    pool: Partial<BrochurePoolOptions> = {},
  ) {
    const b = config.brochures;
    this.pool = new BrochurePool({
      workers: b.workers,
      workerHeapMb: b.workerHeapMb,
      queueMax: b.queueMax,
      renderTimeoutMs: b.renderTimeoutMs,
      ...pool,
    });
    this.cache = new BrochureCache(b.cacheDir, b.cacheBytes);
  }

  /**
   * The answer a link's brochure is made from, read by `read`: one read at a time, each in an event
   * loop turn of its own, and one read shared by simultaneous requests for the same link. A 100-villa
   * answer takes ~25 ms of the embedded database's time, on the main thread; read all at once, 30
   * of them held every other request for ~0.75 s (the embedded database runs queued statements
   * back to back without giving the event loop a turn).
   */
  readAnswer(uuid: string, read: () => Promise<PublicWhiteLabel>): Promise<PublicWhiteLabel> {
    const running = this.reads.get(uuid);
    if (running) return running;
    if (this.readsWaiting >= MAX_WAITING_READS) {
      throw new ServiceUnavailableError(
        this.pool.retryAfterSeconds(),
        'Too many brochures are being prepared right now.',
      );
    }
    this.readsWaiting++;
    const job = this.readTail
      .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
      .then(read)
      .finally(() => {
        this.readsWaiting--;
        this.reads.delete(uuid);
      });
    this.readTail = job.catch(() => undefined);
    this.reads.set(uuid, job);
    return job;
  }

  /** The PDF of `answer`: its bytes when just rendered, an open file when cached. */
  async get(answer: PublicWhiteLabel): Promise<Buffer | CachedBrochure> {
    const { uploadDir } = this.config;
    // Requests that shared one read of the answer share its name too (one hash, one look at the files).
    let naming = this.keys.get(answer);
    if (!naming) this.keys.set(answer, (naming = brochureKey(answer, uploadDir)));
    const key = await naming;
    for (;;) {
      const running = this.inFlight.get(key);
      if (running) {
        this.shared++;
        return this.sent(key, await running);
      }
      const cached = await this.cache.get(key);
      if (cached) {
        this.hits++;
        return cached;
      }
      // Rendered and cached by another request while this one looked: read it again.
      if (this.inFlight.has(key) || this.cache.has(key)) continue;
      const render = this.render(key, answer, uploadDir);
      this.inFlight.set(key, render);
      return this.sent(key, await render);
    }
  }

  /**
   * A fresh render as it is sent: read from the cache's file, in chunks between other work, rather
   * than the whole buffer written to every waiting socket at once (forty 1.7 MB writes held the event
   * loop for ~0.15 s); the buffer when it could not be cached.
   */
  private async sent(key: string, pdf: Buffer): Promise<Buffer | CachedBrochure> {
    return (await this.cache.get(key)) ?? pdf;
  }

  private async render(key: string, answer: PublicWhiteLabel, uploadDir: string): Promise<Buffer> {
    try {
      const pdf = await this.pool.render(answer, uploadDir);
      // Cached before it leaves the in-flight map, so a request between the two finds one or the other.
      await this.cache.put(key, pdf).catch((err: unknown) => {
        this.log.warn({ err }, 'brochure: could not write it to the cache');
      });
      return pdf;
    } finally {
      this.inFlight.delete(key);
    }
  }

  /** Counters since the app started: renders, cache hits, requests that shared a render, bytes. */
  stats() {
    return {
      ...this.pool.stats(),
      cacheHits: this.hits,
      sharedRenders: this.shared,
      cacheBytes: this.cache.size,
    };
  }

  async close(): Promise<void> {
    await this.pool.close();
    await this.cache.close();
  }
}
