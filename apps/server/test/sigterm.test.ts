import http from 'node:http';
import { inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { inquiries } from '@villas/db/schema';
import { createProperty } from './factories';
import { serverDatabase, startServer, type ServerProcess } from './server-process';

/**
 * SIGTERM in the middle of a burst of 50 booking inquiries: the real server process
 * finishes the requests it is serving, every inquiry it answered 2xx is in the database afterwards,
 * and it exits with code 0.
 */
const BURST = 50;
let server: ServerProcess | undefined;
let drop: (() => Promise<void>) | undefined;
afterAll(async () => {
  server?.kill();
  await drop?.();
});

interface Answer {
  status: number;
  body: string;
  /** Answered after the signal was sent. */
  late: boolean;
}

describe('SIGTERM during a burst of writes', () => {
  it('finishes the requests in flight, keeps every answered inquiry and exits 0', async () => {
    let villa!: { id: number };
    const database = await serverDatabase(async (db) => {
      villa = await createProperty(db, { maxGuests: 10 });
    });
    drop = database.drop;

    server = await startServer(database.env);
    const { port } = server;
    let signalled = false;
    let answered = 0;
    let signal!: () => void;
    const tenAnswered = new Promise<void>((resolve) => (signal = resolve));

    const send = (i: number) =>
      new Promise<Answer | Error>((resolve) => {
        const body = JSON.stringify({
          type: 'booking',
          firstName: 'Burst',
          lastName: `Client ${i}`,
          email: `burst${i}@example.com`,
          propertyId: villa.id,
          guests: 2,
          message: `Request ${i}`,
        });
        const req = http.request(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: '/api/inquiries',
            agent: false,
            headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
          },
          (res) => {
            let text = '';
            res.setEncoding('utf8');
            res.on('data', (c: string) => (text += c));
            res.on('end', () => {
              if (++answered === 10) signal();
              resolve({ status: res.statusCode ?? 0, body: text, late: signalled });
            });
            res.on('error', resolve);
          },
        );
        req.on('error', resolve);
        req.end(body);
      });

    const burst = Promise.all(Array.from({ length: BURST }, (_, i) => send(i)));
    await tenAnswered;
    signalled = true;
    server.child.kill('SIGTERM');
    const answers = await burst;
    const exit = await server.exited;

    expect(exit, server.output()).toEqual({ code: 0, signal: null });
    const ok = answers.filter((a): a is Answer => !(a instanceof Error) && a.status === 201);
    const others = answers.filter((a) => a instanceof Error || a.status !== 201);
    // Answered before the signal, and at least one request in flight at the signal finished.
    expect(ok.length).toBeGreaterThanOrEqual(10);
    expect(
      ok.some((a) => a.late),
      'no request in flight at SIGTERM was finished',
    ).toBe(true);
    // Whatever was not accepted was refused cleanly: a 503 while closing, or a refused connection.
    for (const a of others) {
      if (a instanceof Error)
        expect((a as NodeJS.ErrnoException).code).toMatch(/ECONNREFUSED|ECONNRESET|EPIPE/);
      else expect(a.status, a.body).toBe(503);
    }
    console.log(
      `SIGTERM after 10 of ${BURST} answers: ${ok.length} answered 201 (${ok.filter((a) => a.late).length} ` +
        `after the signal), ${others.length} refused`,
    );
    const ids = ok.map((a) => JSON.parse(a.body).id as number);
    const after = await database.open();
    try {
      const stored = await after.db
        .select({ id: inquiries.id })
        .from(inquiries)
        .where(inArray(inquiries.id, ids));
      expect(stored.map((r) => r.id).sort((x, y) => x - y)).toEqual([...ids].sort((x, y) => x - y));
    } finally {
      await after.close();
    }
  }, 90_000);
});
