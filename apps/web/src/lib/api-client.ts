import { apiErrorSchema } from '@villas/shared';

/** A non-2xx answer: status, the server's code and its human message (DESIGN §4). */
export class ApiError extends Error {
  constructor(
    public readonly status: number,
    public readonly code: string,
    message: string,
    public readonly issues?: Array<{ path: Array<string | number>; message: string }>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * The one fetcher: sends cookies, JSON in and out, and turns a non-2xx into an ApiError carrying the
 * server's message (or 'status: body' when the body is not our error shape). Never toasts or redirects.
 */
export async function api<T>(
  path: string,
  opts: { method?: Method; body?: unknown; signal?: AbortSignal } = {},
): Promise<T> {
  const res = await fetch(path, {
    method: opts.method ?? 'GET',
    credentials: 'include',
    headers: opts.body !== undefined ? { 'content-type': 'application/json' } : undefined,
    body: opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
    signal: opts.signal,
  });
  const text = await res.text();
  if (!res.ok) {
    let parsed: ReturnType<typeof apiErrorSchema.safeParse> | undefined;
    try {
      parsed = apiErrorSchema.safeParse(JSON.parse(text));
    } catch {
      parsed = undefined;
    }
    if (parsed?.success)
      throw new ApiError(res.status, parsed.data.code, parsed.data.message, parsed.data.issues);
    throw new ApiError(res.status, 'HTTP_ERROR', `${res.status}: ${text || res.statusText}`);
  }
  return (text ? JSON.parse(text) : undefined) as T;
}

export const errorMessage = (err: unknown, fallback: string) =>
  err instanceof ApiError && err.message ? err.message : fallback;
