import { z } from 'zod';
import type { ApiErrorBody } from './errors.js';

/** The schema of an error answer's body (API documentation, tests); `parseApiErrorBody` checks the same. */
export const apiErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  requestId: z.string().optional(),
  issues: z
    .array(z.object({ path: z.array(z.union([z.string(), z.number()])), message: z.string() }))
    .optional(),
  details: z.unknown().optional(),
}) satisfies z.ZodType<ApiErrorBody>;
