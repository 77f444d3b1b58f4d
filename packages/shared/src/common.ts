import { z } from 'zod';

/** A positive integer id from a path segment such as `/api/properties/{id}`. */
export const idParamSchema = z.object({
  id: z.coerce.number({ error: 'Use a numeric id' }).int('Use a numeric id').positive('Use a numeric id'),
});
export type IdParam = z.infer<typeof idParamSchema>;

export const emailSchema = z
  .string()
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .email('Please enter a valid email address');

/** Optional paging for collections that can grow (DESIGN §4). Absent = the seed's full array. */
export const pagingQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(500).optional(),
  offset: z.coerce.number().int().min(0).optional(),
});

export const okSchema = z.object({ ok: z.literal(true) });
export const messageSchema = z.object({ message: z.string() });

/** Trimmed non-empty text with a human message. */
export const requiredText = (label: string, max = 200) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/** Optional text: blank becomes null. */
export const optionalText = (max = 2000) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));
