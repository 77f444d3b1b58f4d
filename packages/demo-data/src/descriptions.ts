import type { PropertyType } from '@villas/shared';
import type { Destination } from './destinations';
import type { Rng } from './random';
import type { SceneKind } from './scenes';

/**
 * Descriptions of three or four sentences composed from fragments: where the house is, its bedrooms
 * and view, its signature feature and, sometimes, a practical note. A fragment that promises a
 * feature names the amenity, so the amenity list never contradicts the text.
 */
export interface DescribeInput {
  name: string;
  type: PropertyType;
  kind: SceneKind;
  noun: string;
  destination: Destination;
  bedrooms: number;
  maxGuests: number;
  /** Over-water villas in the Maldives. */
  overWater: boolean;
}

type Fragment = readonly [text: string, amenities?: readonly string[]];

const NUMBERS = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
];
const word = (n: number) => NUMBERS[n] ?? String(n);
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const withArticle = (s: string) => (/^[aeiou]/i.test(s) ? `an ${s}` : `a ${s}`);

const ADJECTIVES: Record<'villa' | 'country' | 'chalet' | 'island' | 'tropical', readonly string[]> = {
  villa: [
    'light-filled',
    'contemporary',
    'serene',
    'elegant',
    'secluded',
    'newly built',
    'architect-designed',
    'timeless',
    'intimate',
    'understated',
    'sun-drenched',
    'graceful',
  ],
  country: [
    'beautifully restored',
    'serene',
    'secluded',
    'timeless',
    'elegant',
    'stone-built',
    'sun-drenched',
    'gracious',
  ],
  chalet: [
    'traditional',
    'contemporary',
    'timber-and-stone',
    'newly built',
    'secluded',
    'elegant',
    'beautifully crafted',
    'generous',
  ],
  island: ['secluded', 'unspoilt', 'remote', 'idyllic', 'barefoot-luxury'],
  tropical: ['breezy', 'contemporary', 'secluded', 'light-filled', 'elegant', 'barefoot-luxury'],
};

const SETTINGS: Record<
  'sea' | 'country' | 'lake' | 'ski' | 'tropical' | 'overWater' | 'island',
  readonly string[]
> = {
  sea: [
    'perched above the sea',
    'set among umbrella pines a short walk from the beach',
    'commanding its own headland',
    'terraced into the hillside above a quiet cove',
    'hidden behind old stone walls at the water’s edge',
    'set in landscaped gardens that run down to the shore',
    'high on the cliffs',
  ],
  country: [
    'set among olive groves and vineyards',
    'at the end of a long cypress-lined drive',
    'on a hilltop surrounded by its own land',
    'in a quiet valley of orchards and wheat fields',
  ],
  lake: [
    'at the water’s edge with its own boathouse',
    'in terraced gardens above the lake',
    'in a private park that runs down to the shore',
  ],
  ski: [
    'steps from the lifts',
    'at the top of the village with the pistes at its door',
    'in a quiet hamlet above the resort',
    'on the edge of the forest, a short ride from the lifts',
    'on a sunny slope above the village',
  ],
  tropical: [
    'on a ribbon of white sand',
    'above a turquoise lagoon',
    'in a coconut grove at the edge of the beach',
    'on a hillside above a sheltered bay',
  ],
  overWater: ['on stilts over the lagoon', 'at the end of its own jetty over the lagoon'],
  island: [
    'ringed by white sand and a turquoise lagoon',
    'with its own house reef and a single beach-front residence',
    'of palms and white sand, with nothing else on the horizon',
  ],
};

const FEATURES: Record<SceneKind | 'island', readonly Fragment[]> = {
  sea: [
    ['a 20-metre infinity pool that seems to pour into the sea', ['Infinity Pool']],
    ['a private path down to a hidden cove', ['Private Beach']],
    ['a rooftop terrace made for long dinners at sunset', ['Dining Terrace', 'Sunset View']],
    ['a private jetty where the day boat waits', ['Boat Dock']],
    ['a pool pavilion with an outdoor kitchen and a wood-fired oven', ['Pizza Oven', 'Outdoor Dining']],
    ['a spa with a hammam and a massage room', ['Spa', 'Massage Room']],
    ['a wine cellar cut into the rock', ['Wine Cellar']],
    ['a tennis court hidden in the pines', ['Tennis Court']],
    ['a yoga deck facing the sunrise', ['Yoga Deck']],
    ['a cinema room for late-night films', ['Cinema Room']],
    ['a helipad ten minutes from the airport', ['Helipad']],
  ],
  country: [
    ['a heated pool edged with lavender', ['Heated Pool']],
    ['its own vineyard and wine cellar', ['Vineyard', 'Wine Cellar']],
    ['a pizza oven in the shade of an ancient oak', ['Pizza Oven']],
    ['a private chapel for family celebrations', ['Private Chapel', 'Weddings']],
    ['a tennis court among the olive trees', ['Tennis Court']],
    ['a long table under a vine-covered pergola', ['Outdoor Dining']],
    ['an old stone barn turned into a games room', ['Games Room']],
    ['a library with a fireplace for cooler evenings', ['Library', 'Fireplace']],
  ],
  lake: [
    ['a private dock with a vintage wooden boat', ['Boat Dock']],
    ['a lakeside pool at the level of the water', ['Swimming Pool']],
    ['gardens of camellias and azaleas down to the water', ['Garden View']],
    ['an indoor pool with views across the lake', ['Indoor Pool']],
    ['a terrace for dinner as the lights come up across the lake', ['Dining Terrace']],
  ],
  ski: [
    ['a spa floor with an indoor pool, hammam and sauna', ['Indoor Pool', 'Sauna', 'Steam Room']],
    ['a double-height living room around a stone fireplace', ['Fireplace']],
    ['true ski-in/ski-out access from the piste', ['Ski-in/Ski-out']],
    ['a cinema room for après-ski', ['Cinema Room']],
    ['an outdoor hot tub on the snow-covered terrace', ['Hot Tub']],
    ['a wine cellar and tasting room', ['Wine Cellar']],
    ['a games room and bunk room for children', ['Games Room', 'Children']],
    ['a heated ski room with boot warmers', ['Ski Room']],
    ['a private chef and a chalet host', ['Private Chef']],
    ['a massage room and a fully equipped gym', ['Massage Room', 'Gym/Fitness Equipment']],
  ],
  tropical: [
    ['a freshwater pool on the sand', ['Swimming Pool', 'Beachfront']],
    ['steps from the deck straight into the lagoon', ['Beachfront']],
    ['a sunset deck for dinners under the stars', ['Sunset View', 'Outdoor Dining']],
    ['a spa pavilion open to the breeze', ['Spa']],
    ['a private beach with kayaks and paddleboards', ['Private Beach']],
    ['a personal butler and private chef', ['Butler', 'Private Chef']],
  ],
  island: [
    ['a house reef full of turtles a few fin strokes from the beach', ['Beachfront']],
    ['its own helipad and seaplane dock', ['Helipad', 'Boat Dock']],
    ['a team of staff led by a butler and a private chef', ['Butler', 'Private Chef']],
    ['an over-water spa with two treatment rooms', ['Spa', 'Massage Room']],
    ['a sandbank that appears at low tide for private dinners', ['Private Beach', 'Outdoor Dining']],
    ['a dive centre and a yacht on call', ['Boat Dock']],
  ],
};

const NOTES: Record<SceneKind | 'island', readonly Fragment[]> = {
  sea: [
    ['The beach and the village restaurants are a short walk away.'],
    ['Daily housekeeping and a dedicated concierge are included.', ['Daily Housekeeping', 'Concierge']],
    ['Ideal for families and groups of friends.', ['Families', 'Groups']],
  ],
  country: [
    ['The nearest village, with its market and trattorias, is ten minutes away.'],
    ['Daily housekeeping and a dedicated concierge are included.', ['Daily Housekeeping', 'Concierge']],
    ['It is a natural setting for weddings and family gatherings.', ['Weddings', 'Families']],
  ],
  lake: [
    ['A boat can be arranged for lunch in the villages across the water.', ['Concierge']],
    ['Ideal for families and groups of friends.', ['Families', 'Groups']],
  ],
  ski: [
    ['A private driver takes guests to the lifts and back.', ['Concierge']],
    ['The village and its restaurants are a few minutes’ walk away.'],
    ['Ideal for families and groups of friends.', ['Families', 'Groups']],
  ],
  tropical: [
    ['Daily housekeeping and a dedicated concierge are included.', ['Daily Housekeeping', 'Concierge']],
    ['Ideal for couples and families alike.', ['Couples', 'Families']],
  ],
  island: [
    ['Arrival is by seaplane or speedboat.'],
    ['The whole island is yours: no other guests, no neighbours.'],
    ['Ideal for families, celebrations and weddings on the sand.', ['Families', 'Weddings']],
  ],
};

const VIEW_ADJECTIVES = ['sweeping', 'uninterrupted', 'long', 'breathtaking', 'open'];

export function describeProperty(rng: Rng, p: DescribeInput): { text: string; amenities: string[] } {
  const amenities: string[] = [];
  const island = p.type === 'private-island';
  const style = island
    ? 'island'
    : p.type === 'chalet'
      ? 'chalet'
      : p.kind === 'country'
        ? 'country'
        : p.kind === 'tropical'
          ? 'tropical'
          : 'villa';
  const adjective = rng.pick(ADJECTIVES[style]);
  const settingKey = island ? 'island' : p.overWater ? 'overWater' : p.kind;
  const setting = rng.pick(SETTINGS[settingKey]);
  const noun = island
    ? rng.pick(
        /island/i.test(p.name) ? ['island retreat', 'island hideaway'] : ['private island', 'island retreat'],
      )
    : p.noun;
  const at = p.destination.at;

  const opening = rng.chance(0.55)
    ? `${p.name} is ${withArticle(`${adjective} ${noun}`)} ${setting} ${at}.`
    : `${cap(setting)} ${at}, ${p.name} is ${withArticle(`${adjective} ${noun}`)}.`;

  const view = rng.pick(p.destination.views);
  const n = p.bedrooms;
  const g = p.maxGuests;
  const rooms = island
    ? rng.pick([
        `${cap(word(n))} bedrooms spread across beach pavilions sleep up to ${g} guests, with ${view} on every side.`,
        `The main residence and its beach villas hold ${word(n)} bedrooms for ${g} guests, all facing ${view}.`,
      ])
    : rng.pick([
        `Its ${word(n)} bedroom suites open onto ${rng.pick(VIEW_ADJECTIVES)} views of ${view}.`,
        `${cap(word(n))} bedrooms, each with its own bathroom, look out over ${view}.`,
        `The ${word(n)} bedrooms sleep up to ${g} guests, and every terrace frames ${view}.`,
        `Inside, ${word(n)} bedrooms for up to ${g} guests share views of ${view}.`,
      ]);

  const [feature, featureAmenities = []] = rng.pick(FEATURES[island ? 'island' : p.kind]);
  amenities.push(...featureAmenities);
  const lead = rng.pick([
    'The signature is',
    'At its heart is',
    'Its finest feature is',
    'Best of all is',
    'Guests remember',
  ]);
  const signature = `${lead} ${feature}.`;

  const sentences = [opening, rooms, signature];
  if (rng.chance(0.55)) {
    const [note, noteAmenities = []] = rng.pick(NOTES[island ? 'island' : p.kind]);
    sentences.push(note);
    amenities.push(...noteAmenities);
  }
  return { text: sentences.join(' '), amenities };
}
