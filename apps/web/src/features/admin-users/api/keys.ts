import type { QueryClient } from '@tanstack/react-query';
import { invalidate, scopes } from '../../../lib/query-keys';

export { USERS_PAGE_SIZE } from '../../../lib/query-keys';

/**
 * After an edit, approval or delete every list and count of users is refetched, and the signed-in
 * user too (an admin may have edited their own name).
 */
export const invalidateUsers = (qc: QueryClient) => invalidate(qc, scopes.adminUsers(), scopes.user());
