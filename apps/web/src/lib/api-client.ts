import { parseApiErrorBody, type ApiErrorBody } from '@villas/shared';

/** The code of an answer that did not carry our JSON error body (a proxy's HTML page, an empty body). */
export const HTTP_ERROR = 'HTTP_ERROR';
/** The code when no answer came at all (offline, DNS, the server down, CORS). */
export const NETWORK_ERROR = 'NETWORK_ERROR';

/** Human sentences for failures the server did not describe itself. Never 'NNN: body'. */
export const FAILURE_MESSAGES = {
  unreachable: 'The server could not be reached. Please try again.',
  server: 'Something went wrong on our side. Please try again.',
  signedOut: 'Your session has ended. Please sign in again.',
  forbidden: 'You do not have access to this.',
  notFound: 'We could not find what you asked for.',
  tooLarge: 'That is too large to send. Please choose a smaller file.',
  tooMany: 'Too many attempts. Please wait a moment and try again.',
  request: 'The request could not be completed. Please try again.',
} as const;

/**
 * The sentence for a status without a body of ours. Gateways (502, 503, 504) mean the server was
 * not reached; any other 5xx is on our side.
 */
export function statusMessage(status: number): string {
  if (status === 502 || status === 503 || status === 504) return FAILURE_MESSAGES.unreachable;
  if (status >= 500) return FAILURE_MESSAGES.server;
  if (status === 401) return FAILURE_MESSAGES.signedOut;
  if (status === 403) return FAILURE_MESSAGES.forbidden;
  if (status === 404) return FAILURE_MESSAGES.notFound;
  if (status === 413) return FAILURE_MESSAGES.tooLarge;
  if (status === 429) return FAILURE_MESSAGES.tooMany;
  return FAILURE_MESSAGES.request;
}

/** A field the server refused, and why (`path` as in the request body: ['checkIn'], ['rules', 0, 'minNights']). */
export type ApiIssue = { path: Array<string | number>; message: string };

/**
 * A non-2xx answer or no answer: status (0 when none), the server's code and a human message, and
 * whatever else its error body carried: the fields at fault (`issues`), `details` (a 429's
 * `retryAfterSeconds`) and the `requestId` to quote to support.
 */
export class ApiError extends Error {
  public readonly issues?: ApiIssue[];
  public readonly details?: unknown;
  public readonly requestId?: string;

  constructor(
    public readonly status: number,
    public readonly code: string,
    message: string,
    more: Pick<ApiErrorBody, 'issues' | 'details' | 'requestId'> = {},
  ) {
    super(message);
    this.name = 'ApiError';
    if (more.issues !== undefined) this.issues = more.issues;
    if (more.details !== undefined) this.details = more.details;
    if (more.requestId !== undefined) this.requestId = more.requestId;
  }

  /** Whether `message` is the server's own words (our JSON error body) rather than our fallback. */
  get fromServer(): boolean {
    return this.code !== HTTP_ERROR && this.code !== NETWORK_ERROR;
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

const isAbort = (err: unknown) => err instanceof DOMException && err.name === 'AbortError';

/**
 * The one fetcher: sends cookies, JSON in and out, and turns a non-2xx into an ApiError carrying the
 * server's message, or a human sentence when the answer is not ours (a proxy's HTML 502) or no answer
 * came (network failure). Aborts are rethrown as they are. Never toasts or redirects.
 */
export async function api<T>(
  path: string,
  opts: { method?: Method; body?: unknown; signal?: AbortSignal } = {},
): Promise<T> {
  let res: Response;
  let text: string;
  try {
    res = await fetch(path, {
      method: opts.method ?? 'GET',
      credentials: 'include',
      headers: opts.body !== undefined ? { 'content-type': 'application/json' } : undefined,
      body: opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
      signal: opts.signal,
    });
    text = await res.text();
  } catch (err) {
    if (isAbort(err) || opts.signal?.aborted) throw err;
    throw new ApiError(0, NETWORK_ERROR, FAILURE_MESSAGES.unreachable);
  }
  if (!res.ok) {
    let body: ApiErrorBody | null;
    try {
      body = parseApiErrorBody(JSON.parse(text));
    } catch {
      body = null;
    }
    if (body?.message.trim()) throw new ApiError(res.status, body.code, body.message, body);
    throw new ApiError(res.status, HTTP_ERROR, statusMessage(res.status));
  }
  if (!text) return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    // A 200 that is not JSON: an HTML page from a proxy or the SPA fallback, not our API.
    throw new ApiError(res.status, HTTP_ERROR, FAILURE_MESSAGES.server);
  }
}

/**
 * The server's own message for a failed request, or `fallback` when it gave none (a proxy's page, no
 * answer at all): the screens' 'server message, or …' texts.
 */
export const errorMessage = (err: unknown, fallback: string) =>
  err instanceof ApiError && err.fromServer && err.message ? err.message : fallback;
