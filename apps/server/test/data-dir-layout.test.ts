import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase } from '@villas/db/client';
import { migrationsDir } from '@villas/db/migrations';
import { properties } from '@villas/db/schema';
import { currentMigrations } from '@villas/demo-data/prepared';
import { createProperty } from './factories';
import { startServer } from './server-process';
import before from './fixtures/migrations-before-db-package.json';

// The migrations moved from the server's folder to the database package byte for byte. A database
// records each applied migration by the SHA-256 of its SQL and its journal time, never by path, and
// the prepared demo database lists them by tag and hash: `before` holds both as the files were in the
// server's folder, so a data directory or a prepared demo made then must open as one made now.

interface Recorded {
  id: number;
  hash: string;
  created_at: string;
}

const tmp = mkdtempSync(path.join(tmpdir(), 'villas-data-dir-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** The migrations the database recorded as applied (PGlite: a data directory). */
const recorded = async (db: Awaited<ReturnType<typeof createDatabase>>) =>
  (
    await db.pglite!.query<Recorded>(
      'select id, hash, created_at::text from drizzle.__drizzle_migrations order by id',
    )
  ).rows;

describe('a data directory migrated before the migrations moved', () => {
  it('finds the same migrations, byte for byte, in the same order', async () => {
    const journal = JSON.parse(readFileSync(path.join(migrationsDir, 'meta/_journal.json'), 'utf8')) as {
      entries: Array<{ tag: string; when: number }>;
    };
    const now = journal.entries.map(({ tag, when }) => ({
      tag,
      hash: createHash('sha256')
        .update(readFileSync(path.join(migrationsDir, `${tag}.sql`)))
        .digest('hex'),
      createdAt: when,
    }));
    expect(now.slice(0, before.length)).toEqual(before);
    // What the prepared demo's manifest is checked against at start.
    expect((await currentMigrations()).slice(0, before.length)).toEqual(
      before.map(({ tag, hash }) => ({ tag, hash })),
    );
  });

  it('opens unchanged at a start: no migration is applied again, its rows stay', async () => {
    const dataDir = path.join(tmp, 'data');
    const made = await createDatabase({ dataDir });
    await made.migrate();
    const villa = await createProperty(made.db, { name: 'Villa made before the move' });
    const rows = await recorded(made);
    await made.close();
    // As one made before the move recorded them.
    expect(rows.slice(0, before.length).map((r) => [r.hash, Number(r.created_at)])).toEqual(
      before.map((m) => [m.hash, m.createdAt]),
    );

    // The server started on it: migrations at start, then the start-up work (the catalogue is there,
    // so no demo is seeded).
    const server = await startServer({ DATA_DIR: dataDir, UPLOAD_DIR: path.join(tmp, 'uploads') });
    try {
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }

    const opened = await createDatabase({ dataDir });
    try {
      expect(await recorded(opened)).toEqual(rows);
      const [kept] = await opened.db.select().from(properties).where(eq(properties.id, villa.id));
      expect(kept?.name).toBe('Villa made before the move');
    } finally {
      await opened.close();
    }
    // Every migration from scratch, then a server start: ~10 s alone, three times that on busy cores.
  }, 120_000);
});
