import type { Property, SearchFilters } from '@villas/shared';
import { api } from '../../../lib/api-client';

/** POST /api/properties/search with the seed's filter object; an answer that is not an array is empty. */
export async function searchProperties(filters: SearchFilters, signal?: AbortSignal): Promise<Property[]> {
  const answer = await api<unknown>('/api/properties/search', { method: 'POST', body: filters, signal });
  return Array.isArray(answer) ? (answer as Property[]) : [];
}
