import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MAX_ID } from '@villas/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { RouteEntry } from '../src/app';
import { useTestContext } from './helpers';
import { SAMPLES, buildWorld, type World } from './route-samples';
import type { JsonSchema } from './json-schema';

/**
 * Every request field at the edges of what the database holds. The shared schemas bound
 * every id and number to PostgreSQL's int4 range or the column's precision, and keep NUL (which a
 * PostgreSQL text cannot hold) out of text, so nothing the database would refuse reaches it: a
 * database error on a value is a bug and answers 500.
 *
 * 1. Structure: in every route's request schemas every integer lies within int4, every number has
 *    a finite bound, every array a maximum length.
 * 2. Behaviour: each route's valid sample request (route-samples.ts) is sent again with one field
 *    at a time replaced by a hostile value (beyond int4, 1e21, NUL in text, text that is not
 *    well-formed Unicode, the schema's own extremes, a string at its maximum length), as the caller
 *    the sample is written for. No answer may be a 5xx, a refusal is the one 400 body, and a body
 *    field holding a lone surrogate is always refused.
 */
const uploadDir = mkdtempSync(path.join(tmpdir(), 'villas-bounds-uploads-'));
const ctx = useTestContext({ UPLOAD_DIR: uploadDir, RATE_LIMIT_MAX: '1000000', OUTBOUND_TIMEOUT_MS: '300' });
afterAll(() => rmSync(uploadDir, { recursive: true, force: true }));

const INT4_MIN = -(2 ** 31);
/** Text that is not well-formed Unicode: a lone surrogate, as the JSON escape "\ud800" sends it. */
const LONE_SURROGATE_TEXT = 'Hartwell\ud800';

function jsonSchemaOf(schema: unknown): JsonSchema | null {
  if (!(schema instanceof z.ZodType)) return null;
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

const typesOf = (s: JsonSchema) => (Array.isArray(s.type) ? s.type : s.type ? [s.type] : []);

/** A field of a request part: where it is and its schema (alternatives flattened). */
interface Leaf {
  path: Array<string | number>;
  schema: JsonSchema;
}

function leaves(schema: JsonSchema, at: Array<string | number> = [], depth = 0): Leaf[] {
  if (depth > 5) return [];
  const alternatives = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])];
  const out: Leaf[] = alternatives.flatMap((s) => leaves(s, at, depth + 1));
  const types = typesOf(schema);
  if (types.includes('object')) {
    for (const [k, s] of Object.entries(schema.properties ?? {}))
      out.push(...leaves(s, [...at, k], depth + 1));
    if (typeof schema.additionalProperties === 'object')
      out.push(...leaves(schema.additionalProperties, [...at, '2031-05-10'], depth + 1));
  }
  if (types.includes('array') && schema.items) out.push(...leaves(schema.items, [...at, 0], depth + 1));
  if (types.some((t) => t === 'integer' || t === 'number' || t === 'string')) out.push({ path: at, schema });
  return out;
}

/** Where a request part's schema lets a value the database cannot hold through. */
function unbounded(schema: JsonSchema, at: string, depth = 0): string[] {
  if (depth > 6) return [];
  const out: string[] = [];
  for (const s of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])])
    out.push(...unbounded(s, at, depth + 1));
  const types = typesOf(schema);
  const max = schema.maximum ?? schema.exclusiveMaximum;
  const min = schema.minimum ?? schema.exclusiveMinimum;
  if (
    types.includes('integer') &&
    !(max !== undefined && max <= MAX_ID && min !== undefined && min >= INT4_MIN)
  )
    out.push(`${at}: integer in [${min}, ${max}]`);
  if (types.includes('number') && !(max !== undefined && Number.isFinite(max) && min !== undefined))
    out.push(`${at}: number in [${min}, ${max}]`);
  if (types.includes('array') && schema.maxItems === undefined) out.push(`${at}: array without maxItems`);
  for (const [k, s] of Object.entries(schema.properties ?? {}))
    out.push(...unbounded(s, `${at}.${k}`, depth + 1));
  if (typeof schema.additionalProperties === 'object')
    out.push(...unbounded(schema.additionalProperties, `${at}{}`, depth + 1));
  if (schema.items) out.push(...unbounded(schema.items, `${at}[]`, depth + 1));
  return out;
}

/** Hostile values for a field of this schema. */
function hostile(schema: JsonSchema): unknown[] {
  const types = typesOf(schema);
  const values: unknown[] = [];
  if (types.includes('integer') || types.includes('number')) {
    values.push(MAX_ID + 1, INT4_MIN - 1, 1e21, Number.MAX_VALUE);
    for (const edge of [schema.maximum, schema.minimum, schema.exclusiveMaximum, schema.exclusiveMinimum])
      if (edge !== undefined && Number.isFinite(edge)) values.push(edge);
  }
  if (types.includes('string')) {
    values.push('a\u0000b', String(MAX_ID + 1), '1e400', LONE_SURROGATE_TEXT);
    if (schema.maxLength !== undefined && schema.maxLength <= 100_000)
      values.push('é'.repeat(schema.maxLength));
  }
  return values;
}

function setAt(target: unknown, at: Array<string | number>, value: unknown): unknown {
  if (!at.length) return value;
  const [head, ...rest] = at;
  const base: Record<string | number, unknown> | unknown[] =
    typeof head === 'number'
      ? Array.isArray(target)
        ? [...(target as unknown[])]
        : []
      : target && typeof target === 'object' && !Array.isArray(target)
        ? { ...(target as Record<string, unknown>) }
        : {};
  (base as Record<string | number, unknown>)[head!] = setAt(
    (base as Record<string | number, unknown>)[head!],
    rest,
    value,
  );
  return base;
}

const segmentValues = ['a\u0000b', String(MAX_ID + 1), '9'.repeat(30), '-1', '1e21', 'é'.repeat(300)];

let w: World;
beforeAll(async () => {
  w = await buildWorld(ctx.app, ctx.db);
});

const sampled = () =>
  ctx.app.routeInventory.filter((r) => {
    const sample = SAMPLES[`${r.method} ${r.url}`];
    return !r.assets && sample && !sample.stream && !sample.endsSession && r.url !== '/api/upload/image';
  });

function cookieFor(route: RouteEntry): string | null {
  if (route.access === 'admin') return w.cookies.admin;
  if (route.access === 'public') return null;
  return w.cookies.agentA;
}

describe('request fields at the edges of the database', () => {
  it('every integer in a request schema lies within int4, every number and list is bounded', () => {
    const found = ctx.app.routeInventory.flatMap((r) =>
      (['params', 'querystring', 'body'] as const).flatMap((part) => {
        const schema = jsonSchemaOf(r.schema?.[part]);
        return schema ? unbounded(schema, `${r.method} ${r.url} ${part}`) : [];
      }),
    );
    expect(found, found.join('\n')).toEqual([]);
  });

  it('no field of any route, at any edge, reaches a 5xx', async () => {
    const routes = sampled();
    expect(routes.length).toBeGreaterThan(60);
    const failures: string[] = [];
    let sent = 0;
    for (const route of routes) {
      const sample = SAMPLES[`${route.method} ${route.url}`]!;
      const cookie = cookieFor(route);
      let base = await sample.request(w);
      const send = async (url: string, payload: unknown, what: string, refuse = false) => {
        sent++;
        const res = await ctx.app.inject({
          method: route.method as 'POST',
          url,
          headers: { ...(cookie ? { cookie } : {}), ...(base.headers ?? {}) },
          ...(payload === undefined ? {} : { payload: payload as object }),
        });
        const where = `${route.method} ${route.url} with ${what}`;
        if (res.statusCode >= 500 && !/UPSTREAM_ERROR/.test(res.body))
          failures.push(`${where}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        else if (res.statusCode === 400 && res.json().code !== 'VALIDATION_FAILED')
          failures.push(`${where}: a 400 that is not the one body: ${res.body.slice(0, 200)}`);
        else if (refuse && res.statusCode !== 400)
          failures.push(`${where}: ${res.statusCode} instead of a 400 ${res.body.slice(0, 200)}`);
        // A destructive sample's target may be gone after an accepted variant: make a fresh one.
        if (res.statusCode < 300) base = await sample.request(w);
      };
      // Path parameters, one at a time.
      const [pathOnly, query] = base.url.split('?') as [string, string | undefined];
      const variants: Array<{ url: string; what: string }> = [];
      route.url.split('/').forEach((segment, i) => {
        if (!segment.startsWith(':')) return;
        const suffix = segment.replace(/^:[A-Za-z]+/, '');
        for (const value of segmentValues) {
          const segments = pathOnly.split('/');
          segments[i] = encodeURIComponent(value) + suffix;
          variants.push({
            url: `${segments.join('/')}${query ? `?${query}` : ''}`,
            what: `${segment}=${JSON.stringify(value).slice(0, 40)}`,
          });
        }
      });
      for (const v of variants) await send(v.url, base.payload, v.what);
      // Query fields.
      const querySchema = jsonSchemaOf(route.schema?.querystring);
      for (const leaf of querySchema ? leaves(querySchema) : []) {
        const key = leaf.path[0];
        if (typeof key !== 'string') continue;
        for (const value of hostile(leaf.schema)) {
          const params = new URLSearchParams(base.url.split('?')[1] ?? '');
          params.set(key, String(value));
          await send(`${base.url.split('?')[0]}?${params}`, base.payload, `?${key}=${JSON.stringify(value)}`);
        }
      }
      // Body fields, nested ones and list items included.
      const bodySchema = jsonSchemaOf(route.schema?.body);
      for (const leaf of bodySchema ? leaves(bodySchema) : []) {
        for (const value of hostile(leaf.schema)) {
          await send(
            base.url,
            setAt(base.payload ?? {}, leaf.path, value),
            `${leaf.path.join('.')}=${JSON.stringify(value)?.slice(0, 40)}`,
            // Ill-formed text in any body field is refused (a query string cannot carry it).
            value === LONE_SURROGATE_TEXT,
          );
        }
      }
    }
    console.log(`input bounds: ${sent} requests over ${routes.length} routes`);
    expect(failures, failures.join('\n')).toEqual([]);
  }, 300_000);
});
