import { isWellFormedText, malformedTextMessage } from '@villas/shared';
import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type Path = Array<string | number>;

/** Why a text cannot be stored: it holds NUL, or it is not well-formed Unicode (a lone surrogate). */
type Flaw = 'nul' | 'malformed';

const flawOf = (text: string): Flaw | null =>
  text.includes('\u0000') ? 'nul' : isWellFormedText(text) ? null : 'malformed';

/** The first place in a request part where text (a value or a key) cannot be stored, or null. */
function badTextAt(value: unknown, path: Path = [], depth = 0): { path: Path; flaw: Flaw } | null {
  if (typeof value === 'string') {
    const flaw = flawOf(value);
    return flaw ? { path, flaw } : null;
  }
  if (value === null || typeof value !== 'object' || depth > 64) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = badTextAt(value[i], [...path, i], depth + 1);
      if (found) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    const flaw = flawOf(key);
    if (flaw) return { path: [...path, key], flaw };
    const found = badTextAt(item, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * The route schemas' validator (fastify-type-provider-zod's), with one rule every schema shares:
 * no text in a request (body, query, path or headers; values and keys) may contain the NUL
 * character or be ill-formed Unicode (a lone UTF-16 surrogate, which JSON can carry as
 * `"\ud800"`), since a PostgreSQL text or jsonb value cannot hold either. Such a request is refused
 * like any schema failure, as a 400 whose issue names the field, before the database sees it.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) => {
  const validate = zodValidatorCompiler(route);
  const refuseBadText = z.unknown().superRefine((data, ctx) => {
    const found = badTextAt(data);
    if (!found) return;
    // The field's name as text a person can read, whatever the key held.
    const field = found.path.length
      ? found.path.join('.').replaceAll('\u0000', '').toWellFormed()
      : 'The text';
    const message =
      found.flaw === 'nul' ? `${field} cannot contain the NUL character` : malformedTextMessage(field);
    ctx.addIssue({ code: 'custom', path: found.path, message });
  });
  const checkText = zodValidatorCompiler({ ...route, schema: refuseBadText });
  return (data) => {
    // The route's schema first, so its own words win ('The search text cannot contain control
    // characters', 'Last name contains an invalid character …'); then the rule above, even for
    // text the schema passes through.
    const result = validate(data);
    if (typeof result === 'object' && 'error' in result && result.error) return result;
    // The plain walk decides; zod builds the 400's issue only for a request that breaks the rule.
    return badTextAt(data) ? checkText(data) : result;
  };
};
