import type { PropertySort, SearchFilters } from '@villas/shared';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useReducer, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { searchPropertyPage } from '../api/search-properties';
import { initialSearchState, searchReducer, toSearchFilters, type SearchForm } from '../search-state';
import { queryKeys } from '../../../lib/query-keys';

/** Delay before a typed maximum price searches, so one request goes out per pause, not per key. */
export const PRICE_DEBOUNCE_MS = 400;

const noFilters: SearchFilters = {};

/**
 * The dashboard's search: the state machine of docs/product/agents.md#filters (search-state.ts) and the list it shows,
 * paged from the server (`useInfiniteQuery`, 24 cards a page, in the chosen sort). Before any search
 * the list is the whole catalogue; a search the machine sends becomes a new list (the previous one
 * stays on screen until its first page arrives), and that first page answers the machine.
 */
export function usePropertySearch() {
  const [state, dispatch] = useReducer(searchReducer, initialSearchState);
  const [sort, setSort] = useState<PropertySort>('featured');
  const { request } = state;

  useEffect(() => {
    if (!request?.debounce) return;
    // A typed price: wait for a pause; the next keystroke (a new request) restarts the wait.
    const timer = setTimeout(() => dispatch({ type: 'settled', seq: request.seq }), PRICE_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [request]);

  // The search being sent, and the one the list answers (it stays while a price is being typed).
  const sending = request && !request.debounce ? request : null;
  const [listed, setListed] = useState<{ seq: number; filters: SearchFilters }>({
    seq: 0,
    filters: noFilters,
  });
  if (sending && sending.seq !== listed.seq) setListed({ seq: sending.seq, filters: sending.filters });
  const list = state.status === 'none' ? { seq: 0, filters: noFilters } : listed;

  // Every search sent is a new list (its seq in the key), even with the same filters as before.
  const results = useInfiniteQuery({
    queryKey: queryKeys.propertySearch(list.filters, sort, list.seq),
    queryFn: ({ pageParam, signal }) =>
      searchPropertyPage({ filters: list.filters, sort, offset: pageParam }, signal),
    initialPageParam: 0,
    getNextPageParam: (last) => {
      const next = last.offset + last.items.length;
      return last.items.length > 0 && next < last.total ? next : undefined;
    },
    placeholderData: keepPreviousData,
    staleTime: list.seq === 0 ? Infinity : 0,
  });

  const answered = !results.isPlaceholderData && !results.isFetching;
  const seq = sending?.seq;
  const firstPage = results.data?.pages[0];
  const { isSuccess, isError, error } = results;
  useEffect(() => {
    if (seq == null || !answered) return;
    if (isSuccess) dispatch({ type: 'resolved', seq, results: firstPage?.items ?? [] });
    else if (isError) dispatch({ type: 'failed', seq, error: errorMessage(error, 'The search failed.') });
  }, [seq, answered, isSuccess, isError, error, firstPage]);

  const actions = useMemo(
    () => ({
      setCountry: (value: string | null) => dispatch({ type: 'setCountry', value }),
      setDestination: (value: string | null) => dispatch({ type: 'setDestination', value }),
      setBedrooms: (value: number | null) => dispatch({ type: 'setBedrooms', value }),
      setMaxPrice: (value: number | null) => dispatch({ type: 'setMaxPrice', value }),
      setCheckIn: (value: string | null) => dispatch({ type: 'setCheckIn', value }),
      setCheckOut: (value: string | null) => dispatch({ type: 'setCheckOut', value }),
      toggleAmenity: (id: number) => dispatch({ type: 'toggleAmenity', id }),
      search: () => dispatch({ type: 'search' }),
      clear: () => dispatch({ type: 'clear' }),
      setSort,
    }),
    [],
  );
  const filters = useMemo(() => toSearchFilters(state.form), [state.form]);
  return { state, filters, actions, sort, results };
}

export type PropertySearch = ReturnType<typeof usePropertySearch>;
export type { SearchForm };
