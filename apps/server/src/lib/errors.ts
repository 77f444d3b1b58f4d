import { ErrorCode } from '@villas/shared';

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

export class ValidationError extends AppError {
  constructor(
    message: string,
    details?: unknown,
    /** Issues on the request's fields, sent as the body's `issues` like a schema failure's. */
    public readonly issues?: FieldIssue[],
  ) {
    super(400, ErrorCode.VALIDATION_FAILED, message, details);
  }
}
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
/** 429 with the seconds to wait: the error handler sends them as `Retry-After`. */
export class TooManyRequestsError extends AppError {
  constructor(
    message: string,
    public readonly retryAfterSeconds: number,
  ) {
    super(429, ErrorCode.RATE_LIMITED, message);
  }
}
