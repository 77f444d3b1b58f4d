import {
  DEFAULT_PAGE_SIZE,
  type PropertyCard,
  type PropertyPage,
  type PropertySort,
  type SearchFilters,
} from '@villas/shared';
import { api } from '../../../lib/api-client';

export interface PageRequest {
  filters: SearchFilters;
  sort: PropertySort;
  offset: number;
  limit?: number;
}

/**
 * One page of a search (the dashboard's list; no filter = the whole catalogue): the cards and the
 * number of matches. A server answering the plain array is read as a single page.
 */
export async function searchPropertyPage(
  { filters, sort, offset, limit = DEFAULT_PAGE_SIZE }: PageRequest,
  signal?: AbortSignal,
): Promise<PropertyPage> {
  const answer = await api<unknown>('/api/properties/search', {
    method: 'POST',
    body: { ...filters, page: true, sort, limit, offset },
    signal,
  });
  if (Array.isArray(answer)) {
    const items = answer as PropertyCard[];
    return { items, total: items.length, limit: items.length, offset: 0 };
  }
  const page = answer as Partial<PropertyPage> | null;
  const items = Array.isArray(page?.items) ? page.items : [];
  return {
    items,
    total: page?.total ?? items.length,
    limit: page?.limit ?? limit,
    offset: page?.offset ?? offset,
  };
}
