import type { Property } from '@villas/shared';
import { describe, expect, it } from 'vitest';
import {
  emptyForm,
  hasFilters,
  initialSearchState,
  searchReducer,
  toSearchFilters,
  type SearchAction,
  type SearchState,
} from './search-state';

const villa = { id: 1, name: 'Villa Aurora' } as Property;
const run = (state: SearchState, ...actions: SearchAction[]) => actions.reduce(searchReducer, state);
/** Completes whatever search is pending. */
const answer = (state: SearchState, results: unknown = [villa]) =>
  searchReducer(state, { type: 'resolved', seq: state.seq, results });
const searched = answer(run(initialSearchState, { type: 'setCountry', value: 'France' }, { type: 'search' }));

describe('search state machine', () => {
  it('starts in none with no results and nothing to run', () => {
    expect(initialSearchState.status).toBe('none');
    expect(initialSearchState.results).toEqual([]);
    expect(initialSearchState.request).toBeNull();
  });

  it('the Search button goes none → searching with the current filters, then searched with the answer', () => {
    const s1 = run(
      initialSearchState,
      { type: 'setCountry', value: 'France' },
      { type: 'setBedrooms', value: 3 },
      { type: 'search' },
    );
    expect(s1.status).toBe('searching');
    expect(s1.request?.filters).toEqual({ country: 'France', bedrooms: 3 });
    expect(s1.request?.debounce).toBe(false);
    const s2 = answer(s1);
    expect(s2.status).toBe('searched');
    expect(s2.results).toEqual([villa]);
    expect(s2.request).toBeNull();
    // The results remember the filters they answer, even if the form changes afterwards.
    expect(searchReducer(s2, { type: 'setCheckIn', value: '2031-01-01' }).searched).toEqual({
      country: 'France',
      bedrooms: 3,
    });
  });

  it('a failed search yields searched with empty results and the reason', () => {
    const s = run(initialSearchState, { type: 'search' });
    const failed = searchReducer(s, {
      type: 'failed',
      seq: s.seq,
      error: 'Check-out must be after check-in',
    });
    expect(failed.status).toBe('searched');
    expect(failed.results).toEqual([]);
    expect(failed.error).toBe('Check-out must be after check-in');
  });

  it('an answer that is not an array counts as empty', () => {
    const s = answer(run(initialSearchState, { type: 'search' }), { message: 'odd' });
    expect(s.status).toBe('searched');
    expect(s.results).toEqual([]);
  });

  it('choosing a country resets destination to any and the search to none, dropping results', () => {
    const withDest = answer(
      run(
        initialSearchState,
        { type: 'setCountry', value: 'France' },
        { type: 'setDestination', value: 'Provence' },
        { type: 'search' },
      ),
    );
    expect(withDest.results).toHaveLength(1);
    const s = searchReducer(withDest, { type: 'setCountry', value: 'Italy' });
    expect(s.status).toBe('none');
    expect(s.results).toEqual([]);
    expect(s.form.country).toBe('Italy');
    expect(s.form.destination).toBeNull();
    expect(s.request).toBeNull();
  });

  it('choosing the same country again changes nothing', () => {
    expect(searchReducer(searched, { type: 'setCountry', value: 'France' })).toBe(searched);
  });

  it('clearing the country (any) also resets to none and clears the destination', () => {
    const s = run(searched, { type: 'setCountry', value: null });
    expect(s.status).toBe('none');
    expect(s.form.country).toBeNull();
    expect(toSearchFilters(s.form)).toEqual({});
  });

  it('changing the destination resets the search to none', () => {
    const s = searchReducer(searched, { type: 'setDestination', value: 'Provence' });
    expect(s.status).toBe('none');
    expect(s.results).toEqual([]);
    expect(s.form.destination).toBe('Provence');
  });

  it('a destination without a country is ignored (the field is disabled until a country is chosen)', () => {
    const s = searchReducer(initialSearchState, { type: 'setDestination', value: 'Provence' });
    expect(s.form.destination).toBeNull();
  });

  it('an answer to an abandoned search is ignored', () => {
    const searching = run(initialSearchState, { type: 'search' });
    const reset = searchReducer(searching, { type: 'setCountry', value: 'France' });
    expect(searchReducer(reset, { type: 'resolved', seq: searching.seq, results: [villa] })).toBe(reset);
    expect(searchReducer(reset, { type: 'failed', seq: searching.seq })).toBe(reset);
    // A newer search supersedes an older one still in flight.
    const again = searchReducer(searching, { type: 'setBedrooms', value: 2 });
    expect(searchReducer(again, { type: 'resolved', seq: searching.seq, results: [] })).toBe(again);
  });

  it('toggling an amenity searches at once, from any state, with all selected amenities', () => {
    const s1 = searchReducer(initialSearchState, { type: 'toggleAmenity', id: 4 });
    expect(s1.status).toBe('searching');
    expect(s1.request?.filters).toEqual({ amenityIds: [4] });
    const s2 = searchReducer(answer(s1), { type: 'toggleAmenity', id: 9 });
    expect(s2.request?.filters).toEqual({ amenityIds: [4, 9] });
    const s3 = searchReducer(answer(s2), { type: 'toggleAmenity', id: 4 });
    expect(s3.status).toBe('searching');
    expect(s3.form.amenityIds).toEqual([9]);
  });

  it('before any search, bedrooms and max price only change the form', () => {
    const s = run(
      initialSearchState,
      { type: 'setBedrooms', value: 4 },
      { type: 'setMaxPrice', value: 20000 },
    );
    expect(s.status).toBe('none');
    expect(s.request).toBeNull();
    expect(toSearchFilters(s.form)).toEqual({ bedrooms: 4, maxPrice: 20000 });
  });

  it('once searched, bedrooms searches again immediately', () => {
    const s = searchReducer(searched, { type: 'setBedrooms', value: 5 });
    expect(s.status).toBe('searching');
    expect(s.request).toMatchObject({ filters: { country: 'France', bedrooms: 5 }, debounce: false });
  });

  it('once searched, a typed max price waits for typing to settle, leaving the results as they are', () => {
    const s1 = searchReducer(searched, { type: 'setMaxPrice', value: 1 });
    const s2 = searchReducer(s1, { type: 'setMaxPrice', value: 15 });
    expect(s2.status).toBe('searched');
    expect(s2.results).toEqual([villa]);
    expect(s2.request).toMatchObject({ filters: { country: 'France', maxPrice: 15 }, debounce: true });
    // The pause after the first key is stale: the second key replaced that search.
    expect(searchReducer(s2, { type: 'settled', seq: s1.seq })).toBe(s2);
    const sent = searchReducer(s2, { type: 'settled', seq: s2.seq });
    expect(sent.status).toBe('searching');
    expect(sent.request).toEqual({
      seq: s2.seq,
      filters: { country: 'France', maxPrice: 15 },
      debounce: false,
    });
    expect(answer(sent).status).toBe('searched');
  });

  it('the Search button (or Enter) sends a search waiting for typing at once', () => {
    const typed = searchReducer(searched, { type: 'setMaxPrice', value: 15000 });
    const s = searchReducer(typed, { type: 'search' });
    expect(s.status).toBe('searching');
    expect(s.request).toMatchObject({ filters: { country: 'France', maxPrice: 15000 }, debounce: false });
    // The pause that follows finds nothing waiting.
    expect(searchReducer(s, { type: 'settled', seq: typed.seq })).toBe(s);
  });

  it('setting the same bedrooms or price again does not search', () => {
    const s = searchReducer(searched, { type: 'setBedrooms', value: null });
    expect(s).toBe(searched);
  });

  it('dates never search by themselves; a check-out on or before check-in is refused or dropped', () => {
    const s1 = run(
      searched,
      { type: 'setCheckIn', value: '2031-07-10' },
      { type: 'setCheckOut', value: '2031-07-17' },
    );
    expect(s1.status).toBe('searched');
    expect(toSearchFilters(s1.form)).toMatchObject({ checkIn: '2031-07-10', checkOut: '2031-07-17' });
    expect(searchReducer(s1, { type: 'setCheckOut', value: '2031-07-10' })).toBe(s1);
    const s2 = searchReducer(s1, { type: 'setCheckIn', value: '2031-07-20' });
    expect(s2.form.checkOut).toBeNull();
    // Half a stay is not a date filter.
    expect(toSearchFilters(s2.form)).not.toHaveProperty('checkIn');
  });

  it('clear filters resets every filter, the results and any running search', () => {
    const busy = run(
      searched,
      { type: 'setDestination', value: 'Provence' },
      { type: 'setCheckIn', value: '2031-07-10' },
      { type: 'setMaxPrice', value: 9000 },
      { type: 'toggleAmenity', id: 3 },
    );
    expect(busy.status).toBe('searching');
    const s = searchReducer(busy, { type: 'clear' });
    expect(s.form).toEqual(emptyForm);
    expect(s.status).toBe('none');
    expect(s.results).toEqual([]);
    expect(s.request).toBeNull();
    expect(hasFilters(s.form)).toBe(false);
    expect(searchReducer(s, { type: 'resolved', seq: busy.seq, results: [villa] })).toBe(s);
  });
});
