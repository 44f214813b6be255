/**
 * A small drawing kit for the demo unit photos (scripts/generate-unit-photos.ts): a camera that
 * projects metres to pixels (level, so verticals stay vertical, as architectural photographers
 * shoot), boxes and cylinders with light-dependent shading, gradients, blurred contact shadows and
 * light patches, all written as one SVG. Nothing here is a picture from elsewhere: every image is
 * drawn from these shapes.
 */

export type Vec3 = readonly [number, number, number];
export type Pt = readonly [number, number];
export type Stop = readonly [offset: number, color: string, opacity?: number];

export interface CameraSpec {
  /** Eye position in metres: x to the right, y up, z away from the camera. */
  position: Vec3;
  /** Turn to the right in degrees (0 looks straight along +z). */
  yaw?: number;
  /** Horizontal field of view in degrees. */
  fov: number;
  /** Where the eye level (the horizon) lies, as a fraction of the height from the top. */
  horizon?: number;
}

/** The design space; the generator rasterises it at any size (the SVG has a viewBox). */
export const WIDTH = 1200;
export const HEIGHT = 800;
const NEAR = 0.05;

// ---------------------------------------------------------------------------------------------
// Colour
// ---------------------------------------------------------------------------------------------

function rgb(hex: string): [number, number, number] {
  const h = hex.replace('#', '');
  const n = parseInt(h.length === 3 ? [...h].map((c) => c + c).join('') : h, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function hex([r, g, b]: readonly number[]): string {
  const c = (v: number) =>
    Math.max(0, Math.min(255, Math.round(v)))
      .toString(16)
      .padStart(2, '0');
  return `#${c(r!)}${c(g!)}${c(b!)}`;
}

/** `color` with its brightness multiplied (1 = unchanged). */
export function shade(color: string, factor: number): string {
  return hex(rgb(color).map((v) => v * factor));
}

/** `a` blended towards `b` by `t` (0 = a, 1 = b). */
export function mix(a: string, b: string, t: number): string {
  const x = rgb(a);
  const y = rgb(b);
  return hex(x.map((v, i) => v + (y[i]! - v) * t));
}

// ---------------------------------------------------------------------------------------------
// Randomness (deterministic, so a re-run draws the same pictures)
// ---------------------------------------------------------------------------------------------

export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// ---------------------------------------------------------------------------------------------
// Vectors
// ---------------------------------------------------------------------------------------------

export const add = (a: Vec3, b: Vec3): Vec3 => [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
export const sub = (a: Vec3, b: Vec3): Vec3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
export const scale = (a: Vec3, k: number): Vec3 => [a[0] * k, a[1] * k, a[2] * k];
export const dot = (a: Vec3, b: Vec3) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
export function normalize(a: Vec3): Vec3 {
  const l = Math.hypot(a[0], a[1], a[2]) || 1;
  return [a[0] / l, a[1] / l, a[2] / l];
}

const f1 = (n: number) => (Math.round(n * 10) / 10).toString();

export function pathOf(points: readonly Pt[]): string {
  return `M${points.map(([x, y]) => `${f1(x)} ${f1(y)}`).join('L')}Z`;
}

export interface Attrs {
  opacity?: number;
  filter?: string;
  stroke?: string;
  strokeWidth?: number;
  blend?: 'screen' | 'multiply' | 'soft-light' | 'overlay';
  clip?: string;
}

function attrs(a: Attrs = {}): string {
  let out = '';
  if (a.opacity !== undefined) out += ` opacity="${a.opacity}"`;
  if (a.filter) out += ` filter="${a.filter}"`;
  if (a.stroke) out += ` stroke="${a.stroke}" stroke-width="${a.strokeWidth ?? 1}" stroke-linejoin="round"`;
  if (a.blend) out += ` style="mix-blend-mode:${a.blend}"`;
  if (a.clip) out += ` clip-path="${a.clip}"`;
  return out;
}

export interface BoxFaces {
  /** One colour for every face, shaded by the light; a face listed below overrides it. */
  color: string;
  top?: string;
  front?: string;
  side?: string;
  /** Darken each side face towards its foot (occlusion near the floor). */
  foot?: number;
  /** Never draw the underside (a slab resting on a wall, whose underside the wall hides). */
  solidBelow?: boolean;
  attrs?: Attrs;
}

/** A scene: one camera, one light direction, the SVG it builds. */
export class Scene {
  readonly w = WIDTH;
  readonly h = HEIGHT;
  readonly cam: Vec3;
  private readonly yaw: number;
  private readonly focal: number;
  private readonly horizonY: number;
  private readonly defs: string[] = [];
  private readonly body: string[] = [];
  private ids = 0;
  /** Towards the main light (a window, the sun); faces turned to it are brighter. */
  light: Vec3 = normalize([-0.6, 0.7, -0.3]);
  ambient = 0.64;

  constructor(spec: CameraSpec) {
    this.cam = spec.position;
    this.yaw = ((spec.yaw ?? 0) * Math.PI) / 180;
    this.focal = this.w / 2 / Math.tan(((spec.fov / 2) * Math.PI) / 180);
    this.horizonY = this.h * (spec.horizon ?? 0.5);
    this.defs.push(
      ...[0.6, 1.5, 4, 10, 22].map(
        (s, i) =>
          `<filter id="b${i}" x="-40%" y="-40%" width="180%" height="180%"><feGaussianBlur stdDeviation="${s}"/></filter>`,
      ),
    );
  }

  /** Blur filters from hair-fine (0) to wide (4). */
  blur(level: 0 | 1 | 2 | 3 | 4): string {
    return `url(#b${level})`;
  }

  get horizon(): number {
    return this.horizonY;
  }

  /** Camera space: x right, y up, z depth. */
  view(p: Vec3): Vec3 {
    const dx = p[0] - this.cam[0];
    const dz = p[2] - this.cam[2];
    const c = Math.cos(this.yaw);
    const s = Math.sin(this.yaw);
    return [dx * c - dz * s, p[1] - this.cam[1], dx * s + dz * c];
  }

  private screen(v: Vec3): Pt {
    return [this.w / 2 + (this.focal * v[0]) / v[2], this.horizonY - (this.focal * v[1]) / v[2]];
  }

  /** A point on screen (null behind the camera). */
  project(p: Vec3): Pt | null {
    const v = this.view(p);
    return v[2] <= NEAR ? null : this.screen(v);
  }

  /** Pixels per metre at a point's depth. */
  scaleAt(p: Vec3): number {
    return this.focal / Math.max(NEAR, this.view(p)[2]);
  }

  /** A polygon on screen, cut at the near plane. */
  projectPolygon(points: readonly Vec3[]): Pt[] {
    const vs = points.map((p) => this.view(p));
    const out: Vec3[] = [];
    for (let i = 0; i < vs.length; i++) {
      const a = vs[i]!;
      const b = vs[(i + 1) % vs.length]!;
      const ina = a[2] > NEAR;
      const inb = b[2] > NEAR;
      if (ina) out.push(a);
      if (ina !== inb) {
        const t = (NEAR - a[2]) / (b[2] - a[2]);
        out.push([a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, NEAR]);
      }
    }
    return out.map((v) => this.screen(v));
  }

  id(prefix: string): string {
    this.ids += 1;
    return `${prefix}${this.ids}`;
  }

  def(markup: string): void {
    this.defs.push(markup);
  }

  raw(markup: string): void {
    this.body.push(markup);
  }

  private stops(stops: readonly Stop[]): string {
    return stops
      .map(
        ([o, c, a]) =>
          `<stop offset="${o}" stop-color="${c}"${a === undefined || a === 1 ? '' : ` stop-opacity="${a}"`}/>`,
      )
      .join('');
  }

  /** A gradient along a screen line. */
  linear(from: Pt, to: Pt, stops: readonly Stop[]): string {
    const id = this.id('l');
    this.def(
      `<linearGradient id="${id}" gradientUnits="userSpaceOnUse" x1="${f1(from[0])}" y1="${f1(from[1])}" x2="${f1(to[0])}" y2="${f1(to[1])}">${this.stops(stops)}</linearGradient>`,
    );
    return `url(#${id})`;
  }

  /** A radial gradient in screen space, optionally squashed vertically (`ry / r`). */
  radial(center: Pt, r: number, stops: readonly Stop[], squash = 1): string {
    const id = this.id('r');
    const transform =
      squash === 1 ? '' : ` gradientTransform="translate(0 ${f1(center[1] * (1 - squash))}) scale(1 ${squash})"`;
    this.def(
      `<radialGradient id="${id}" gradientUnits="userSpaceOnUse" cx="${f1(center[0])}" cy="${f1(center[1])}" r="${f1(r)}"${transform}>${this.stops(stops)}</radialGradient>`,
    );
    return `url(#${id})`;
  }

  /** A clip path from screen points; use as `attrs.clip`. */
  clipScreen(points: readonly Pt[]): string {
    const id = this.id('c');
    this.def(`<clipPath id="${id}"><path d="${pathOf(points)}"/></clipPath>`);
    return `url(#${id})`;
  }

  clip3d(points: readonly Vec3[]): string {
    return this.clipScreen(this.projectPolygon(points));
  }

  /** Everything drawn inside `draw` is clipped to `clip`. */
  clipped(clip: string, draw: () => void, extra: Attrs = {}): void {
    this.body.push(`<g clip-path="${clip}"${attrs(extra)}>`);
    draw();
    this.body.push('</g>');
  }

  group(extra: Attrs, draw: () => void): void {
    this.body.push(`<g${attrs(extra)}>`);
    draw();
    this.body.push('</g>');
  }

  screenPoly(points: readonly Pt[], fill: string, a: Attrs = {}): void {
    if (points.length < 3) return;
    this.body.push(`<path d="${pathOf(points)}" fill="${fill}"${attrs(a)}/>`);
  }

  path(d: string, fill: string, a: Attrs = {}): void {
    this.body.push(`<path d="${d}" fill="${fill}"${attrs(a)}/>`);
  }

  rect(x: number, y: number, w: number, h: number, fill: string, a: Attrs = {}): void {
    this.body.push(`<rect x="${f1(x)}" y="${f1(y)}" width="${f1(w)}" height="${f1(h)}" fill="${fill}"${attrs(a)}/>`);
  }

  ellipse(c: Pt, rx: number, ry: number, fill: string, a: Attrs = {}, rotate = 0): void {
    const t = rotate ? ` transform="rotate(${f1(rotate)} ${f1(c[0])} ${f1(c[1])})"` : '';
    this.body.push(
      `<ellipse cx="${f1(c[0])}" cy="${f1(c[1])}" rx="${f1(rx)}" ry="${f1(ry)}" fill="${fill}"${t}${attrs(a)}/>`,
    );
  }

  line(a: Pt, b: Pt, stroke: string, width: number, extra: Attrs = {}): void {
    this.body.push(
      `<path d="M${f1(a[0])} ${f1(a[1])}L${f1(b[0])} ${f1(b[1])}" stroke="${stroke}" stroke-width="${f1(width)}" stroke-linecap="round" fill="none"${attrs(extra)}/>`,
    );
  }

  /** A flat polygon in the world. Edges are stroked with the fill so neighbours leave no seam. */
  poly(points: readonly Vec3[], fill: string, a: Attrs = {}): void {
    const pts = this.projectPolygon(points);
    if (pts.length < 3) return;
    const seam =
      a.stroke || a.filter || a.opacity !== undefined
        ? ''
        : ` stroke="${fill}" stroke-width="0.6" stroke-linejoin="round"`;
    this.body.push(`<path d="${pathOf(pts)}" fill="${fill}"${seam}${attrs(a)}/>`);
  }

  /** Brightness of a face with normal `n` under the scene's light. */
  lit(n: Vec3): number {
    return this.ambient + (1 - this.ambient) * 1.25 * Math.max(0, dot(n, this.light));
  }

  /** Whether a face (centre `c`, outward normal `n`) is turned towards the camera. */
  facing(c: Vec3, n: Vec3): boolean {
    return dot(n, sub(this.cam, c)) > 0;
  }

  /** An axis-aligned box [x0,x1]×[y0,y1]×[z0,z1]: the faces the camera sees, lit and shaded. */
  box(x0: number, x1: number, y0: number, y1: number, z0: number, z1: number, faces: BoxFaces): void {
    const P = (x: number, y: number, z: number): Vec3 => [x, y, z];
    const all: Array<{ n: Vec3; pts: Vec3[]; kind: 'top' | 'front' | 'side' | 'bottom' }> = [
      { n: [0, 1, 0], pts: [P(x0, y1, z0), P(x1, y1, z0), P(x1, y1, z1), P(x0, y1, z1)], kind: 'top' },
      { n: [0, -1, 0], pts: [P(x0, y0, z0), P(x1, y0, z0), P(x1, y0, z1), P(x0, y0, z1)], kind: 'bottom' },
      { n: [0, 0, -1], pts: [P(x0, y0, z0), P(x1, y0, z0), P(x1, y1, z0), P(x0, y1, z0)], kind: 'front' },
      { n: [0, 0, 1], pts: [P(x0, y0, z1), P(x1, y0, z1), P(x1, y1, z1), P(x0, y1, z1)], kind: 'front' },
      { n: [-1, 0, 0], pts: [P(x0, y0, z0), P(x0, y0, z1), P(x0, y1, z1), P(x0, y1, z0)], kind: 'side' },
      { n: [1, 0, 0], pts: [P(x1, y0, z0), P(x1, y0, z1), P(x1, y1, z1), P(x1, y1, z0)], kind: 'side' },
    ];
    const centre: Vec3 = [(x0 + x1) / 2, (y0 + y1) / 2, (z0 + z1) / 2];
    for (const face of all) {
      const c = add(centre, [(face.n[0] * (x1 - x0)) / 2, (face.n[1] * (y1 - y0)) / 2, (face.n[2] * (z1 - z0)) / 2]);
      if (!this.facing(c, face.n)) continue;
      if (face.kind === 'bottom' && faces.solidBelow) continue;
      const base =
        (face.kind === 'top'
          ? faces.top
          : face.kind === 'front'
            ? faces.front
            : face.kind === 'side'
              ? faces.side
              : undefined) ?? faces.color;
      const colour = shade(base, this.lit(face.n));
      let fill = colour;
      if (faces.foot && face.n[1] === 0 && y1 - y0 > 0.05) {
        const top = this.project([c[0], y1, c[2]]);
        const bottom = this.project([c[0], y0, c[2]]);
        if (top && bottom)
          fill = this.linear(top, bottom, [
            [0, colour],
            [1, shade(colour, 1 - faces.foot)],
          ]);
      }
      this.poly(face.pts, fill, faces.attrs);
    }
  }

  /**
   * Several boxes of one object, drawn farthest first (painter's order), so the parts of a sofa
   * or a bed overlap as they should from any side.
   */
  boxes(parts: ReadonlyArray<readonly [number, number, number, number, number, number, BoxFaces]>): void {
    const dist = (b: (typeof parts)[number]) => {
      const cx = Math.max(b[0], Math.min(this.cam[0], b[1]));
      const cy = Math.max(b[2], Math.min(this.cam[1], b[3]));
      const cz = Math.max(b[4], Math.min(this.cam[2], b[5]));
      return Math.hypot(cx - this.cam[0], cy - this.cam[1], cz - this.cam[2]);
    };
    for (const b of [...parts].sort((a, c) => dist(c) - dist(a))) this.box(b[0], b[1], b[2], b[3], b[4], b[5], b[6]);
  }

  /**
   * The shadow a box throws on the floor in the light's direction: the hull of its footprint and
   * of its top corners carried down along the light, blurred.
   */
  castShadow(x0: number, x1: number, y1: number, z0: number, z1: number, strength = 0.22): void {
    const L = this.light;
    if (L[1] <= 0.05) return;
    const t = y1 / L[1];
    const corners: Vec3[] = [
      [x0, 0, z0],
      [x1, 0, z0],
      [x1, 0, z1],
      [x0, 0, z1],
    ];
    const shifted = corners.map((c): Vec3 => [c[0] - L[0] * t, 0, c[2] - L[2] * t]);
    const pts = [...corners, ...shifted]
      .map((p) => this.project([p[0], 0.002, p[2]]))
      .filter((p): p is Pt => p !== null);
    if (pts.length < 3) return;
    this.screenPoly(convexHull(pts), '#2a2018', { opacity: strength, filter: this.blur(3) });
  }

  /**
   * A vertical cylinder or truncated cone around (x, z): radius r0 at y0 and r1 at y1. The side
   * is shaded across, the top (or the bottom, seen from below) drawn as an ellipse.
   */
  cylinder(
    x: number,
    z: number,
    r0: number,
    r1: number,
    y0: number,
    y1: number,
    color: string,
    opts: { top?: string; attrs?: Attrs; glow?: boolean } = {},
  ): void {
    const N = 32;
    const ring = (r: number, y: number) =>
      Array.from({ length: N }, (_, i): Vec3 => {
        const a = (i / N) * Math.PI * 2;
        return [x + Math.cos(a) * r, y, z + Math.sin(a) * r];
      });
    const bottom = ring(r0, y0);
    const top = ring(r1, y1);
    const pts = [...bottom, ...top].map((p) => this.project(p)).filter((p): p is Pt => p !== null);
    if (pts.length < 3) return;
    const hull = convexHull(pts);
    const xs = hull.map((p) => p[0]);
    const left = Math.min(...xs);
    const right = Math.max(...xs);
    const my = (Math.min(...hull.map((p) => p[1])) + Math.max(...hull.map((p) => p[1]))) / 2;
    const lightLeft = this.light[0] < 0;
    const bright = shade(color, opts.glow ? 1.08 : 1.12);
    const dark = shade(color, opts.glow ? 0.9 : 0.62);
    const fill = this.linear(
      [left, my],
      [right, my],
      lightLeft
        ? [
            [0, shade(color, 0.86)],
            [0.3, bright],
            [1, dark],
          ]
        : [
            [0, dark],
            [0.7, bright],
            [1, shade(color, 0.86)],
          ],
    );
    this.screenPoly(hull, fill, opts.attrs);
    const cap = this.cam[1] > y1 ? top : this.cam[1] < y0 ? bottom : null;
    if (cap) {
      const capPts = cap.map((p) => this.project(p)).filter((p): p is Pt => p !== null);
      this.screenPoly(capPts, opts.top ?? shade(color, this.cam[1] > y1 ? 1.05 : 0.7), opts.attrs);
    }
  }

  /** A soft, dark footprint on the floor under an object (contact shadow). */
  contactShadow(x0: number, x1: number, z0: number, z1: number, strength = 0.35, spread = 0.08, y = 0.002): void {
    this.poly(
      [
        [x0 - spread, y, z0 - spread],
        [x1 + spread, y, z0 - spread],
        [x1 + spread, y, z1 + spread],
        [x0 - spread, y, z1 + spread],
      ],
      '#1d1610',
      { opacity: strength, filter: this.blur(3) },
    );
  }

  /** A round soft shadow on the floor. */
  roundShadow(x: number, z: number, r: number, strength = 0.3, y = 0.002): void {
    const pts = Array.from({ length: 24 }, (_, i): Vec3 => {
      const a = (i / 24) * Math.PI * 2;
      return [x + Math.cos(a) * r, y, z + Math.sin(a) * r];
    });
    this.poly(pts, '#1d1610', { opacity: strength, filter: this.blur(3) });
  }

  /** The finished SVG, `pixelWidth` wide (the viewBox keeps the 1200×800 design space). */
  svg(pixelWidth: number): string {
    const pixelHeight = Math.round((pixelWidth * this.h) / this.w);
    return (
      `<svg xmlns="http://www.w3.org/2000/svg" width="${pixelWidth}" height="${pixelHeight}" viewBox="0 0 ${this.w} ${this.h}">` +
      `<defs>${this.defs.join('')}</defs>${this.body.join('')}</svg>`
    );
  }
}

export function convexHull(points: readonly Pt[]): Pt[] {
  const pts = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const cross = (o: Pt, a: Pt, b: Pt) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const lower: Pt[] = [];
  for (const p of pts) {
    while (lower.length >= 2 && cross(lower[lower.length - 2]!, lower[lower.length - 1]!, p) <= 0) lower.pop();
    lower.push(p);
  }
  const upper: Pt[] = [];
  for (const p of pts.reverse()) {
    while (upper.length >= 2 && cross(upper[upper.length - 2]!, upper[upper.length - 1]!, p) <= 0) upper.pop();
    upper.push(p);
  }
  return [...lower.slice(0, -1), ...upper.slice(0, -1)];
}
