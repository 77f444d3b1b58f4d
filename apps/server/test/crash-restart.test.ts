import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { processEnv } from '../src/config/env';
import { inquiries } from '@villas/db/schema';
import { createProperty } from './factories';
import { post } from './post-inquiry';
import { serverDatabase, startServer, type ServerProcess } from './server-process';

/**
 * The server killed with SIGKILL in the middle of a stream of booking inquiries, under npm start's
 * supervisor (supervise.mjs) on the embedded database: it answers again within 15 s, every inquiry
 * answered 201 before the kill is in the database, and a SIGTERM afterwards stops it for good.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const supervised = path.resolve(here, 'fixtures/process/supervised-server.mjs');
let server: ServerProcess | undefined;
let drop: (() => Promise<void>) | undefined;
afterAll(async () => {
  server?.kill();
  await drop?.();
});

/** The server process the supervisor runs (its only child). */
function serverPid(supervisorPid: number): number | undefined {
  const children = readFileSync(`/proc/${supervisorPid}/task/${supervisorPid}/children`, 'utf8').trim();
  return children ? Number(children.split(/\s+/)[0]) : undefined;
}

describe.skipIf(process.platform !== 'linux' || Boolean(processEnv.DATABASE_URL))(
  'a crash under the supervisor',
  () => {
    it('restarts the server after SIGKILL within 15 s, keeping every acknowledged write; SIGTERM ends it', async () => {
      let villa!: { id: number };
      const database = await serverDatabase(async (db) => {
        villa = await createProperty(db, { maxGuests: 10 });
      });
      drop = database.drop;
      server = await startServer(
        { ...database.env, RESTART_MAX: '3', RESTART_WINDOW_MINUTES: '5' },
        90_000,
        supervised,
      );
      const first = serverPid(server.child.pid!)!;
      expect(first).toBeGreaterThan(0);

      const acknowledged: number[] = [];
      let sent = 0;
      const write = async () => {
        const i = sent++;
        const answer = await post(
          server!.port,
          JSON.stringify({
            type: 'booking',
            firstName: 'Crash',
            lastName: `Client ${i}`,
            email: `crash${i}@example.com`,
            propertyId: villa.id,
            guests: 2,
            message: `Request ${i}`,
          }),
        );
        if (answer.status === 201) acknowledged.push((JSON.parse(answer.body) as { id: number }).id);
        return answer.status;
      };

      // Four writers; the kill lands while they are writing.
      let killedAt = 0;
      let backAt = 0;
      let writing = true;
      const writers = Array.from({ length: 4 }, async () => {
        while (writing) {
          const status = await write();
          if (killedAt && status === 201 && !backAt) backAt = Date.now();
          if (status !== 201) await new Promise((resolve) => setTimeout(resolve, 100));
        }
      });
      while (acknowledged.length < 30) await new Promise((resolve) => setTimeout(resolve, 20));
      const beforeKill = acknowledged.length;
      process.kill(first, 'SIGKILL');
      killedAt = Date.now();
      while (!backAt && Date.now() - killedAt < 30_000)
        await new Promise((resolve) => setTimeout(resolve, 100));
      const downMs = backAt - killedAt;
      // A few more after it came back.
      const target = acknowledged.length + 10;
      while (acknowledged.length < target && Date.now() - killedAt < 40_000)
        await new Promise((resolve) => setTimeout(resolve, 50));
      writing = false;
      await Promise.all(writers);
      console.log(
        `SIGKILL after ${beforeKill} acknowledged writes: answered again after ${downMs} ms; ` +
          `${acknowledged.length} acknowledged of ${sent} sent`,
      );
      expect(backAt, server.output().slice(-3000)).toBeGreaterThan(0);
      expect(downMs).toBeLessThan(15_000);
      expect(server.output()).toMatch(/the server was killed by SIGKILL; restarting in 1 s/);
      const second = serverPid(server.child.pid!);
      expect(second).toBeDefined();
      expect(second).not.toBe(first);

      // SIGTERM to the server (as a process manager would send it): it stops, and is not started again.
      process.kill(second!, 'SIGTERM');
      const exit = await server.exited;
      expect(exit, server.output().slice(-3000)).toEqual({ code: 0, signal: null });
      expect(server.output().match(/restarting in/g)).toHaveLength(1);

      const after = await database.open();
      try {
        const stored = await after.db
          .select({ id: inquiries.id })
          .from(inquiries)
          .where(inArray(inquiries.id, acknowledged));
        expect(stored).toHaveLength(acknowledged.length);
      } finally {
        await after.close();
      }
    }, 120_000);
  },
);
