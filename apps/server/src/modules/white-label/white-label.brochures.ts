import type { PublicWhiteLabel } from '@villas/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/env';
import { BrochureCache, brochureKey, type CachedBrochure } from './white-label.brochure-cache';
import { BrochurePool, type BrochurePoolOptions } from './white-label.brochure-pool';

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

  /** The PDF of `answer`: its bytes when just rendered, an open file when cached. */
  async get(answer: PublicWhiteLabel): Promise<Buffer | CachedBrochure> {
    const { uploadDir } = this.config;
    const key = await brochureKey(answer, uploadDir);
    for (;;) {
      const running = this.inFlight.get(key);
      if (running) {
        this.shared++;
        return running;
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
      return render;
    }
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
