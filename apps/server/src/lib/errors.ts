import { ErrorCode, plural } from '@villas/shared';

export class AppError extends Error {
  constructor(
    public readonly statusCode: number,
    public readonly code: ErrorCode,
    message: string,
    public readonly details?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** A field the caller should change, and why: the 400 body's `issues[]` (as schema failures give). */
export interface FieldIssue {
  path: Array<string | number>;
  message: string;
}

/**
 * 400 VALIDATION_FAILED, written like a schema failure: `issues` names the fields to change (without
 * them the body's one issue is the message on the path `[]`).
 */
export class ValidationError extends AppError {
  constructor(
    message: string,
    public readonly issues?: FieldIssue[],
  ) {
    super(400, ErrorCode.VALIDATION_FAILED, message);
  }
}

/** A zod error's issues as the 400 body's (paths of strings and numbers only). */
export const fieldIssuesOf = (
  issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>,
): FieldIssue[] =>
  issues.map((i) => ({
    path: i.path.filter((p): p is string | number => typeof p !== 'symbol'),
    message: i.message,
  }));
export class UnauthorizedError extends AppError {
  constructor(message = 'Please sign in to continue', code: ErrorCode = ErrorCode.UNAUTHORIZED) {
    super(401, code, message);
  }
}
export class ForbiddenError extends AppError {
  constructor(message = 'You are not allowed to do this', code: ErrorCode = ErrorCode.FORBIDDEN) {
    super(403, code, message);
  }
}
export class NotFoundError extends AppError {
  constructor(message = 'Not found') {
    super(404, ErrorCode.NOT_FOUND, message);
  }
}
export class ConflictError extends AppError {
  constructor(message: string, code: ErrorCode = ErrorCode.CONFLICT) {
    super(409, code, message);
  }
}
/** "Try again in 2 minutes." / "Try again in 30 seconds." (whole seconds, at least 1). */
export function tryAgainIn(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return `Try again in ${plural(s, 'second')}.`;
  return `Try again in ${plural(Math.ceil(s / 60), 'minute')}.`;
}

/**
 * 429, the one way every limiter refuses (the public forms' limiter, the sign-in limits, the live
 * streams): code RATE_LIMITED, a message that ends with when to try again ('Too many attempts. Try
 * again in 14 minutes.'), `details.retryAfterSeconds`, and the error handler sends the same seconds
 * as `Retry-After`.
 */
export class TooManyRequestsError extends AppError {
  /** Whole seconds until a new attempt can pass (at least 1). */
  public readonly retryAfterSeconds: number;

  constructor(retryAfterSeconds: number, reason = 'Too many attempts.') {
    const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
    super(429, ErrorCode.RATE_LIMITED, `${reason} ${tryAgainIn(seconds)}`, { retryAfterSeconds: seconds });
    this.retryAfterSeconds = seconds;
  }
}

/**
 * 503 SERVICE_UNAVAILABLE for work the server is too busy to take now (a full queue, a render that
 * did not finish in time): the message says when to try again, `details.retryAfterSeconds` and the
 * `Retry-After` header give the same whole seconds.
 */
export class ServiceUnavailableError extends AppError {
  /** Whole seconds after which a new attempt may be taken (at least 1). */
  public readonly retryAfterSeconds: number;

  constructor(retryAfterSeconds: number, reason: string) {
    const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
    super(503, ErrorCode.SERVICE_UNAVAILABLE, `${reason} ${tryAgainIn(seconds)}`, {
      retryAfterSeconds: seconds,
    });
    this.retryAfterSeconds = seconds;
  }
}
