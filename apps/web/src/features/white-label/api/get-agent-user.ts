import { LIMITS } from '@villas/shared';
import { useQuery } from '@tanstack/react-query';
import { userQueryOptions } from '../../../lib/auth';

/** The agent dialog reads the current user (id, name, email) cached for 5 minutes. */
export const useAgentUser = () => useQuery({ ...userQueryOptions(), staleTime: LIMITS.agentUserStaleMs });
