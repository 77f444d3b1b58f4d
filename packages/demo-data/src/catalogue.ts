import {
  AMENITY_CATALOGUE,
  AMENITY_CATEGORIES,
  type AmenityCategory,
  type Currency,
  type PropertyType,
} from '@villas/shared';
import { describeProperty } from './descriptions';
import { COUNTRIES, type Destination } from './destinations';
import { HOUSE_NAMES, ISLAND_NAMES, MV_VILLA_SUFFIX, houseNoun, pickName } from './names';
import { mulberry32, type Rng } from './random';
import { SCENES, imageUrl, type SceneKind } from './scenes';

/**
 * The demo catalogue as plain data: a pure function of its seed (no clock, no database), so the
 * same seed always gives the same 520 houses. Dates are offsets from "today", resolved at insert.
 */
export const DEFAULT_SEED = 20240611;
export const TARGET_PROPERTIES = 520;

/** Exchange rates from the euro; the other pairs are derived from these so they stay consistent. */
export const EUR_RATES: Record<Currency, number> = { EUR: 1, USD: 1.16, GBP: 0.865, CHF: 0.935 };

export type Season = 'summer' | 'winter' | 'tropical';

/** Price factor per calendar month (index 0 = January) around the base nightly price. */
export const SEASON_FACTORS: Record<Season, readonly number[]> = {
  summer: [0.7, 0.7, 0.75, 0.85, 0.95, 1.15, 1.35, 1.4, 1.1, 0.85, 0.7, 0.8],
  winter: [1.25, 1.45, 1.25, 0.95, 0.6, 0.6, 0.7, 0.7, 0.6, 0.6, 0.7, 1.3],
  tropical: [1.25, 1.25, 1.2, 1.1, 0.85, 0.8, 0.85, 0.85, 0.75, 0.8, 0.95, 1.2],
};
/** Extra factor over Christmas and New Year (20 December – 3 January). */
export const FESTIVE_FACTOR: Record<Season, number> = { summer: 1.15, winter: 1.35, tropical: 1.3 };

export interface SeedBlock {
  /** First blocked night, in days from the seeding day. */
  offset: number;
  nights: number;
  note: 'Booked' | 'Owner stay' | 'Maintenance';
}

export interface SeedProperty {
  name: string;
  country: string;
  destination: string;
  description: string;
  bedrooms: number;
  maxGuests: number;
  /** Numeric string, or null for 'Price on Request'. */
  basePricePerNight: string | null;
  currency: Currency;
  propertyType: PropertyType;
  amenities: string[];
  available: boolean;
  featured: boolean;
  location: string;
  /** Image URLs in display order. */
  images: string[];
  season: Season;
  blocks: SeedBlock[];
}

export interface SeedCatalogue {
  countries: Array<{ name: string; destinations: string[] }>;
  properties: SeedProperty[];
}

export const FEATURED_NAME = 'Villa Cap Lumière';

function featuredVilla(): SeedProperty {
  return {
    name: FEATURED_NAME,
    country: 'France',
    destination: 'French Riviera',
    description:
      'Set above a private cove on Cap Ferrat, Villa Cap Lumière is a Belle Époque villa restored with quiet, contemporary luxury on the French Riviera. ' +
      'Its six bedroom suites open onto terraced gardens of olive and lemon trees and an unbroken view of the Mediterranean from Villefranche to Monaco. ' +
      'A 20-metre infinity pool, a private jetty and a full staff led by a butler and a private chef make every day effortless.',
    bedrooms: 6,
    maxGuests: 12,
    basePricePerNight: '15000.00',
    currency: 'EUR',
    propertyType: 'villa',
    amenities: [
      'Infinity Pool',
      'Sea View',
      'Butler',
      'Private Chef',
      'Boat Dock',
      'Outdoor Dining',
      'Gym/Fitness Equipment',
      'Cinema Room',
      'Families',
      'Wifi',
      'Air Conditioning',
      'Alarm',
    ],
    available: true,
    featured: true,
    location: 'France, French Riviera',
    images: ['villa-golden-hour', 'villa-coast', 'villa-garden-morning', 'villa-blue-hour'].map((file) =>
      imageUrl({ file }),
    ),
    season: 'summer',
    blocks: [
      { offset: 24, nights: 7, note: 'Booked' },
      { offset: 95, nights: 10, note: 'Owner stay' },
      { offset: 180, nights: 14, note: 'Booked' },
    ],
  };
}

const CATEGORY_OF = new Map<string, AmenityCategory>(
  AMENITY_CATEGORIES.flatMap((c) => AMENITY_CATALOGUE[c].map((name) => [name, c] as const)),
);

const TROPICAL_EXCLUDED = [
  'Ski Room',
  'Ski-in/Ski-out',
  'Mountain View',
  'Fireplace',
  'Heating',
  'Lake View',
  'Vineyard',
  'Vineyard View',
  'City View',
  'Pets Allowed',
  'Electric Car Charger',
  'Indoor Pool',
  'Sauna',
  'Steam Room',
  'Elevator',
  'Private Chapel',
];

/** Amenities that make no sense for a kind of place (no sea view from a chalet in Zermatt). */
const EXCLUDED: Record<SceneKind | 'island', readonly string[]> = {
  sea: ['Ski Room', 'Ski-in/Ski-out', 'Lake View', 'Indoor Pool', 'Mountain Bikes'],
  country: [
    'Ski Room',
    'Ski-in/Ski-out',
    'Sea View',
    'Beachfront',
    'Private Beach',
    'Boat Dock',
    'Lake View',
    'City View',
  ],
  lake: ['Ski Room', 'Ski-in/Ski-out', 'Sea View', 'Beachfront', 'Private Beach', 'Vineyard'],
  ski: [
    'Sea View',
    'Beachfront',
    'Garden View',
    'Private Beach',
    'Boat Dock',
    'Infinity Pool',
    'Vineyard',
    'Vineyard View',
    'Padel Court',
    'Tennis Court',
    'Air Conditioning',
    'Lake View',
    'City View',
    'Private Chapel',
    'Yoga Deck',
  ],
  tropical: TROPICAL_EXCLUDED,
  // A private island: what a tropical house goes without, and no road or laundry either.
  island: [...TROPICAL_EXCLUDED, 'Parking', 'Gated Property', 'Washing Machine'],
};

/** Amenities most houses of a kind have, with their probability. */
const LIKELY: Record<SceneKind | 'island', ReadonlyArray<readonly [string, number]>> = {
  sea: [
    ['Wifi', 0.8],
    ['Sea View', 0.75],
    ['Swimming Pool', 0.6],
    ['Air Conditioning', 0.5],
  ],
  country: [
    ['Wifi', 0.8],
    ['Swimming Pool', 0.7],
    ['Garden View', 0.4],
    ['Vineyard View', 0.3],
  ],
  lake: [
    ['Wifi', 0.8],
    ['Lake View', 0.85],
    ['Swimming Pool', 0.4],
  ],
  ski: [
    ['Wifi', 0.8],
    ['Mountain View', 0.7],
    ['Fireplace', 0.6],
    ['Ski Room', 0.5],
    ['Sauna', 0.4],
    ['Hot Tub', 0.35],
  ],
  tropical: [
    ['Wifi', 0.8],
    ['Beachfront', 0.5],
    ['Sea View', 0.5],
    ['Swimming Pool', 0.5],
    ['Air Conditioning', 0.6],
  ],
  island: [
    ['Wifi', 0.7],
    ['Butler', 0.7],
    ['Private Beach', 0.7],
    ['Beachfront', 0.5],
    ['Sea View', 0.5],
  ],
};

/** Card order: the amenities a client looks for first (pool, view, service) lead the list. */
const CARD_ORDER: readonly AmenityCategory[] = [
  'Pool / Wellness',
  'View',
  'Special features',
  'Dining',
  'Fitness',
  'Entertainment',
  'Suitable for',
  'Amenities',
  'Security',
];

function pickAmenities(rng: Rng, group: SceneKind | 'island', forced: readonly string[]): string[] {
  const excluded = new Set(EXCLUDED[group]);
  const target = rng.int(8, 12);
  const chosen = new Set<string>();
  for (const name of forced) {
    if (!CATEGORY_OF.has(name)) throw new Error(`demo seed: unknown amenity '${name}'`);
    chosen.add(name);
  }
  for (const [name, p] of LIKELY[group]) if (chosen.size < target && rng.chance(p)) chosen.add(name);
  // One from each category in a random order, so every house has a bit of everything...
  const allowed = (c: AmenityCategory) =>
    AMENITY_CATALOGUE[c].filter((a) => !excluded.has(a) && !chosen.has(a));
  for (const category of rng.shuffle(AMENITY_CATEGORIES)) {
    if (chosen.size >= target) break;
    const covered = [...chosen].some((a) => CATEGORY_OF.get(a) === category);
    const options = allowed(category);
    if (!covered && options.length) chosen.add(rng.pick(options));
  }
  // ...then fill up from anywhere.
  const rest = rng.shuffle(AMENITY_CATEGORIES.flatMap(allowed));
  while (chosen.size < target && rest.length) chosen.add(rest.pop()!);
  const rank = (a: string) => CARD_ORDER.indexOf(CATEGORY_OF.get(a)!);
  return [...chosen].slice(0, 12).sort((a, b) => rank(a) - rank(b));
}

const BEDROOMS: Record<PropertyType, ReadonlyArray<readonly [number, number]>> = {
  villa: [
    [2, 4],
    [3, 8],
    [4, 14],
    [5, 16],
    [6, 16],
    [7, 11],
    [8, 9],
    [9, 6],
    [10, 5],
    [11, 3],
    [12, 3],
  ],
  chalet: [
    [2, 2],
    [3, 5],
    [4, 10],
    [5, 14],
    [6, 16],
    [7, 13],
    [8, 11],
    [9, 7],
    [10, 6],
    [11, 3],
    [12, 3],
  ],
  'private-island': [
    [4, 6],
    [5, 8],
    [6, 10],
    [7, 10],
    [8, 10],
    [9, 8],
    [10, 8],
    [11, 6],
    [12, 6],
    [13, 4],
    [14, 3],
    [15, 3],
  ],
};

const PRICE_BOUNDS: Record<PropertyType, readonly [number, number]> = {
  villa: [1500, 25000],
  chalet: [3000, 40000],
  'private-island': [15000, 120000],
};

/** Nightly price by type, size and the destination's standing, in the owner's currency. */
function nightlyPrice(
  rng: Rng,
  type: PropertyType,
  bedrooms: number,
  prestige: number,
  currency: Currency,
): number {
  const jitter = rng.range(0.85, 1.2);
  const eur =
    type === 'villa'
      ? 850 * bedrooms ** 1.3
      : type === 'chalet'
        ? 1300 * bedrooms ** 1.35
        : 4000 * bedrooms ** 1.1;
  const [lo, hi] = PRICE_BOUNDS[type];
  return roundPrice(clamp(eur * prestige * jitter * EUR_RATES[currency], lo, hi));
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
const roundPrice = (v: number) => (v < 5000 ? Math.round(v / 50) * 50 : Math.round(v / 100) * 100);

const SEASON_OF: Record<SceneKind, Season> = {
  sea: 'summer',
  country: 'summer',
  lake: 'summer',
  ski: 'winter',
  tropical: 'tropical',
};

function pickImages(rng: Rng, type: PropertyType, kind: SceneKind): string[] {
  let pool = SCENES.filter((s) => s.type === type && (type !== 'villa' || s.fits.includes(kind)));
  // Beach and water villas in the tropics share the island pictures (not the aerial of an island).
  if (type === 'villa' && kind === 'tropical') {
    pool = [...pool, ...SCENES.filter((s) => s.type === 'private-island' && s.file !== 'island-lagoon')];
  }
  const count = rng.int(3, Math.min(5, pool.length));
  return rng.shuffle(pool).slice(0, count).map(imageUrl);
}

function pickBlocks(rng: Rng): SeedBlock[] {
  const count = rng.weighted([
    [1, 2],
    [2, 4],
    [3, 3],
    [4, 1],
  ] as const);
  const blocks: SeedBlock[] = [];
  for (let attempt = 0; blocks.length < count && attempt < 20; attempt++) {
    const note = rng.weighted([
      ['Booked', 6],
      ['Owner stay', 3],
      ['Maintenance', 1],
    ] as const);
    const nights =
      note === 'Maintenance' ? rng.int(3, 6) : note === 'Owner stay' ? rng.int(7, 21) : rng.int(3, 14);
    const offset = rng.int(2, 364 - nights);
    const clash = blocks.some((b) => offset < b.offset + b.nights + 1 && b.offset < offset + nights + 1);
    if (!clash) blocks.push({ offset, nights, note });
  }
  return blocks.sort((a, b) => a.offset - b.offset);
}

/** How many houses each destination gets: proportional to its weight, summing to `total`. */
function allocate(total: number): Map<Destination, number> {
  const all = COUNTRIES.flatMap((c) => c.destinations);
  const weight = all.reduce((s, dest) => s + dest.weight, 0);
  const exact = all.map((dest) => ({ dest, share: (dest.weight * total) / weight }));
  const counts = new Map(exact.map(({ dest, share }) => [dest, Math.floor(share)]));
  let left = total - [...counts.values()].reduce((s, n) => s + n, 0);
  for (const { dest } of [...exact].sort((a, b) => (b.share % 1) - (a.share % 1))) {
    if (left-- <= 0) break;
    counts.set(dest, counts.get(dest)! + 1);
  }
  return counts;
}

export function generateCatalogue(seed = DEFAULT_SEED, total = TARGET_PROPERTIES): SeedCatalogue {
  const rng = mulberry32(seed);
  const featured = featuredVilla();
  const used = new Set<string>([featured.name]);
  const counts = allocate(total);
  // The featured villa is one of the Riviera's houses.
  const riviera = COUNTRIES[0]!.destinations.find((dest) => dest.name === featured.destination)!;
  counts.set(riviera, counts.get(riviera)! - 1);

  const generated: SeedProperty[] = [];
  for (const country of COUNTRIES) {
    for (const dest of country.destinations) {
      for (let i = 0; i < counts.get(dest)!; i++)
        generated.push(makeProperty(rng, country.name, country.currencies, dest, used));
    }
  }
  return {
    countries: COUNTRIES.map((c) => ({
      name: c.name,
      destinations: c.destinations.map((dest) => dest.name),
    })),
    // Interleave destinations so the catalogue's first page is not one resort.
    properties: [featured, ...rng.shuffle(generated)],
  };
}

function makeProperty(
  rng: Rng,
  country: string,
  countryCurrencies: ReadonlyArray<readonly [Currency, number]>,
  dest: Destination,
  used: Set<string>,
): SeedProperty {
  const kind = dest.kind;
  const type: PropertyType =
    kind === 'ski'
      ? 'chalet'
      : kind === 'tropical' && rng.chance(dest.islands ?? 0.25)
        ? 'private-island'
        : 'villa';
  const maldives = dest.names.includes('mv');
  const overWater = maldives && type === 'villa';

  let name: string;
  if (type === 'private-island') {
    const pools = dest.names.map((p) => ISLAND_NAMES[p] ?? []);
    name = pickName(rng, [...pools, ...Object.values(ISLAND_NAMES)], used);
  } else if (maldives) {
    const islands = ISLAND_NAMES.mv!.map((n) => n.replace(' Private Island', ''));
    const options = islands.flatMap((island) => MV_VILLA_SUFFIX.map((suffix) => `${island} ${suffix}`));
    name = pickName(rng, [options], used);
  } else {
    // Mostly the destination's first tradition, sometimes the next one.
    const order =
      dest.names.length > 1 && rng.chance(0.25) ? [...dest.names.slice(1), dest.names[0]!] : dest.names;
    name = pickName(
      rng,
      order.map((p) => HOUSE_NAMES[p]),
      used,
    );
  }

  const bedrooms = rng.weighted(BEDROOMS[type]);
  const maxGuests = bedrooms * 2 + (type !== 'villa' && rng.chance(0.25) ? 2 : 0);
  const currency = rng.weighted(dest.currencies ?? countryCurrencies);
  const onRequest = rng.chance(0.03);
  const price = onRequest ? null : nightlyPrice(rng, type, bedrooms, dest.prestige, currency);
  const noun =
    type === 'chalet' ? houseNoun(name, 'chalet') : houseNoun(name, overWater ? 'water villa' : 'villa');
  const description = describeProperty(rng, {
    name,
    type,
    kind,
    noun,
    destination: dest,
    bedrooms,
    maxGuests,
    overWater,
  });
  const group = type === 'private-island' ? 'island' : kind;

  return {
    name,
    country,
    destination: dest.name,
    description: description.text,
    bedrooms,
    maxGuests,
    basePricePerNight: price == null ? null : price.toFixed(2),
    currency,
    propertyType: type,
    amenities: pickAmenities(rng, group, description.amenities),
    available: rng.chance(0.95),
    featured: false,
    location: `${country}, ${dest.name}`,
    images: pickImages(rng, type, kind),
    season: SEASON_OF[kind],
    blocks: pickBlocks(rng),
  };
}
