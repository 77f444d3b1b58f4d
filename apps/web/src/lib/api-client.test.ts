import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, FAILURE_MESSAGES, api, errorMessage } from './api-client';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

/** Answers every request with this status, body and content type. */
function answer(status: number, body: string, type = 'application/json') {
  globalThis.fetch = (async () =>
    new Response(body, { status, headers: { 'content-type': type } })) as typeof fetch;
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const err = await promise.then(
    () => {
      throw new Error('expected the request to fail');
    },
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ApiError);
  return err as ApiError;
}

describe('api: failed requests carry a human message', () => {
  it("keeps the server's own message, code and issues", async () => {
    answer(
      409,
      JSON.stringify({
        code: 'EMAIL_TAKEN',
        message: 'An account with this email already exists',
        issues: [{ path: ['email'], message: 'Taken' }],
      }),
    );
    const err = await failure(api('/api/auth/register', { method: 'POST', body: {} }));
    expect(err).toMatchObject({
      status: 409,
      code: 'EMAIL_TAKEN',
      message: 'An account with this email already exists',
      fromServer: true,
    });
    expect(err.issues).toEqual([{ path: ['email'], message: 'Taken' }]);
    expect(errorMessage(err, 'Fallback')).toBe('An account with this email already exists');
  });

  it("turns a proxy's HTML 502 into 'could not be reached', never '502: <html>'", async () => {
    answer(502, '<html><body><h1>502 Bad Gateway</h1></body></html>', 'text/html');
    const err = await failure(api('/api/properties'));
    expect(err.status).toBe(502);
    expect(err.message).toBe(FAILURE_MESSAGES.unreachable);
    expect(err.message).toBe('The server could not be reached. Please try again.');
    expect(err.fromServer).toBe(false);
    // Where the seed names its own text ('server message, or …'), that text wins over ours.
    expect(errorMessage(err, 'There was an error creating your white-label link.')).toBe(
      'There was an error creating your white-label link.',
    );
  });

  it("turns a bare 500 into 'Something went wrong on our side'", async () => {
    answer(500, 'Internal Server Error', 'text/plain');
    const err = await failure(api('/api/properties'));
    expect(err.message).toBe('Something went wrong on our side. Please try again.');
    expect(err.message).not.toMatch(/^\d{3}:/);
  });

  it('gives an empty 4xx a sentence of its own', async () => {
    answer(404, '');
    expect((await failure(api('/api/nothing'))).message).toBe(FAILURE_MESSAGES.notFound);
    answer(413, '<html>Request Entity Too Large</html>', 'text/html');
    expect((await failure(api('/api/uploads', { method: 'POST', body: {} }))).message).toBe(
      FAILURE_MESSAGES.tooLarge,
    );
    answer(418, '');
    expect((await failure(api('/api/teapot'))).message).toBe(FAILURE_MESSAGES.request);
  });

  it('turns a network failure into an ApiError with status 0', async () => {
    globalThis.fetch = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    const err = await failure(api('/api/properties'));
    expect(err).toMatchObject({ status: 0, code: 'NETWORK_ERROR', fromServer: false });
    expect(err.message).toBe('The server could not be reached. Please try again.');
  });

  it('rethrows an abort as it is, so cancelled queries stay cancelled', async () => {
    globalThis.fetch = (async () => {
      throw new DOMException('The operation was aborted.', 'AbortError');
    }) as typeof fetch;
    const controller = new AbortController();
    controller.abort();
    const err = await api('/api/properties', { signal: controller.signal }).catch((e: unknown) => e);
    expect(err).not.toBeInstanceOf(ApiError);
    expect((err as DOMException).name).toBe('AbortError');
  });

  it('refuses a 200 that is not JSON (an HTML page) with a human message', async () => {
    answer(200, '<!doctype html><html></html>', 'text/html');
    const err = await failure(api('/api/properties'));
    expect(err.message).toBe(FAILURE_MESSAGES.server);
  });

  it('reads JSON and an empty body on success', async () => {
    answer(200, JSON.stringify([{ id: 1 }]));
    expect(await api('/api/properties')).toEqual([{ id: 1 }]);
    answer(200, '');
    expect(await api('/api/auth/logout', { method: 'POST' })).toBeUndefined();
  });

  it('uses the fallback for anything that is not an ApiError', () => {
    expect(errorMessage(new Error('boom'), 'Failed to send inquiry. Please try again.')).toBe(
      'Failed to send inquiry. Please try again.',
    );
  });
});
