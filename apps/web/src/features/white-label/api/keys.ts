import type { QueryClient } from '@tanstack/react-query';
import { invalidate, scopes } from '../../../lib/query-keys';

/** After any link or inquiry change every list of them is refetched. */
export const invalidateWhiteLabelLists = (qc: QueryClient) =>
  invalidate(qc, scopes.dashboardLinks(), scopes.agentLinks(), scopes.agentInquiries());

/** After a client's view: every list of links (their view counts). */
export const invalidateLinkLists = (qc: QueryClient) =>
  invalidate(qc, scopes.dashboardLinks(), scopes.agentLinks());
