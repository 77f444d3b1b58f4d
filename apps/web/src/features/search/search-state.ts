import type { Property, SearchFilters } from '@villas/shared';

/**
 * The advanced search as a pure state machine.
 *
 *   none ──(Search button | amenity toggled)──▶ searching ──(answer)──▶ searched
 *   searched/searching ──(bedrooms changed)──▶ searching
 *   searched/searching ──(max price typed)──▶ unchanged, a search waiting for typing to settle
 *         ──(settled, after the hook's pause)──▶ searching; the Search button or Enter sends it at once
 *   any ──(country | destination changed)──▶ none (results cleared; a new country also resets
 *         the destination to any)
 *   any ──(clear filters)──▶ none with every filter reset
 *   searching ──(failure)──▶ searched with no results
 *
 * Side effects stay outside: a transition that must search sets `request`; the hook runs it and
 * answers with `resolved`/`failed` carrying the request's `seq`. Every search and every reset bumps
 * `seq`, so a late answer to an abandoned search is ignored.
 */
export interface SearchForm {
  country: string | null;
  destination: string | null;
  /** Minimum bedrooms, null = any. */
  bedrooms: number | null;
  /** Most per week in EUR (the site currency; the field converts what the agent types), null = no limit. */
  maxPrice: number | null;
  checkIn: string | null;
  checkOut: string | null;
  amenityIds: number[];
}

export type SearchStatus = 'none' | 'searching' | 'searched';

export interface SearchRequest {
  seq: number;
  filters: SearchFilters;
  /**
   * A typed price waits for a pause (the hook sends 'settled'): until then nothing is sent and the
   * results and status stay as they are.
   */
  debounce: boolean;
}

export interface SearchState {
  form: SearchForm;
  status: SearchStatus;
  results: Property[];
  /** The server's reason when the last search failed (the results are then empty). */
  error: string | null;
  /** The filters the current results answer (a dated search's totals belong to these dates). */
  searched: SearchFilters | null;
  seq: number;
  request: SearchRequest | null;
}

export type SearchAction =
  | { type: 'setCountry'; value: string | null }
  | { type: 'setDestination'; value: string | null }
  | { type: 'setBedrooms'; value: number | null }
  | { type: 'setMaxPrice'; value: number | null }
  | { type: 'setCheckIn'; value: string | null }
  | { type: 'setCheckOut'; value: string | null }
  | { type: 'toggleAmenity'; id: number }
  | { type: 'search' }
  | { type: 'settled'; seq: number }
  | { type: 'clear' }
  | { type: 'resolved'; seq: number; results: unknown }
  | { type: 'failed'; seq: number; error?: string };

export const emptyForm: SearchForm = {
  country: null,
  destination: null,
  bedrooms: null,
  maxPrice: null,
  checkIn: null,
  checkOut: null,
  amenityIds: [],
};

export const initialSearchState: SearchState = {
  form: emptyForm,
  status: 'none',
  results: [],
  error: null,
  searched: null,
  seq: 0,
  request: null,
};

/** The seed's filter object for the API (and for a white-label link): only the filters that are set. */
export function toSearchFilters(form: SearchForm): SearchFilters {
  const f: SearchFilters = {};
  if (form.country) f.country = form.country;
  if (form.country && form.destination) f.destination = form.destination;
  if (form.bedrooms != null && form.bedrooms > 0) f.bedrooms = form.bedrooms;
  if (form.maxPrice != null && form.maxPrice > 0) f.maxPrice = form.maxPrice;
  if (datesComplete(form)) {
    f.checkIn = form.checkIn!;
    f.checkOut = form.checkOut!;
  }
  if (form.amenityIds.length) f.amenityIds = [...form.amenityIds];
  return f;
}

/** A stay filter needs both dates with check-out after check-in. */
export const datesComplete = (form: SearchForm) =>
  form.checkIn != null && form.checkOut != null && form.checkOut > form.checkIn;

/** Whether any filter differs from the empty form. */
export const hasFilters = (form: SearchForm) =>
  Object.keys(toSearchFilters(form)).length > 0 || form.checkIn != null || form.checkOut != null;

/** Back to 'none': results dropped and any running search abandoned. */
const reset = (state: SearchState, form: SearchForm): SearchState => ({
  form,
  status: 'none',
  results: [],
  error: null,
  searched: null,
  seq: state.seq + 1,
  request: null,
});

const startSearch = (state: SearchState, form: SearchForm): SearchState => {
  const seq = state.seq + 1;
  return {
    ...state,
    form,
    status: 'searching',
    error: null,
    seq,
    request: { seq, filters: toSearchFilters(form), debounce: false },
  };
};

/** A search is waiting for the agent to stop typing a price (nothing sent yet). */
export const waitingForTyping = (state: SearchState) => state.request?.debounce === true;

/** Once a search has run (or is running), these filters search again straight away. */
const searchedOnce = (state: SearchState) => state.status !== 'none';

export function searchReducer(state: SearchState, action: SearchAction): SearchState {
  const form = state.form;
  switch (action.type) {
    case 'setCountry':
      if (action.value === form.country) return state;
      return reset(state, { ...form, country: action.value, destination: null });
    case 'setDestination':
      if (action.value === form.destination) return state;
      return reset(state, { ...form, destination: form.country ? action.value : null });
    case 'setBedrooms': {
      if (action.value === form.bedrooms) return state;
      const next = { ...form, bedrooms: action.value };
      return searchedOnce(state) ? startSearch(state, next) : { ...state, form: next };
    }
    case 'setMaxPrice': {
      if (action.value === form.maxPrice) return state;
      const next = { ...form, maxPrice: action.value };
      if (!searchedOnce(state)) return { ...state, form: next };
      // Each keystroke replaces the waiting search (and abandons one in flight); nothing else changes
      // until typing settles, so the results do not flicker to 'Searching...' per key.
      const seq = state.seq + 1;
      return { ...state, form: next, seq, request: { seq, filters: toSearchFilters(next), debounce: true } };
    }
    case 'settled':
      if (!state.request?.debounce || action.seq !== state.request.seq) return state;
      return { ...state, status: 'searching', error: null, request: { ...state.request, debounce: false } };
    case 'setCheckIn': {
      // A check-out on or before the new check-in no longer makes a stay: drop it.
      const checkOut = action.value && form.checkOut && form.checkOut <= action.value ? null : form.checkOut;
      return { ...state, form: { ...form, checkIn: action.value, checkOut } };
    }
    case 'setCheckOut':
      if (action.value && form.checkIn && action.value <= form.checkIn) return state;
      return { ...state, form: { ...form, checkOut: action.value } };
    case 'toggleAmenity': {
      const has = form.amenityIds.includes(action.id);
      const amenityIds = has
        ? form.amenityIds.filter((id) => id !== action.id)
        : [...form.amenityIds, action.id];
      return startSearch(state, { ...form, amenityIds });
    }
    case 'search':
      return startSearch(state, form);
    case 'clear':
      return reset(state, emptyForm);
    case 'resolved':
      if (action.seq !== state.seq || state.status !== 'searching') return state;
      return {
        ...state,
        status: 'searched',
        results: Array.isArray(action.results) ? (action.results as Property[]) : [],
        searched: state.request?.filters ?? null,
        request: null,
      };
    case 'failed':
      if (action.seq !== state.seq || state.status !== 'searching') return state;
      return {
        ...state,
        status: 'searched',
        results: [],
        error: action.error ?? null,
        searched: state.request?.filters ?? null,
        request: null,
      };
  }
}
