import { ErrorCode, rateLimitedBodySchema, validationFailedBodySchema } from '@villas/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable, pgErrorCode } from '@villas/db/client';
import {
  AppError,
  ServiceUnavailableError,
  TooManyRequestsError,
  ValidationError,
  type FieldIssue,
} from '../lib/errors';

const DEFAULT_ZOD_MESSAGE = /^(Invalid|Too (small|big)|Expected|Unrecognized)/;

function pathOf(instancePath: string): Array<string | number> {
  return instancePath
    .split('/')
    .filter(Boolean)
    .map((s) => (/^\d+$/.test(s) ? Number(s) : s));
}

/** Human words for Fastify's own refusals of a body it could not read (its texts name internals). */
const PARSER_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty: send a JSON object',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body does not match its Content-Length',
};

/**
 * The one 400 body, whatever refused the input (a route's schema, a service's rule, the JSON or
 * multipart parser): `{code: 'VALIDATION_FAILED', message, issues: [{path, message}], requestId}`.
 * `issues` is never empty: a refusal that concerns no single field has one issue with the path `[]`.
 */
function sendBadRequest(
  request: FastifyRequest,
  reply: FastifyReply,
  message: string,
  issues?: FieldIssue[],
) {
  return reply.code(400).send({
    code: ErrorCode.VALIDATION_FAILED,
    message,
    issues: issues?.length ? issues : [{ path: [], message }],
    requestId: request.id,
  });
}

/**
 * One writer of every error body: `{code, message, requestId, issues?, details?}`
 * (docs/decisions/019-error-contract.md). 5xx messages are generic; the full error is logged with the request id.
 *
 * Nothing maps a database error on a value (PostgreSQL's class 22: an integer out of range, text
 * with NUL, a malformed date) to a 400: the shared schemas bound every id, number and text before a
 * request reaches the database, so such an error is a bug and answers 500 (the fuzz tests find it).
 */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  // The error bodies in each route's response schemas: documented in the OpenAPI, and held to them
  // when sent. A route that reads input answers 400 to bad input; a rate-limited route 429.
  app.addHook('onRoute', (route) => {
    const schema = route.schema;
    if (!schema) return;
    const readsInput = schema.body || schema.querystring || schema.params || schema.consumes;
    const limited = route.config?.rateLimit !== undefined;
    if (!readsInput && !limited) return;
    route.schema = {
      ...schema,
      response: {
        ...(readsInput ? { 400: validationFailedBodySchema } : {}),
        ...(limited ? { 429: rateLimitedBodySchema } : {}),
        ...(schema.response as object | undefined),
      },
    };
  });
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
      return sendBadRequest(request, reply, issues[0]?.message ?? 'The request is not valid', issues);
    }
    if (err instanceof ValidationError) return sendBadRequest(request, reply, err.message, err.issues);
    if (err instanceof AppError) {
      // A busy server's 503 is expected under load, not a fault: a warning, not an error.
      if (err instanceof ServiceUnavailableError) request.log.warn({ err }, err.message);
      else if (err.statusCode >= 500) request.log.error({ err }, err.message);
      // Every limiter's 429 and a busy server's 503: the seconds to wait as Retry-After, beside the
      // message that says them.
      if (err instanceof TooManyRequestsError || err instanceof ServiceUnavailableError)
        reply.header('retry-after', String(err.retryAfterSeconds));
      return reply.code(err.statusCode).send({
        code: err.code,
        message: err.message,
        requestId: request.id,
        ...(err.details !== undefined ? { details: err.details } : {}),
      });
    }
    // The client went away while its body was being read (it closed the connection, or the
    // connection guard let it go): nobody to answer and nothing wrong with the server.
    if (request.raw.destroyed && err.code === 'ECONNRESET') {
      request.log.debug({ err }, 'client closed the connection before its request arrived');
      return reply.code(400).send({
        code: ErrorCode.VALIDATION_FAILED,
        message: 'The connection closed before the request arrived',
        issues: [{ path: [], message: 'The connection closed before the request arrived' }],
        requestId: request.id,
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
    // Fastify's and its plugins' own 4xx: a body that is not JSON, a broken multipart body, too
    // large, an unsupported media type.
    if (status === 400) return sendBadRequest(request, reply, PARSER_MESSAGES[err.code] ?? err.message);
    const code =
      status === 413
        ? ErrorCode.PAYLOAD_TOO_LARGE
        : status === 415
          ? ErrorCode.UNSUPPORTED_MEDIA_TYPE
          : ErrorCode.VALIDATION_FAILED;
    const message = status === 413 ? 'The request is too large' : err.message;
    return reply.code(status).send({ code, message, requestId: request.id });
  });
});
