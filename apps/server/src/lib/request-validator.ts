import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type Path = Array<string | number>;

/** The first place in a request part where text (a value or a key) holds NUL, or null. */
function nulAt(value: unknown, path: Path = [], depth = 0): Path | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (value === null || typeof value !== 'object' || depth > 64) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = nulAt(value[i], [...path, i], depth + 1);
      if (found) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000')) return [...path, key];
    const found = nulAt(item, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * The route schemas' validator (fastify-type-provider-zod's), with one rule every schema shares:
 * no text in a request (body, query or path; values and keys) may contain the NUL character, since
 * a PostgreSQL text or jsonb value cannot hold it. Such a request is refused like any schema
 * failure, as a 400 whose issue names the field, before the database sees it.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) => {
  const validate = zodValidatorCompiler(route);
  const refuseNul = z.unknown().superRefine((data, ctx) => {
    const path = nulAt(data);
    if (path) {
      const field = path.length ? path.join('.') : 'The text';
      ctx.addIssue({ code: 'custom', path, message: `${field} cannot contain the NUL character` });
    }
  });
  const checkNul = zodValidatorCompiler({ ...route, schema: refuseNul });
  return (data) => {
    // The route's schema first, so its own words win ('The search text cannot contain control
    // characters'); then NUL anywhere, even in text the schema passes through.
    const result = validate(data);
    if (typeof result === 'object' && 'error' in result && result.error) return result;
    // The plain walk decides; zod builds the 400's issue only for a request that holds NUL.
    return nulAt(data) ? checkNul(data) : result;
  };
};
