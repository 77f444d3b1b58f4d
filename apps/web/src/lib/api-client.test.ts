import { ErrorCode } from '@villas/shared';
import { describe, expect, it } from 'vitest';
import { apiError, foreignAnswer, networkError, route, server } from '../testing/api-handlers';
import { makeProperty } from '../testing/fixtures';
import { ApiError, FAILURE_MESSAGES, api, errorMessage } from './api-client';

/*
 * The fetcher's own rules, so most answers here are not the server's (a proxy's HTML page, an empty
 * body): those are `foreignAnswer`s; the server's own are built from the contract.
 */

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
    server.use(
      route(
        'POST /api/auth/register',
        apiError(ErrorCode.EMAIL_TAKEN, 'An account with this email already exists', {
          issues: [{ path: ['email'], message: 'Taken' }],
        }),
      ),
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

  it('keeps the whole error body: a 400 with its issues, a 429 with its details and request id', async () => {
    server.use(
      route(
        'POST /api/inquiries',
        apiError(ErrorCode.VALIDATION_FAILED, 'Please enter a valid email address', {
          issues: [
            { path: ['email'], message: 'Please enter a valid email address' },
            { path: ['checkOut'], message: 'Check-out must be after check-in' },
          ],
          requestId: 'req-400',
        }),
      ),
      route(
        'POST /api/auth/register',
        apiError(ErrorCode.RATE_LIMITED, 'Too many attempts. Try again in 14 minutes.', {
          details: { retryAfterSeconds: 840 },
          requestId: 'req-429',
        }),
      ),
    );
    const refused = await failure(api('/api/inquiries', { method: 'POST', body: {} }));
    expect(refused).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'Please enter a valid email address',
      requestId: 'req-400',
      issues: [
        { path: ['email'], message: 'Please enter a valid email address' },
        { path: ['checkOut'], message: 'Check-out must be after check-in' },
      ],
    });
    const limited = await failure(api('/api/auth/register', { method: 'POST', body: {} }));
    expect(limited).toMatchObject({
      status: 429,
      code: 'RATE_LIMITED',
      message: 'Too many attempts. Try again in 14 minutes.',
      details: { retryAfterSeconds: 840 },
      requestId: 'req-429',
    });
  });

  it("turns a proxy's HTML 502 into 'could not be reached', never '502: <html>'", async () => {
    server.use(
      route('GET /api/properties', foreignAnswer(502, '<html><body><h1>502 Bad Gateway</h1></body></html>')),
    );
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
    server.use(route('GET /api/properties', foreignAnswer(500, 'Internal Server Error', 'text/plain')));
    const err = await failure(api('/api/properties'));
    expect(err.message).toBe('Something went wrong on our side. Please try again.');
    expect(err.message).not.toMatch(/^\d{3}:/);
  });

  it('gives an empty 4xx a sentence of its own', async () => {
    server.use(
      route('GET /api/properties/1', foreignAnswer(404, '', 'application/json')),
      route('POST /api/upload/image', foreignAnswer(413, '<html>Request Entity Too Large</html>')),
      route('GET /api/company', foreignAnswer(418, '', 'application/json')),
    );
    expect((await failure(api('/api/properties/1'))).message).toBe(FAILURE_MESSAGES.notFound);
    expect((await failure(api('/api/upload/image', { method: 'POST', body: {} }))).message).toBe(
      FAILURE_MESSAGES.tooLarge,
    );
    expect((await failure(api('/api/company'))).message).toBe(FAILURE_MESSAGES.request);
  });

  it('turns a network failure into an ApiError with status 0', async () => {
    server.use(route('GET /api/properties', networkError()));
    const err = await failure(api('/api/properties'));
    expect(err).toMatchObject({ status: 0, code: 'NETWORK_ERROR', fromServer: false });
    expect(err.message).toBe('The server could not be reached. Please try again.');
  });

  it('rethrows an abort as it is, so cancelled queries stay cancelled', async () => {
    server.use(route('GET /api/properties', []));
    const controller = new AbortController();
    controller.abort();
    const err = await api('/api/properties', { signal: controller.signal }).catch((e: unknown) => e);
    expect(err).not.toBeInstanceOf(ApiError);
    expect((err as DOMException).name).toBe('AbortError');
  });

  it('refuses a 200 that is not JSON (an HTML page) with a human message', async () => {
    server.use(route('GET /api/properties', foreignAnswer(200, '<!doctype html><html></html>')));
    const err = await failure(api('/api/properties'));
    expect(err.message).toBe(FAILURE_MESSAGES.server);
  });

  it('reads JSON and an empty body on success', async () => {
    const villa = makeProperty({ id: 1 });
    server.use(
      route('GET /api/properties', [villa]),
      route('POST /api/auth/logout', foreignAnswer(200, '', 'application/json')),
    );
    expect(await api('/api/properties')).toEqual([villa]);
    expect(await api('/api/auth/logout', { method: 'POST' })).toBeUndefined();
  });

  it('uses the fallback for anything that is not an ApiError', () => {
    expect(errorMessage(new Error('boom'), 'Failed to send inquiry. Please try again.')).toBe(
      'Failed to send inquiry. Please try again.',
    );
  });
});
