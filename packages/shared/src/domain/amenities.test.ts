import { describe, expect, it } from 'vitest';
import { AMENITY_CATALOGUE, AMENITY_CATEGORIES, amenityCategory, groupAmenities } from './amenities.js';

describe('amenity catalogue', () => {
  it('has the nine categories with 8 to 12 items each', () => {
    expect(AMENITY_CATEGORIES).toHaveLength(9);
    for (const c of AMENITY_CATEGORIES) {
      expect(AMENITY_CATALOGUE[c].length).toBeGreaterThanOrEqual(8);
      expect(AMENITY_CATALOGUE[c].length).toBeLessThanOrEqual(12);
    }
  });
  it('includes the original examples', () => {
    const all = Object.values(AMENITY_CATALOGUE).flat();
    for (const n of [
      'Wifi',
      'Gym/Fitness Equipment',
      'Butler',
      'BBQ',
      'Swimming Pool',
      'Families',
      'Cinema Room',
      'Alarm',
      'Sea View',
    ]) {
      expect(all).toContain(n);
    }
  });
  it('groups every catalogue item into its own category by keyword', () => {
    for (const c of AMENITY_CATEGORIES)
      for (const name of AMENITY_CATALOGUE[c]) expect([name, amenityCategory(name)]).toEqual([name, c]);
  });
  it("puts unknown names under 'Amenities' and keeps catalogue order", () => {
    expect(amenityCategory('Espresso machine')).toBe('Amenities');
    expect(groupAmenities(['Sea View', 'Wifi', 'Sauna', 'Butler'])).toEqual([
      { category: 'Amenities', items: ['Wifi'] },
      { category: 'Special features', items: ['Butler'] },
      { category: 'Pool / Wellness', items: ['Sauna'] },
      { category: 'View', items: ['Sea View'] },
    ]);
  });
});
