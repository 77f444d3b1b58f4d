import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { like } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { inquiries } from '@villas/db/schema';
import { createDatabase } from '@villas/db/client';
import { backup } from '../src/cli/backup';
import { restore } from '../src/cli/restore';
import { processEnv } from '../src/config/env';
import { post } from './post-inquiry';
import { serverDatabase, startServer, type ServerProcess } from './server-process';

/**
 * The embedded database backed up while the app runs and takes writes: `db:backup` asks the running
 * server (it no longer refuses), the server takes the backup between two statements, and the file
 * restores to a database holding every write answered before the backup began. Writes go on being
 * answered while it is taken.
 */
let server: ServerProcess | undefined;
const temps: string[] = [];
afterAll(() => {
  server?.kill();
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(process.platform !== 'linux' || Boolean(processEnv.DATABASE_URL))(
  'an online backup of the embedded database',
  () => {
    it('is taken by the running app under write load and restores every write answered before it began', async () => {
      const database = await serverDatabase();
      temps.push(database.env.DATA_DIR!);
      server = await startServer({ ...database.env, BACKUP_INTERVAL_HOURS: '0' }, 90_000);
      const { port } = server;

      // Two writers, each recording when its writes were answered.
      const answered: Array<{ name: string; at: number }> = [];
      const failed: number[] = [];
      let running = true;
      const writer = async (w: number) => {
        for (let n = 0; running; n++) {
          const name = `Backup ${w}-${n}`;
          const { status } = await post(
            port,
            JSON.stringify({
              firstName: 'Online',
              lastName: name,
              email: `online${w}-${n}@example.com`,
              message: 'Is the villa free in August?',
            }),
          );
          if (status === 201) answered.push({ name, at: Date.now() });
          else failed.push(status);
          // A steady load, not a saturating one: the backup must not wait on a starved event loop.
          await new Promise((r) => setTimeout(r, 10));
        }
      };
      const writers = Promise.all([0, 1].map(writer));
      while (answered.length < 20) await new Promise((r) => setTimeout(r, 20));

      const out = path.join(mkdtempSync(path.join(tmpdir(), 'villas-online-backup-')), 'live.tar.gz');
      temps.push(path.dirname(out));
      const lines: string[] = [];
      const began = Date.now();
      const file = await backup({
        dataDir: database.env.DATA_DIR!,
        out,
        waitMs: 60_000,
        log: (l) => lines.push(l),
      });
      const tookMs = Date.now() - began;
      const answeredDuring = answered.filter((a) => a.at > began).length;
      // A few more writes after it, then stop.
      const total = answered.length;
      while (answered.length < total + 5) await new Promise((r) => setTimeout(r, 20));
      running = false;
      await writers;

      expect(file).toBe(out);
      expect(lines.join('\n')).toMatch(/the app is running \(process \d+\): asking it for a backup/);
      // A write is answered, or shed with 503 and Retry-After when the loop is busy (then the client
      // sends it again); never lost in another way.
      expect(failed.filter((status) => status !== 503)).toEqual([]);
      // The server kept its own copy.
      expect(
        readdirSync(path.join(database.env.DATA_DIR!, 'backups')).filter((f) => f.endsWith('.tar.gz')),
      ).toHaveLength(1);

      server.child.kill('SIGTERM');
      expect(await server.exited).toEqual({ code: 0, signal: null });

      const target = mkdtempSync(path.join(tmpdir(), 'villas-online-restore-'));
      temps.push(target);
      await restore({ dataDir: target, file });
      expect(existsSync(path.join(target, 'pgdata'))).toBe(true);
      const restored = await createDatabase({ dataDir: target });
      try {
        const rows = await restored.db
          .select({ name: inquiries.lastName })
          .from(inquiries)
          .where(like(inquiries.lastName, 'Backup %'));
        const names = new Set(rows.map((r) => r.name));
        const before = answered.filter((a) => a.at <= began);
        expect(before.length).toBeGreaterThanOrEqual(20);
        expect(before.filter((a) => !names.has(a.name))).toEqual([]);
        console.log(
          `online backup in ${tookMs} ms: ${before.length} writes answered before it began, all restored; ` +
            `${answeredDuring} answered and ${failed.length} shed (503) while it was taken, ${rows.length} rows in the backup`,
        );
      } finally {
        await restored.close();
      }
    }, 180_000);
  },
);
