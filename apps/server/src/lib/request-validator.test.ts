import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { validatorCompiler } from './request-validator';

type Part = 'body' | 'querystring' | 'params' | 'headers';

/** What the validator answers for `data` in a request part checked by `schema`. */
function validate(part: Part, schema: z.ZodType, data: unknown) {
  const check = validatorCompiler({ schema, method: 'POST', url: '/x', httpPart: part }) as (d: unknown) => {
    value?: unknown;
    error?: Array<{ instancePath?: string; message?: string }>;
  };
  return check(data);
}

const broken = 'part of a broken emoji or symbol';

/**
 * The rule every request schema shares (lib/request-validator.ts): no request text may hold NUL or
 * be ill-formed Unicode, in any part. A query string or a path cannot carry a lone surrogate over
 * HTTP today (its percent-decoding leaves invalid UTF-8 as it is), so those parts are checked here.
 */
describe('the request validator', () => {
  it('refuses a lone surrogate in the body, the query, the path and the headers, naming the field', () => {
    const cases: Array<[Part, unknown, string]> = [
      ['body', { name: 'Villa', notes: ['ok', 'Hartwell\ud800'] }, '/notes/1'],
      ['querystring', { q: '\udc00villa' }, '/q'],
      ['params', { regionName: 'Côte\ud83d' }, '/regionName'],
      ['headers', { 'x-note': '\ud800\ud800' }, '/x-note'],
    ];
    for (const [part, data, path] of cases) {
      const result = validate(part, z.looseObject({}), data);
      expect(result.error, `${part} ${JSON.stringify(data)}`).toBeDefined();
      expect(result.error![0]).toMatchObject({
        instancePath: path,
        message: expect.stringContaining(broken),
      });
    }
  });

  it('passes well-formed text, emoji pairs included, and leaves the route’s own words first', () => {
    expect(validate('body', z.looseObject({}), { name: 'Villa 🏝️ 𝕍', note: 'ﷺ' }).error).toBeUndefined();
    const own = z.object({ q: z.string().refine((q) => !q.includes('\ud800'), 'The search text is broken') });
    expect(validate('querystring', own, { q: 'a\ud800' }).error![0]!.message).toBe(
      'The search text is broken',
    );
  });

  it('still refuses NUL, as before', () => {
    const result = validate('body', z.looseObject({}), { name: 'a\u0000b' });
    expect(result.error![0]).toMatchObject({
      instancePath: '/name',
      message: 'name cannot contain the NUL character',
    });
  });
});
