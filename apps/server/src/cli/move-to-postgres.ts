import path from 'node:path';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { createDatabase } from '@villas/db/client';
import { assertNotInUse, CliError, commandLineTarget, existingPgdata, isMain, runCli } from './backup-common';

export interface MoveOptions {
  /** DATA_DIR of the embedded database to move. */
  dataDir: string;
  /** The PostgreSQL server database to move it into: empty (no tables, or only empty ones). */
  targetUrl: string;
  log?: (line: string) => void;
}

export interface MoveResult {
  /** Rows copied, by table. */
  rows: Record<string, number>;
}

/** Rows read and written at a time: a large table never sits whole in memory. */
const BATCH = 2000;

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

interface Column {
  name: string;
}

/** The tables of the public schema, parents before the tables whose foreign keys name them. */
async function tablesInOrder(target: pg.ClientBase): Promise<string[]> {
  const { rows: tables } = await target.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname`,
  );
  const { rows: edges } = await target.query<{ child: string; parent: string }>(
    `select c.relname as child, p.relname as parent from pg_constraint k
     join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
     join pg_namespace n on n.oid = c.relnamespace
     where k.contype = 'f' and n.nspname = 'public' and c.oid <> p.oid`,
  );
  const parents = new Map(tables.map((t) => [t.name, new Set<string>()]));
  for (const e of edges) parents.get(e.child)?.add(e.parent);
  const order: string[] = [];
  const placed = new Set<string>();
  while (order.length < tables.length) {
    const ready = [...parents].filter(([t, ps]) => !placed.has(t) && [...ps].every((p) => placed.has(p)));
    if (!ready.length)
      throw new CliError('the tables reference each other in a cycle: cannot order the copy');
    for (const [t] of ready) {
      order.push(t);
      placed.add(t);
    }
  }
  return order;
}

/** The columns a row is written with: every stored column but generated ones. */
async function writableColumns(target: pg.ClientBase, table: string): Promise<Column[]> {
  const { rows } = await target.query<Column>(
    `select column_name as name from information_schema.columns
     where table_schema = 'public' and table_name = $1 and is_generated = 'NEVER'
     order by ordinal_position`,
    [table],
  );
  return rows;
}

/** Written by the migrations themselves (the search index's change log): not data of anyone's. */
const DERIVED = new Set(['search_changes']);

/** Refuses a target that holds any row in its tables (a re-run after a failure finds it empty). */
async function assertEmpty(targetUrl: string): Promise<void> {
  const target = new pg.Client({ connectionString: targetUrl });
  await target.connect();
  try {
    const { rows } = await target.query<{ name: string }>(
      `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind = 'r'`,
    );
    for (const { name } of rows.filter((r) => !DERIVED.has(r.name))) {
      const { rowCount } = await target.query(`select 1 from ${quote(name)} limit 1`);
      if (rowCount)
        throw new CliError(`the target database already holds data (table ${name}): give an empty database`);
    }
  } finally {
    await target.end();
  }
}

/**
 * `npm run db:move-to-postgres -- <DATABASE_URL>`: copies the embedded database into an empty
 * PostgreSQL database. Refuses while the app has the embedded data directory open, and a target that
 * holds data. The schema is made by the migrations; then every table's rows (search sums included,
 * with the tables' own triggers held off so nothing is derived twice) and every sequence's position
 * are copied in ONE transaction: a failure leaves the target's tables empty, so a second run starts
 * clean. Rows travel as JSON text, so dates, times, amounts, arrays and documents keep their exact
 * value. Prints the rows copied per table.
 */
export async function moveToPostgres(opts: MoveOptions): Promise<MoveResult> {
  const log = opts.log ?? (() => undefined);
  const pgdata = existingPgdata(opts.dataDir);
  assertNotInUse(pgdata);

  await assertEmpty(opts.targetUrl);
  // The schema first, by the same migrations the server runs (they bring the source up to date too).
  const source = await createDatabase({ dataDir: opts.dataDir });
  await source.migrate();
  await source.close();
  const schema = await createDatabase({ databaseUrl: opts.targetUrl, dataDir: ':memory:' });
  try {
    await schema.migrate();
  } finally {
    await schema.close();
  }

  const from = await PGlite.create({ dataDir: pgdata });
  const target = new pg.Client({ connectionString: opts.targetUrl });
  await target.connect();
  const rows: Record<string, number> = {};
  try {
    const tables = await tablesInOrder(target);
    await target.query('begin');
    for (const table of tables) await target.query(`alter table ${quote(table)} disable trigger user`);
    // What the migrations wrote goes (its own triggers held off too): the source's rows replace it.
    await target.query(`truncate ${tables.map(quote).join(', ')}`);
    for (const table of tables) {
      const columns = (await writableColumns(target, table)).map((c) => quote(c.name)).join(', ');
      let copied = 0;
      for (let offset = 0; ; offset += BATCH) {
        const batch = await from.query<{ rows: string | null }>(
          `select json_agg(t)::text as rows from (select * from ${quote(table)} order by ctid
           limit ${BATCH} offset ${offset}) t`,
        );
        const json = batch.rows[0]?.rows;
        if (!json) break;
        const { rowCount } = await target.query(
          `insert into ${quote(table)} (${columns})
           select ${columns} from json_populate_recordset(null::${quote(table)}, $1::json)`,
          [json],
        );
        copied += rowCount ?? 0;
        if ((rowCount ?? 0) < BATCH) break;
      }
      rows[table] = copied;
      log(`${table}: ${copied} rows`);
    }
    for (const table of tables) await target.query(`alter table ${quote(table)} enable trigger user`);
    // Each sequence where the embedded database left it: the next id is the one it would have given.
    const { rows: sequences } = await from.query<{ name: string }>(
      `select sequencename as name from pg_sequences where schemaname = 'public'`,
    );
    for (const { name } of sequences) {
      const { rows: at } = await from.query<{ last_value: string; is_called: boolean }>(
        `select last_value, is_called from ${quote(name)}`,
      );
      await target.query('select setval($1::regclass, $2, $3)', [
        quote(name),
        at[0]!.last_value,
        at[0]!.is_called,
      ]);
    }
    await target.query('commit');
  } catch (err) {
    await target.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    await target.end();
    await from.close();
  }
  return { rows };
}

if (isMain(import.meta.url)) {
  await runCli('db:move-to-postgres', async () => {
    const { positionals } = parseArgs({ allowPositionals: true, options: {} });
    const targetUrl = positionals[0];
    if (!targetUrl || !/^postgres(ql)?:\/\//.test(targetUrl))
      throw new CliError(
        'give the target database: npm run db:move-to-postgres -- postgres://user:pass@host/db',
      );
    const { dataDir, databaseUrl, log } = commandLineTarget();
    if (databaseUrl)
      throw new CliError(
        'DATABASE_URL is set: this command moves the embedded database (DATA_DIR); unset it',
      );
    const started = Date.now();
    const { rows } = await moveToPostgres({ dataDir, targetUrl, log });
    const total = Object.values(rows).reduce((a, b) => a + b, 0);
    console.log(
      `moved ${total} rows in ${Object.keys(rows).length} tables in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
    );
    console.log(
      `Next: start every instance with DATABASE_URL=${targetUrl.replace(/:[^:@/]*@/, ':***@')} and ` +
        `SESSION_SECRET set to the contents of ${path.join(dataDir, 'secret.key')} ` +
        '(stored API keys and sessions were made with it); copy the images with the uploads folder.',
    );
  });
}
