import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app';
import { testConfig } from '../src/config/env';
import { createDatabase, type Database } from '@villas/db/client';

/**
 * A PostgreSQL server that is down (nothing listens) or hangs (accepts and never answers): requests
 * get a 503 with Retry-After in about the connect time-out, never a 500 or a long wait.
 */
const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

async function appOn(port: number): Promise<{ app: App; database: Database }> {
  const database = await createDatabase({
    databaseUrl: `postgres://villas:secret@127.0.0.1:${port}/villas`,
    dataDir: ':memory:',
    connectTimeoutMs: 500,
    queryTimeoutMs: 1000,
    onError: () => undefined,
  });
  const app = await buildApp({ config: testConfig(), database });
  await app.ready();
  cleanups.push(
    () => database.close(),
    () => app.close(),
  );
  return { app, database };
}

async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function silentServer(): Promise<number> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((s) => {
    sockets.add(s);
    s.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(async () => {
    for (const s of sockets) s.destroy();
    await new Promise((resolve) => server.close(resolve));
  });
  return (server.address() as AddressInfo).port;
}

async function expectUnavailable(app: App) {
  const started = Date.now();
  const res = await app.inject({ method: 'GET', url: '/api/properties', cookies: { sid: 'some-session' } });
  expect(res.statusCode).toBe(503);
  expect(res.headers['retry-after']).toBe('5');
  expect(res.json()).toMatchObject({
    code: 'SERVICE_UNAVAILABLE',
    message: 'The service is briefly unavailable. Please try again in a few seconds.',
  });
  expect(Date.now() - started).toBeLessThan(4000);

  const readyStarted = Date.now();
  const ready = await app.inject({ method: 'GET', url: '/readyz' });
  expect(ready.statusCode).toBe(503);
  expect(ready.headers['retry-after']).toBe('5');
  expect(Date.now() - readyStarted).toBeLessThan(2500);
}

describe('database outage', () => {
  it('answers 503 with Retry-After when the database is down', async () => {
    const { app } = await appOn(await closedPort());
    await expectUnavailable(app);
  });

  it('answers 503 with Retry-After, within the time-out, when the database hangs', async () => {
    const { app } = await appOn(await silentServer());
    await expectUnavailable(app);
  });
});
