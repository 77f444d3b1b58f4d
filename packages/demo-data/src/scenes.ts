import type { PropertyType } from '@villas/shared';
import { hashString, mulberry32 } from './random';
import {
  H,
  Scene,
  W,
  chalet,
  cumulus,
  cypress,
  farmhouse,
  glitter,
  glow,
  hill,
  mist,
  modernVilla,
  mountains,
  olive,
  overwaterVilla,
  palm,
  pine,
  ripples,
  shrub,
  sky,
  stars,
  streakClouds,
  sunDisk,
  umbrellaPine,
  vignette,
  water,
} from './svg';

/**
 * The demo image pool: five compositions per property type (no photographs are available offline).
 * `fits` says which destination kinds an image suits, so a Tuscan farmhouse never shows the sea.
 */
export type SceneKind = 'sea' | 'country' | 'lake' | 'ski' | 'tropical';

export interface SceneSpec {
  file: string;
  type: PropertyType;
  fits: readonly SceneKind[];
  draw: (s: Scene) => void;
}

// --- Villas -----------------------------------------------------------------------------------

/** Golden hour over the sea from an infinity-pool terrace (the featured villa's first image). */
function villaGoldenHour(s: Scene) {
  const horizon = 610;
  sky(
    s,
    [
      [0, '#6d8db3'],
      [0.35, '#a9b3c2'],
      [0.7, '#e8c7a4'],
      [1, '#f6dab0'],
    ],
    horizon,
  );
  glow(s, 1150, 585, 620, '#ffd49a', 0.55, 360);
  streakClouds(s, { y: 430, spread: 90, color: '#f7d2b0', opacity: 0.5, count: 10, x0: 500 });
  streakClouds(s, { y: 250, spread: 60, color: '#f1e3d8', opacity: 0.3, count: 5 });
  sunDisk(s, 1150, 585, 30, '#fff1d0');
  // A far headland and a nearer cape in haze
  hill(
    s,
    [
      [-20, 585],
      [160, 560],
      [360, 572],
      [560, 600],
      [700, 612],
    ],
    horizon + 2,
    '#9aa5b6',
    'opacity="0.85"',
  );
  hill(
    s,
    [
      [1380, 612],
      [1480, 596],
      [1620, 590],
    ],
    horizon + 2,
    '#a7aebb',
    'opacity="0.7"',
  );
  water(s, horizon, 820, [
    [0, '#d9c2a4'],
    [0.15, '#a4a9ad'],
    [0.55, '#4f7690'],
    [1, '#2b546e'],
  ]);
  glitter(s, 1150, horizon + 2, 820, '#fff2d6', 0.9, 70);
  ripples(s, horizon + 10, 820, '#ffffff', 0.12, 70);
  // Infinity pool: its far edge meets the sea
  water(s, 800, 905, [
    [0, '#7db4c1'],
    [0.5, '#3a95a8'],
    [1, '#1f6f86'],
  ]);
  glitter(s, 1150, 804, 900, '#fff6e4', 0.45, 160);
  s.rect(0, 797, W, 5, '#e9ddc9', 'opacity="0.9"');
  // Travertine terrace
  s.rect(
    0,
    905,
    W,
    H - 905,
    s.linearAbs(
      [
        [0, '#efe4d2'],
        [1, '#cbb99f'],
      ],
      905,
      H,
    ),
  );
  s.rect(0, 903, W, 6, '#f7f0e4');
  for (let x = -40; x < W; x += 160)
    s.rect(x + ((x / 160) % 2) * 40, 930, 1.5, H - 930, '#b5a288', 'opacity="0.35"');
  s.rect(0, 980, W, 1.5, '#b5a288', 'opacity="0.3"');
  // Villa on the left, cropped by the frame
  modernVilla(s, {
    x: -120,
    base: 800,
    scale: 1.05,
    lit: false,
    wall: '#f3ede3',
    shadow: '#cdbfa9',
    slab: '#fbf8f2',
  });
  // Loungers
  for (const lx of [700, 980]) {
    s.ellipse(lx + 130, 1032, 170, 12, '#000000', 'opacity="0.13"');
    s.rect(lx + 14, 1008, 6, 22, '#b9a98f');
    s.rect(lx + 230, 1008, 6, 22, '#b9a98f');
    s.poly(
      [
        [lx, 1010],
        [lx + 250, 1010],
        [lx + 250, 988],
        [lx + 60, 988],
        [lx + 22, 934],
        [lx - 6, 940],
        [lx + 24, 990],
        [lx, 990],
      ],
      '#f8f4ec',
    );
    s.rect(lx, 1008, 250, 6, '#ddd0bc');
  }
  // An umbrella pine frames the top right
  umbrellaPine(s, 1530, 1067, 880, '#2e3a2d', '#60704f');
  vignette(s, 0.28);
}

/** Blue hour: a lit contemporary villa behind its glowing pool. */
function villaBlueHour(s: Scene) {
  const horizon = 640;
  sky(
    s,
    [
      [0, '#1c2747'],
      [0.45, '#3b4a7a'],
      [0.8, '#b27e95'],
      [1, '#efb48f'],
    ],
    horizon,
  );
  stars(s, 60, 260);
  glow(s, 800, horizon, 900, '#f3b790', 0.35, 220);
  hill(
    s,
    [
      [-20, 600],
      [300, 580],
      [700, 610],
      [1100, 590],
      [1620, 606],
    ],
    horizon + 40,
    '#2a3049',
  );
  s.rect(
    0,
    640,
    W,
    130,
    s.linearAbs(
      [
        [0, '#2a2d42'],
        [1, '#1d2031'],
      ],
      640,
      770,
    ),
  );
  modernVilla(s, {
    x: 300,
    base: 770,
    scale: 1.45,
    lit: true,
    wall: '#c7c2d2',
    shadow: '#8f8aa3',
    slab: '#d9d4e2',
  });
  // Pool with the villa's light in it
  water(s, 790, 965, [
    [0, '#39c1cf'],
    [0.5, '#1596ad'],
    [1, '#0c5f7c'],
  ]);
  for (const wx of [360, 510, 660, 900, 1060]) {
    for (let i = 0; i < 14; i++) {
      const y = 800 + i * 11 + s.rng.range(-3, 3);
      const w = s.rng.range(50, 120) * (1 - i / 20);
      s.rect(wx + s.rng.range(-20, 20), y, w, 3, '#ffd9a0', `opacity="${(0.45 * (1 - i / 14)).toFixed(2)}"`);
    }
  }
  ripples(s, 795, 965, '#bff3f7', 0.2, 60);
  s.rect(0, 770, W, 20, '#5d5a6b');
  s.rect(
    0,
    965,
    W,
    H - 965,
    s.linearAbs(
      [
        [0, '#4f4c5e'],
        [1, '#2c2a37'],
      ],
      965,
      H,
    ),
  );
  s.rect(0, 963, W, 5, '#77738a');
  // Garden silhouettes
  cypress(s, 150, 775, 360, '#161b2b');
  cypress(s, 230, 775, 290, '#1a1f31');
  cypress(s, 1420, 775, 340, '#161b2b');
  shrub(s, 1320, 770, 60, '#1b2133');
  shrub(s, 80, 770, 70, '#1b2133');
  for (const lx of [280, 1250, 1510]) glow(s, lx, 768, 60, '#ffcf8f', 0.6, 22);
  vignette(s, 0.35);
}

/** Morning in a garden: lawn, olive trees and a long pool before a low white villa. */
function villaGardenMorning(s: Scene) {
  const horizon = 540;
  sky(
    s,
    [
      [0, '#9dbfdc'],
      [0.6, '#dce8ef'],
      [1, '#f3efe4'],
    ],
    horizon,
  );
  glow(s, 260, 120, 700, '#fff6df', 0.45, 420);
  cumulus(s, 1180, 250, 1.1, '#ffffff', '#dfe6ee');
  cumulus(s, 420, 330, 0.7, '#ffffff', '#e3e8ee');
  hill(
    s,
    [
      [-20, 520],
      [260, 480],
      [560, 505],
      [900, 470],
      [1250, 500],
      [1620, 480],
    ],
    horizon + 20,
    '#b4c2cb',
  );
  hill(
    s,
    [
      [-20, 545],
      [300, 525],
      [700, 540],
      [1100, 520],
      [1620, 540],
    ],
    horizon + 30,
    '#9fb0a6',
  );
  s.rect(
    0,
    560,
    W,
    260,
    s.linearAbs(
      [
        [0, '#a3b37c'],
        [1, '#7b8f57'],
      ],
      560,
      820,
    ),
  );
  modernVilla(s, {
    x: 660,
    base: 660,
    scale: 0.95,
    lit: false,
    wall: '#f5f1ea',
    shadow: '#d6cdbd',
    slab: '#fdfbf6',
  });
  for (const [x, h] of [
    [120, 420],
    [400, 330],
    [1480, 380],
  ] as const)
    olive(s, x, 700, h, '#7e8c6a', '#b7c29c');
  cypress(s, 590, 670, 240, '#334531');
  cypress(s, 1460, 668, 200, '#334531');
  // Lavender along the pool
  for (let x = 20; x < W; x += 14)
    s.ellipse(x, 808 + s.rng.range(-4, 4), 9, 14, s.rng.pick(['#8c83b6', '#9d92c4', '#7b73a8']));
  water(s, 820, 950, [
    [0, '#a7dcdc'],
    [0.5, '#5fbfc9'],
    [1, '#3a9fb2'],
  ]);
  ripples(s, 822, 950, '#ffffff', 0.3, 60);
  s.rect(0, 815, W, 7, '#efe8da');
  s.rect(
    0,
    950,
    W,
    H - 950,
    s.linearAbs(
      [
        [0, '#ece3d3'],
        [1, '#d2c4ad'],
      ],
      950,
      H,
    ),
  );
  s.rect(0, 948, W, 6, '#f7f1e6');
  // Parasol and daybed
  s.rect(1205, 780, 6, 200, '#8c7a64');
  s.path('M1060 800Q1208 740 1356 800Z', '#f4efe6');
  s.path('M1060 800L1356 800L1340 812L1076 812Z', '#e4dccd');
  s.rect(1120, 985, 200, 22, '#f7f3eb');
  s.ellipse(1220, 1015, 130, 10, '#000000', 'opacity="0.1"');
  vignette(s, 0.25);
}

/** Rolling hills at golden hour, cypress lines and a stone farmhouse (Tuscany, Provence). */
function villaHills(s: Scene) {
  const horizon = 520;
  sky(
    s,
    [
      [0, '#a8c0d4'],
      [0.55, '#ead8ba'],
      [1, '#f5d6a4'],
    ],
    horizon + 60,
  );
  glow(s, 1300, 470, 700, '#ffd8a0', 0.55, 320);
  streakClouds(s, { y: 300, spread: 80, color: '#fbe2c4', opacity: 0.45, count: 8 });
  hill(
    s,
    [
      [-20, 500],
      [250, 470],
      [520, 492],
      [800, 462],
      [1100, 490],
      [1400, 470],
      [1620, 488],
    ],
    700,
    '#b8b7b7',
  );
  hill(
    s,
    [
      [-20, 545],
      [200, 520],
      [480, 540],
      [760, 510],
      [1020, 535],
      [1350, 515],
      [1620, 530],
    ],
    720,
    '#a7a98e',
  );
  hill(
    s,
    [
      [-20, 610],
      [260, 580],
      [600, 560],
      [880, 590],
      [1200, 575],
      [1620, 600],
    ],
    760,
    '#a0a064',
  );
  // The farmhouse on the middle hill, cypresses along its drive
  farmhouse(s, 560, 575, 0.9, '#e2c59a', '#b99a70');
  for (let i = 0; i < 9; i++)
    cypress(s, 520 - i * 38 + s.rng.range(-4, 4), 590 + i * 16, 90 + i * 9, '#38452b');
  hill(
    s,
    [
      [-20, 700],
      [300, 660],
      [700, 690],
      [1050, 650],
      [1400, 670],
      [1620, 650],
    ],
    H,
    s.linearAbs(
      [
        [0, '#c2a75f'],
        [1, '#96813f'],
      ],
      650,
      H,
    ),
  );
  // A white road through the wheat
  s.path(
    'M620 1067C700 900 840 820 760 700C740 670 700 660 690 650L708 650C730 668 770 690 790 720C860 820 760 900 700 1067Z',
    '#eadcb9',
    'opacity="0.85"',
  );
  hill(
    s,
    [
      [-20, 900],
      [260, 860],
      [520, 905],
      [760, 960],
      [900, 1090],
    ],
    H + 40,
    '#6f7b3f',
  );
  for (let x = -40; x < 620; x += 26) cypress(s, x + 10, 960 + Math.sin(x / 90) * 20, 40, '#4c5a2e');
  cypress(s, 1380, 1000, 540, '#2e3a22');
  cypress(s, 1480, 1010, 470, '#34402a');
  olive(s, 1200, 1000, 260, '#7a8660', '#aeb88f');
  vignette(s, 0.3);
}

/** A villa terraced into a steep coast above calm water (Amalfi, Lake Como). */
function villaCoast(s: Scene) {
  const waterline = 640;
  sky(
    s,
    [
      [0, '#8fb3cf'],
      [0.6, '#d7e2e6'],
      [1, '#f1e9dc'],
    ],
    waterline,
  );
  glow(s, 450, 250, 600, '#fff4dc', 0.4, 300);
  mountains(s, {
    controls: [
      [800, 660],
      [1000, 430],
      [1180, 360],
      [1360, 420],
      [1500, 330],
      [1650, 380],
    ],
    base: waterline,
    fill: [
      [0, '#99aebd'],
      [1, '#aebdc6'],
    ],
    roughness: 0.18,
    shade: { color: '#7d93a6', opacity: 0.4 },
  });
  mist(s, 600, 90, '#eef2f2', 0.6);
  water(s, waterline, H, [
    [0, '#b9cbd1'],
    [0.25, '#7fa3b5'],
    [1, '#2d5d78'],
  ]);
  ripples(s, waterline + 4, H, '#ffffff', 0.18, 110);
  // A boat and its wake
  s.path('M1010 760L1090 760L1080 772L1020 772Z', '#fbfaf7');
  s.path('M1010 766L860 800L1012 770Z', '#ffffff', 'opacity="0.35"');
  // The near slope with terraced gardens
  const slope = s.linearAbs(
    [
      [0, '#596f57'],
      [1, '#33452f'],
    ],
    200,
    H,
  );
  s.path('M-20 180C180 220 380 330 520 470C620 570 700 650 760 720L800 760L780 1067L-20 1067Z', slope);
  // White villa volumes stepping down the hill
  const white = '#f4efe6';
  const boxes: Array<[number, number, number, number]> = [
    [60, 300, 220, 110],
    [200, 400, 260, 120],
    [330, 520, 240, 110],
    [100, 480, 160, 90],
  ];
  for (const [x, y, w, h] of boxes) {
    s.rect(x - 30, y + h, w + 60, 26, '#cdbfa6');
    s.rect(x - 30, y + h, w + 60, 4, '#e6dccb');
    s.rect(x, y, w, h, white);
    s.rect(x + w - 12, y, 12, h, '#d2c8b8');
    s.rect(x - 8, y - 10, w + 16, 10, '#fbf8f2');
    for (let wx = x + 20; wx < x + w - 40; wx += 56) s.rect(wx, y + 24, 30, h * 0.55, '#4c5c68');
  }
  // Lemon trees and bougainvillea spilling over the walls
  for (const [x, y, w] of boxes) {
    for (let i = 0; i < 9; i++) {
      s.ellipse(
        x - 20 + s.rng.range(0, w + 40),
        y + s.rng.range(96, 130),
        s.rng.range(6, 12),
        s.rng.range(4, 8),
        s.rng.pick(['#c2447a', '#d45a8a', '#b83a6e']),
        'opacity="0.9"',
      );
    }
  }
  for (let i = 0; i < 12; i++)
    shrub(
      s,
      s.rng.range(0, 660),
      s.rng.range(640, 900),
      s.rng.range(18, 34),
      s.rng.pick(['#3f5a36', '#4f6b3d']),
      '#8fa86a',
    );
  s.rect(420, 658, 230, 6, '#fbf8f2');
  s.rect(
    426,
    664,
    218,
    30,
    s.linear([
      [0, '#6fc3cf'],
      [1, '#3ba0b5'],
    ]),
  );
  cypress(s, 700, 760, 300, '#2b3b28');
  vignette(s, 0.27);
}

// --- Chalets ----------------------------------------------------------------------------------

const SNOW_DAY: readonly [number, string][] = [
  [0, '#ffffff'],
  [1, '#dde7f2'],
];

/** A bright winter day: snowy peaks, forest and a chalet in fresh snow. */
function chaletWinterDay(s: Scene) {
  sky(
    s,
    [
      [0, '#3c74b4'],
      [0.55, '#8fb5da'],
      [1, '#dce8f1'],
    ],
    640,
  );
  glow(s, 1350, 120, 520, '#ffffff', 0.45);
  mountains(s, {
    controls: [
      [-50, 480],
      [150, 330],
      [330, 250],
      [520, 360],
      [700, 300],
      [900, 420],
      [1100, 260],
      [1280, 200],
      [1450, 320],
      [1650, 290],
    ],
    base: 640,
    fill: [
      [0, '#c9d4e2'],
      [1, '#9eb0c4'],
    ],
    snow: { line: 470, stops: SNOW_DAY, depth: 260 },
    shade: { color: '#7d92ad', opacity: 0.45, side: 'left' },
  });
  s.rect(
    0,
    630,
    W,
    70,
    s.linear([
      [0, '#9eb0c4'],
      [1, '#e8eef5'],
    ]),
  );
  mist(s, 600, 80, '#ffffff', 0.5);
  for (let i = 0; i < 70; i++)
    pine(s, s.rng.range(-20, W + 20), 640 + s.rng.range(-10, 50), s.rng.range(50, 110), '#243b33');
  s.rect(
    0,
    690,
    W,
    H - 690,
    s.linearAbs(
      [
        [0, '#f3f6fa'],
        [1, '#d3deea'],
      ],
      690,
      H,
    ),
  );
  hill(
    s,
    [
      [-20, 700],
      [400, 680],
      [900, 720],
      [1620, 690],
    ],
    H,
    '#eef3f8',
  );
  chalet(s, {
    x: 760,
    base: 930,
    scale: 1.0,
    lit: false,
    snow: true,
    timber: ['#8a5a38', '#5f3c25'],
    stone: '#8c8580',
  });
  s.ellipse(1000, 940, 420, 22, '#a8b8cc', 'opacity="0.5"');
  pine(s, 140, 1000, 520, '#1f352c', '#f4f8fc');
  pine(s, 330, 960, 380, '#234036', '#f4f8fc');
  pine(s, 1500, 980, 440, '#1f352c', '#f4f8fc');
  vignette(s, 0.25);
}

/** Alpenglow: pink peaks at dusk, lights coming on in the chalet. */
function chaletAlpenglow(s: Scene) {
  sky(
    s,
    [
      [0, '#3a3d69'],
      [0.45, '#8a6f9e'],
      [0.8, '#e2a592'],
      [1, '#f2c8a5'],
    ],
    620,
  );
  mountains(s, {
    controls: [
      [-60, 420],
      [180, 260],
      [380, 350],
      [640, 180],
      [860, 330],
      [1080, 250],
      [1320, 360],
      [1650, 280],
    ],
    base: 620,
    fill: [
      [0, '#b897a8'],
      [1, '#7d6b8f'],
    ],
    snow: {
      line: 440,
      stops: [
        [0, '#ffe1d2'],
        [1, '#f0b9ac'],
      ],
      depth: 240,
    },
    shade: { color: '#5e5684', opacity: 0.55, side: 'right' },
  });
  s.rect(
    0,
    612,
    W,
    100,
    s.linear([
      [0, '#7d6b8f'],
      [1, '#b9b1d1'],
    ]),
  );
  mist(s, 590, 70, '#d9a9b3', 0.35);
  for (let i = 0; i < 80; i++)
    pine(s, s.rng.range(-20, W + 20), 630 + s.rng.range(-10, 60), s.rng.range(50, 120), '#2b2840');
  s.rect(
    0,
    700,
    W,
    H - 700,
    s.linearAbs(
      [
        [0, '#c9c1dc'],
        [1, '#8d8cb5'],
      ],
      700,
      H,
    ),
  );
  chalet(s, {
    x: 520,
    base: 950,
    scale: 1.05,
    lit: true,
    snow: true,
    timber: ['#6e4a36', '#4a3124'],
    stone: '#77707a',
  });
  glow(s, 770, 960, 520, '#ffbf80', 0.3, 60);
  pine(s, 180, 1020, 560, '#262338', '#d8d2ea');
  pine(s, 1380, 1000, 470, '#262338', '#d8d2ea');
  pine(s, 1530, 1040, 380, '#2b2840', '#d8d2ea');
  vignette(s, 0.3);
}

/** A clear night: stars, moonlit peaks and warm windows on the snow. */
function chaletNight(s: Scene) {
  sky(
    s,
    [
      [0, '#0a1330'],
      [0.6, '#1c2c55'],
      [1, '#34487a'],
    ],
    640,
  );
  stars(s, 240, 520);
  glow(s, 300, 160, 260, '#dfe7ff', 0.4);
  s.ellipse(300, 160, 26, 26, '#f4f6ff');
  mountains(s, {
    controls: [
      [-60, 450],
      [220, 300],
      [420, 380],
      [700, 220],
      [980, 360],
      [1200, 290],
      [1400, 380],
      [1650, 330],
    ],
    base: 640,
    fill: [
      [0, '#7f90b6'],
      [1, '#4a5b86'],
    ],
    snow: {
      line: 460,
      stops: [
        [0, '#dfe6f7'],
        [1, '#9fb0d4'],
      ],
      depth: 240,
    },
    shade: { color: '#2f3d66', opacity: 0.55, side: 'right' },
  });
  s.rect(
    0,
    632,
    W,
    90,
    s.linear([
      [0, '#4a5b86'],
      [1, '#7d8cb3'],
    ]),
  );
  for (let i = 0; i < 90; i++)
    pine(s, s.rng.range(-20, W + 20), 650 + s.rng.range(-10, 60), s.rng.range(50, 120), '#0f182b');
  s.rect(
    0,
    710,
    W,
    H - 710,
    s.linearAbs(
      [
        [0, '#8b99c0'],
        [1, '#4f5d88'],
      ],
      710,
      H,
    ),
  );
  chalet(s, {
    x: 620,
    base: 960,
    scale: 1.0,
    lit: true,
    snow: true,
    timber: ['#5a4030', '#3a291f'],
    stone: '#5c5a66',
  });
  glow(s, 860, 975, 560, '#ffbd7a', 0.4, 80);
  pine(s, 200, 1030, 600, '#0d1526', '#b9c6e4');
  pine(s, 1450, 1010, 500, '#0d1526', '#b9c6e4');
  vignette(s, 0.35);
}

/** High summer in the Alps: meadows, rock and a chalet with geraniums. */
function chaletSummer(s: Scene) {
  sky(
    s,
    [
      [0, '#4f8bcb'],
      [1, '#c4dcee'],
    ],
    620,
  );
  cumulus(s, 420, 210, 1.2, '#ffffff', '#d9e2ec');
  cumulus(s, 1250, 260, 0.9, '#ffffff', '#dbe3ec');
  mountains(s, {
    controls: [
      [-60, 430],
      [200, 280],
      [450, 380],
      [700, 240],
      [980, 370],
      [1220, 260],
      [1420, 360],
      [1650, 300],
    ],
    base: 620,
    fill: [
      [0, '#9a9ca4'],
      [1, '#6f767c'],
    ],
    snow: { line: 320, stops: SNOW_DAY, depth: 70 },
    shade: { color: '#50575f', opacity: 0.45, side: 'left' },
  });
  hill(
    s,
    [
      [-20, 600],
      [300, 560],
      [700, 590],
      [1100, 555],
      [1620, 585],
    ],
    H,
    s.linearAbs(
      [
        [0, '#8fb36a'],
        [1, '#5f8a3f'],
      ],
      560,
      H,
    ),
  );
  for (let i = 0; i < 50; i++)
    pine(s, s.rng.range(-20, 700), 600 + s.rng.range(-20, 50), s.rng.range(60, 120), '#2f4a36');
  hill(
    s,
    [
      [-20, 760],
      [400, 730],
      [900, 770],
      [1620, 740],
    ],
    H,
    s.linearAbs(
      [
        [0, '#9cc072'],
        [1, '#6d9647'],
      ],
      730,
      H,
    ),
  );
  for (let i = 0; i < 260; i++) {
    const y = s.rng.range(780, H);
    s.ellipse(
      s.rng.range(0, W),
      y,
      3 + (y - 780) / 60,
      2 + (y - 780) / 90,
      s.rng.pick(['#f6f1d0', '#f1c94f', '#d96aa0', '#ffffff', '#b9a4e0']),
      'opacity="0.85"',
    );
  }
  chalet(s, {
    x: 820,
    base: 920,
    scale: 1.0,
    lit: false,
    snow: false,
    timber: ['#9a6840', '#6d4529'],
    stone: '#8c8580',
    flowers: true,
  });
  pine(s, 1500, 960, 420, '#2a4431');
  pine(s, 110, 1000, 480, '#2a4431');
  vignette(s, 0.22);
}

/** Sunrise over a valley of mist, a chalet on the slope in the foreground. */
function chaletSunrise(s: Scene) {
  sky(
    s,
    [
      [0, '#7f95b8'],
      [0.5, '#e8c9b0'],
      [1, '#f7dcb4'],
    ],
    700,
  );
  glow(s, 1100, 430, 700, '#ffd59a', 0.6, 300);
  sunDisk(s, 1100, 430, 34, '#fff0cc');
  const layers: Array<[number, string]> = [
    [470, '#a7a9c0'],
    [540, '#8e93b0'],
    [610, '#727a9c'],
    [690, '#586486'],
  ];
  for (const [i, [y, color]] of layers.entries()) {
    mountains(s, {
      controls: [
        [-60, y + 40],
        [200 + i * 60, y - 60],
        [520, y + 10],
        [800 - i * 40, y - 90 + i * 10],
        [1150, y + 20],
        [1400, y - 50],
        [1660, y + 10],
      ],
      base: y + 160,
      fill: [
        [0, color],
        [1, color],
      ],
      roughness: 0.22,
      snow:
        i === 0
          ? {
              line: y - 40,
              stops: [
                [0, '#fbe6d6'],
                [1, '#d9c4c8'],
              ],
              depth: 40,
            }
          : undefined,
    });
    mist(s, y + 90, 90, '#f6e2cc', 0.55);
  }
  hill(
    s,
    [
      [-20, 820],
      [300, 760],
      [700, 800],
      [1100, 860],
      [1620, 880],
    ],
    H,
    s.linearAbs(
      [
        [0, '#eef0f6'],
        [1, '#c6cde0'],
      ],
      760,
      H,
    ),
  );
  chalet(s, {
    x: 300,
    base: 860,
    scale: 0.7,
    lit: true,
    snow: true,
    timber: ['#7a5038', '#523524'],
    stone: '#7a7680',
  });
  for (const [x, h] of [
    [120, 380],
    [720, 300],
    [800, 250],
    [1450, 460],
  ] as const)
    pine(s, x, 900 + h * 0.1, h, '#2b3146', '#eef1f8');
  vignette(s, 0.28);
}

// --- Private islands --------------------------------------------------------------------------

/** Midday from above the lagoon: the island, its reef and a line of over-water villas. */
function islandLagoon(s: Scene) {
  const horizon = 420;
  sky(
    s,
    [
      [0, '#4d9ed4'],
      [1, '#c5e6f4'],
    ],
    horizon,
  );
  cumulus(s, 300, 390, 0.8, '#ffffff', '#dce8f0');
  cumulus(s, 1300, 380, 1.0, '#ffffff', '#dce8f0');
  water(s, horizon, H, [
    [0, '#2a6fa6'],
    [0.3, '#2f86b5'],
    [1, '#2d95bd'],
  ]);
  // Lagoon, reef and island
  s.ellipse(
    760,
    700,
    820,
    260,
    s.radial([
      [0, '#a9efe2'],
      [0.55, '#5fd3d2'],
      [0.85, '#39b4c8'],
      [1, '#39b4c8', 0],
    ]),
  );
  s.ellipse(760, 700, 770, 236, 'none', 'stroke="#e9fbf6" stroke-opacity="0.22" stroke-width="10"');
  s.ellipse(760, 700, 770, 236, 'none', 'stroke="#ffffff" stroke-opacity="0.3" stroke-width="2"');
  s.ellipse(620, 650, 340, 92, '#f4ecd8');
  s.ellipse(610, 630, 300, 70, '#4b8a4e');
  for (let i = 0; i < 26; i++)
    shrub(
      s,
      360 + s.rng.range(0, 500),
      640 + s.rng.range(-30, 20),
      s.rng.range(24, 44),
      s.rng.pick(['#3f7b45', '#56934f', '#2f6a3c']),
      '#8cc47a',
    );
  for (let i = 0; i < 9; i++)
    palm(
      s,
      380 + i * 55 + s.rng.range(-10, 10),
      640 + s.rng.range(-10, 10),
      s.rng.range(110, 150),
      s.rng.range(-0.15, 0.15),
      '#6b5b48',
      '#2f6a3c',
      8,
    );
  // Jetty and over-water villas
  s.path('M900 690L1380 790L1384 798L896 698Z', '#c9ab84');
  for (const [i, [x, y]] of (
    [
      [1000, 735],
      [1120, 760],
      [1240, 786],
      [1360, 812],
    ] as const
  ).entries()) {
    overwaterVilla(s, {
      x,
      water: y,
      scale: 0.28 + i * 0.02,
      lit: false,
      thatch: ['#d6b27a', '#a9824f'],
      wall: '#f3ead9',
    });
  }
  ripples(s, horizon + 10, H, '#ffffff', 0.18, 90);
  vignette(s, 0.22);
}

/** Sunset through palm silhouettes over the ocean. */
function islandSunsetPalms(s: Scene) {
  const horizon = 650;
  sky(
    s,
    [
      [0, '#34426b'],
      [0.45, '#c06a5e'],
      [0.8, '#f2a25d'],
      [1, '#f9d48b'],
    ],
    horizon,
  );
  glow(s, 980, horizon, 760, '#ffc170', 0.6, 320);
  streakClouds(s, { y: 470, spread: 100, color: '#f7b07a', opacity: 0.5, count: 10 });
  sunDisk(s, 980, horizon - 8, 52, '#ffe6a8', horizon);
  water(s, horizon, H, [
    [0, '#f0a966'],
    [0.2, '#b8735e'],
    [0.6, '#5b4a63'],
    [1, '#2c2c47'],
  ]);
  glitter(s, 980, horizon + 2, H, '#ffe0a0', 0.9, 90);
  s.reflected(horizon, 0.25, () => {
    for (const [i, x] of [1180, 1290, 1400].entries()) {
      overwaterVilla(s, {
        x,
        water: horizon + 6,
        scale: 0.28 + i * 0.03,
        lit: true,
        thatch: ['#2a2333', '#2a2333'],
        wall: '#2a2333',
        dark: true,
      });
    }
  });
  s.path('M-20 1067L-20 900Q200 870 420 905Q560 930 640 1067Z', '#1d1a26');
  palm(s, 150, 1000, 820, 0.32, '#1a1722', '#1a1722', 10);
  palm(s, 330, 980, 620, 0.18, '#1f1b28', '#1f1b28', 9);
  palm(s, 1560, 1067, 700, -0.28, '#1a1722', '#1a1722', 9);
  vignette(s, 0.3);
}

/** Dusk among over-water villas with lit windows on still water. */
function islandOverwaterDusk(s: Scene) {
  const horizon = 560;
  sky(
    s,
    [
      [0, '#28305c'],
      [0.55, '#7b5f92'],
      [1, '#e6a08f'],
    ],
    horizon,
  );
  stars(s, 40, 200);
  glow(s, 500, horizon, 700, '#f2b092', 0.45, 200);
  streakClouds(s, { y: 420, spread: 70, color: '#eaa7a6', opacity: 0.4, count: 7 });
  water(s, horizon, H, [
    [0, '#d69a93'],
    [0.3, '#6d5b8a'],
    [1, '#1f2447'],
  ]);
  ripples(s, horizon + 4, H, '#f4c9b6', 0.2, 90);
  s.ellipse(250, horizon, 260, 14, '#2a2843');
  for (let i = 0; i < 5; i++)
    palm(
      s,
      130 + i * 60,
      horizon + 2,
      70 + s.rng.range(0, 20),
      s.rng.range(-0.2, 0.2),
      '#24223a',
      '#24223a',
      7,
    );
  // A boardwalk in perspective, villas growing towards the viewer
  s.path('M620 590L1620 820L1620 860L600 596Z', '#3a2f3b');
  const villas: Array<[number, number, number]> = [
    [700, 612, 0.22],
    [860, 652, 0.32],
    [1060, 712, 0.46],
    [1330, 800, 0.66],
  ];
  for (const [x, y, k] of villas) {
    s.reflected(y, 0.3, () =>
      overwaterVilla(s, {
        x,
        water: y,
        scale: k,
        lit: true,
        thatch: ['#6d5249', '#4b3733'],
        wall: '#b8a2a6',
      }),
    );
    for (let i = 0; i < 8; i++) {
      s.rect(
        x + 40 * k + s.rng.range(-10, 10),
        y + 10 + i * 14 * k + 20,
        s.rng.range(40, 90) * k,
        3,
        '#ffcf96',
        `opacity="${(0.4 * (1 - i / 8)).toFixed(2)}"`,
      );
    }
  }
  vignette(s, 0.32);
}

/** White sand, a leaning palm and the lagoon at midday. */
function islandBeach(s: Scene) {
  const horizon = 500;
  sky(
    s,
    [
      [0, '#3f93d1'],
      [1, '#cfe9f5'],
    ],
    horizon,
  );
  cumulus(s, 1200, 470, 0.9, '#ffffff', '#d8e6ef');
  cumulus(s, 520, 480, 0.6, '#ffffff', '#d8e6ef');
  water(s, horizon, 820, [
    [0, '#1f6fa8'],
    [0.35, '#2ea3bf'],
    [0.75, '#5fd1cf'],
    [1, '#a9ebdd'],
  ]);
  ripples(s, horizon + 4, 820, '#ffffff', 0.25, 90);
  // A far island
  s.ellipse(1250, horizon + 3, 170, 10, '#e8e2cf');
  s.ellipse(1250, horizon - 3, 150, 12, '#3f7b45');
  for (let i = 0; i < 5; i++)
    palm(
      s,
      1160 + i * 45,
      horizon - 2,
      50 + s.rng.range(0, 16),
      s.rng.range(-0.2, 0.2),
      '#5b4d3e',
      '#2f6a3c',
      7,
    );
  // Beach with a soft wet edge
  s.path(
    'M-20 800Q400 770 800 800T1620 790L1620 1067L-20 1067Z',
    s.linearAbs(
      [
        [0, '#efe5cf'],
        [1, '#e4d3b2'],
      ],
      780,
      H,
    ),
  );
  s.path(
    'M-20 800Q400 770 800 800T1620 790',
    'none',
    'stroke="#ffffff" stroke-opacity="0.8" stroke-width="6"',
  );
  s.ellipse(700, 960, 380, 30, '#c9b48e', 'opacity="0.5"');
  palm(s, 260, 1040, 920, 0.42, '#7a6550', '#2e6b3f', 11);
  // Daybed with a canopy
  s.ellipse(1240, 1012, 210, 16, '#b8a07a', 'opacity="0.4"');
  for (const px of [1076, 1396]) s.rect(px, 842, 9, 166, '#e4dccd');
  s.rect(1064, 834, 344, 14, '#fbf8f2');
  s.rect(1064, 846, 344, 4, '#e0d6c4');
  s.rect(1082, 990, 308, 16, '#d9cbb2');
  s.rect(1086, 956, 300, 36, '#fbf8f2');
  s.rect(1086, 986, 300, 6, '#ece4d6');
  s.ellipse(1150, 952, 46, 20, '#e7ddcc');
  s.ellipse(1236, 950, 46, 20, '#eadfcd');
  s.ellipse(1322, 952, 46, 20, '#e7ddcc');
  s.ellipse(1200, 962, 26, 12, '#6fb7c0');
  // Sheer curtains caught by the breeze
  s.path('M1066 850Q1046 930 1074 1004L1096 1004Q1074 930 1092 850Z', '#ffffff', 'opacity="0.7"');
  s.path('M1406 850Q1432 920 1414 1004L1392 1004Q1410 920 1380 850Z', '#ffffff', 'opacity="0.7"');
  vignette(s, 0.2);
}

/** Dawn: a jetty leads out over glassy water towards a villa and a palm island. */
function islandDawn(s: Scene) {
  const horizon = 600;
  sky(
    s,
    [
      [0, '#c3c8e4'],
      [0.6, '#f1d0c9'],
      [1, '#fbe5cd'],
    ],
    horizon,
  );
  glow(s, 1200, horizon - 20, 500, '#fff0d8', 0.6, 220);
  streakClouds(s, { y: 380, spread: 90, color: '#ffffff', opacity: 0.45, count: 9 });
  water(s, horizon, H, [
    [0, '#f6dcc9'],
    [0.35, '#b7c9d8'],
    [1, '#6f9ab6'],
  ]);
  glitter(s, 1200, horizon + 2, H, '#ffffff', 0.5, 60);
  s.reflected(horizon, 0.35, () => {
    s.ellipse(360, horizon, 300, 16, '#7a8a88');
    for (let i = 0; i < 9; i++)
      palm(
        s,
        150 + i * 50 + s.rng.range(-8, 8),
        horizon,
        80 + s.rng.range(0, 30),
        s.rng.range(-0.2, 0.2),
        '#5f6d6c',
        '#5f6d6c',
        7,
      );
  });
  s.reflected(690, 0.3, () =>
    overwaterVilla(s, {
      x: 860,
      water: 690,
      scale: 0.55,
      lit: false,
      thatch: ['#c6a67f', '#9a7b59'],
      wall: '#efe6d8',
    }),
  );
  // Jetty in perspective
  s.path('M700 1067L980 690L1010 690L860 1067Z', '#b69a7a');
  for (let i = 0; i < 22; i++) {
    const t = i / 22;
    const y = 690 + (1067 - 690) * t ** 1.6;
    const x0 = 980 - (980 - 700) * t ** 1.6;
    const x1 = 1010 - (1010 - 860) * t ** 1.6;
    s.rect(x0, y, x1 - x0, 1 + t * 3, '#7d6650', 'opacity="0.6"');
  }
  ripples(s, horizon + 10, H, '#ffffff', 0.25, 80);
  vignette(s, 0.22);
}

const def = (
  file: string,
  type: PropertyType,
  fits: readonly SceneKind[],
  draw: (s: Scene) => void,
): SceneSpec => ({ file, type, fits, draw });

export const SCENES: readonly SceneSpec[] = [
  def('villa-golden-hour', 'villa', ['sea'], villaGoldenHour),
  def('villa-blue-hour', 'villa', ['sea', 'country', 'lake', 'tropical'], villaBlueHour),
  def('villa-garden-morning', 'villa', ['sea', 'country', 'lake'], villaGardenMorning),
  def('villa-hills', 'villa', ['country', 'lake'], villaHills),
  def('villa-coast', 'villa', ['sea', 'lake'], villaCoast),
  def('chalet-winter-day', 'chalet', ['ski'], chaletWinterDay),
  def('chalet-alpenglow', 'chalet', ['ski'], chaletAlpenglow),
  def('chalet-night', 'chalet', ['ski'], chaletNight),
  def('chalet-summer', 'chalet', ['ski'], chaletSummer),
  def('chalet-sunrise', 'chalet', ['ski'], chaletSunrise),
  def('island-lagoon', 'private-island', ['tropical'], islandLagoon),
  def('island-sunset-palms', 'private-island', ['tropical'], islandSunsetPalms),
  def('island-overwater-dusk', 'private-island', ['tropical'], islandOverwaterDusk),
  def('island-beach', 'private-island', ['tropical'], islandBeach),
  def('island-dawn', 'private-island', ['tropical'], islandDawn),
];

/** Where the generated images live under UPLOAD_DIR, and their public URL prefix. */
export const DEMO_DIR = 'demo';
export const DEMO_URL_PREFIX = `/uploads/${DEMO_DIR}/`;
/**
 * Smaller copies of every image for cards and `srcset`: `<name>-640.webp` and `<name>-960.webp`
 * (a phone's card or a tablet's column: 960 serves ~370-550 CSS px at the usual 1.75-2.6 density).
 */
export const SMALL_WIDTH = 640;
export const MEDIUM_WIDTH = 960;
/** Every copy's width, smallest first (the 1600-wide original is `<name>.webp`). */
export const COPY_WIDTHS = [SMALL_WIDTH, MEDIUM_WIDTH] as const;

export const imageUrl = (scene: Pick<SceneSpec, 'file'>) => `${DEMO_URL_PREFIX}${scene.file}.webp`;

export function renderScene(spec: SceneSpec): string {
  const s = new Scene(mulberry32(hashString(spec.file)));
  spec.draw(s);
  return s.toString();
}

export { W as IMAGE_WIDTH, H as IMAGE_HEIGHT };
