import { describe, expect, it } from 'vitest';
import {
  bathroomsFor,
  cardAmenities,
  foldForSearch,
  groupThousands,
  inquiryTypeLabel,
  matchesSearch,
  plural,
  pluralWord,
  truncateAmenity,
  truncateDescription,
  unreadBadge,
  whiteLabelTitle,
} from './text.js';

describe('card text rules', () => {
  it('cuts descriptions at 180 characters', () => {
    const long = 'a'.repeat(200);
    expect(truncateDescription(long)).toBe(`${'a'.repeat(180)}...`);
    expect(truncateDescription('short')).toBe('short');
    expect(truncateDescription('b'.repeat(180))).toBe('b'.repeat(180));
  });
  it('shows the first 3 amenities cut at 15 characters plus +N more', () => {
    expect(truncateAmenity('Gym/Fitness Equipment')).toBe('Gym/Fitness Equ...');
    expect(cardAmenities(['Wifi', 'Gym/Fitness Equipment', 'Butler', 'BBQ', 'Sea View'])).toEqual({
      shown: ['Wifi', 'Gym/Fitness Equ...', 'Butler'],
      more: 2,
    });
    expect(cardAmenities(['Wifi'])).toEqual({ shown: ['Wifi'], more: 0 });
  });
  it('shows bathrooms as bedrooms + 1', () => expect(bathroomsFor(6)).toBe(7));
});

describe('unread badge', () => {
  it("shows the count, '9+' above nine, nothing at zero", () => {
    expect(unreadBadge(0)).toBeNull();
    expect(unreadBadge(3)).toBe('3');
    expect(unreadBadge(9)).toBe('9');
    expect(unreadBadge(10)).toBe('9+');
  });
});

describe('inquiry type from the message prefix', () => {
  it('derives the three labels', () => {
    expect(inquiryTypeLabel('OFF-MARKET INQUIRY: villa in Mykonos')).toBe('Off-Market Property');
    expect(inquiryTypeLabel('CONTACT FORM: hello')).toBe('Contact Form');
    expect(inquiryTypeLabel('We would like to book')).toBe('General Inquiry');
  });
});

describe('white-label title', () => {
  it("is 'Company - Agent', trimmed", () =>
    expect(whiteLabelTitle(' Azure Voyages ', 'Sophie Laurent ')).toBe('Azure Voyages - Sophie Laurent'));
});

describe('search folding', () => {
  it('ignores accents, case, curly apostrophes and extra spaces', () => {
    expect(foldForSearch('  Côte   d’Azur ')).toBe("cote d'azur");
    expect(foldForSearch('ZÜRICH')).toBe('zurich');
  });
  it('matches when every word occurs in one of the fields', () => {
    const fields = ['Villa Aurora', 'France', 'Côte d’Azur', 'Saint-Tropez, France'];
    expect(matchesSearch("cote d'azur", fields)).toBe(true);
    expect(matchesSearch('AURORA tropez', fields)).toBe(true);
    expect(matchesSearch('aurora italy', fields)).toBe(false);
    expect(matchesSearch('   ', fields)).toBe(true);
    expect(matchesSearch('x', [null, undefined])).toBe(false);
  });
});

describe('groupThousands', () => {
  it('writes whole numbers as toLocaleString("en-US") does', () => {
    const samples = [0, -0, 7, 999, 1000, -1000, 12_345, 999_999, 1_000_000, -123_456_789];
    for (let digits = 1; digits <= 16; digits++) {
      for (let i = 0; i < 40; i++) samples.push(Math.floor((Math.random() - 0.3) * 10 ** digits));
    }
    samples.push(Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 1.5, 2 ** 60, NaN);
    for (const n of samples) expect(groupThousands(n), String(n)).toBe(n.toLocaleString('en-US'));
    expect(plural(1200, 'property', 'properties')).toBe('1,200 properties');
  });
});

describe('plural', () => {
  it('says one for 1 and the plural for every other count, 0 included', () => {
    expect(plural(1, 'night')).toBe('1 night');
    expect(plural(0, 'night')).toBe('0 nights');
    expect(plural(14, 'night')).toBe('14 nights');
    expect(plural(2, 'property', 'properties')).toBe('2 properties');
    expect(pluralWord(1, 'villa')).toBe('villa');
    expect(pluralWord(3, 'property is', 'properties are')).toBe('properties are');
  });

  it('groups thousands', () => {
    expect(plural(1200, 'villa')).toBe('1,200 villas');
  });
});
