/**
 * Outdoors: the ground, buildings as plastered volumes with glazing, flat roofs with parapets
 * (or gabled stone roofs in the mountains), pools, decks, lawns, hedges, palms and roses. Metres,
 * y up, the camera near the origin looking along +z.
 */
import { mix, random, shade, type Pt, type Scene, type Vec3 } from './kit';
import { drawView, type TimeOfDay, type ViewSpec } from './views';

export function backdrop(s: Scene, view: ViewSpec): void {
  drawView(s, view);
}

/** The ground from the camera to the horizon, in a colour that fades into the haze. */
export function ground(s: Scene, color: string, haze: string, from = 0.3, to = 400, x = 300): void {
  const near = s.project([0, 0, from + 2]) ?? [s.w / 2, s.h];
  s.poly(
    [
      [-x, 0, from],
      [x, 0, from],
      [x, 0, to],
      [-x, 0, to],
    ],
    s.linear(
      [0, s.horizon],
      [0, near[1]],
      [
        [0, haze],
        [0.12, mix(color, haze, 0.4)],
        [1, shade(color, 0.92)],
      ],
    ),
  );
}

/** A flat patch on the ground (paving, lawn, sand, deck). */
export function patch(
  s: Scene,
  x0: number,
  x1: number,
  z0: number,
  z1: number,
  color: string,
  y = 0.005,
  lines?: { every: number; along: 'x' | 'z'; color: string },
): void {
  const pts: Vec3[] = [
    [x0, y, z0],
    [x1, y, z0],
    [x1, y, z1],
    [x0, y, z1],
  ];
  const far = s.project([(x0 + x1) / 2, y, z1]);
  const near = s.project([(x0 + x1) / 2, y, z0]);
  s.poly(
    pts,
    far && near
      ? s.linear(far, near, [
          [0, shade(color, 0.95)],
          [1, shade(color, 1.04)],
        ])
      : color,
  );
  if (!lines) return;
  s.clipped(s.clip3d(pts), () => {
    if (lines.along === 'z') {
      for (let x = x0 + lines.every; x < x1; x += lines.every) {
        const a = s.project([x, y, Math.max(z0, s.cam[2] + 0.2)]);
        const b = s.project([x, y, z1]);
        if (a && b) s.line(a, b, lines.color, 1, { opacity: 0.5 });
      }
    } else {
      for (let z = z0 + lines.every; z < z1; z += lines.every) {
        const a = s.project([x0, y, z]);
        const b = s.project([x1, y, z]);
        if (a && b) s.line(a, b, lines.color, 1, { opacity: 0.5 });
      }
    }
  });
}

export interface Volume {
  x0: number;
  x1: number;
  z0: number;
  z1: number;
  height: number;
  /** Windows on the face towards the camera (z0): [x from, x to, y from, y to]. */
  windows?: Array<readonly [number, number, number, number]>;
  /** Windows on the side face the camera sees (x0 or x1): [z from, z to, y from, y to]. */
  sideWindows?: Array<readonly [number, number, number, number]>;
  door?: readonly [number, number];
  /** Najdi-style triangular crenellations on the parapet. */
  crenellations?: boolean;
  color?: string;
  /** A slatted timber screen or pergola in front of part of the face: [x from, x to]. */
  screen?: readonly [number, number];
}

export interface BuildingStyle {
  plaster: string;
  trim: string;
  glass: TimeOfDay;
  wood?: string;
  /** Lit windows and wall lights (dusk). */
  lit?: boolean;
  /** Timber shutters instead of glass (traditional houses). */
  shutters?: boolean;
}

function glassFill(s: Scene, pts: Pt[], style: BuildingStyle): string {
  const ys = pts.map((p) => p[1]);
  const top = Math.min(...ys);
  const bottom = Math.max(...ys);
  if (style.lit)
    return s.linear(
      [0, top],
      [0, bottom],
      [
        [0, '#f6c57c'],
        [0.6, '#e8a860'],
        [1, '#b87a40'],
      ],
    );
  const sky = style.glass === 'golden' ? '#c9b8a0' : style.glass === 'dusk' ? '#54607e' : '#9cbcd6';
  return s.linear(
    [0, top],
    [0, bottom],
    [
      [0, sky],
      [0.45, shade(sky, 0.8)],
      [0.5, '#3b4650'],
      [1, '#2b333b'],
    ],
  );
}

/** A plastered volume with its openings, a parapet and (optionally) crenellations. */
export function volume(s: Scene, v: Volume, style: BuildingStyle): void {
  const color = v.color ?? style.plaster;
  s.castShadow(v.x0, v.x1, v.height, v.z0, v.z1, 0.3);
  s.box(v.x0, v.x1, 0, v.height, v.z0, v.z1, { color, foot: 0.08 });
  // Parapet band and coping.
  s.box(v.x0 - 0.05, v.x1 + 0.05, v.height, v.height + 0.12, v.z0 - 0.05, v.z1 + 0.05, {
    color: shade(color, 1.04),
    solidBelow: true,
  });
  if (v.crenellations) {
    const tri = 0.5;
    for (let x = v.x0 + 0.1; x + tri < v.x1; x += tri * 1.3) {
      const pts: Vec3[] = [
        [x, v.height + 0.12, v.z0 - 0.05],
        [x + tri, v.height + 0.12, v.z0 - 0.05],
        [x + tri / 2, v.height + 0.5, v.z0 - 0.05],
      ];
      s.poly(pts, shade(color, s.lit([0, 0, -1])));
    }
  }
  const front = v.z0 - 0.01;
  const face = (x0: number, x1: number, y0: number, y1: number): Vec3[] => [
    [x0, y0, front],
    [x1, y0, front],
    [x1, y1, front],
    [x0, y1, front],
  ];
  for (const [a, b, y0, y1] of v.windows ?? []) {
    // Recess, glass, a thin frame, a sill.
    const recess = face(a - 0.06, b + 0.06, y0 - 0.06, y1 + 0.06);
    s.poly(recess, shade(color, 0.7));
    const pts = s.projectPolygon(face(a, b, y0, y1));
    if (pts.length === 4 && style.shutters) {
      s.screenPoly(pts, style.wood ?? '#5e4027');
      for (let y = y0 + 0.08; y < y1; y += 0.08) {
        const l = s.project([a, y, front - 0.005]);
        const r = s.project([b, y, front - 0.005]);
        if (l && r) s.line(l, r, shade(style.wood ?? '#5e4027', 0.7), 1);
      }
    } else if (pts.length === 4) {
      s.screenPoly(pts, glassFill(s, pts, style));
      if (!style.lit)
        s.screenPoly([pts[0]!, [pts[0]![0] + (pts[1]![0] - pts[0]![0]) * 0.35, pts[0]![1]], pts[3]!], '#ffffff', {
          opacity: 0.08,
        });
    }
    const mid = (a + b) / 2;
    if (b - a > 1.4) s.box(mid - 0.03, mid + 0.03, y0, y1, front - 0.02, front, { color: style.trim });
    s.box(a - 0.08, b + 0.08, y0 - 0.08, y0, front - 0.08, front, { color: shade(color, 1.06) });
    if (style.lit) {
      const c = s.project([mid, (y0 + y1) / 2, front]);
      if (c) {
        const k = s.scaleAt([mid, y0, front]) * (b - a);
        s.ellipse(
          c,
          k,
          k * 0.8,
          s.radial(c, k, [
            [0, '#ffc070', 0.35],
            [1, '#ffc070', 0],
          ]),
          { blend: 'screen' },
        );
      }
    }
  }
  const side = s.cam[0] < v.x0 ? v.x0 - 0.01 : s.cam[0] > v.x1 ? v.x1 + 0.01 : null;
  if (side !== null) {
    for (const [a, b, y0, y1] of v.sideWindows ?? []) {
      const pts = s.projectPolygon([
        [side, y0, a],
        [side, y0, b],
        [side, y1, b],
        [side, y1, a],
      ]);
      if (pts.length === 4) s.screenPoly(pts, glassFill(s, pts, style));
    }
  }
  if (v.door) {
    const [a, b] = v.door;
    s.poly(face(a - 0.08, b + 0.08, 0, 2.5), shade(color, 0.7));
    s.poly(face(a, b, 0, 2.42), style.wood ?? '#6b4a30');
    const mid = (a + b) / 2;
    const p = s.project([mid, 1.1, front - 0.02]);
    if (p) s.ellipse(p, 2, 2, '#d6b56a');
    // Vertical boards.
    for (let x = a + 0.15; x < b; x += 0.15) {
      const q0 = s.project([x, 0.02, front - 0.01]);
      const q1 = s.project([x, 2.4, front - 0.01]);
      if (q0 && q1) s.line(q0, q1, shade(style.wood ?? '#6b4a30', 0.75), 1);
    }
    if (style.lit) wallLight(s, [b + 0.35, 2.2, front - 0.05]);
  }
  if (v.screen) {
    const [a, b] = v.screen;
    for (let x = a; x < b; x += 0.12)
      s.box(x, x + 0.05, 0.2, v.height - 0.3, front - 0.25, front - 0.2, { color: style.wood ?? '#8a6242' });
  }
}

export function wallLight(s: Scene, p: Vec3): void {
  const c = s.project(p);
  if (!c) return;
  const k = s.scaleAt(p);
  s.ellipse(c, k * 0.06, k * 0.09, '#fff2cc');
  s.ellipse(
    [c[0], c[1] + k * 0.4],
    k * 0.35,
    k * 0.9,
    s.radial(
      [c[0], c[1] + k * 0.4],
      k * 0.9,
      [
        [0, '#ffd590', 0.55],
        [1, '#ffd590', 0],
      ],
      0.6,
    ),
    { blend: 'screen' },
  );
}

/** A gabled roof along x over [x0,x1]×[z0,z1], eaves at `eave`, ridge at `ridge`. */
export function gableRoof(
  s: Scene,
  x0: number,
  x1: number,
  z0: number,
  z1: number,
  eave: number,
  ridge: number,
  roof: string,
  wall: string,
): void {
  const zm = (z0 + z1) / 2;
  const o = 0.35;
  // Gable end walls (triangles) on the visible side.
  for (const x of [x0, x1]) {
    if ((x === x0 && s.cam[0] < x0) || (x === x1 && s.cam[0] > x1))
      s.poly(
        [
          [x, eave, z0],
          [x, eave, z1],
          [x, ridge, zm],
        ],
        shade(wall, s.lit([x === x0 ? -1 : 1, 0, 0])),
      );
  }
  const back: Vec3[] = [
    [x0 - o, ridge, zm],
    [x1 + o, ridge, zm],
    [x1 + o, eave - 0.15, z1 + o],
    [x0 - o, eave - 0.15, z1 + o],
  ];
  const front: Vec3[] = [
    [x0 - o, eave - 0.15, z0 - o],
    [x1 + o, eave - 0.15, z0 - o],
    [x1 + o, ridge, zm],
    [x0 - o, ridge, zm],
  ];
  if (s.cam[1] > ridge) s.poly(back, shade(roof, 0.9));
  const f0 = s.project(front[0]!);
  const f3 = s.project(front[3]!);
  s.poly(
    front,
    f0 && f3
      ? s.linear(f3, f0, [
          [0, shade(roof, 1.1)],
          [1, shade(roof, 0.85)],
        ])
      : roof,
  );
  // Tile courses.
  for (let t = 0.15; t < 1; t += 0.15) {
    const a = s.project([x0 - o, ridge + (eave - 0.15 - ridge) * t, zm + (z0 - o - zm) * t]);
    const b = s.project([x1 + o, ridge + (eave - 0.15 - ridge) * t, zm + (z0 - o - zm) * t]);
    if (a && b) s.line(a, b, shade(roof, 0.7), 1.2, { opacity: 0.6 });
  }
  // Fascia.
  const a = s.project(front[0]!);
  const b = s.project(front[1]!);
  if (a && b) s.line(a, b, shade(roof, 0.6), Math.max(2, s.scaleAt(front[0]!) * 0.08));
}

/** A swimming pool: stone coping, water with the sky in it and light lines at the bottom. */
export function pool(
  s: Scene,
  x0: number,
  x1: number,
  z0: number,
  z1: number,
  time: TimeOfDay,
  coping = '#e9e2d4',
  lit = false,
): void {
  const c = 0.35;
  s.box(x0 - c, x1 + c, 0, 0.06, z0 - c, z1 + c, { color: coping });
  const water: Vec3[] = [
    [x0, 0.061, z0],
    [x1, 0.061, z0],
    [x1, 0.061, z1],
    [x0, 0.061, z1],
  ];
  const far = s.project([(x0 + x1) / 2, 0, z1]);
  const near = s.project([(x0 + x1) / 2, 0, z0]);
  const deep = lit ? '#2bb3c8' : time === 'dusk' ? '#2f6f8a' : '#3aa7c0';
  const sky = time === 'dusk' ? '#8a7fa0' : time === 'golden' ? '#cfd7d4' : '#bfe4ef';
  s.poly(
    water,
    far && near
      ? s.linear(far, near, [
          [0, mix(deep, sky, 0.55)],
          [0.45, deep],
          [1, shade(deep, lit ? 1.15 : 0.9)],
        ])
      : deep,
  );
  s.clipped(s.clip3d(water), () => {
    const rnd = random(Math.round(x0 * 100 + z0));
    for (let i = 0; i < 30; i++) {
      const x = x0 + rnd() * (x1 - x0);
      const z = z0 + rnd() * (z1 - z0);
      const p = s.project([x, 0.062, z]);
      if (!p) continue;
      const k = s.scaleAt([x, 0, z]);
      s.path(`M${p[0] - k * 0.3} ${p[1]} q${k * 0.15} ${-k * 0.03} ${k * 0.3} 0 t${k * 0.3} 0`, 'none', {
        stroke: lit ? '#c9fbff' : '#e6fbff',
        strokeWidth: Math.max(0.8, k * 0.012),
        opacity: 0.55,
      });
    }
    if (lit) {
      const p = s.project([(x0 + x1) / 2, 0.06, (z0 + z1) / 2]);
      if (p) s.ellipse(p, s.scaleAt([0, 0, z0]) * (x1 - x0) * 0.5, 40, '#9ff3ff', { opacity: 0.35, filter: s.blur(4) });
    }
  });
  // The inner edge of the far wall of the pool.
  s.poly(
    [
      [x0, 0.061, z1 - 0.02],
      [x1, 0.061, z1 - 0.02],
      [x1, -0.25, z1 - 0.02],
      [x0, -0.25, z1 - 0.02],
    ],
    shade(deep, 0.8),
    { opacity: 0.5 },
  );
}

/** A date palm: a gently curved, tapering trunk with a crown of arching fronds. */
export function palm(s: Scene, x: number, z: number, height: number, seed = 1, lean = 0.3): void {
  const rnd = random(seed);
  s.roundShadow(x, z, 0.6, 0.25);
  const base = s.project([x, 0, z]);
  const top = s.project([x + lean, height, z]);
  if (!base || !top) return;
  const k = s.scaleAt([x, 0, z]);
  const w0 = k * 0.2;
  const w1 = k * 0.13;
  const ctrl: Pt = [(base[0] + top[0]) / 2 - lean * k * 0.3, (base[1] + top[1]) / 2];
  s.path(
    `M${base[0] - w0} ${base[1]} Q${ctrl[0] - w0} ${ctrl[1]} ${top[0] - w1} ${top[1]} L${top[0] + w1} ${top[1]} Q${ctrl[0] + w0} ${ctrl[1]} ${base[0] + w0} ${base[1]}Z`,
    s.linear(
      [base[0] - w0, 0],
      [base[0] + w0, 0],
      [
        [0, '#7b6047'],
        [0.4, '#9a7a58'],
        [1, '#5c4532'],
      ],
    ),
  );
  // Leaf scars as rings.
  for (let t = 0.05; t < 0.95; t += 0.045) {
    const y = base[1] + (top[1] - base[1]) * t;
    const cx = (1 - t) * (1 - t) * base[0] + 2 * (1 - t) * t * ctrl[0] + t * t * top[0];
    const w = w0 + (w1 - w0) * t;
    s.line([cx - w, y], [cx + w, y + 2], '#5a4431', 1.2, { opacity: 0.55 });
  }
  const greens = ['#4d6b34', '#5f7f3d', '#3f5a2c', '#6c8a45'];
  const fronds = 16;
  for (let i = 0; i < fronds; i++) {
    const a = (i / fronds) * Math.PI * 2 + rnd() * 0.3;
    const len = k * (2.4 + rnd() * 0.8) * (height / 7);
    const dx = Math.cos(a) * len;
    const lift = Math.sin(a) * 0.35;
    const end: Pt = [top[0] + dx, top[1] + len * (0.45 - lift * 0.3)];
    const c1: Pt = [top[0] + dx * 0.5, top[1] - len * (0.35 + lift * 0.2)];
    const g = greens[i % greens.length]!;
    s.path(`M${top[0]} ${top[1]} Q${c1[0]} ${c1[1]} ${end[0]} ${end[1]}`, 'none', {
      stroke: shade(g, 0.8),
      strokeWidth: Math.max(1, k * 0.03),
    });
    // Leaflets along the frond.
    for (let t = 0.15; t < 1; t += 0.1) {
      const px = (1 - t) * (1 - t) * top[0] + 2 * (1 - t) * t * c1[0] + t * t * end[0];
      const py = (1 - t) * (1 - t) * top[1] + 2 * (1 - t) * t * c1[1] + t * t * end[1];
      const l = k * 0.55 * (1 - t * 0.6) * (height / 7);
      s.line([px, py], [px + Math.sign(dx || 1) * l * 0.35, py + l], g, Math.max(1, k * 0.025));
      s.line([px, py], [px - Math.sign(dx || 1) * l * 0.15, py + l * 0.9], shade(g, 0.9), Math.max(1, k * 0.022));
    }
  }
  s.ellipse(top, k * 0.12, k * 0.1, '#5e4a2a');
}

/** A clipped hedge or a planted bed as a softened green box. */
export function hedge(
  s: Scene,
  x0: number,
  x1: number,
  z0: number,
  z1: number,
  h: number,
  color = '#4e7240',
  seed = 2,
  flowers?: string[],
): void {
  s.contactShadow(x0, x1, z0, z1, 0.3, 0.1);
  s.box(x0, x1, 0, h, z0, z1, { color, foot: 0.25, attrs: {} });
  const rnd = random(seed);
  const n = Math.round((x1 - x0) * (z1 - z0) * 6 + (x1 - x0) * 9);
  for (let i = 0; i < n; i++) {
    const onTop = rnd() < 0.5;
    const x = x0 + rnd() * (x1 - x0);
    const y = onTop ? h : rnd() * h;
    const z = onTop ? z0 + rnd() * (z1 - z0) : z0 - 0.01;
    const p = s.project([x, y, z]);
    if (!p) continue;
    const k = s.scaleAt([x, y, z]);
    const flower = flowers && rnd() < 0.35;
    s.ellipse(
      p,
      k * (flower ? 0.06 : 0.09),
      k * (flower ? 0.05 : 0.06),
      flower ? flowers[Math.floor(rnd() * flowers.length)]! : shade(color, 0.8 + rnd() * 0.4),
    );
  }
}

export function lounger(s: Scene, x: number, z: number, color = '#f1ede4', frame = '#8b6a4a'): void {
  s.contactShadow(x - 0.35, x + 0.35, z - 1, z + 1, 0.3, 0.05);
  s.box(x - 0.33, x + 0.33, 0.0, 0.3, z - 1, z + 0.9, { color: frame });
  s.box(x - 0.3, x + 0.3, 0.3, 0.38, z - 0.95, z + 0.5, { color });
  s.box(x - 0.3, x + 0.3, 0.3, 0.8, z + 0.5, z + 0.85, { color });
}

export function umbrella(s: Scene, x: number, z: number, color = '#efe6d2'): void {
  s.roundShadow(x, z, 1.2, 0.2);
  s.cylinder(x, z, 0.03, 0.03, 0, 2.3, '#6b5038');
  s.cylinder(x, z, 1.3, 0.05, 2.0, 2.55, color);
}

/** A broad tree (juniper, acacia, olive): a trunk and a crown of overlapping leaf masses. */
export function tree(s: Scene, x: number, z: number, height: number, color = '#4a6b3a', seed = 1): void {
  const rnd = random(seed);
  s.roundShadow(x, z, height * 0.3, 0.25);
  const base = s.project([x, 0, z]);
  const top = s.project([x, height * 0.55, z]);
  if (!base || !top) return;
  const k = s.scaleAt([x, 0, z]);
  s.line(base, top, '#5a4431', Math.max(2, k * 0.16));
  const crownY = height * 0.62;
  for (let i = 0; i < 14; i++) {
    const a = rnd() * Math.PI * 2;
    const r = height * 0.28 * rnd();
    const p = s.project([x + Math.cos(a) * r, crownY + (rnd() - 0.3) * height * 0.35, z + Math.sin(a) * r * 0.5]);
    if (!p) continue;
    const size = k * height * (0.16 + rnd() * 0.12);
    const light = rnd();
    s.ellipse(p, size, size * 0.8, shade(color, 0.78 + light * 0.4));
  }
}
