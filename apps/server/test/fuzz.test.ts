import dns from 'node:dns';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { RouteEntry } from '../src/app';
import { sessions, users } from '@villas/db/schema';
import { hashToken, newToken } from '../src/modules/sessions/sessions.service';
import { createProperty, createUser } from './factories';
import { useTestContext } from './helpers';
import { SAMPLES } from './route-samples';
import type { JsonSchema } from './json-schema';

/**
 * Property-based fuzzing of every route: bodies, queries and path parameters drawn from
 * the route's own zod schemas, then bent (a field swapped for a hostile value: huge and non-finite
 * numbers, NUL and lone surrogates, right-to-left marks, prototype keys, SQL and path tricks, deep
 * nesting, raw malformed JSON), sent as an administrator (past every access check) and anonymously.
 * Nothing may answer 5xx, and a body a route reads that holds text that is not well-formed Unicode
 * is refused (every text field is sometimes drawn as such). A failure prints fast-check's seed and path: rerun one route with
 * FUZZ_SEED=<seed> FUZZ_ROUTE='<METHOD url>' to replay it.
 */
const uploadDir = mkdtempSync(path.join(tmpdir(), 'villas-fuzz-uploads-'));
// Fuzzed requests never leave this machine: every host name fails to resolve at once (a provider
// route then answers its 502 'Could not reach the provider'), and the URLs drawn are loopback ones.
vi.spyOn(dns, 'lookup').mockImplementation(((host: string, _opts: unknown, cb: (err: Error) => void) => {
  const callback = typeof _opts === 'function' ? (_opts as typeof cb) : cb;
  process.nextTick(() =>
    callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' })),
  );
}) as unknown as typeof dns.lookup);
const ctx = useTestContext({ UPLOAD_DIR: uploadDir, OUTBOUND_TIMEOUT_MS: '300' });
afterAll(() => rmSync(uploadDir, { recursive: true, force: true }));

/** Runs per route and caller: a few hundred requests per route in all, within the file's ~40 s budget. */
const RUNS_ADMIN = Number(process.env.FUZZ_RUNS ?? 25);
const RUNS_ANONYMOUS_PUBLIC = Math.max(4, Math.round(RUNS_ADMIN / 2));
const RUNS_ANONYMOUS_CLOSED = 2;
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
const ONLY = process.env.FUZZ_ROUTE;
/** An answer slower than this is a failure too (a hung request is as bad as a 5xx). */
const ANSWER_MS = 10_000;

// ---------------------------------------------------------------------------------------------
// Hostile values.

const PROTO_KEYS = ['__proto__', 'constructor', 'prototype'];
/**
 * Text that is not well-formed Unicode (a lone surrogate, as the JSON escape "\ud800" sends it):
 * every text field of a route's schema is sometimes drawn as this, and no route may accept it.
 */
const LONE_SURROGATE_TEXT = 'Hartwell\ud800';
const nastyString = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\ud800',
    '\udfff\ud800',
    LONE_SURROGATE_TEXT,
    '\u202eevil',
    '\ufeff',
    '𝕍𝕚𝕝𝕝𝕒 🏝️',
    'ﷺ',
    "Robert'); DROP TABLE users;--",
    "' OR 1=1 --",
    '%00',
    '%',
    '%zz',
    '../../etc/passwd',
    '<script>alert(1)</script>',
    '${7*7}',
    '__proto__',
    'NaN',
    'Infinity',
    '-0',
    '1e309',
    '9'.repeat(40),
    'x'.repeat(5000),
    '2031-02-30',
    '0000-00-00',
    '99999-12-31',
    'null',
    'true',
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
);
const nastyNumber = fc.oneof(
  fc.constantFrom(
    0,
    -0,
    -1,
    0.5,
    2 ** 31,
    2 ** 31 - 1,
    -(2 ** 31) - 1,
    2 ** 53 + 2,
    Number.MAX_VALUE,
    -Number.MAX_VALUE,
    Number.MIN_VALUE,
    1e21,
  ),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);
const protoObject = fc
  .tuple(fc.constantFrom(...PROTO_KEYS), fc.jsonValue({ maxDepth: 2 }))
  .map(([k, v]) => JSON.parse(`{${JSON.stringify(k)}: ${JSON.stringify(v) ?? 'null'}}`) as unknown);
const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  nastyString,
  nastyNumber,
  fc.constantFrom(null, true, false, [], {}, [[[[[]]]]]),
  protoObject,
  fc.jsonValue({ maxDepth: 3 }),
);

/** Raw bodies that are not what JSON.stringify makes: non-finite numbers, broken JSON, deep nesting. */
const rawJson = fc.constantFrom(
  '{"propertyId": 1e400, "price": -1e400}',
  '{"id": 1' /* truncated */,
  '{"__proto__": {"role": "admin"}}',
  '{"constructor": {"prototype": {"approved": true}}}',
  '{"a":1,"a":2}',
  '['.repeat(5000) + ']'.repeat(5000),
  '"\\u0000"',
  '\u0000',
  '{"x": "\\ud800"}',
  '',
  'null',
  '{}garbage',
);

/** True when a JSON value holds text (a value or a key) that is not well-formed Unicode. */
function holdsIllFormedText(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return !value.isWellFormed();
  if (!value || typeof value !== 'object' || depth > 64) return false;
  return Object.entries(value).some(([k, v]) => !k.isWellFormed() || holdsIllFormedText(v, depth + 1));
}

// ---------------------------------------------------------------------------------------------
// Arbitraries from the route schemas (zod → JSON Schema → fast-check).

/** Ids that exist (small numbers), ids that cannot, and the edges of the id column. */
const idLike = fc.oneof(fc.integer({ min: 1, max: 8 }), fc.constantFrom(2147483647, 2147483648, 9999999999));
const isoDate = fc
  .date({ min: new Date('2000-01-01'), max: new Date('2100-12-31'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
/** Addresses on this machine only: the fuzz never sends traffic anywhere else. */
const loopbackUrl = fc.constantFrom(
  'http://127.0.0.1:9/x',
  'https://localhost/feed.ics',
  'webcal://127.0.0.1/a.ics',
  'ftp://127.0.0.1/',
  'http://user:pass@127.0.0.1:1/?token=x',
);

function fromSchema(schema: JsonSchema, key = '', depth = 0): fc.Arbitrary<unknown> {
  if (depth > 4) return fc.constant(null);
  if ('const' in schema) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => fromSchema(s, key, depth + 1)));
  if (schema.allOf?.length) {
    const merged: JsonSchema = { type: 'object', properties: {}, required: [] };
    for (const part of schema.allOf) {
      Object.assign(merged.properties!, part.properties ?? {});
      merged.required!.push(...(part.required ?? []));
    }
    return fromSchema(merged, key, depth + 1);
  }
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const props = schema.properties ?? {};
      const shape = Object.fromEntries(
        Object.entries(props).map(([k, s]) => [k, fromSchema(s, k, depth + 1)]),
      );
      return fc.record(shape, { requiredKeys: (schema.required ?? []).filter((k) => k in props) });
    }
    case 'array':
      return fc.array(
        schema.items ? fromSchema(schema.items, key, depth + 1) : fc.jsonValue({ maxDepth: 1 }),
        {
          maxLength: Math.min(schema.maxItems ?? 4, 4),
        },
      );
    case 'integer':
    case 'number': {
      if (/id$/i.test(key)) return idLike;
      const min =
        schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -1000);
      const max = schema.maximum ?? Math.max(min + 10_000, 10_000);
      return type === 'integer'
        ? fc.integer({ min: Math.ceil(min), max: Math.min(Math.floor(max), 2 ** 31 - 1) })
        : fc.double({ min, max, noNaN: true });
    }
    case 'boolean':
      return fc.boolean();
    case 'string': {
      if (schema.format === 'email') return fc.constantFrom('ada@example.com', 'x@y.co', 'ADA@EXAMPLE.COM');
      if (/url$/i.test(key)) return loopbackUrl;
      if (/date|check(in|out)|^from$|^to$/i.test(key)) return isoDate;
      if (/id$/i.test(key) || schema.pattern === '^[1-9][0-9]{0,9}$') return idLike.map(String);
      return fc.oneof(
        {
          arbitrary: fc.string({
            minLength: schema.minLength ?? 0,
            maxLength: Math.min(schema.maxLength ?? 30, 30),
          }),
          weight: 9,
        },
        { arbitrary: fc.constant(LONE_SURROGATE_TEXT), weight: 1 },
      );
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function jsonSchemaOf(schema: unknown): JsonSchema | null {
  if (!(schema instanceof z.ZodType)) return null;
  try {
    return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  } catch {
    return null;
  }
}

/** A value from the schema, often with one field replaced by a hostile value or a prototype key added. */
function bent(schema: JsonSchema | null): fc.Arbitrary<unknown> {
  if (!schema) return nastyValue;
  const valid = fromSchema(schema);
  const withBadField = fc.tuple(valid, fc.nat(), nastyValue).map(([v, i, bad]) => {
    if (!v || typeof v !== 'object' || Array.isArray(v)) return bad;
    const keys = Object.keys(schema.properties ?? {});
    const key = keys.length ? keys[i % keys.length]! : 'x';
    return { ...(v as object), [key]: bad };
  });
  return fc.oneof(
    { arbitrary: valid, weight: 3 },
    { arbitrary: withBadField, weight: 4 },
    { arbitrary: nastyValue, weight: 2 },
  );
}

type Body = { kind: 'json'; value: unknown } | { kind: 'raw'; text: string } | { kind: 'none' };

interface Fuzzed {
  params: Record<string, unknown>;
  query: string;
  body: Body;
}

function paramNames(url: string): string[] {
  return [...url.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]!);
}

function requestArbitrary(route: RouteEntry): fc.Arbitrary<Fuzzed> {
  const params = jsonSchemaOf(route.schema?.params);
  const names = paramNames(route.url);
  const paramArb = fc.record(
    Object.fromEntries(
      names.map((n) => [
        n,
        fc.oneof(
          {
            arbitrary: params?.properties?.[n] ? fromSchema(params.properties[n], n) : idLike.map(String),
            weight: 3,
          },
          { arbitrary: nastyString, weight: 2 },
          { arbitrary: nastyNumber.map(String), weight: 1 },
        ),
      ]),
    ),
  );
  const querySchema = jsonSchemaOf(route.schema?.querystring);
  const queryArb = fc
    .tuple(
      bent(querySchema),
      fc.array(
        fc.tuple(
          fc.oneof(fc.constantFrom(...PROTO_KEYS, 'limit', 'a[b]', '__proto__[x]'), fc.string()),
          nastyString,
        ),
        {
          maxLength: 2,
        },
      ),
    )
    .map(([q, extra]) => {
      const search = new URLSearchParams();
      if (q && typeof q === 'object' && !Array.isArray(q))
        for (const [k, v] of Object.entries(q as Record<string, unknown>)) {
          for (const item of Array.isArray(v) ? v : [v])
            search.append(k, typeof item === 'string' ? item : (JSON.stringify(item) ?? ''));
        }
      for (const [k, v] of extra) search.append(k, v);
      return search.toString();
    });
  const hasBody = !['GET', 'DELETE'].includes(route.method);
  const bodySchema = jsonSchemaOf(route.schema?.body);
  const bodyArb: fc.Arbitrary<Body> = hasBody
    ? fc.oneof(
        { arbitrary: bent(bodySchema).map((value) => ({ kind: 'json' as const, value })), weight: 8 },
        { arbitrary: rawJson.map((text) => ({ kind: 'raw' as const, text })), weight: 1 },
        { arbitrary: fc.constant({ kind: 'none' as const }), weight: 1 },
      )
    : fc.constant({ kind: 'none' as const });
  return fc.record({ params: paramArb, query: queryArb, body: bodyArb });
}

/**
 * Percent-encodes a path segment byte by byte, lone surrogates included (as the UTF-8 bytes of the
 * surrogate, which no decoder accepts): what a hostile client can put on the wire.
 */
function encodeSegment(value: string): string {
  let out = '';
  for (const ch of value) {
    const code = ch.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff) {
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    } else out += encodeURIComponent(ch);
  }
  return out;
}

function urlOf(route: RouteEntry, f: Fuzzed): string {
  let url = route.url.replace('*', 'swagger-ui.css');
  for (const [n, v] of Object.entries(f.params)) {
    url = url.replace(`:${n}`, encodeSegment(typeof v === 'string' ? v : String(v)));
  }
  return f.query ? `${url}?${f.query}` : url;
}

// ---------------------------------------------------------------------------------------------

let adminId = 0;
let adminCookie = '';
let adminRow: typeof users.$inferSelect;

/** Puts the fuzzing administrator back as it was (a fuzzed edit may demote, lock or delete it) with a fresh session. */
async function restoreAdmin() {
  const [now] = await ctx.db.select().from(users).where(eq(users.id, adminId));
  if (now) await ctx.db.update(users).set(adminRow).where(eq(users.id, adminId));
  else await ctx.db.insert(users).values(adminRow);
  const token = newToken();
  await ctx.db
    .insert(sessions)
    .values({ id: hashToken(token), userId: adminId, expiresAt: new Date(Date.now() + 86_400_000) });
  adminCookie = `sid=${token}`;
}

beforeAll(async () => {
  const admin = await createUser(ctx.db, { role: 'admin' });
  // A second administrator, so the last-admin rule does not stop every fuzzed edit of the first.
  await createUser(ctx.db, { role: 'admin' });
  adminId = admin.id;
  [adminRow] = (await ctx.db.select().from(users).where(eq(users.id, adminId))) as [
    typeof users.$inferSelect,
  ];
  await restoreAdmin();
  for (let i = 0; i < 3; i++) await createProperty(ctx.db);
});

async function send(route: RouteEntry, f: Fuzzed, cookie: string | null) {
  const headers: Record<string, string> = cookie ? { cookie } : {};
  let payload: string | undefined;
  if (f.body.kind === 'json') {
    payload = JSON.stringify(f.body.value) ?? 'null';
    headers['content-type'] = 'application/json';
  } else if (f.body.kind === 'raw') {
    payload = f.body.text;
    headers['content-type'] = 'application/json';
  }
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ANSWER_MS} ms`)), ANSWER_MS);
  });
  try {
    return await Promise.race([
      ctx.app.inject({ method: route.method as 'GET', url: urlOf(route, f), headers, payload }),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** Routes to fuzz: every route but static files and streams (an open stream never answers). */
function fuzzedRoutes(): RouteEntry[] {
  return ctx.app.routeInventory.filter(
    (r) =>
      !r.assets && !SAMPLES[`${r.method} ${r.url}`]?.stream && (!ONLY || `${r.method} ${r.url}` === ONLY),
  );
}

/**
 * The one 5xx allowed: a route that calls a provider answering 502/504 UPSTREAM_ERROR with a message
 * when the provider cannot be reached (here: never, no name resolves). Not the client's mistake.
 */
function upstreamFailure(route: RouteEntry, res: { statusCode: number; body: string }): boolean {
  if (!/\/invenio\/|\/sync$|\/run$/.test(route.url) || ![502, 504].includes(res.statusCode)) return false;
  const body = JSON.parse(res.body) as { code?: string; message?: string };
  return body.code === 'UPSTREAM_ERROR' && typeof body.message === 'string' && body.message.length > 0;
}

async function fuzz(caller: 'admin' | 'anonymous'): Promise<string[]> {
  const failures: string[] = [];
  const statuses = new Map<number, number>();
  for (const route of fuzzedRoutes()) {
    const numRuns =
      caller === 'admin'
        ? RUNS_ADMIN
        : route.access === 'public'
          ? RUNS_ANONYMOUS_PUBLIC
          : RUNS_ANONYMOUS_CLOSED;
    const property = fc.asyncProperty(requestArbitrary(route), async (f) => {
      const res = await send(route, f, caller === 'admin' ? adminCookie : null);
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      if (
        caller === 'admin' &&
        (res.statusCode === 401 || (res.statusCode === 403 && route.access === 'admin'))
      )
        await restoreAdmin();
      if (res.statusCode >= 500 && !upstreamFailure(route, res))
        throw new Error(
          `${res.statusCode} for ${route.method} ${urlOf(route, f)}: ${res.body.slice(0, 300)}`,
        );
      // A body the route reads that holds ill-formed text anywhere is refused, never acted on.
      if (
        route.schema?.body &&
        f.body.kind === 'json' &&
        holdsIllFormedText(f.body.value) &&
        res.statusCode < 400
      )
        throw new Error(
          `${res.statusCode} for ${route.method} ${urlOf(route, f)} with text that is not well-formed ` +
            `Unicode in its body: ${res.body.slice(0, 300)}`,
        );
      if (res.statusCode >= 400 && res.headers['content-type']?.toString().includes('json')) {
        const message = (res.json() as { message?: unknown }).message;
        if (typeof message !== 'string' || !message)
          throw new Error(
            `${res.statusCode} without a message for ${route.method} ${urlOf(route, f)}: ${res.body}`,
          );
      }
    });
    const result = await fc.check(property, { numRuns, seed: SEED });
    if (result.failed) {
      failures.push(
        `${route.method} ${route.url} as ${caller}: ${String(result.errorInstance)}\n` +
          `  replay: FUZZ_SEED=${result.seed} FUZZ_ROUTE='${route.method} ${route.url}' (path ${result.counterexamplePath})\n` +
          `  counterexample: ${fc.stringify(result.counterexample)}`,
      );
    }
  }
  const histogram = [...statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status}×${n}`);
  console.log(`fuzz as ${caller}: ${histogram.join(' ')} (seed ${SEED ?? 'random per route'})`);
  return failures;
}

describe('fuzzing every route', () => {
  it('never answers 5xx to an administrator, whatever the body, query or path parameters, nor acts on ill-formed text', async () => {
    expect(fuzzedRoutes().length).toBeGreaterThan(ONLY ? 0 : 60);
    const failures = await fuzz('admin');
    expect(failures, failures.join('\n\n')).toEqual([]);
  }, 120_000);

  it('never answers 5xx to an anonymous caller', async () => {
    const failures = await fuzz('anonymous');
    expect(failures, failures.join('\n\n')).toEqual([]);
  }, 60_000);
});
