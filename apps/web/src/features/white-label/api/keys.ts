import type { QueryClient } from '@tanstack/react-query';

/** Query keys are the URLs they read (seed 000 §7). */
export const dashboardLinksKey = ['/api/user/dashboard/white-label-links'] as const;
export const agentLinksKey = (agentId: number) => [`/api/white-label/agent/${agentId}`] as const;
export const agentInquiriesKey = (agentId: number) =>
  [`/api/white-label-inquiries/agent/${agentId}`] as const;

/** After any link or inquiry change every list of them is refetched (seed 000 §7: 'refreshes lists'). */
export const invalidateWhiteLabelLists = (qc: QueryClient) =>
  qc.invalidateQueries({
    predicate: (q) => {
      const k = String(q.queryKey[0]);
      return (
        k === dashboardLinksKey[0] ||
        k.startsWith('/api/white-label/agent/') ||
        k.startsWith('/api/white-label-inquiries/agent/')
      );
    },
  });
