import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from './factories';
import { createTestContext, type TestContext } from './helpers';

/**
 * The server's sockets are bounded (plugins/connection-guard.ts): a body that does not arrive in
 * time gets 408 and its connection is closed, connections are capped per address and in all, and a
 * new client takes the place of the slowest waiting socket at the cap.
 */
let ctx: TestContext;
let port: number;
beforeAll(async () => {
  ctx = await createTestContext({
    REQUEST_TIMEOUT_MS: '600',
    UPLOAD_REQUEST_TIMEOUT_MS: '3000',
    MAX_CONNECTIONS: '12',
    MAX_CONNECTIONS_PER_ADDRESS: '4',
  });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as net.AddressInfo).port;
});
afterAll(() => ctx.close());

interface Conn {
  socket: net.Socket;
  /** Everything the server wrote. */
  received(): string;
  /** Resolves when the server closed the connection. */
  closed: Promise<void>;
}

async function connect(localAddress = '127.0.0.1'): Promise<Conn> {
  const socket = net.connect({ port, host: '127.0.0.1', localAddress });
  let text = '';
  socket.setEncoding('utf8').on('data', (c: string) => (text += c));
  socket.on('error', () => undefined);
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  return { socket, received: () => text, closed };
}

/** Headers announcing a 100 kB body, and its first byte. */
function startSlowBody(conn: Conn, path = '/api/auth/login') {
  conn.socket.write(
    `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{`,
  );
}

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function get(path: string, localAddress = '127.0.0.1'): Promise<{ status: number; body: string }> {
  const conn = await connect(localAddress);
  conn.socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
  await conn.closed;
  const text = conn.received();
  return { status: Number(/^HTTP\/1\.1 (\d+)/.exec(text)?.[1] ?? 0), body: text.split('\r\n\r\n')[1] ?? '' };
}

describe('request body deadline', () => {
  it('answers 408 with the error contract and closes a connection whose body does not arrive in time', async () => {
    const conn = await connect();
    const started = Date.now();
    startSlowBody(conn);
    const drip = setInterval(() => conn.socket.write(' '), 100);
    await conn.closed;
    clearInterval(drip);
    const took = Date.now() - started;
    expect(conn.received()).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    const body = JSON.parse(conn.received().split('\r\n\r\n')[1]!) as { code: string; message: string };
    expect(body.code).toBe('REQUEST_TIMEOUT');
    expect(body.message).toMatch(/took too long/);
    // Closed at the deadline, not when the body would have ended (it drips a byte every 100 ms).
    expect(took).toBeGreaterThanOrEqual(550);
    expect(took).toBeLessThan(2500);
  });

  it('gives a route that takes files the longer upload allowance, then 408 as well', async () => {
    const { cookie } = await signedIn(ctx.app, ctx.db, 'admin');
    const conn = await connect();
    const started = Date.now();
    conn.socket.write(
      `POST /api/upload/image HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${cookie}\r\n` +
        'Content-Type: multipart/form-data; boundary=x\r\nContent-Length: 100000\r\n\r\n--x',
    );
    await settle(1200);
    // Past the 600 ms of other routes, still receiving.
    expect(conn.received()).toBe('');
    await conn.closed;
    expect(conn.received()).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2900);
  });

  it('leaves a complete request alone however long its answer takes', async () => {
    const answer = await get('/healthz');
    expect(answer.status).toBe(200);
  });
});

describe('connection caps', () => {
  it('refuses a connection past the per-address cap with 503, and serves other addresses', async () => {
    const held = await Promise.all([1, 2, 3, 4].map(() => connect('127.0.0.2')));
    await settle(50);
    const fifth = await connect('127.0.0.2');
    await fifth.closed;
    expect(fifth.received()).toMatch(/^HTTP\/1\.1 503 Service Unavailable\r\n/);
    expect(fifth.received()).toMatch(/Retry-After: 5\r\n/);
    expect(JSON.parse(fifth.received().split('\r\n\r\n')[1]!)).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      message: expect.stringMatching(/Too many open connections from your network/),
    });
    expect((await get('/healthz', '127.0.0.3')).status).toBe(200);
    for (const c of held) c.socket.destroy();
    await Promise.all(held.map((c) => c.closed));
    await settle(50);
    // A slot freed is a slot again.
    expect((await get('/healthz', '127.0.0.2')).status).toBe(200);
  });

  it('at the overall cap, a new client takes the place of the longest-waiting slow socket', async () => {
    // 12 slow bodies from 4 addresses (3 each): the server is full.
    const slow: Conn[] = [];
    for (const a of [11, 12, 13, 14]) {
      for (let i = 0; i < 3; i++) {
        const c = await connect(`127.0.0.${a}`);
        startSlowBody(c);
        slow.push(c);
        await settle(5);
      }
    }
    await settle(50);
    expect(ctx.app.connectionStats().open).toBe(12);
    const answer = await get('/healthz', '127.0.0.20');
    expect(answer.status).toBe(200);
    // The first one opened was the one let go.
    await slow[0]!.closed;
    expect(ctx.app.connectionStats().evicted).toBeGreaterThanOrEqual(1);
    expect(ctx.app.connectionStats().open).toBeLessThanOrEqual(12);
    for (const c of slow) c.socket.destroy();
    await Promise.all(slow.map((c) => c.closed));
  });

  it('reports the open connections on /readyz', async () => {
    const answer = await get('/readyz');
    expect(answer.status).toBe(200);
    const body = JSON.parse(answer.body) as { pressure: { connections: number; underPressure: boolean } };
    expect(body.pressure.underPressure).toBe(false);
    expect(body.pressure.connections).toBeGreaterThanOrEqual(1);
  });
});
