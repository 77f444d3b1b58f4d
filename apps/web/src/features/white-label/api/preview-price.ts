import type { LinkPricePreview, LinkPricePreviewInput } from '@villas/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * POST /api/white-label/price-preview: what the client will see for these villas with this price,
 * computed by the server exactly as the client's page will show it. Keyed by the request, so the
 * same settings are asked once.
 */
export const pricePreviewQueryOptions = (input: LinkPricePreviewInput) =>
  queryOptions({
    queryKey: queryKeys.pricePreview(input),
    queryFn: ({ signal }) =>
      api<LinkPricePreview>('/api/white-label/price-preview', { method: 'POST', body: input, signal }),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });

export const usePricePreview = (input: LinkPricePreviewInput | null) =>
  useQuery({ ...pricePreviewQueryOptions(input ?? { propertyIds: [] }), enabled: input != null });
