import type { WhiteLabelLink } from '@villas/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** My Dashboard: the signed-in agent's links with their view counts. */
export const dashboardLinksQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.dashboardLinks(),
    queryFn: ({ signal }) => api<WhiteLabelLink[]>(queryKeys.dashboardLinks()[0], { signal }),
  });
export const useDashboardLinks = () => useQuery(dashboardLinksQueryOptions());

/** The management dialog: the agent's links with their property names. */
export const agentLinksQueryOptions = (agentId: number) =>
  queryOptions({
    queryKey: queryKeys.agentLinks(agentId),
    queryFn: ({ signal }) => api<WhiteLabelLink[]>(queryKeys.agentLinks(agentId)[0], { signal }),
  });
export const useAgentLinks = (agentId: number) => useQuery(agentLinksQueryOptions(agentId));
