import type { PropertyPage } from '@villas/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** How many villas the picker lists at once; typing narrows the rest. */
export const OPTIONS_PAGE_SIZE = 40;

/**
 * The link form's villas: the first page of a server search by name or destination (`q`, all the
 * catalogue when blank), with the number of matches. The catalogue is never downloaded whole.
 */
export const propertyOptionsQueryOptions = (q: string) =>
  queryOptions({
    queryKey: queryKeys.propertySearch({ q, options: true }),
    queryFn: ({ signal }) =>
      api<PropertyPage>('/api/properties/search', {
        method: 'POST',
        body: { q, page: true, sort: 'featured', limit: OPTIONS_PAGE_SIZE, offset: 0 },
        signal,
      }),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
export const usePropertyOptions = (q: string, enabled = true) =>
  useQuery({ ...propertyOptionsQueryOptions(q), enabled });
