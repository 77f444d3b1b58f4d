import { ErrorCode } from '@villas/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable, pgErrorCode } from '../db/client';
import { AppError, TooManyRequestsError, ValidationError } from '../lib/errors';

const DEFAULT_ZOD_MESSAGE = /^(Invalid|Too (small|big)|Expected|Unrecognized)/;

function pathOf(instancePath: string): Array<string | number> {
  return instancePath
    .split('/')
    .filter(Boolean)
    .map((s) => (/^\d+$/.test(s) ? Number(s) : s));
}

/**
 * One writer of every error body: `{code, message, requestId, issues?}` (DESIGN §4, STYLE error model).
 * 5xx messages are generic; the full error is logged with the request id.
 */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issues = err.validation.map((v) => {
        const path = pathOf(v.instancePath ?? '');
        const where = (v as { validationContext?: string }).validationContext ?? err.validationContext;
        const field = path.length ? path.join('.') : where;
        const message =
          DEFAULT_ZOD_MESSAGE.test(v.message ?? '') && field ? `${field}: ${v.message}` : v.message;
        return { path, message: message ?? 'Invalid value' };
      });
      return reply.code(400).send({
        code: ErrorCode.VALIDATION_FAILED,
        message: issues[0]?.message ?? 'The request is not valid',
        requestId: request.id,
        issues,
      });
    }
    if (err instanceof AppError) {
      if (err.statusCode >= 500) request.log.error({ err }, err.message);
      if (err instanceof TooManyRequestsError) reply.header('retry-after', String(err.retryAfterSeconds));
      return reply.code(err.statusCode).send({
        code: err.code,
        message: err.message,
        requestId: request.id,
        ...(err instanceof ValidationError && err.issues?.length ? { issues: err.issues } : {}),
        ...(err.details !== undefined ? { details: err.details } : {}),
      });
    }
    // The database is down, restarting or too slow: not the caller's fault and not a bug either.
    if (isDatabaseUnavailable(err)) {
      request.log.warn({ err }, 'database unavailable');
      return reply.code(503).header('retry-after', '5').send({
        code: ErrorCode.SERVICE_UNAVAILABLE,
        message: 'The service is briefly unavailable. Please try again in a few seconds.',
        requestId: request.id,
      });
    }
    if (pgErrorCode(err) === '23505') {
      return reply.code(409).send({
        code: ErrorCode.CONFLICT,
        message: 'This record already exists',
        requestId: request.id,
      });
    }
    if (pgErrorCode(err) === '23503') {
      return reply.code(409).send({
        code: ErrorCode.CONFLICT,
        message: 'This record is still referenced by other data',
        requestId: request.id,
      });
    }
    // Class 22 (data exception): a value the database cannot hold, such as an id beyond its integer
    // range. That is the caller's input, so a 400, for every route at once.
    if (pgErrorCode(err)?.startsWith('22')) {
      return reply.code(400).send({
        code: ErrorCode.VALIDATION_FAILED,
        message: 'A value in the request is out of range or malformed',
        requestId: request.id,
      });
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err, issues: err.cause.issues }, 'response did not match its schema');
    }
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    if (status === 500) {
      request.log.error({ err }, 'unhandled error');
      return reply.code(500).send({
        code: ErrorCode.INTERNAL,
        message: 'Something went wrong on our side. Please try again.',
        requestId: request.id,
      });
    }
    // Fastify's own 4xx: malformed JSON, body too large, unsupported media type, rate limit.
    const code =
      status === 413
        ? ErrorCode.PAYLOAD_TOO_LARGE
        : status === 415
          ? ErrorCode.UNSUPPORTED_MEDIA_TYPE
          : status === 429
            ? ErrorCode.RATE_LIMITED
            : ErrorCode.VALIDATION_FAILED;
    const message =
      status === 413
        ? 'The request is too large'
        : status === 429
          ? 'Too many requests. Please wait a minute and try again.'
          : err.message;
    return reply.code(status).send({ code, message, requestId: request.id });
  });
});
