import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestContext, type TestContext } from './helpers';

/**
 * Load shedding (plugins/pressure.ts): past the event-loop delay or heap threshold new requests get
 * 503 with Retry-After, /healthz is still answered and /readyz says why it is not ready.
 */
let ctx: TestContext | undefined;
afterEach(async () => {
  await ctx?.close();
  ctx = undefined;
});

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Keeps the event loop busy for `ms` (a render or a huge JSON on the main thread would). */
function block(ms: number) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    // busy
  }
}

describe('under pressure', () => {
  it('sheds requests while the event loop lags, answers /healthz, reports on /readyz, then recovers', async () => {
    ctx = await createTestContext({ PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '100' });
    const { app } = ctx;
    expect((await app.inject({ url: '/api/company' })).statusCode).toBe(200);

    // The loop blocked past a sample (taken every 500 ms); a sample that follows sees the delay —
    // the first one or, when it ran before the delay histogram recorded the block, the next.
    block(1200);
    await vi.waitFor(() => expect(app.pressure().underPressure).toBe(true), { timeout: 1500, interval: 10 });

    const shed = await app.inject({ url: '/api/company' });
    expect(shed.statusCode).toBe(503);
    expect(shed.headers['retry-after']).toBe('5');
    expect(shed.json()).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      message: 'The service is very busy right now. Try again in 5 seconds.',
      details: { retryAfterSeconds: 5 },
    });
    expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
    const ready = await app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({
      status: 'under-pressure',
      pressure: { underPressure: true },
    });
    // The mean delay of the last sample, or null when the loop was blocked through all of it.
    const delay = (ready.json() as { pressure: { eventLoopDelayMs: number | null } }).pressure
      .eventLoopDelayMs;
    if (delay !== null) expect(delay).toBeGreaterThan(100);

    // A quiet second later it serves again.
    await wait(1200);
    expect((await app.inject({ url: '/api/company' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/readyz' })).json()).toMatchObject({
      status: 'ready',
      pressure: { underPressure: false },
    });
  });

  it('sheds requests when the heap in use passes its share of the heap limit', async () => {
    // 1 % of the limit is always in use: the first sample trips it.
    ctx = await createTestContext({ PRESSURE_MAX_HEAP_PERCENT: '1' });
    await wait(600);
    const shed = await ctx.app.inject({ url: '/api/company' });
    expect(shed.statusCode).toBe(503);
    expect(shed.headers['retry-after']).toBe('5');
    expect((await ctx.app.inject({ url: '/healthz' })).statusCode).toBe(200);
  });

  it('measures nothing when both checks are off', async () => {
    ctx = await createTestContext({ PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '0', PRESSURE_MAX_HEAP_PERCENT: '0' });
    block(800);
    await wait(600);
    expect((await ctx.app.inject({ url: '/api/company' })).statusCode).toBe(200);
  });
});
