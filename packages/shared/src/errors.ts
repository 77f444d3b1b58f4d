/** Machine-readable error codes. Every error body the API writes carries one of these. */
export const ErrorCode = {
  VALIDATION_FAILED: 'VALIDATION_FAILED',
  UNAUTHORIZED: 'UNAUTHORIZED',
  INVALID_CREDENTIALS: 'INVALID_CREDENTIALS',
  ACCOUNT_PENDING: 'ACCOUNT_PENDING',
  FORBIDDEN: 'FORBIDDEN',
  CSRF_REJECTED: 'CSRF_REJECTED',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  EMAIL_TAKEN: 'EMAIL_TAKEN',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  RATE_LIMITED: 'RATE_LIMITED',
  INTERNAL: 'INTERNAL',
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  /** The request's body did not arrive in time: 408, and the connection is closed. */
  REQUEST_TIMEOUT: 'REQUEST_TIMEOUT',
  /** A provider (Invenio, an iCal feed) failed or answered something unusable: 502. */
  UPSTREAM_ERROR: 'UPSTREAM_ERROR',
  /** A sync of the same connection, feed or kind is already running. */
  SYNC_RUNNING: 'SYNC_RUNNING',
  /** The connection is disabled. */
  CONNECTION_DISABLED: 'CONNECTION_DISABLED',
  /** The agent already keeps as many active holds as one agent may (409). */
  HOLD_LIMIT_ACTIVE: 'HOLD_LIMIT_ACTIVE',
  /** The hold would take the agent's held nights over what one agent may hold at once (409). */
  HOLD_LIMIT_NIGHTS: 'HOLD_LIMIT_NIGHTS',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** The body of every error answer (apiErrorSchema in error-body.ts is its schema). */
export interface ApiErrorBody {
  code: string;
  message: string;
  requestId?: string;
  issues?: Array<{ path: Array<string | number>; message: string }>;
  details?: unknown;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const isIssue = (v: unknown) =>
  isRecord(v) &&
  typeof v.message === 'string' &&
  Array.isArray(v.path) &&
  v.path.every((p) => typeof p === 'string' || typeof p === 'number');

/**
 * An error answer's body when it is ours, else null: what `apiErrorSchema.safeParse` accepts (a test
 * holds the two together). Written out, without zod, because the web app's fetcher runs on every page
 * and the public pages load no zod.
 */
export function parseApiErrorBody(value: unknown): ApiErrorBody | null {
  if (!isRecord(value) || typeof value.code !== 'string' || typeof value.message !== 'string') return null;
  if (value.requestId !== undefined && typeof value.requestId !== 'string') return null;
  if (value.issues !== undefined && !(Array.isArray(value.issues) && value.issues.every(isIssue)))
    return null;
  const body: ApiErrorBody = { code: value.code, message: value.message };
  if (value.requestId !== undefined) body.requestId = value.requestId;
  if (value.issues !== undefined) body.issues = value.issues as ApiErrorBody['issues'];
  if ('details' in value) body.details = value.details;
  return body;
}
