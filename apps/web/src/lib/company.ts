import type { CompanyInfo } from '@villas/shared';
import { useQuery } from '@tanstack/react-query';

/** Brand and legal details from the server's configuration. */
export const useCompany = () => useQuery<CompanyInfo>({ queryKey: ['/api/company'] });
