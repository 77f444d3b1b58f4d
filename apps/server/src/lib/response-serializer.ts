import type { FastifySerializerCompiler } from 'fastify';
import fastJson from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type Serialize = (data: unknown) => string;
type JsonSchema = { [key: string]: unknown };

/**
 * `anyOf: [X, {type: 'null'}]` (zod's `.nullable()`) as `X` with `null` among its types, which
 * fast-json-stringify writes with a `typeof` test instead of validating each branch with Ajv.
 */
function simplify(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplify);
  if (node === null || typeof node !== 'object') return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === '$schema') continue;
    out[key] = simplify(value);
  }
  const anyOf = out.anyOf as JsonSchema[] | undefined;
  if (anyOf?.length === 2 && anyOf.some((s) => s.type === 'null')) {
    const other = anyOf.find((s) => s.type !== 'null')!;
    if (typeof other.type === 'string') {
      delete out.anyOf;
      return { ...out, ...other, type: [other.type, 'null'] };
    }
  }
  return out;
}

/**
 * A response serializer compiled by fast-json-stringify from the zod schema's JSON Schema. Like
 * zod's, it writes only the schema's fields (an allow-list: a column added to a row never leaks)
 * and refuses an answer that lacks a required one; it does not check the values' formats again,
 * which is what makes it several times faster on large answers.
 */
export function fastSerializer(schema: z.ZodType): Serialize {
  const json = simplify(z.toJSONSchema(schema, { io: 'output', target: 'draft-7' }));
  return fastJson(json as Parameters<typeof fastJson>[0]) as Serialize;
}

const fast = new WeakMap<object, Serialize>();

/**
 * Marks a route's response schema to be serialised by `serialize` (by default `fastSerializer`)
 * instead of zod's encode and `JSON.stringify`. For the hot answers only, such as search pages.
 */
export function fastResponse<T extends z.ZodType>(
  schema: T,
  serialize: Serialize = fastSerializer(schema),
): T {
  fast.set(schema, serialize);
  return schema;
}

/** fastify-type-provider-zod's serializer, except for the schemas `fastResponse` marked. */
export const serializerCompiler: FastifySerializerCompiler<z.ZodType> = (route) =>
  fast.get(route.schema) ?? zodSerializerCompiler(route);
