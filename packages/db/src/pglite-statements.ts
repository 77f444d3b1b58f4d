import { parse, protocol, type PGlite, type QueryOptions, type Results } from '@electric-sql/pglite';

/**
 * The statements kept by name: reads, which the app repeats. Writes vary more (batch inserts of any
 * length) and would only push the reads out of the `max` kept.
 */
const READ = /^\s*\(?\s*(?:select|with)\b/i;

interface Named {
  name: string;
  /** The parameters' type OIDs, as the statement's Parse told them (they pick the serializers). */
  paramTypes: number[];
}

type Message = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];

/** The named statements of each PGlite instance (its one session), by text. */
const sessions = new WeakMap<PGlite, { named: Map<string, Named>; next: number }>();

/**
 * PGlite with its read statements kept as named prepared statements, so each is parsed and planned
 * once instead of at every call.
 *
 * PGlite's `query` sends every statement unnamed (Parse, Describe, Bind, Describe, Execute, Sync), so
 * PostgreSQL parses and plans it each time: for the search statement that was 1.7-3.2 ms of a
 * 4-9 ms query on the demo's 520 villas. PostgreSQL server connections keep the search's named
 * statements already (node-postgres sends them by name); this does the same for the embedded
 * database: the first call of a text parses it under a name, later calls only Bind and Execute it,
 * and PostgreSQL's plan cache decides, as on the server, between a plan per call and a generic one.
 *
 * The returned object is the same PGlite (a proxy) whose `query` does this for SELECT/WITH texts
 * outside transactions; every other call, and every statement inside a transaction, is PGlite's
 * own. It runs under the same two locks as PGlite's `query` (no other statement, no open
 * transaction in between), turns the same results into the same rows (`parse.parseResults` with the
 * caller's parsers), and keeps at most `max` statements: past that, the least recently used one is
 * closed. A statement that fails at Bind or Execute is closed and forgotten, so a changed table
 * (a migration) never leaves a stale one behind.
 */
export function withNamedStatements(pg: PGlite, max: number): PGlite {
  // Statement names belong to the database session: every wrapper of one PGlite shares them.
  let state = sessions.get(pg);
  if (!state) sessions.set(pg, (state = { named: new Map(), next: 0 }));
  const named = state.named;
  const session = state;
  const { serialize } = protocol;
  const exec = (message: Uint8Array) => pg.execProtocolStream(message, { syncToFs: false });

  async function forget(text: string, statement: Named) {
    named.delete(text);
    await exec(serialize.close({ type: 'S', name: statement.name }));
  }

  async function prepare(text: string): Promise<Named> {
    if (named.size >= max) {
      const [oldText, oldest] = named.entries().next().value!;
      await forget(oldText, oldest);
    }
    const name = `villas_s${++session.next}`;
    await exec(serialize.parse({ name, text }));
    const paramTypes = parse.parseDescribeStatementResults(
      await exec(serialize.describe({ type: 'S', name })),
    );
    const statement = { name, paramTypes };
    named.set(text, statement);
    return statement;
  }

  /** One Parse (when new) / Bind / Execute / Sync round; a failed Bind or Execute forgets it. */
  async function attempt(text: string, params: unknown[], options?: QueryOptions) {
    const messages: Message[] = [];
    let statement = named.get(text);
    const reused = statement != null;
    try {
      if (statement) {
        // Most recently used last: the first entry is the one to close when the map is full.
        named.delete(text);
        named.set(text, statement);
      } else {
        statement = await prepare(text);
      }
      const types = statement.paramTypes;
      const values = params.map((value, i) => {
        if (value == null) return null;
        const serializer = options?.serializers?.[types[i]!] ?? pg.serializers[types[i]!];
        return serializer ? serializer(value) : String(value);
      });
      try {
        messages.push(
          ...(await exec(serialize.bind({ statement: statement.name, values }))),
          ...(await exec(serialize.describe({ type: 'P' }))),
          ...(await exec(serialize.execute({}))),
        );
      } catch (err) {
        await exec(serialize.sync());
        await forget(text, statement).catch(() => undefined);
        return { err, reused };
      }
    } finally {
      messages.push(...(await exec(serialize.sync())));
    }
    return { messages };
  }

  async function run(text: string, params: unknown[], options?: QueryOptions): Promise<Results> {
    let result = await attempt(text, params, options);
    // A table the statement reads changed its columns since it was parsed (PostgreSQL: "cached plan
    // must not change result type"): parsed again, it runs as the text now means.
    if ('err' in result && result.reused && (result.err as { code?: string }).code === '0A000')
      result = await attempt(text, params, options);
    if ('err' in result) throw result.err;
    await pg.syncToFs();
    return parse.parseResults(result.messages, pg.parsers, options)[0]!;
  }

  const query = async <T>(text: string, params: unknown[] = [], options?: QueryOptions) => {
    if (!READ.test(text) || options?.blob) return pg.query<T>(text, params, options);
    await pg._checkReady();
    // PGlite's own query holds both: no statement of another caller, no transaction in between.
    return pg._runExclusiveTransaction(() => pg.runExclusive(() => run(text, params, options))) as Promise<
      Results<T>
    >;
  };

  return new Proxy(pg, {
    get(target, prop) {
      if (prop === 'query') return query;
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}
