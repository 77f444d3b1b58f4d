import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createDatabase } from '@villas/db/client';
import { processEnv } from '../src/config/env';

/**
 * Instances started together on one PostgreSQL apply the migrations once between them: on an empty
 * database, three migrating at the same moment all succeed and each migration is recorded once.
 */
describe.skipIf(!processEnv.DATABASE_URL)('instances migrating one PostgreSQL together', () => {
  it('all start, and each migration is applied once', async () => {
    const url = processEnv.DATABASE_URL!;
    const name = `villas_m_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const target = new URL(url);
    target.pathname = `/${name}`;
    try {
      const instances = await Promise.all(
        [1, 2, 3].map(() => createDatabase({ databaseUrl: target.toString(), dataDir: ':memory:' })),
      );
      try {
        const results = await Promise.allSettled(instances.map((d) => d.migrate()));
        expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'ok'))).toEqual([
          'ok',
          'ok',
          'ok',
        ]);
      } finally {
        await Promise.all(instances.map((d) => d.close()));
      }
      const check = new pg.Client({ connectionString: target.toString() });
      await check.connect();
      const { rows } = await check.query<{ hash: string; n: string }>(
        'select hash, count(*) as n from drizzle.__drizzle_migrations group by hash',
      );
      await check.end();
      expect(rows.length).toBeGreaterThan(10);
      expect(rows.filter((r) => r.n !== '1')).toEqual([]);
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});
