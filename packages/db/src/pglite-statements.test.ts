import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withNamedStatements } from './pglite-statements';

let pg: PGlite;
let named: PGlite;

const prepared = async () =>
  (await pg.query<{ name: string; statement: string }>('select name, statement from pg_prepared_statements'))
    .rows;

beforeAll(async () => {
  pg = await PGlite.create();
  named = withNamedStatements(pg, 3);
  await pg.exec(`
    create table villas (id serial primary key, name text not null, price numeric(12,2),
      opens date, updated timestamptz, amenity_ids integer[], details jsonb);
    insert into villas (name, price, opens, updated, amenity_ids, details) values
      ('Villa Azur', 1234.56, '2027-07-03', '2026-11-24T10:00:00Z', '{1,5,9}', '{"pool": true}'),
      ('Chalet Blanc', null, null, null, null, null);
  `);
});

afterAll(async () => {
  await pg.close();
});

describe('PGlite read statements kept by name', () => {
  it.each([
    ['select * from villas where id = $1', [1]],
    ['select * from villas where name like $1 order by id', ['%a%']],
    ['select * from villas where price <= $1::numeric or price is null order by id', ['2000.00']],
    ['select * from villas where opens = $1::date', ['2027-07-03']],
    ['select * from villas where amenity_ids @> $1::integer[]', [[1, 9]]],
    [
      'with v as (select * from villas where details @> $1::jsonb) select count(*) as n from v',
      [{ pool: true }],
    ],
    ['select $1::text as nothing', [null]],
  ])('answers %s exactly as PGlite itself does', async (text, params) => {
    for (const rowMode of ['object', 'array'] as const) {
      const mine = await named.query(text, params, { rowMode });
      const theirs = await pg.query(text, params, { rowMode });
      expect(mine.rows).toEqual(theirs.rows);
      expect(mine.fields).toEqual(theirs.fields);
      // Twice: the second run binds the kept statement.
      expect((await named.query(text, params, { rowMode })).rows).toEqual(theirs.rows);
    }
  });

  it('parses a text once and keeps it, up to the limit, closing the least recently used', async () => {
    await pg.query('deallocate all');
    const texts = [1, 2, 3, 4].map((n) => `select id, ${n} as n from villas where id = $1`);
    for (const t of texts.slice(0, 3)) await named.query(t, [1]);
    await named.query(texts[0]!, [1]);
    expect((await prepared()).map((p) => p.statement).sort()).toEqual(texts.slice(0, 3).sort());
    // A fourth text closes the one used longest ago (the second; the first was used again).
    await named.query(texts[3]!, [1]);
    expect((await prepared()).map((p) => p.statement).sort()).toEqual([texts[0], texts[2], texts[3]].sort());
    expect((await named.query<{ n: number }>(texts[1]!, [2])).rows).toEqual([{ id: 2, n: 2 }]);
  });

  it('reports a failing statement with its code, forgets it and answers the next one', async () => {
    const text = 'select 100 / $1::integer as share';
    expect((await named.query(text, [4])).rows).toEqual([{ share: 25 }]);
    await expect(named.query(text, [0])).rejects.toMatchObject({ code: '22012' });
    expect((await prepared()).map((p) => p.statement)).not.toContain(text);
    await expect(named.query('select * from where id = $1', [1])).rejects.toMatchObject({ code: '42601' });
    expect((await named.query(text, [5])).rows).toEqual([{ share: 20 }]);
  });

  it('answers with the new columns after a migration changed the table', async () => {
    await pg.exec('create table rates (currency text primary key, rate numeric)');
    await pg.exec("insert into rates values ('GBP', 1.17)");
    const text = 'select * from rates where currency = $1';
    expect((await named.query(text, ['GBP'])).rows).toEqual([{ currency: 'GBP', rate: '1.17' }]);
    await pg.exec("alter table rates add column updated date default '2026-11-24'");
    const now = await named.query(text, ['GBP']);
    expect(now.fields.map((f) => f.name)).toEqual(['currency', 'rate', 'updated']);
    expect(now.rows).toEqual((await pg.query(text, ['GBP'])).rows);
  });

  it('never runs inside another caller’s open transaction', async () => {
    let inserted!: () => void;
    const insertedYet = new Promise<void>((resolve) => (inserted = resolve));
    const tx = pg
      .transaction(async (t) => {
        await t.query("insert into villas (name) values ('Uncommitted')");
        inserted();
        // A few turns of the event loop while the transaction is open: the read below has started.
        for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await insertedYet;
    const read = named.query<{ n: number }>('select count(*)::int as n from villas where name = $1', [
      'Uncommitted',
    ]);
    await tx;
    expect((await read).rows).toEqual([{ n: 0 }]);
  });

  it('shares the names of one database between its wrappers (the server’s and the bench’s)', async () => {
    const fresh = await PGlite.create();
    try {
      const [first, second] = [withNamedStatements(fresh, 3), withNamedStatements(fresh, 3)];
      expect((await first.query('select $1::int + 1 as n', [1])).rows).toEqual([{ n: 2 }]);
      expect((await second.query('select $1::int + 2 as n', [1])).rows).toEqual([{ n: 3 }]);
      expect((await second.query('select $1::int + 1 as n', [5])).rows).toEqual([{ n: 6 }]);
    } finally {
      await fresh.close();
    }
  });

  it('leaves writes to PGlite itself', async () => {
    const res = await named.query<{ id: number }>('insert into villas (name) values ($1) returning id', [
      'Island',
    ]);
    expect(res.rows).toHaveLength(1);
    expect((await prepared()).map((p) => p.statement)).not.toContain(
      'insert into villas (name) values ($1) returning id',
    );
  });
});
