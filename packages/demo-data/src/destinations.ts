import type { Currency } from '@villas/shared';
import type { SceneKind } from './scenes';

/** The naming tradition a destination's houses follow (see names.ts). */
export type NamePool =
  | 'fr-sea'
  | 'fr-country'
  | 'fr-ski'
  | 'fr-caribbean'
  | 'en-ski'
  | 'de-ski'
  | 'engadin'
  | 'it-ski'
  | 'it-villa'
  | 'it-country'
  | 'it-puglia'
  | 'gr'
  | 'es-balearic'
  | 'es-andalusia'
  | 'pt'
  | 'hr'
  | 'mv'
  | 'sc'
  | 'caribbean'
  | 'th';

export interface Destination {
  name: string;
  kind: SceneKind;
  /** Share of the catalogue (relative). */
  weight: number;
  /** Price level: 1 is an average luxury destination. */
  prestige: number;
  /** How a sentence places a house there: 'on the French Riviera', 'in Courchevel'. */
  at: string;
  /** What the bedrooms look out on. */
  views: readonly string[];
  /** Name pools to draw from, first choice first. */
  names: readonly NamePool[];
  /** Share of private islands among its houses (tropical destinations). */
  islands?: number;
  /** Currencies the owners price in, with weights; defaults to the country's. */
  currencies?: ReadonlyArray<readonly [Currency, number]>;
}

export interface Country {
  name: string;
  currencies: ReadonlyArray<readonly [Currency, number]>;
  destinations: readonly Destination[];
}

const d = (
  name: string,
  kind: SceneKind,
  weight: number,
  prestige: number,
  views: readonly string[],
  names: readonly NamePool[],
  extra: Partial<Destination> = {},
): Destination => ({ name, kind, weight, prestige, views, names, at: `in ${name}`, ...extra });

const EUR = [['EUR', 1]] as const;
const USD = [['USD', 1]] as const;
/** British operators sell many Alpine chalets in pounds. */
const ALPS_FR = [
  ['EUR', 0.8],
  ['GBP', 0.2],
] as const;

export const COUNTRIES: readonly Country[] = [
  {
    name: 'France',
    currencies: EUR,
    destinations: [
      d(
        'French Riviera',
        'sea',
        3,
        1.5,
        ['the Mediterranean', 'Cap Ferrat and the open sea', 'the bay of Villefranche', 'the Baie des Anges'],
        ['fr-sea'],
        { at: 'on the French Riviera' },
      ),
      d(
        'Saint-Tropez',
        'sea',
        3,
        1.5,
        ['the Gulf of Saint-Tropez', 'the Pampelonne coastline', 'vineyards running down to the sea'],
        ['fr-sea', 'fr-country'],
      ),
      d(
        'Provence',
        'country',
        2,
        1.0,
        ['the Luberon hills', 'lavender fields and the Alpilles', 'olive groves and the Mont Ventoux'],
        ['fr-country', 'fr-sea'],
      ),
      d(
        'Corsica',
        'sea',
        2,
        1.0,
        ['the turquoise bays of Porto-Vecchio', 'the Lavezzi islands', 'the Gulf of Ajaccio'],
        ['fr-sea'],
      ),
      d('Cap Ferret', 'sea', 1, 0.9, ['the Arcachon basin', 'the dunes and the Atlantic'], ['fr-sea']),
      d(
        'Saint-Barthélemy',
        'tropical',
        2,
        1.6,
        ['Gustavia harbour', 'the Caribbean Sea', 'the bay of Saint-Jean'],
        ['fr-caribbean', 'caribbean'],
        {
          at: 'on Saint-Barthélemy',
          islands: 0,
          currencies: [
            ['EUR', 0.6],
            ['USD', 0.4],
          ],
        },
      ),
      d(
        'Courchevel',
        'ski',
        3,
        1.6,
        ['the Trois Vallées', 'the peaks of the Vanoise', 'the Saulire and the pistes'],
        ['fr-ski', 'en-ski'],
        { currencies: ALPS_FR },
      ),
      d('Megève', 'ski', 2, 1.1, ['Mont Blanc', 'the slopes of the Mont d’Arbois'], ['fr-ski', 'en-ski']),
      d(
        "Val d'Isère",
        'ski',
        2,
        1.2,
        ['the Bellevarde face', 'the peaks of the Tarentaise'],
        ['fr-ski', 'en-ski'],
        { currencies: ALPS_FR },
      ),
      d(
        'Chamonix',
        'ski',
        2,
        0.9,
        ['Mont Blanc', 'the Aiguille du Midi', 'the Mont Blanc massif'],
        ['fr-ski', 'en-ski'],
      ),
      d('Méribel', 'ski', 2, 1.1, ['the Méribel valley', 'the Trois Vallées'], ['fr-ski', 'en-ski'], {
        currencies: ALPS_FR,
      }),
    ],
  },
  {
    name: 'Italy',
    currencies: EUR,
    destinations: [
      d(
        'Tuscany',
        'country',
        3,
        1.0,
        ['the Val d’Orcia', 'Chianti vineyards and cypress-lined hills', 'the towers of San Gimignano'],
        ['it-country', 'it-villa'],
      ),
      d(
        'Amalfi Coast',
        'sea',
        2,
        1.3,
        ['the Gulf of Salerno', 'Positano and the Tyrrhenian Sea', 'the coastline below Ravello'],
        ['it-villa'],
        { at: 'on the Amalfi Coast' },
      ),
      d(
        'Lake Como',
        'lake',
        2,
        1.3,
        ['the lake and the Grigne peaks', 'the water from Bellagio to Varenna'],
        ['it-villa'],
        { at: 'on Lake Como' },
      ),
      d('Sardinia', 'sea', 2, 1.3, ['the Costa Smeralda', 'the Maddalena archipelago'], ['it-villa']),
      d(
        'Sicily',
        'sea',
        2,
        0.9,
        ['Mount Etna and the Ionian Sea', 'the bay of Taormina'],
        ['it-villa', 'it-country'],
      ),
      d(
        'Puglia',
        'country',
        2,
        0.8,
        ['olive groves stretching to the Adriatic', 'the Itria valley'],
        ['it-puglia', 'it-country'],
      ),
      d('Capri', 'sea', 1, 1.5, ['the Faraglioni', 'the Bay of Naples'], ['it-villa'], { at: 'on Capri' }),
      d('Umbria', 'country', 1, 0.8, ['the Umbrian hills', 'Lake Trasimeno'], ['it-country', 'it-villa']),
      d(
        "Cortina d'Ampezzo",
        'ski',
        2,
        1.2,
        ['the Dolomites', 'the Tofane', 'the Cristallo massif'],
        ['it-ski'],
      ),
      d('Courmayeur', 'ski', 1, 1.0, ['Mont Blanc', 'the Val Veny'], ['it-ski', 'fr-ski']),
    ],
  },
  {
    name: 'Switzerland',
    currencies: [
      ['CHF', 0.6],
      ['GBP', 0.25],
      ['EUR', 0.15],
    ],
    destinations: [
      d(
        'Verbier',
        'ski',
        2,
        1.3,
        ['the Grand Combin', 'the Four Valleys', 'the Val de Bagnes'],
        ['fr-ski', 'en-ski'],
      ),
      d(
        'St. Moritz',
        'ski',
        2,
        1.5,
        ['the frozen lake of St. Moritz', 'the Engadin valley'],
        ['engadin', 'de-ski'],
      ),
      d('Zermatt', 'ski', 2, 1.3, ['the Matterhorn'], ['de-ski', 'en-ski']),
      d('Gstaad', 'ski', 2, 1.4, ['the Saanenland', 'the Gstaad valley'], ['de-ski', 'fr-ski']),
      d('Crans-Montana', 'ski', 1, 1.0, ['the Rhône valley and the Valais Alps'], ['fr-ski', 'en-ski']),
      d(
        'Lake Geneva',
        'lake',
        1,
        1.1,
        ['the lake and the French Alps', 'the Lavaux vineyards'],
        ['fr-country', 'fr-sea'],
        {
          at: 'on Lake Geneva',
          currencies: [['CHF', 1]],
        },
      ),
    ],
  },
  {
    name: 'Greece',
    currencies: EUR,
    destinations: [
      d(
        'Santorini',
        'sea',
        2,
        1.2,
        ['the caldera', 'the caldera and the volcano', 'the sunset over the caldera'],
        ['gr'],
        { at: 'on Santorini' },
      ),
      d('Mykonos', 'sea', 3, 1.2, ['the Aegean and Delos', 'Ornos bay', 'the Aegean'], ['gr'], {
        at: 'on Mykonos',
      }),
      d('Corfu', 'sea', 2, 0.9, ['the Ionian Sea', 'the Albanian mountains across the strait'], ['gr'], {
        at: 'on Corfu',
      }),
      d('Crete', 'sea', 2, 0.8, ['the Mirabello bay', 'the Libyan Sea'], ['gr'], { at: 'on Crete' }),
      d('Paros', 'sea', 1, 0.9, ['Naoussa bay', 'Antiparos across the strait'], ['gr'], { at: 'on Paros' }),
      d('Antiparos', 'sea', 1, 1.0, ['Despotiko and the Cyclades', 'the Aegean'], ['gr'], {
        at: 'on Antiparos',
      }),
      d('Porto Heli', 'sea', 1, 1.0, ['the Argolic Gulf', 'Spetses across the water'], ['gr']),
    ],
  },
  {
    name: 'Spain',
    currencies: EUR,
    destinations: [
      d(
        'Ibiza',
        'sea',
        3,
        1.1,
        ['Es Vedrà', 'the channel to Formentera', 'Dalt Vila and the harbour'],
        ['es-balearic'],
        { at: 'on Ibiza' },
      ),
      d(
        'Mallorca',
        'sea',
        3,
        1.0,
        ['the Tramuntana mountains and the sea', 'the bay of Pollença', 'the Port d’Andratx'],
        ['es-balearic'],
        { at: 'on Mallorca' },
      ),
      d(
        'Marbella',
        'sea',
        2,
        1.0,
        ['the Strait of Gibraltar and Africa beyond', 'the Golden Mile and the sea'],
        ['es-andalusia'],
      ),
      d('Menorca', 'sea', 1, 0.8, ['the turquoise coves of the south coast'], ['es-balearic'], {
        at: 'on Menorca',
      }),
    ],
  },
  {
    name: 'Portugal',
    currencies: EUR,
    destinations: [
      d('Algarve', 'sea', 3, 0.9, ['the Atlantic', 'the golden cliffs of the coast'], ['pt'], {
        at: 'in the Algarve',
      }),
      d(
        'Comporta',
        'sea',
        2,
        1.0,
        ['the rice fields and the dunes', 'the Atlantic and the Tróia peninsula'],
        ['pt'],
      ),
      d('Madeira', 'sea', 1, 0.7, ['the Atlantic from the cliffs'], ['pt'], { at: 'on Madeira' }),
      d('Cascais', 'sea', 1, 0.9, ['the Atlantic and the Sintra hills'], ['pt']),
    ],
  },
  {
    name: 'Austria',
    currencies: EUR,
    destinations: [
      d('Kitzbühel', 'ski', 2, 1.1, ['the Hahnenkamm', 'the Wilder Kaiser'], ['de-ski']),
      d('Lech', 'ski', 2, 1.4, ['the Arlberg', 'the Omeshorn'], ['de-ski']),
      d('St. Anton', 'ski', 2, 1.1, ['the Valluga', 'the Arlberg peaks'], ['de-ski', 'en-ski']),
      d('Ischgl', 'ski', 1, 1.0, ['the Silvretta peaks'], ['de-ski']),
    ],
  },
  {
    name: 'Croatia',
    currencies: EUR,
    destinations: [
      d(
        'Dubrovnik',
        'sea',
        2,
        0.9,
        ['the Elaphiti islands', 'the walls of the Old Town and the Adriatic'],
        ['hr'],
      ),
      d('Hvar', 'sea', 2, 0.9, ['the Pakleni islands', 'the Adriatic'], ['hr'], { at: 'on Hvar' }),
      d('Istria', 'sea', 1, 0.7, ['the Istrian hills and the Adriatic'], ['hr']),
      d('Korčula', 'sea', 1, 0.8, ['the Pelješac channel'], ['hr'], { at: 'on Korčula' }),
    ],
  },
  {
    name: 'Maldives',
    currencies: USD,
    destinations: [
      d(
        'North Malé Atoll',
        'tropical',
        2,
        1.2,
        ['the lagoon and the open Indian Ocean', 'the house reef'],
        ['mv'],
        { islands: 0.45 },
      ),
      d('South Malé Atoll', 'tropical', 1, 1.0, ['the lagoon', 'the Indian Ocean'], ['mv'], {
        islands: 0.45,
      }),
      d('Baa Atoll', 'tropical', 2, 1.3, ['Hanifaru Bay', 'the lagoon of the biosphere reserve'], ['mv'], {
        islands: 0.45,
      }),
      d('Raa Atoll', 'tropical', 1, 1.1, ['the lagoon', 'the Indian Ocean'], ['mv'], { islands: 0.45 }),
      d('Lhaviyani Atoll', 'tropical', 1, 1.0, ['the lagoon and the reef'], ['mv'], { islands: 0.45 }),
      d('Noonu Atoll', 'tropical', 1, 1.2, ['the lagoon', 'the Indian Ocean'], ['mv'], { islands: 0.45 }),
    ],
  },
  {
    name: 'Seychelles',
    currencies: [
      ['EUR', 0.5],
      ['USD', 0.5],
    ],
    destinations: [
      d('Mahé', 'tropical', 1, 1.0, ['the Morne Seychellois', 'Anse Intendance'], ['sc'], {
        at: 'on Mahé',
        islands: 0.1,
      }),
      d('Praslin', 'tropical', 1, 1.1, ['Anse Lazio', 'Curieuse island'], ['sc'], {
        at: 'on Praslin',
        islands: 0.2,
      }),
      d('La Digue', 'tropical', 1, 1.0, ['the granite boulders of Anse Source d’Argent'], ['sc'], {
        at: 'on La Digue',
        islands: 0.1,
      }),
      d('Outer Islands', 'tropical', 1, 1.4, ['the Amirantes', 'an unbroken coral reef'], ['sc'], {
        at: 'in the Outer Islands',
        islands: 0.7,
      }),
    ],
  },
  {
    name: 'Bahamas',
    currencies: USD,
    destinations: [
      d('Exumas', 'tropical', 2, 1.4, ['the Exuma Cays', 'the sandbars of the Exuma Sound'], ['caribbean'], {
        at: 'in the Exumas',
        islands: 0.5,
      }),
      d(
        'Harbour Island',
        'tropical',
        1,
        1.2,
        ['the pink sands', 'Dunmore Town and the harbour'],
        ['caribbean'],
        { at: 'on Harbour Island', islands: 0.1 },
      ),
      d('Eleuthera', 'tropical', 1, 0.9, ['the Atlantic and the Glass Window'], ['caribbean'], {
        at: 'on Eleuthera',
        islands: 0.1,
      }),
      d('Abaco', 'tropical', 1, 1.0, ['the Sea of Abaco'], ['caribbean'], {
        at: 'in the Abacos',
        islands: 0.4,
      }),
    ],
  },
  {
    name: 'Turks and Caicos',
    currencies: USD,
    destinations: [
      d('Providenciales', 'tropical', 2, 1.2, ['Grace Bay', 'Chalk Sound'], ['caribbean'], {
        at: 'on Providenciales',
        islands: 0.1,
      }),
      d('North Caicos', 'tropical', 1, 1.0, ['the cays of the Caicos Bank'], ['caribbean'], {
        at: 'on North Caicos',
        islands: 0.4,
      }),
    ],
  },
  {
    name: 'British Virgin Islands',
    currencies: USD,
    destinations: [
      d('Virgin Gorda', 'tropical', 1, 1.2, ['the Baths and the Sir Francis Drake Channel'], ['caribbean'], {
        at: 'on Virgin Gorda',
        islands: 0.3,
      }),
      d('Tortola', 'tropical', 1, 0.9, ['the Sir Francis Drake Channel'], ['caribbean'], {
        at: 'on Tortola',
        islands: 0.2,
      }),
    ],
  },
  {
    name: 'Thailand',
    currencies: USD,
    destinations: [
      d('Phuket', 'tropical', 2, 0.8, ['the Andaman Sea', 'Kamala bay'], ['th'], {
        at: 'on Phuket',
        islands: 0.05,
      }),
      d('Koh Samui', 'tropical', 2, 0.7, ['the Gulf of Thailand', 'the Ang Thong islands'], ['th'], {
        at: 'on Koh Samui',
        islands: 0.05,
      }),
    ],
  },
];
