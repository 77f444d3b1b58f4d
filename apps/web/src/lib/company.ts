import type { CompanyInfo } from '@villas/shared';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from './query-keys';

/** Brand and legal details from the server's configuration. */
export const useCompany = () => useQuery<CompanyInfo>({ queryKey: queryKeys.company() });
