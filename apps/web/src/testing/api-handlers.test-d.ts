/**
 * Compile-time checks of the test doubles (run by `npm run typecheck`, not by vitest): each
 * `@ts-expect-error` below is a drift from the API's contract that must not compile. Were one to
 * compile, tsc would report the unused directive.
 */
import { ErrorCode, type CurrentUser, type Hold } from '@villas/shared';
import { expectTypeOf } from 'vitest';
import type { ApiBody } from './api-contract';
import { apiError, route, type RouteOf } from './api-handlers';
import { agentUser } from './fixtures';

// A concrete path names its route's pattern; the pattern names itself.
expectTypeOf<RouteOf<'POST /api/holds/5/confirm'>>().toEqualTypeOf<'POST /api/holds/:id/confirm'>();
expectTypeOf<RouteOf<'GET /api/properties/featured'>>().toEqualTypeOf<'GET /api/properties/featured'>();
expectTypeOf<RouteOf<'GET /api/properties/12'>>().toEqualTypeOf<'GET /api/properties/:id'>();
expectTypeOf<ApiBody<'GET /api/auth/user'>>().toEqualTypeOf<CurrentUser>();
expectTypeOf<ApiBody<'GET /api/holds'>>().toEqualTypeOf<Hold[]>();

// The full user and the server's codes compile.
route('GET /api/auth/user', agentUser);
route('GET /api/auth/user', apiError(ErrorCode.UNAUTHORIZED, 'Please sign in to continue'));
route('POST /api/holds/5/release', () => apiError(ErrorCode.CONFLICT, 'Already released'));
apiError(ErrorCode.UPSTREAM_ERROR, 'Invenio timed out', { status: 504 });

// A drifted error code: the server says UNAUTHORIZED.
// @ts-expect-error 'UNAUTHENTICATED' is not an ErrorCode
apiError('UNAUTHENTICATED', 'Not signed in');
// @ts-expect-error 'PROVIDER_ERROR' is not an ErrorCode (the server's is UPSTREAM_ERROR)
route('POST /api/invenio/sync', () => apiError('PROVIDER_ERROR', 'Invenio is down'));

// A status the server never sends with that code.
// @ts-expect-error UNAUTHORIZED is always a 401
apiError(ErrorCode.UNAUTHORIZED, 'Not signed in', { status: 403 });

// A partial user: the server always sends every field of CurrentUser.
// @ts-expect-error lastName, email, company and approved are missing
route('GET /api/auth/user', { id: 4, firstName: 'Sophie', name: 'Sophie Laurent', role: 'agent' });
// @ts-expect-error the same from a resolver
route('GET /api/auth/user', () => ({ id: 4, firstName: 'Sophie', role: 'agent' as const }));

// A field the server's schema does not have.
// @ts-expect-error 'nickname' is not part of CurrentUser
route('GET /api/auth/user', { ...agentUser, nickname: 'Soph' });

// A route the server does not have, or with the wrong method.
// @ts-expect-error there is no GET /api/me
route('GET /api/me', agentUser);
// @ts-expect-error holds are released with POST, not DELETE
route('DELETE /api/holds/5', () => apiError(ErrorCode.NOT_FOUND, 'Not found'));

// The wrong body for the route: a list where the server sends one hold.
// @ts-expect-error POST /api/holds/:id/confirm answers one Hold
route('POST /api/holds/5/confirm', [] as Hold[]);
