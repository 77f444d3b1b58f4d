import { useEffect, useMemo, useReducer } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { searchProperties } from '../api/search-properties';
import { initialSearchState, searchReducer, toSearchFilters, type SearchForm } from '../search-state';

/** Delay before a typed maximum price searches, so one request goes out per pause, not per key. */
export const PRICE_DEBOUNCE_MS = 400;

/**
 * The dashboard's search: the seed 000 §4 state machine (search-state.ts) plus the one side effect,
 * running the search a transition asked for. A newer request or a reset aborts the previous one.
 */
export function usePropertySearch() {
  const [state, dispatch] = useReducer(searchReducer, initialSearchState);
  const { request } = state;

  useEffect(() => {
    if (!request) return;
    if (request.debounce) {
      // A typed price: wait for a pause; the next keystroke (a new request) restarts the wait.
      const timer = setTimeout(() => dispatch({ type: 'settled', seq: request.seq }), PRICE_DEBOUNCE_MS);
      return () => clearTimeout(timer);
    }
    const ctrl = new AbortController();
    const run = () =>
      searchProperties(request.filters, ctrl.signal).then(
        (results) => dispatch({ type: 'resolved', seq: request.seq, results }),
        (err: unknown) => {
          if (!ctrl.signal.aborted)
            dispatch({ type: 'failed', seq: request.seq, error: errorMessage(err, 'The search failed.') });
        },
      );
    // Deferred a tick so a request replaced in the same render (or React's dev double effect) is never sent.
    const timer = setTimeout(run, 0);
    return () => {
      clearTimeout(timer);
      ctrl.abort();
    };
  }, [request]);

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
    }),
    [],
  );
  const filters = useMemo(() => toSearchFilters(state.form), [state.form]);
  return { state, filters, actions };
}

export type PropertySearch = ReturnType<typeof usePropertySearch>;
export type { SearchForm };
