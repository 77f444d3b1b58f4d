import { z } from 'zod';
import { ErrorCode, type ApiErrorBody } from './errors.js';

/** A field the caller should change, and why: `path` is where it sits in the body, query or path. */
export const errorIssueSchema = z.object({
  path: z.array(z.union([z.string(), z.number()])),
  message: z.string(),
});

/** The schema of an error answer's body (API documentation, tests); `parseApiErrorBody` checks the same. */
export const apiErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  requestId: z.string().optional(),
  issues: z.array(errorIssueSchema).optional(),
  details: z.unknown().optional(),
}) satisfies z.ZodType<ApiErrorBody>;

/**
 * Every 400, whatever refused the input (a route's schema, a service's rule, the JSON or multipart
 * parser): the same four fields, at least one issue (path `[]` when no single field is at fault).
 */
export const validationFailedBodySchema = z
  .object({
    code: z.literal(ErrorCode.VALIDATION_FAILED),
    message: z.string().min(1),
    issues: z.array(errorIssueSchema).min(1),
    requestId: z.string(),
  })
  .strict();
export type ValidationFailedBody = z.infer<typeof validationFailedBodySchema>;

/**
 * Every 429, whichever limiter refused (public forms, sign-in attempts, live streams): the message
 * says when to try again ('Too many attempts. Try again in 14 minutes.'), `details.retryAfterSeconds`
 * and the `Retry-After` header give the same whole seconds.
 */
export const rateLimitedBodySchema = z
  .object({
    code: z.literal(ErrorCode.RATE_LIMITED),
    message: z.string().min(1),
    requestId: z.string(),
    details: z.object({ retryAfterSeconds: z.number().int().positive() }).strict(),
  })
  .strict();
export type RateLimitedBody = z.infer<typeof rateLimitedBodySchema>;
