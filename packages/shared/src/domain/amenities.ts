/**
 * The fixed amenity catalogue: nine categories of 8–12 items, and the keyword rules
 * that group any amenity name into one of them (property detail dialog).
 */
export const AMENITY_CATEGORIES = [
  'Amenities',
  'Fitness',
  'Special features',
  'Dining',
  'Pool / Wellness',
  'Suitable for',
  'Entertainment',
  'Security',
  'View',
] as const;
export type AmenityCategory = (typeof AMENITY_CATEGORIES)[number];

export const AMENITY_CATALOGUE: Record<AmenityCategory, readonly string[]> = {
  Amenities: [
    'Wifi',
    'Air Conditioning',
    'Heating',
    'Fireplace',
    'Washing Machine',
    'Parking',
    'Electric Car Charger',
    'Daily Housekeeping',
    'Linen & Towels',
    'Elevator',
  ],
  Fitness: [
    'Gym/Fitness Equipment',
    'Tennis Court',
    'Yoga Deck',
    'Padel Court',
    'Mountain Bikes',
    'Ski Room',
    'Golf Simulator',
    'Running Trails',
  ],
  'Special features': [
    'Butler',
    'Helipad',
    'Private Beach',
    'Boat Dock',
    'Wine Cellar',
    'Ski-in/Ski-out',
    'Private Chapel',
    'Vineyard',
    'Concierge',
  ],
  Dining: [
    'BBQ',
    'Private Chef',
    'Outdoor Dining',
    'Pizza Oven',
    "Chef's Kitchen",
    'Breakfast Service',
    'Bar',
    'Dining Terrace',
  ],
  'Pool / Wellness': [
    'Swimming Pool',
    'Heated Pool',
    'Infinity Pool',
    'Hot Tub',
    'Sauna',
    'Steam Room',
    'Spa',
    'Massage Room',
    'Indoor Pool',
  ],
  'Suitable for': [
    'Families',
    'Children',
    'Couples',
    'Groups',
    'Events',
    'Weddings',
    'Pets Allowed',
    'Wheelchair Access',
  ],
  Entertainment: [
    'Cinema Room',
    'Games Room',
    'Billiards',
    'Library',
    'Sound System',
    'Smart TV',
    'Kids Club',
    'Karaoke',
  ],
  Security: [
    'Alarm',
    'CCTV',
    'Gated Property',
    '24h Security Guard',
    'Safe',
    'Fire Extinguisher',
    'First Aid Kit',
    'Smoke Detector',
  ],
  View: [
    'Sea View',
    'Mountain View',
    'Lake View',
    'Garden View',
    'City View',
    'Vineyard View',
    'Sunset View',
    'Beachfront',
  ],
};

const RULES: ReadonlyArray<[AmenityCategory, RegExp]> = [
  ['View', /\bview\b|beachfront/i],
  ['Fitness', /gym|fitness|tennis|yoga|padel|bike|ski room|golf|running|squash/i],
  ['Pool / Wellness', /pool|hot tub|jacuzzi|sauna|steam|spa\b|massage|hammam|wellness/i],
  ['Dining', /bbq|barbecue|chef|dining|kitchen|pizza|breakfast|\bbar\b|wine bar/i],
  ['Suitable for', /famil|child|kids? friendly|couple|group|event|wedding|pet|wheelchair|suitable/i],
  ['Entertainment', /cinema|game|billiard|library|sound|\btv\b|kids club|karaoke|theatre|theater/i],
  ['Security', /alarm|cctv|gated|security|safe\b|extinguisher|first aid|smoke/i],
  [
    'Special features',
    /butler|helipad|private beach|dock|jetty|cellar|ski-in|chapel|vineyard|concierge|staff/i,
  ],
];

/** The category an amenity name belongs to by keyword; 'Amenities' when nothing matches. */
export function amenityCategory(name: string): AmenityCategory {
  for (const [category, re] of RULES) if (re.test(name)) return category;
  return 'Amenities';
}

/** Groups names into the nine categories, in catalogue order, omitting empty groups. */
export function groupAmenities(
  names: readonly string[],
): Array<{ category: AmenityCategory; items: string[] }> {
  const groups = new Map<AmenityCategory, string[]>();
  for (const n of names) {
    const c = amenityCategory(n);
    groups.set(c, [...(groups.get(c) ?? []), n]);
  }
  return AMENITY_CATEGORIES.filter((c) => groups.has(c)).map((c) => ({ category: c, items: groups.get(c)! }));
}
