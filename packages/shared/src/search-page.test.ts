import { describe, expect, it } from 'vitest';
import { searchFiltersSchema, wantsPage } from './catalogue.js';

describe('search paging fields', () => {
  it('accepts a page request and tells it from the original plain search', () => {
    const f = searchFiltersSchema.parse({ sort: 'price-asc', limit: 100, offset: 24 });
    expect(f).toMatchObject({ sort: 'price-asc', limit: 100, offset: 24 });
    expect(wantsPage(f)).toBe(true);
    expect(wantsPage(searchFiltersSchema.parse({ page: true }))).toBe(true);
    expect(wantsPage(searchFiltersSchema.parse({ country: 'France' }))).toBe(false);
  });

  it.each([
    [{ limit: 0 }, 'limit must be between 1 and 100'],
    [{ limit: 101 }, 'limit must be between 1 and 100'],
    [{ offset: -1 }, 'offset cannot be negative'],
    [{ sort: 'name' }, 'sort must be one of featured, price-asc, price-desc, bedrooms'],
  ])('rejects %j', (input, message) => {
    const r = searchFiltersSchema.safeParse(input);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(message);
  });
});
