import type { Rng } from './random';

/**
 * A tiny SVG scene builder for the demo images: gradients, soft light, land and water, trees and
 * minimal architecture. Everything is drawn from plain shapes so sharp (librsvg) renders it fast.
 */
export const W = 1600;
export const H = 1067;

export type Stop = readonly [offset: number, color: string, opacity?: number];
type Pt = readonly [number, number];

const f = (n: number) => (Math.round(n * 10) / 10).toString();
const stopsXml = (stops: readonly Stop[]) =>
  stops
    .map(
      ([o, c, op]) => `<stop offset="${o}" stop-color="${c}"${op == null ? '' : ` stop-opacity="${op}"`}/>`,
    )
    .join('');

export class Scene {
  private defs: string[] = [];
  private body: string[] = [];
  private n = 0;
  constructor(readonly rng: Rng) {}

  private id(prefix: string) {
    return `${prefix}${this.n++}`;
  }

  /** A linear gradient, vertical by default, in the filled shape's bounding box. */
  linear(stops: readonly Stop[], dir: { x1?: number; y1?: number; x2?: number; y2?: number } = {}): string {
    const id = this.id('l');
    const { x1 = 0, y1 = 0, x2 = 0, y2 = 1 } = dir;
    this.defs.push(
      `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${stopsXml(stops)}</linearGradient>`,
    );
    return `url(#${id})`;
  }

  /** A linear gradient in canvas coordinates (shared by several shapes). */
  linearAbs(stops: readonly Stop[], y1: number, y2: number, x1 = 0, x2 = 0): string {
    const id = this.id('la');
    this.defs.push(
      `<linearGradient id="${id}" gradientUnits="userSpaceOnUse" x1="${f(x1)}" y1="${f(y1)}" x2="${f(x2)}" y2="${f(y2)}">${stopsXml(stops)}</linearGradient>`,
    );
    return `url(#${id})`;
  }

  radial(stops: readonly Stop[], opts: { cx?: number; cy?: number; r?: number } = {}): string {
    const id = this.id('r');
    const { cx = 0.5, cy = 0.5, r = 0.5 } = opts;
    this.defs.push(
      `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}">${stopsXml(stops)}</radialGradient>`,
    );
    return `url(#${id})`;
  }

  add(xml: string) {
    this.body.push(xml);
  }

  rect(x: number, y: number, w: number, h: number, fill: string, extra = '') {
    this.add(`<rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" fill="${fill}" ${extra}/>`);
  }

  poly(points: readonly Pt[], fill: string, extra = '') {
    this.add(`<path d="${polyPath(points)}" fill="${fill}" ${extra}/>`);
  }

  path(d: string, fill: string, extra = '') {
    this.add(`<path d="${d}" fill="${fill}" ${extra}/>`);
  }

  ellipse(cx: number, cy: number, rx: number, ry: number, fill: string, extra = '') {
    this.add(`<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(rx)}" ry="${f(ry)}" fill="${fill}" ${extra}/>`);
  }

  /** Wraps what `draw` adds in a group (opacity, transform). */
  group(attrs: string, draw: () => void) {
    this.add(`<g ${attrs}>`);
    draw();
    this.add('</g>');
  }

  /** Adds what `draw` adds twice: once as is, once mirrored below `waterline` as a faint reflection. */
  reflected(waterline: number, opacity: number, draw: () => void) {
    const start = this.body.length;
    draw();
    const drawn = this.body.slice(start).join('');
    this.add(`<g opacity="${opacity}" transform="translate(0 ${f(2 * waterline)}) scale(1 -1)">${drawn}</g>`);
  }

  toString() {
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><defs>${this.defs.join('')}</defs>${this.body.join('')}</svg>`;
  }
}

export function polyPath(points: readonly Pt[], close = true): string {
  return points.map(([x, y], i) => `${i ? 'L' : 'M'}${f(x)} ${f(y)}`).join('') + (close ? 'Z' : '');
}

/** A smooth path through points (Catmull-Rom as cubic Béziers), optionally closed down to `baseY`. */
export function smoothPath(points: readonly Pt[], baseY?: number): string {
  let d = `M${f(points[0]![0])} ${f(points[0]![1])}`;
  for (let i = 0; i < points.length - 1; i++) {
    const p0 = points[i - 1] ?? points[i]!;
    const p1 = points[i]!;
    const p2 = points[i + 1]!;
    const p3 = points[i + 2] ?? p2;
    const c1: Pt = [p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6];
    const c2: Pt = [p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6];
    d += `C${f(c1[0])} ${f(c1[1])} ${f(c2[0])} ${f(c2[1])} ${f(p2[0])} ${f(p2[1])}`;
  }
  if (baseY != null) {
    d += `L${f(points[points.length - 1]![0])} ${f(baseY)}L${f(points[0]![0])} ${f(baseY)}Z`;
  }
  return d;
}

/** A jagged ridge through control points by midpoint displacement. */
export function ridge(rng: Rng, controls: readonly Pt[], roughness = 0.35, depth = 5): Pt[] {
  let pts: Pt[] = [...controls];
  for (let level = 0; level < depth; level++) {
    const next: Pt[] = [];
    for (let i = 0; i < pts.length - 1; i++) {
      const a = pts[i]!;
      const b = pts[i + 1]!;
      const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
      next.push(a, [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2 + (rng.next() - 0.5) * len * roughness]);
    }
    next.push(pts[pts.length - 1]!);
    pts = next;
  }
  return pts;
}

// ---------------------------------------------------------------------------------------------
// Sky, light and water
// ---------------------------------------------------------------------------------------------

export function sky(s: Scene, stops: readonly Stop[], bottom = H) {
  s.rect(0, 0, W, H, s.linearAbs(stops, 0, bottom));
}

/** A soft light halo (sun or moon glow, lamp light). */
export function glow(s: Scene, cx: number, cy: number, r: number, color: string, opacity: number, ry = r) {
  s.ellipse(
    cx,
    cy,
    r,
    ry,
    s.radial([
      [0, color, opacity],
      [0.25, color, opacity * 0.55],
      [0.6, color, opacity * 0.18],
      [1, color, 0],
    ]),
  );
}

export function sunDisk(s: Scene, cx: number, cy: number, r: number, color: string, clipBelow?: number) {
  const fill = s.radial([
    [0, '#ffffff', 1],
    [0.55, color, 1],
    [0.85, color, 0.85],
    [1, color, 0],
  ]);
  if (clipBelow != null) {
    const id = `sunclip${Math.round(cx)}${Math.round(cy)}`;
    s.add(`<clipPath id="${id}"><rect x="0" y="0" width="${W}" height="${f(clipBelow)}"/></clipPath>`);
    s.ellipse(cx, cy, r, r, fill, `clip-path="url(#${id})"`);
  } else s.ellipse(cx, cy, r, r, fill);
}

/** Long thin stratus streaks, lit from below in low sun. */
export function streakClouds(
  s: Scene,
  opts: {
    y: number;
    spread: number;
    color: string;
    opacity: number;
    count: number;
    x0?: number;
    x1?: number;
  },
) {
  const { rng } = s;
  for (let i = 0; i < opts.count; i++) {
    const cx = rng.range(opts.x0 ?? -100, opts.x1 ?? W + 100);
    const cy = opts.y + rng.range(-opts.spread, opts.spread);
    const rx = rng.range(140, 420);
    const ry = rng.range(5, 16);
    s.ellipse(
      cx,
      cy,
      rx,
      ry,
      s.radial([
        [0, opts.color, opts.opacity],
        [0.6, opts.color, opts.opacity * 0.5],
        [1, opts.color, 0],
      ]),
    );
  }
}

/** A soft cumulus made of overlapping puffs with a shaded base. */
export function cumulus(s: Scene, cx: number, cy: number, scale: number, light: string, shade: string) {
  const { rng } = s;
  const puffs: Array<[number, number, number]> = [];
  const n = 7 + rng.int(0, 4);
  for (let i = 0; i < n; i++) {
    const t = i / (n - 1);
    const x = cx + (t - 0.5) * 260 * scale + rng.range(-20, 20) * scale;
    const r = (40 + Math.sin(t * Math.PI) * 55 + rng.range(-10, 10)) * scale;
    puffs.push([x, cy - r * 0.55, r]);
  }
  const base = s.linearAbs(
    [
      [0, light, 1],
      [0.65, light, 1],
      [1, shade, 1],
    ],
    cy - 110 * scale,
    cy + 10 * scale,
  );
  s.group('opacity="0.9"', () => {
    for (const [x, y, r] of puffs) s.ellipse(x, y, r, r * 0.85, base);
    s.ellipse(cx, cy - 6 * scale, 150 * scale, 24 * scale, base);
  });
}

export function stars(s: Scene, count: number, maxY: number) {
  const { rng } = s;
  for (let i = 0; i < count; i++) {
    const r = rng.chance(0.1) ? rng.range(1.4, 2) : rng.range(0.5, 1.2);
    const y = maxY * rng.next() ** 1.4;
    s.ellipse(rng.range(0, W), y, r, r, '#ffffff', `opacity="${f(rng.range(0.25, 0.85))}"`);
  }
}

export function water(s: Scene, top: number, bottom: number, stops: readonly Stop[]) {
  s.rect(0, top, W, bottom - top, s.linearAbs(stops, top, bottom));
}

/** The sun's path on the water: short horizontal glints, widening and fading towards the viewer. */
export function glitter(
  s: Scene,
  x: number,
  top: number,
  bottom: number,
  color: string,
  opacity: number,
  width = 120,
) {
  const { rng } = s;
  const rows = Math.round((bottom - top) / 5);
  for (let i = 0; i < rows; i++) {
    const t = i / rows;
    const y = top + (bottom - top) * t ** 1.35;
    const spread = width * (0.25 + t * 1.6);
    const n = 1 + Math.floor(rng.range(0, 3));
    for (let k = 0; k < n; k++) {
      const cx = x + rng.range(-spread, spread) * rng.next();
      const w = rng.range(6, 40) * (1 - t * 0.4);
      const op = opacity * (1 - t * 0.85) * rng.range(0.35, 1);
      s.rect(cx - w / 2, y, w, 1.4 + t * 2.2, color, `opacity="${op.toFixed(3)}"`);
    }
  }
}

/** Faint horizontal ripples across a body of water. */
export function ripples(s: Scene, top: number, bottom: number, color: string, opacity: number, count = 90) {
  const { rng } = s;
  for (let i = 0; i < count; i++) {
    const t = rng.next();
    const y = top + (bottom - top) * t ** 1.6;
    const w = rng.range(30, 220) * (0.4 + t);
    s.rect(
      rng.range(-50, W),
      y,
      w,
      1 + t * 2.5,
      color,
      `opacity="${(opacity * rng.range(0.3, 1)).toFixed(3)}"`,
    );
  }
}

export function vignette(s: Scene, strength = 0.32) {
  const band = (
    x: number,
    y: number,
    w: number,
    h: number,
    dir: { x1?: number; y1?: number; x2?: number; y2?: number },
  ) =>
    s.rect(
      x,
      y,
      w,
      h,
      s.linear(
        [
          [0, '#000000', strength],
          [0.45, '#000000', strength * 0.3],
          [1, '#000000', 0],
        ],
        dir,
      ),
    );
  band(0, 0, 360, H, { x1: 0, y1: 0, x2: 1, y2: 0 });
  band(W - 360, 0, 360, H, { x1: 1, y1: 0, x2: 0, y2: 0 });
  band(0, 0, W, 220, { x1: 0, y1: 0, x2: 0, y2: 1 });
  band(0, H - 260, W, 260, { x1: 0, y1: 1, x2: 0, y2: 0 });
}

/** Horizontal bands of haze or mist. */
export function mist(s: Scene, y: number, height: number, color: string, opacity: number) {
  s.rect(
    -20,
    y - height / 2,
    W + 40,
    height,
    s.linear([
      [0, color, 0],
      [0.5, color, opacity],
      [1, color, 0],
    ]),
  );
}

// ---------------------------------------------------------------------------------------------
// Land
// ---------------------------------------------------------------------------------------------

export interface MountainOptions {
  controls: readonly Pt[];
  base: number;
  fill: readonly Stop[];
  roughness?: number;
  snow?: { line: number; stops: readonly Stop[]; depth?: number };
  shade?: { color: string; opacity: number; side?: 'left' | 'right' };
}

/** A mountain range with faceted shading and snow caps that follow the ridge. */
export function mountains(s: Scene, o: MountainOptions) {
  const { rng } = s;
  const pts = ridge(rng, o.controls, o.roughness ?? 0.32, 6);
  const top = Math.min(...pts.map((p) => p[1]));
  const outline: Pt[] = [...pts, [pts[pts.length - 1]![0], o.base], [pts[0]![0], o.base]];
  s.poly(outline, s.linearAbs(o.fill, top, o.base));

  if (o.snow) {
    const depth = o.snow.depth ?? 140;
    const lower: Pt[] = pts.map(([x, y]) => {
      const line = o.snow!.line + Math.sin(x / 37) * 14 + Math.sin(x / 11) * 6 + rng.range(-4, 4);
      const bottom = Math.min(Math.max(y, line), y + depth * (0.8 + 0.2 * Math.sin(x / 53)));
      return [x, bottom];
    });
    const snowPts: Pt[] = [...pts, ...lower.reverse()];
    s.poly(snowPts, s.linearAbs(o.snow.stops, top, o.snow.line + 40));
  }

  if (o.shade) {
    // Faces turned away from the light: from each peak along the ridge to the next valley, down a
    // slanting line to the foot of the range, and back up a jagged fall line to the peak.
    const dir = (o.shade.side ?? 'right') === 'right' ? 1 : -1;
    const c = o.controls;
    for (let i = 1; i < c.length - 1; i++) {
      const [px, py] = c[i]!;
      if (!(py < c[i - 1]![1] && py < c[i + 1]![1])) continue;
      const valley = c[i + dir]!;
      const beyond = c[i + 2 * dir] ?? [valley[0] + dir * 120, valley[1]];
      const [vx] = valley;
      const along = pts.filter(([x]) => (dir > 0 ? x >= px && x <= vx : x <= px && x >= vx));
      if (dir < 0) along.reverse();
      const height = o.base - py;
      const footX = px + dir * height * rng.range(0.05, 0.25);
      const valleyFoot = vx + (beyond[0] - vx) * 0.35;
      const fall = ridge(
        rng,
        [
          [footX, o.base],
          [px, py],
        ],
        0.1,
        4,
      );
      const fade = s.linearAbs(
        [
          [0, o.shade.color, o.shade.opacity],
          [0.55, o.shade.color, o.shade.opacity * 0.7],
          [1, o.shade.color, 0],
        ],
        py,
        o.base,
      );
      s.poly([...along, [valleyFoot, o.base], ...fall], fade);
    }
  }
}

/** Rolling hills: a smooth silhouette through `points`, filled down to `base`. */
export function hill(s: Scene, points: readonly Pt[], base: number, fill: string, extra = '') {
  s.path(smoothPath(points, base), fill, extra);
}

// ---------------------------------------------------------------------------------------------
// Trees
// ---------------------------------------------------------------------------------------------

/** A conifer: jagged tiers widening downwards; optional snow on the tiers. */
export function pine(s: Scene, x: number, y: number, h: number, color: string, snow?: string) {
  const { rng } = s;
  const tiers = 6 + Math.floor(h / 60);
  const w = h * 0.36;
  const left: Pt[] = [];
  const right: Pt[] = [];
  for (let i = 0; i <= tiers; i++) {
    const t = i / tiers;
    const ty = y - h + h * 0.92 * t;
    const tw = w * (0.08 + 0.92 * t) * rng.range(0.85, 1.1);
    right.push([x + tw, ty + h * 0.05], [x + tw * 0.45, ty + h * 0.04]);
    left.push([x - tw * rng.range(0.9, 1.05), ty + h * 0.05], [x - tw * 0.45, ty + h * 0.04]);
  }
  const outline: Pt[] = [[x, y - h], ...right, [x + w * 0.1, y], [x - w * 0.1, y], ...left.reverse()];
  s.rect(x - h * 0.025, y - h * 0.08, h * 0.05, h * 0.08, '#2a211b');
  s.poly(outline, color);
  if (snow) {
    for (let i = 1; i <= tiers; i += 2) {
      const t = i / tiers;
      const ty = y - h + h * 0.92 * t + h * 0.045;
      const tw = w * (0.08 + 0.92 * t);
      s.poly(
        [
          [x - tw * 0.95, ty],
          [x - tw * 0.5, ty - h * 0.03],
          [x - tw * 0.05, ty - h * 0.022],
          [x - tw * 0.2, ty - h * 0.012],
          [x - tw * 0.6, ty - h * 0.01],
        ],
        snow,
        'opacity="0.75"',
      );
    }
  }
}

export function cypress(s: Scene, x: number, y: number, h: number, color: string) {
  const w = h * 0.11;
  s.path(
    `M${f(x)} ${f(y - h)}C${f(x + w * 0.9)} ${f(y - h * 0.7)} ${f(x + w * 1.15)} ${f(y - h * 0.25)} ${f(x + w * 0.5)} ${f(y)}L${f(x - w * 0.5)} ${f(y)}C${f(x - w * 1.1)} ${f(y - h * 0.3)} ${f(x - w * 0.8)} ${f(y - h * 0.72)} ${f(x)} ${f(y - h)}Z`,
    color,
  );
}

/** A Mediterranean umbrella pine: a thin leaning trunk under a flat, wide canopy. */
export function umbrellaPine(s: Scene, x: number, y: number, h: number, color: string, light: string) {
  const { rng } = s;
  const topX = x - h * 0.18;
  const topY = y - h;
  const tw = h * 0.016;
  s.path(
    `M${f(x - tw * 1.4)} ${f(y)}Q${f(x - h * 0.02)} ${f(y - h * 0.5)} ${f(topX - tw * 0.5)} ${f(topY + 30)}L${f(topX + tw * 0.7)} ${f(topY + 30)}Q${f(x + h * 0.04)} ${f(y - h * 0.5)} ${f(x + tw * 1.4)} ${f(y)}Z`,
    '#2b241f',
  );
  const blobs: Array<[number, number, number, number]> = [];
  for (let i = 0; i < 14; i++) {
    const t = i / 13;
    const bx = topX + (t - 0.5) * h * 0.95 + rng.range(-25, 25);
    const by = topY + rng.range(-22, 18) - Math.sin(t * Math.PI) * 18;
    blobs.push([bx, by, rng.range(80, 140) * (h / 700), rng.range(30, 52) * (h / 700)]);
  }
  for (const [bx, by, rx, ry] of blobs) s.ellipse(bx, by, rx, ry, color);
  for (const [bx, by, rx, ry] of blobs.slice(2, 12))
    s.ellipse(bx - rx * 0.15, by - ry * 0.45, rx * 0.6, ry * 0.45, light, 'opacity="0.45"');
}

/** A rounded shrub or olive crown. */
export function shrub(s: Scene, x: number, y: number, r: number, color: string, light?: string) {
  const { rng } = s;
  const n = 5 + rng.int(0, 3);
  for (let i = 0; i < n; i++) {
    const a = (i / n) * Math.PI - Math.PI;
    s.ellipse(
      x + Math.cos(a) * r * 0.6,
      y + Math.sin(a) * r * 0.45,
      r * rng.range(0.45, 0.65),
      r * rng.range(0.35, 0.5),
      color,
    );
  }
  s.ellipse(x, y - r * 0.1, r * 0.7, r * 0.5, color);
  if (light) s.ellipse(x - r * 0.2, y - r * 0.4, r * 0.45, r * 0.25, light, 'opacity="0.35"');
}

export function olive(s: Scene, x: number, y: number, h: number, color: string, light: string) {
  s.path(
    `M${f(x - h * 0.05)} ${f(y)}C${f(x - h * 0.01)} ${f(y - h * 0.2)} ${f(x - h * 0.09)} ${f(y - h * 0.35)} ${f(x - h * 0.04)} ${f(y - h * 0.55)}L${f(x + h * 0.03)} ${f(y - h * 0.55)}C${f(x + h * 0.07)} ${f(y - h * 0.38)} ${f(x + h * 0.01)} ${f(y - h * 0.2)} ${f(x + h * 0.06)} ${f(y)}Z`,
    '#4a3f33',
  );
  s.path(
    `M${f(x - h * 0.02)} ${f(y - h * 0.4)}Q${f(x - h * 0.12)} ${f(y - h * 0.5)} ${f(x - h * 0.2)} ${f(y - h * 0.58)}`,
    'none',
    `stroke="#4a3f33" stroke-width="${f(h * 0.025)}" stroke-linecap="round"`,
  );
  shrub(s, x - h * 0.2, y - h * 0.6, h * 0.26, color, light);
  shrub(s, x + h * 0.18, y - h * 0.64, h * 0.25, color, light);
  shrub(s, x - h * 0.02, y - h * 0.78, h * 0.28, color, light);
}

/** A coconut palm: a tapering curved trunk and feathered fronds. */
export function palm(
  s: Scene,
  x: number,
  y: number,
  h: number,
  lean: number,
  trunk: string,
  leaf: string,
  fronds = 9,
) {
  const { rng } = s;
  const tx = x + lean * h;
  const ty = y - h;
  const cx = x + lean * h * 0.15;
  const cy = y - h * 0.55;
  const w0 = h * 0.035;
  const w1 = h * 0.018;
  s.path(
    `M${f(x - w0)} ${f(y)}Q${f(cx - w0)} ${f(cy)} ${f(tx - w1)} ${f(ty)}L${f(tx + w1)} ${f(ty)}Q${f(cx + w0)} ${f(cy)} ${f(x + w0)} ${f(y)}Z`,
    trunk,
  );
  for (let i = 0; i < fronds; i++) {
    const base = (i / fronds) * Math.PI * 2 + rng.range(-0.2, 0.2);
    // Fronds fan out sideways and droop; upward ones are shorter.
    const dx = Math.cos(base);
    const dy = Math.sin(base) * 0.45 - 0.15;
    const len = h * rng.range(0.32, 0.42) * (dy < -0.3 ? 0.7 : 1);
    const ex = tx + dx * len;
    const ey = ty + dy * len + len * 0.35;
    const mx = tx + dx * len * 0.55;
    const my = ty + dy * len * 0.5 - len * 0.12;
    const spine = `M${f(tx)} ${f(ty)}Q${f(mx)} ${f(my)} ${f(ex)} ${f(ey)}`;
    s.path(
      spine,
      'none',
      `stroke="${leaf}" stroke-width="${f(Math.max(1.5, h * 0.006))}" stroke-linecap="round"`,
    );
    // Leaflets as thin blades along the spine, longest mid-frond, swept back and drooping.
    let blades = '';
    const steps = Math.max(12, Math.min(34, Math.round(h / 26)));
    const at = (t: number) => {
      const px = (1 - t) ** 2 * tx + 2 * (1 - t) * t * mx + t * t * ex;
      const py = (1 - t) ** 2 * ty + 2 * (1 - t) * t * my + t * t * ey;
      const gx = 2 * (1 - t) * (mx - tx) + 2 * t * (ex - mx);
      const gy = 2 * (1 - t) * (my - ty) + 2 * t * (ey - my);
      const gl = Math.hypot(gx, gy) || 1;
      return { px, py, ux: gx / gl, uy: gy / gl };
    };
    for (let k = 1; k <= steps; k++) {
      const t = k / (steps + 1);
      const a = at(t);
      const b = at(Math.min(1, t + 0.9 / (steps + 1)));
      const ll = h * (0.11 * Math.sin(Math.PI * Math.min(1, t * 1.05)) + 0.015) * rng.range(0.85, 1.1);
      for (const side of [-1, 1]) {
        const dxl = -a.uy * side * 0.62 + a.ux * 0.55;
        const dyl = a.ux * side * 0.62 + a.uy * 0.55 + 0.5;
        const norm = Math.hypot(dxl, dyl) || 1;
        const lx = a.px + (dxl / norm) * ll;
        const ly = a.py + (dyl / norm) * ll;
        blades += `M${f(a.px)} ${f(a.py)}L${f(lx)} ${f(ly)}L${f(b.px)} ${f(b.py)}Z`;
      }
    }
    s.path(blades, leaf);
  }
  s.ellipse(tx, ty + h * 0.01, h * 0.02, h * 0.015, trunk);
}

// ---------------------------------------------------------------------------------------------
// Architecture
// ---------------------------------------------------------------------------------------------

export interface Glass {
  /** Day glass reflects the sky; lit glass glows warm from inside. */
  lit: boolean;
}

function glazing(s: Scene, x: number, y: number, w: number, h: number, g: Glass, mullion: number) {
  const fill = g.lit
    ? s.linear([
        [0, '#ffe8c2'],
        [0.55, '#f8c98a'],
        [1, '#e59a55'],
      ])
    : s.linear([
        [0, '#8aa0b2'],
        [0.45, '#4d6172'],
        [1, '#2c3a46'],
      ]);
  s.rect(x, y, w, h, fill);
  if (!g.lit) {
    s.poly(
      [
        [x + w * 0.1, y + h],
        [x + w * 0.28, y],
        [x + w * 0.36, y],
        [x + w * 0.18, y + h],
      ],
      '#ffffff',
      'opacity="0.1"',
    );
  }
  for (let mx = x + mullion; mx < x + w - 4; mx += mullion)
    s.rect(mx - 1.5, y, 3, h, g.lit ? '#b9834f' : '#26323c', 'opacity="0.8"');
}

/** A contemporary villa elevation: white stacked volumes, thin roof slabs, big glazing. */
export function modernVilla(
  s: Scene,
  o: { x: number; base: number; scale: number; lit: boolean; wall: string; shadow: string; slab: string },
) {
  const k = o.scale;
  const X = (v: number) => o.x + v * k;
  const Y = (v: number) => o.base - v * k;
  /** A storey's wall from `x` up to `top`, shaded on its right edge. */
  const storey = (x: number, top: number, width: number, height: number, shade: number) => {
    s.rect(X(x), Y(top), width * k, height * k, o.wall);
    s.rect(X(x + width - shade), Y(top), shade * k, height * k, o.shadow, 'opacity="0.6"');
  };
  /** A 16-high slab resting on `top`, with the soft shadow it casts down the wall. */
  const slab = (x: number, top: number, width: number, shadow: number, opacity: number) => {
    s.rect(X(x), Y(top + 16), width * k, 16 * k, o.slab);
    s.rect(
      X(x),
      Y(top),
      width * k,
      shadow * k,
      s.linear([
        [0, '#000000', opacity],
        [1, '#000000', 0],
      ]),
    );
  };
  // Ground floor
  storey(0, 180, 520, 180, 12);
  glazing(s, X(40), Y(160), 300 * k, 150 * k, { lit: o.lit }, 75 * k);
  glazing(s, X(372), Y(160), 110 * k, 150 * k, { lit: o.lit }, 55 * k);
  slab(-30, 180, 600, 14, 0.22);
  // Upper floor, set back, with a terrace and glass balustrade
  storey(90, 330, 330, 134, 10);
  glazing(s, X(120), Y(312), 260 * k, 104 * k, { lit: o.lit }, 65 * k);
  slab(60, 330, 400, 12, 0.2);
  s.rect(X(430), Y(214), 140 * k, 2.5 * k, o.slab);
  for (let i = 0; i <= 7; i++) s.rect(X(430 + i * 20), Y(214), 2 * k, 18 * k, o.slab, 'opacity="0.8"');
  // Pergola over the terrace
  for (let i = 0; i < 7; i++) s.rect(X(-30 + i * 22), Y(300), 5 * k, 104 * k, o.slab, 'opacity="0.9"');
  s.rect(X(-30), Y(304), 150 * k, 8 * k, o.slab);
  if (o.lit) {
    glow(s, X(200), Y(90), 260 * k, '#ffc985', 0.28, 110 * k);
    glow(s, X(250), Y(260), 200 * k, '#ffc985', 0.18, 80 * k);
  }
}

/** A stone farmhouse with a terracotta roof and a dovecote tower (Tuscany, Provence). */
export function farmhouse(s: Scene, x: number, base: number, k: number, light: string, shade: string) {
  const X = (v: number) => x + v * k;
  const Y = (v: number) => base - v * k;
  const wall = s.linear(
    [
      [0, light],
      [1, shade],
    ],
    { x1: 0, y1: 0, x2: 1, y2: 0.3 },
  );
  s.rect(X(0), Y(120), 260 * k, 120 * k, wall);
  s.rect(X(180), Y(200), 70 * k, 200 * k, wall);
  s.poly(
    [
      [X(-10), Y(118)],
      [X(20), Y(150)],
      [X(175), Y(150)],
      [X(185), Y(118)],
    ],
    '#b5603d',
  );
  s.poly(
    [
      [X(172), Y(198)],
      [X(215), Y(226)],
      [X(258), Y(198)],
    ],
    '#a4553a',
  );
  s.rect(X(252), Y(118), 30 * k, 3 * k, '#9c4d33');
  s.rect(X(182), Y(200), 66 * k, 4 * k, '#00000022');
  for (const [wx, wy] of [
    [30, 85],
    [80, 85],
    [130, 85],
    [30, 40],
    [80, 40],
    [200, 165],
    [200, 120],
    [200, 75],
  ] as const) {
    s.rect(X(wx), Y(wy), 16 * k, 24 * k, '#5b4a3b');
    s.rect(X(wx) - 2 * k, Y(wy), 4 * k, 24 * k, '#7b8a6a', 'opacity="0.8"');
    s.rect(X(wx) + 14 * k, Y(wy), 4 * k, 24 * k, '#7b8a6a', 'opacity="0.8"');
  }
  s.rect(X(120), Y(38), 34 * k, 38 * k, '#6a4a35');
}

/** A timber chalet with a stone base, balconies and a deep gable roof (snow optional). */
export function chalet(
  s: Scene,
  o: {
    x: number;
    base: number;
    scale: number;
    lit: boolean;
    snow: boolean;
    timber: readonly [string, string];
    stone: string;
    flowers?: boolean;
  },
) {
  const k = o.scale;
  const X = (v: number) => o.x + v * k;
  const Y = (v: number) => o.base - v * k;
  const w = 480;
  // Stone base
  s.rect(
    X(0),
    Y(120),
    w * k,
    120 * k,
    s.linear([
      [0, o.stone],
      [1, '#4f4b48'],
    ]),
  );
  for (let i = 0; i < 26; i++) {
    const sx = X(s.rng.range(4, w - 30));
    const sy = Y(s.rng.range(10, 110));
    s.rect(sx, sy, s.rng.range(16, 34) * k, s.rng.range(8, 14) * k, '#ffffff', 'opacity="0.06"');
  }
  // Timber upper floors
  s.rect(
    X(0),
    Y(330),
    w * k,
    210 * k,
    s.linear([
      [0, o.timber[0]],
      [1, o.timber[1]],
    ]),
  );
  for (let py = 128; py < 330; py += 14) s.rect(X(0), Y(py), w * k, 1.6 * k, '#000000', 'opacity="0.18"');
  // Gable
  const eave = 330;
  const ridgeH = 470;
  s.poly(
    [
      [X(0), Y(eave)],
      [X(w / 2), Y(ridgeH - 18)],
      [X(w), Y(eave)],
    ],
    o.timber[0],
  );
  for (let py = eave + 12; py < ridgeH - 30; py += 14) {
    const half = ((ridgeH - 18 - py) / (ridgeH - 18 - eave)) * (w / 2);
    s.rect(X(w / 2 - half), Y(py), 2 * half * k, 1.6 * k, '#000000', 'opacity="0.18"');
  }
  // Windows (ground, first floor, gable)
  const win = (wx: number, wy: number, ww: number, wh: number) => {
    s.rect(X(wx) - 5 * k, Y(wy) - 5 * k, (ww + 10) * k, (wh + 10) * k, '#3a2a1f');
    glazing(s, X(wx), Y(wy), ww * k, wh * k, { lit: o.lit }, (ww / 2) * k);
  };
  win(40, 100, 120, 80);
  win(320, 100, 120, 80);
  win(40, 300, 90, 110);
  win(195, 300, 90, 110);
  win(350, 300, 90, 110);
  win(200, 420, 80, 70);
  // Balcony
  s.rect(X(-20), Y(196), (w + 40) * k, 10 * k, '#3d2b1f');
  for (let bx = -16; bx < w + 20; bx += 12) s.rect(X(bx), Y(250), 6 * k, 54 * k, '#5a3e2b');
  s.rect(X(-20), Y(254), (w + 40) * k, 6 * k, '#3d2b1f');
  if (o.flowers) {
    for (let bx = -10; bx < w + 10; bx += 9) {
      s.ellipse(
        X(bx),
        Y(258) + s.rng.range(-4, 2) * k,
        5 * k,
        5 * k,
        s.rng.pick(['#c0392b', '#d9534f', '#e0607e', '#a93226']),
      );
    }
  }
  // Roof: deep overhang, dark underside, optional thick snow
  const ov = 60;
  s.poly(
    [
      [X(-ov), Y(eave - 26)],
      [X(w / 2), Y(ridgeH)],
      [X(w + ov), Y(eave - 26)],
      [X(w + ov), Y(eave - 8)],
      [X(w / 2), Y(ridgeH + 22)],
      [X(-ov), Y(eave - 8)],
    ],
    '#3a2a20',
  );
  if (o.snow) {
    s.path(
      `M${f(X(-ov - 6))} ${f(Y(eave - 10))}L${f(X(w / 2))} ${f(Y(ridgeH + 24))}L${f(X(w + ov + 6))} ${f(Y(eave - 10))}Q${f(X(w + ov + 12))} ${f(Y(eave - 24))} ${f(X(w + ov - 4))} ${f(Y(eave - 28))}L${f(X(w / 2))} ${f(Y(ridgeH + 52))}L${f(X(-ov + 4))} ${f(Y(eave - 28))}Q${f(X(-ov - 12))} ${f(Y(eave - 24))} ${f(X(-ov - 6))} ${f(Y(eave - 10))}Z`,
      s.linear(
        [
          [0, '#ffffff'],
          [1, '#dfe7f1'],
        ],
        { x1: 0, y1: 0, x2: 1, y2: 0 },
      ),
    );
  } else {
    s.poly(
      [
        [X(-ov - 4), Y(eave - 8)],
        [X(w / 2), Y(ridgeH + 24)],
        [X(w + ov + 4), Y(eave - 8)],
        [X(w + ov), Y(eave - 2)],
        [X(w / 2), Y(ridgeH + 34)],
        [X(-ov), Y(eave - 2)],
      ],
      '#5d5b5c',
    );
  }
  // Chimney
  s.rect(X(340), Y(ridgeH + 10), 30 * k, 60 * k, o.stone);
  if (o.snow) s.rect(X(336), Y(ridgeH + 16), 38 * k, 10 * k, '#f4f7fb');
  if (o.lit) {
    glow(s, X(w / 2), Y(40), 420 * k, '#ffc27a', 0.3, 90 * k);
    glow(s, X(w / 2), Y(280), 300 * k, '#ffc27a', 0.15, 90 * k);
  }
}

/** A thatched over-water villa on stilts with its deck. */
export function overwaterVilla(
  s: Scene,
  o: {
    x: number;
    water: number;
    scale: number;
    lit: boolean;
    thatch: readonly [string, string];
    wall: string;
    dark?: boolean;
  },
) {
  const k = o.scale;
  const X = (v: number) => o.x + v * k;
  const Y = (v: number) => o.water - v * k;
  const stilt = o.dark ? '#1d1b24' : '#5a4636';
  for (let sx = 0; sx <= 300; sx += 50) s.rect(X(sx), Y(40), 5 * k, 40 * k, stilt);
  s.rect(X(-30), Y(46), 360 * k, 8 * k, o.dark ? '#26232e' : '#8a6a4d');
  s.rect(X(20), Y(150), 220 * k, 104 * k, o.wall);
  const winLit = (wx: number, ww: number) =>
    glazing(s, X(wx), Y(130), ww * k, 74 * k, { lit: o.lit }, (ww / 2) * k);
  winLit(40, 80);
  winLit(150, 70);
  s.poly(
    [
      [X(-20), Y(146)],
      [X(60), Y(230)],
      [X(200), Y(230)],
      [X(280), Y(146)],
    ],
    s.linear([
      [0, o.thatch[0]],
      [1, o.thatch[1]],
    ]),
  );
  for (let i = 0; i < 12; i++) {
    const t = i / 11;
    s.path(
      `M${f(X(60 + t * 140))} ${f(Y(230))}L${f(X(-20 + t * 300))} ${f(Y(146))}`,
      'none',
      `stroke="#000000" stroke-opacity="0.1" stroke-width="${f(1.5 * k)}"`,
    );
  }
  if (o.lit) glow(s, X(130), Y(90), 220 * k, '#ffc27a', 0.35, 80 * k);
}
