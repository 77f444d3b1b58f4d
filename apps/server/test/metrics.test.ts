import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { useTestContext } from './helpers';

const TOKEN = 'scrape-token-0123456789abcdef';
const here = path.dirname(fileURLToPath(import.meta.url));
const dashboard = path.resolve(here, '../../../docs/operations/grafana-dashboard.json');

/** The series of a scrape: every sample line's name and labels (values and comments left out). */
const series = (text: string) =>
  new Set(
    text
      .split('\n')
      .filter((l) => l && !l.startsWith('#'))
      .map((l) => l.slice(0, l.lastIndexOf(' '))),
  );

describe('GET /metrics', () => {
  const ctx = useTestContext({ METRICS_TOKEN: TOKEN });
  const scrape = async () => {
    const res = await ctx.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.body;
  };

  it('answers 401 without the token or with a wrong one, and never leaks a figure', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-0123456789', `Basic ${TOKEN}`, TOKEN]) {
      const res = await ctx.app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(res.body).not.toContain('villas_');
    }
  });

  it('times requests by route pattern and status class, with the service’s own figures', async () => {
    await ctx.app.inject({ url: '/healthz' });
    await ctx.app.inject({ url: '/api/properties/999999' });
    const text = await scrape();
    expect(text).toMatch(
      /villas_http_request_duration_seconds_count\{method="GET",route="\/healthz",status="2xx"\} [1-9]/,
    );
    expect(text).toMatch(/route="\/api\/properties\/:id",status="4xx"/);
    // The URL's own id never becomes a label.
    expect(text).not.toMatch(/="[^"]*999999[^"]*"/);
    for (const name of [
      'villas_http_requests_in_flight',
      'villas_nodejs_eventloop_lag_p99_seconds',
      'villas_nodejs_heap_size_used_bytes',
      'villas_db_query_timeouts_total',
      'villas_brochure_renders_pending',
    ])
      expect(text).toContain(`\n${name}`);
    expect(text).toContain('villas_metrics_database_up 1');
    expect(text).toMatch(/villas_mail_outbox_pending \d+/);
    expect(text).toMatch(/villas_holds_active \d+/);
    expect(text).toMatch(/villas_sync_runs\{status="failed"\} \d+/);
  });

  it('keeps its series whatever unknown URLs are asked for', async () => {
    await ctx.app.inject({ url: '/no-such-page-0' });
    await ctx.app.inject({ method: 'POST', url: '/api/no-such-call-0' });
    const before = series(await scrape());
    for (let i = 1; i <= 1000; i++) {
      const url = `/${Math.random().toString(36).slice(2)}/${i}?q=${i}`;
      await ctx.app.inject({ method: i % 3 ? 'GET' : 'POST', url });
    }
    const after = series(await scrape());
    expect([...after].filter((s) => !before.has(s))).toEqual([]);
    expect(after.size).toBe(before.size);
  });

  it('gives the Grafana dashboard every metric its queries use', async () => {
    const board = JSON.parse(readFileSync(dashboard, 'utf8')) as {
      panels: Array<{ targets: Array<{ expr: string }> }>;
    };
    const used = new Set(
      board.panels.flatMap((p) => p.targets.flatMap((t) => t.expr.match(/\bvillas_[a-z0-9_]+/g) ?? [])),
    );
    expect(used.size).toBeGreaterThan(10);
    const text = await scrape();
    for (const name of used) {
      const family = name.replace(/_(bucket|sum|count)$/, '');
      // (A labelled gauge without a value yet, such as the pool's on the embedded database, has no sample.)
      expect(text, name).toContain(`# TYPE ${family} `);
    }
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  const ctx = useTestContext();
  it('answers 404, as any unknown URL', async () => {
    const res = await ctx.app.inject({
      url: '/metrics',
      headers: { authorization: 'Bearer anything-at-all-0123' },
    });
    expect(res.statusCode).toBe(404);
  });
});
