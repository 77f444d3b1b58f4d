import { describe, expect, it } from 'vitest';
import { apiErrorSchema } from './error-body';
import { parseApiErrorBody } from './errors';

/** Bodies an error answer may carry, ours and not ours. */
const samples: unknown[] = [
  { code: 'NOT_FOUND', message: 'Link not found' },
  { code: 'NOT_FOUND', message: 'Link not found', requestId: 'req-1' },
  { code: 'VALIDATION_FAILED', message: 'Bad input', issues: [{ path: ['email', 0], message: 'Invalid' }] },
  { code: 'X', message: 'y', details: { a: 1 } },
  { code: 'X', message: 'y', details: null },
  { code: 'X', message: 'y', extra: 'dropped' },
  { code: 'X' },
  { message: 'no code' },
  { code: 1, message: 'numeric code' },
  { code: 'X', message: 'y', requestId: 7 },
  { code: 'X', message: 'y', issues: 'not a list' },
  { code: 'X', message: 'y', issues: [{ path: [true], message: 'bad path' }] },
  { code: 'X', message: 'y', issues: [{ path: [] }] },
  'Bad Gateway',
  null,
  [],
  42,
];

describe('parseApiErrorBody', () => {
  it.each(samples.map((s) => [JSON.stringify(s), s]))('agrees with apiErrorSchema on %s', (_, sample) => {
    const parsed = apiErrorSchema.safeParse(sample);
    expect(parseApiErrorBody(sample)).toEqual(parsed.success ? parsed.data : null);
  });
});
