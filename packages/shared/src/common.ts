import { z } from 'zod';

/** Largest id a PostgreSQL `integer` column holds. */
export const MAX_ID = 2_147_483_647;

/** A row id in a request body: a positive integer the database can hold. */
export const dbIdSchema = z
  .number({ error: 'Use a numeric id' })
  .int('Use a numeric id')
  .positive('Use a numeric id')
  .max(MAX_ID, 'Use a numeric id');

/**
 * A positive integer id in a path segment: digits only. ' 1', '1.0', '0x1' or '1e3' are refused
 * rather than read as numbers, and ids beyond the database's integer range are refused too.
 */
export const pathIdSchema = (label = 'id') =>
  z
    .string({ error: `Use a numeric ${label}` })
    .regex(/^[1-9][0-9]{0,9}$/, `Use a numeric ${label}`)
    .transform(Number)
    .pipe(z.number().max(MAX_ID, `Use a numeric ${label}`));

/** `/api/properties/{id}` and the like. */
export const idParamSchema = z.object({ id: pathIdSchema() });
export type IdParam = z.infer<typeof idParamSchema>;

export const emailSchema = z
  .string()
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .email('Please enter a valid email address');

/**
 * Optional paging for collections that can grow (lists answer the original full array
 * unless the caller asks for a page with `limit`/`offset`).
 */
export const pagingQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(500).optional(),
  offset: z.coerce.number().int().min(0).max(MAX_ID, 'offset is too large').optional(),
});

/** Paging for lists that are always paged: `limit` (1 … `max`, `size` when absent) and `offset` (0 when absent). */
export const pageQuerySchema = (size: number, max: number) =>
  z.object({
    limit: z.coerce
      .number({ error: 'limit must be a number' })
      .int('limit must be a whole number')
      .min(1, 'limit must be at least 1')
      .max(max, `limit must be at most ${max}`)
      .default(size),
    offset: z.coerce
      .number({ error: 'offset must be a number' })
      .int('offset must be a whole number')
      .min(0, 'offset cannot be negative')
      .max(MAX_ID, 'offset is too large')
      .default(0),
  });

/** One page of a list: its items, how many match in all (across pages), and the page's limit and offset. */
export const pageSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    limit: z.number().int(),
    offset: z.number().int(),
  });

export const okSchema = z.object({ ok: z.literal(true) });
export const messageSchema = z.object({ message: z.string() });

/**
 * A UTF-16 surrogate that is not half of a pair: in Unicode mode a pair reads as one code point, so
 * only a lone half matches. Such text is not Unicode at all (JSON can carry it as `"\ud800"`), and
 * PostgreSQL refuses it in a jsonb value.
 */
const LONE_SURROGATE = /\p{Cs}/u;

/** True when the text is well-formed Unicode (no lone surrogate): `String.prototype.isWellFormed`. */
export const isWellFormedText = (text: string): boolean => !LONE_SURROGATE.test(text);

/** The refusal of text that is not well-formed Unicode, naming the field. */
export const malformedTextMessage = (label: string) =>
  `${label} contains an invalid character (part of a broken emoji or symbol): please retype it`;

/** Trimmed non-empty text with a human message. */
export const requiredText = (label: string, max = 200) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .refine(isWellFormedText, malformedTextMessage(label));

/** Optional text: blank becomes null. */
export const optionalText = (max = 2000, label = 'This text') =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .refine(isWellFormedText, malformedTextMessage(label))
    .nullish()
    .transform((v) => (v ? v : null));
