/**
 * Interiors: a room's shell (walls, floor, ceiling, windows with their view and the light they
 * throw) and the furniture placed in it, all in metres. The room spans x ∈ [-width/2, width/2],
 * z ∈ [-1, depth] (the camera stands near z = 0), y ∈ [0, height].
 */
import { normalize, random, shade, type BoxFaces, type Pt, type Scene, type Vec3 } from './kit';
import { drawView, type ViewSpec } from './views';

export type Wall = 'back' | 'left' | 'right';

export interface WindowSpec {
  wall: Wall;
  /** Along the wall, in metres: x for the back wall, z for the side walls. */
  from: number;
  to: number;
  bottom: number;
  top: number;
  view: ViewSpec;
  /** Curtain colour, drawn gathered at both sides. */
  curtains?: string;
  /** Vertical mullions (panes). */
  panes?: number;
  /** Sliding door to a balcony: a railing drawn across the view. */
  balcony?: boolean;
  /** Arched top (traditional openings). */
  arch?: boolean;
}

export interface RoomSpec {
  width: number;
  depth: number;
  height: number;
  wall: string;
  /** A different colour for the back wall (an accent or panelled wall). */
  backWall?: string;
  ceiling?: string;
  floor: { color: string; kind: 'wood' | 'tile' | 'stone' | 'carpet' | 'marble' };
  windows: WindowSpec[];
  /** Direction the sunlight travels (into the room, downwards). */
  sun?: Vec3;
  /** Strength of the sunlight patches (0 = overcast / evening). */
  sunStrength?: number;
  /** Recessed ceiling spots. */
  downlights?: boolean;
  skirting?: string;
}

export interface Room {
  spec: RoomSpec;
  x0: number;
  x1: number;
  z0: number;
  z1: number;
}

const FRONT = -1;

function wallQuad(room: Room, wall: Wall, a: number, b: number, y0: number, y1: number, inset = 0): Vec3[] {
  const { x0, x1, z1 } = room;
  if (wall === 'back')
    return [
      [a, y0, z1 - inset],
      [b, y0, z1 - inset],
      [b, y1, z1 - inset],
      [a, y1, z1 - inset],
    ];
  const x = wall === 'left' ? x0 + inset : x1 - inset;
  return [
    [x, y0, a],
    [x, y0, b],
    [x, y1, b],
    [x, y1, a],
  ];
}

/** The points of a window opening (arched or square) on its wall plane. */
function openingOutline(room: Room, w: WindowSpec, inset = 0): Vec3[] {
  if (!w.arch) return wallQuad(room, w.wall, w.from, w.to, w.bottom, w.top, inset);
  const r = (w.to - w.from) / 2;
  const springing = w.top - r;
  const pts: Vec3[] = [];
  const at = (t: number, y: number): Vec3 => {
    if (w.wall === 'back') return [t, y, room.z1 - inset];
    const x = w.wall === 'left' ? room.x0 + inset : room.x1 - inset;
    return [x, y, t];
  };
  pts.push(at(w.from, w.bottom), at(w.to, w.bottom));
  for (let i = 0; i <= 16; i++) {
    const a = (i / 16) * Math.PI;
    pts.push(at(w.from + r + Math.cos(a) * r, springing + Math.sin(a) * r));
  }
  return pts;
}

export function drawRoom(s: Scene, spec: RoomSpec): Room {
  const room: Room = { spec, x0: -spec.width / 2, x1: spec.width / 2, z0: FRONT, z1: spec.depth };
  const { x0, x1, z0, z1 } = room;
  const H = spec.height;
  const ceiling = spec.ceiling ?? '#f4f1ea';
  const sun = normalize(spec.sun ?? [0.5, -0.55, -0.35]);
  s.light = normalize([-sun[0], -sun[1], -sun[2]]);
  const sunStrength = spec.sunStrength ?? 0.5;

  // Ceiling: darker towards the back.
  const cFar = s.project([0, H, z1]) ?? [s.w / 2, 0];
  s.poly(
    [
      [x0, H, z0],
      [x1, H, z0],
      [x1, H, z1],
      [x0, H, z1],
    ],
    s.linear(
      [cFar[0], 0],
      [cFar[0], cFar[1]],
      [
        [0, shade(ceiling, 0.98)],
        [1, shade(ceiling, 0.82)],
      ],
    ),
  );

  // Walls: each a vertical gradient (lighter in the middle, darker at the ceiling line and the floor).
  const wallFill = (color: string, top: Pt, bottom: Pt, lit: number) =>
    s.linear(top, bottom, [
      [0, shade(color, 0.86 * lit)],
      [0.35, shade(color, 1.0 * lit)],
      [0.85, shade(color, 0.95 * lit)],
      [1, shade(color, 0.8 * lit)],
    ]);
  const wallLight = (n: Vec3) => 0.92 + 0.2 * Math.max(0, n[0] * s.light[0] + n[2] * s.light[2]);
  const backTop = s.project([0, H, z1]);
  const backBottom = s.project([0, 0, z1]);
  if (backTop && backBottom)
    s.poly(
      wallQuad(room, 'back', x0, x1, 0, H),
      wallFill(spec.backWall ?? spec.wall, backTop, backBottom, wallLight([0, 0, -1])),
    );
  for (const side of ['left', 'right'] as const) {
    const x = side === 'left' ? x0 : x1;
    const top = s.project([x, H, z1]);
    const bottom = s.project([x, 0, z1]);
    if (!top || !bottom) continue;
    const n: Vec3 = side === 'left' ? [1, 0, 0] : [-1, 0, 0];
    const mid = s.project([x, H / 2, Math.max(0.4, z1 * 0.3)]);
    const far = s.project([x, H / 2, z1]);
    s.poly(wallQuad(room, side, z0, z1, 0, H), wallFill(spec.wall, top, bottom, wallLight(n)));
    // Light falls off towards the camera along a side wall.
    if (mid && far)
      s.poly(
        wallQuad(room, side, z0, z1, 0, H),
        s.linear(mid, far, [
          [0, '#000000', 0.12],
          [1, '#000000', 0],
        ]),
      );
  }

  // Floor.
  const floorPts: Vec3[] = [
    [x0, 0, z0],
    [x1, 0, z0],
    [x1, 0, z1],
    [x0, 0, z1],
  ];
  const fFar = s.project([0, 0, z1]) ?? [s.w / 2, s.h / 2];
  const fc = spec.floor.color;
  s.poly(
    floorPts,
    s.linear(
      [0, fFar[1]],
      [0, s.h],
      [
        [0, shade(fc, 0.92)],
        [0.5, fc],
        [1, shade(fc, 0.82)],
      ],
    ),
  );
  const floorClip = s.clip3d(floorPts);
  s.clipped(floorClip, () => floorPattern(s, room));
  occlusion(s, room);

  // Windows: the view, the reveal (wall thickness), the frame, the curtains.
  for (const w of spec.windows) drawWindow(s, room, w);

  // Sunlight through each window, on the floor (and a glow on the wall around it).
  if (sunStrength > 0) {
    for (const w of spec.windows) {
      const outline = openingOutline(room, w).map((p): Vec3 => {
        const t = -p[1] / sun[1];
        return [p[0] + sun[0] * t, 0.003, p[2] + sun[2] * t];
      });
      s.clipped(floorClip, () => {
        s.poly(outline, '#fff3d6', { opacity: 0.42 * sunStrength, filter: s.blur(2), blend: 'screen' });
      });
    }
  }
  for (const w of spec.windows) {
    const c = s.project(centreOf(room, w));
    if (!c) continue;
    const r = s.scaleAt(centreOf(room, w)) * (w.to - w.from) * 0.9;
    s.ellipse(
      c,
      r * 1.3,
      r,
      s.radial(c, r * 1.3, [
        [0, '#fff8ea', 0.18],
        [1, '#fff8ea', 0],
      ]),
      { blend: 'screen' },
    );
  }

  // Skirting boards.
  const sk = spec.skirting ?? shade(spec.wall, 0.97);
  s.box(x0, x1, 0, 0.09, z1 - 0.015, z1, { color: sk });
  s.box(x0, x0 + 0.015, 0, 0.09, z0, z1, { color: sk });
  s.box(x1 - 0.015, x1, 0, 0.09, z0, z1, { color: sk });

  if (spec.downlights) {
    for (let z = 1; z < z1; z += 1.8) {
      for (const x of [x0 + 0.8, x1 - 0.8]) {
        const p = s.project([x, H - 0.001, z]);
        if (!p) continue;
        const k = s.scaleAt([x, H, z]);
        s.ellipse(p, k * 0.06, k * 0.02, '#fffdf6');
        s.ellipse(p, k * 0.25, k * 0.1, '#fff6e0', { opacity: 0.35, filter: s.blur(2) });
      }
    }
  }
  return room;
}

/** Soft shade where walls meet the floor, the ceiling and each other. */
function occlusion(s: Scene, room: Room): void {
  const { x0, x1, z0, z1 } = room;
  const H = room.spec.height;
  const b = 0.14;
  const dark = '#2a2018';
  const strip = (pts: Vec3[], strength: number) => s.poly(pts, dark, { opacity: strength, filter: s.blur(2) });
  strip(
    [
      [x0, 0.001, z1 - b],
      [x1, 0.001, z1 - b],
      [x1, 0.001, z1],
      [x0, 0.001, z1],
    ],
    0.2,
  );
  strip(
    [
      [x0, 0.001, z0],
      [x0 + b, 0.001, z0],
      [x0 + b, 0.001, z1],
      [x0, 0.001, z1],
    ],
    0.2,
  );
  strip(
    [
      [x1 - b, 0.001, z0],
      [x1, 0.001, z0],
      [x1, 0.001, z1],
      [x1 - b, 0.001, z1],
    ],
    0.2,
  );
  strip(
    [
      [x0, H - 0.001, z1 - b],
      [x1, H - 0.001, z1 - b],
      [x1, H - 0.001, z1],
      [x0, H - 0.001, z1],
    ],
    0.12,
  );
  strip(
    [
      [x0, H - b, z1 - 0.001],
      [x1, H - b, z1 - 0.001],
      [x1, H, z1 - 0.001],
      [x0, H, z1 - 0.001],
    ],
    0.1,
  );
  strip(
    [
      [x0 + 0.001, 0, z1 - b],
      [x0 + 0.001, 0, z1],
      [x0 + 0.001, H, z1],
      [x0 + 0.001, H, z1 - b],
    ],
    0.12,
  );
  strip(
    [
      [x1 - 0.001, 0, z1 - b],
      [x1 - 0.001, 0, z1],
      [x1 - 0.001, H, z1],
      [x1 - 0.001, H, z1 - b],
    ],
    0.12,
  );
}

function centreOf(room: Room, w: WindowSpec): Vec3 {
  const m = (w.from + w.to) / 2;
  const y = (w.bottom + w.top) / 2;
  if (w.wall === 'back') return [m, y, room.z1];
  return [w.wall === 'left' ? room.x0 : room.x1, y, m];
}

function floorPattern(s: Scene, room: Room): void {
  const { x0, x1, z0, z1 } = room;
  const { kind, color } = room.spec.floor;
  const rnd = random(17);
  const seam = shade(color, 0.78);
  if (kind === 'wood') {
    for (let x = x0; x <= x1; x += 0.19) {
      const a = s.project([x, 0, Math.max(z0, 0.2)]);
      const b = s.project([x, 0, z1]);
      if (a && b) s.line(a, b, seam, 1.1, { opacity: 0.5 });
      for (let z = 0.4 + rnd() * 1.5; z < z1; z += 1.6 + rnd() * 0.8) {
        const p = s.project([x, 0, z]);
        const q = s.project([x + 0.19, 0, z]);
        if (p && q) s.line(p, q, seam, 1, { opacity: 0.4 });
      }
    }
  } else if (kind === 'tile' || kind === 'marble' || kind === 'stone') {
    const size = kind === 'tile' ? 0.6 : kind === 'stone' ? 0.8 : 1.0;
    for (let x = Math.ceil(x0 / size) * size; x < x1; x += size) {
      const a = s.project([x, 0, Math.max(z0, 0.2)]);
      const b = s.project([x, 0, z1]);
      if (a && b) s.line(a, b, seam, 1, { opacity: 0.45 });
    }
    for (let z = size; z < z1; z += size) {
      const a = s.project([x0, 0, z]);
      const b = s.project([x1, 0, z]);
      if (a && b) s.line(a, b, seam, 1, { opacity: 0.45 });
    }
    if (kind === 'marble') {
      // Soft veins.
      for (let i = 0; i < 14; i++) {
        const z = 0.5 + rnd() * (z1 - 0.5);
        const x = x0 + rnd() * (x1 - x0);
        const a = s.project([x, 0, z]);
        const b = s.project([x + 0.6 + rnd(), 0, z + 0.3]);
        if (a && b) s.line(a, b, shade(color, 0.85), 1.5, { opacity: 0.35, filter: s.blur(0) });
      }
    }
  }
  // Reflection of the back wall's brightness on a polished floor.
  if (kind === 'marble' || kind === 'tile') {
    const far = s.project([0, 0, z1]);
    if (far)
      s.rect(
        0,
        far[1],
        s.w,
        120,
        s.linear(
          [0, far[1]],
          [0, far[1] + 120],
          [
            [0, '#ffffff', 0.2],
            [1, '#ffffff', 0],
          ],
        ),
      );
  }
}

function drawWindow(s: Scene, room: Room, w: WindowSpec): void {
  const depth = 0.18;
  const outer = openingOutline(room, w, 0);
  const inner = openingOutline(room, w, -depth);
  const clip = s.clip3d(inner);
  s.clipped(clip, () => drawView(s, w.view));
  // Glass tint and a faint reflection.
  const c = s.project(centreOf(room, w));
  s.clipped(clip, () => {
    s.rect(0, 0, s.w, s.h, '#dfeaf0', { opacity: 0.08 });
    if (c) s.rect(c[0] - 400, 0, 160, s.h, '#ffffff', { opacity: 0.06 });
  });
  // Reveal: the faces between the wall and the glass line.
  const revealColor = shade(room.spec.wall, 1.02);
  for (let i = 0; i < outer.length; i++) {
    const a = outer[i]!;
    const b = outer[(i + 1) % outer.length]!;
    const ai = inner[i]!;
    const bi = inner[(i + 1) % inner.length]!;
    const pts = [a, b, bi, ai];
    const horizontal = Math.abs(a[1] - b[1]) < 1e-6;
    const factor = horizontal ? (a[1] <= w.bottom + 1e-6 ? 1.08 : 0.78) : 0.92;
    s.poly(pts, shade(revealColor, factor));
  }
  // Frame and mullions: slim dark bars at the glass line.
  const frame = { color: '#34312e' };
  const panes = w.panes ?? 2;
  const bar = 0.045;
  const g = depth * 0.7;
  const barAt = (t0: number, t1: number, y0: number, y1: number) => {
    if (w.wall === 'back') s.box(t0, t1, y0, y1, room.z1 + g - 0.02, room.z1 + g + 0.02, frame);
    else {
      const x = w.wall === 'left' ? room.x0 - g : room.x1 + g;
      s.box(x - 0.02, x + 0.02, y0, y1, t0, t1, frame);
    }
  };
  if (!w.arch) {
    for (let i = 1; i < panes; i++) {
      const t = w.from + ((w.to - w.from) * i) / panes;
      barAt(t - bar / 2, t + bar / 2, w.bottom, w.top);
    }
    barAt(w.from, w.to, w.bottom, w.bottom + bar);
    barAt(w.from, w.to, w.top - bar, w.top);
  }
  const along = (t: number, y: number): Vec3 => {
    if (w.wall === 'back') return [t, y, room.z1 + g];
    const x = w.wall === 'left' ? room.x0 - g : room.x1 + g;
    return [x, y, t];
  };
  if (w.balcony) {
    // A glass balustrade with a slim top rail, a little outside the glass.
    const y = w.bottom + 1.0;
    const out = 0.6;
    const pts: Vec3[] =
      w.wall === 'back'
        ? [
            [w.from, w.bottom, room.z1 + out],
            [w.to, w.bottom, room.z1 + out],
            [w.to, y, room.z1 + out],
            [w.from, y, room.z1 + out],
          ]
        : (() => {
            const x = w.wall === 'left' ? room.x0 - out : room.x1 + out;
            return [
              [x, w.bottom, w.from],
              [x, w.bottom, w.to],
              [x, y, w.to],
              [x, y, w.from],
            ] as Vec3[];
          })();
    s.clipped(clip, () => {
      s.poly(pts, '#a9bcc4', { opacity: 0.28 });
      const a = s.project(pts[3]!);
      const b = s.project(pts[2]!);
      if (a && b) s.line(a, b, '#3d3b38', Math.max(2, s.scaleAt(pts[3]!) * 0.035));
    });
  }
  if (w.curtains) {
    for (const [end, dir] of [
      [w.from, -1],
      [w.to, 1],
    ] as const) {
      const width = 0.45;
      const t0 = end - dir * 0.18;
      const t1 = end + dir * (width - 0.18);
      const pts = [
        along(t0, 0.02),
        along(t1, 0.02),
        along(t1, room.spec.height - 0.05),
        along(t0, room.spec.height - 0.05),
      ];
      const pp = pts.map((p) => {
        if (w.wall === 'back') return [p[0], p[1], room.z1 - 0.12] as Vec3;
        return [w.wall === 'left' ? room.x0 + 0.12 : room.x1 - 0.12, p[1], p[2]] as Vec3;
      });
      const sp = s.projectPolygon(pp);
      if (sp.length < 3) continue;
      const xs = sp.map((p) => p[0]);
      const lo = Math.min(...xs);
      const hi = Math.max(...xs);
      const stops: Array<readonly [number, string, number?]> = [];
      for (let i = 0; i <= 8; i++) stops.push([i / 8, shade(w.curtains, i % 2 ? 0.84 : 1.06)]);
      s.screenPoly(sp, s.linear([lo, 0], [hi, 0], stops));
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Furniture. Every piece stands on the floor at (x, z) = its centre, facing -z (the camera)
// unless told otherwise.
// ---------------------------------------------------------------------------------------------

export function rug(
  s: Scene,
  x: number,
  z: number,
  w: number,
  d: number,
  color: string,
  border = shade(color, 0.8),
): void {
  const q = (inset: number, y: number): Vec3[] => [
    [x - w / 2 + inset, y, z - d / 2 + inset],
    [x + w / 2 - inset, y, z - d / 2 + inset],
    [x + w / 2 - inset, y, z + d / 2 - inset],
    [x - w / 2 + inset, y, z + d / 2 - inset],
  ];
  s.poly(q(-0.02, 0.004), '#000000', { opacity: 0.12, filter: s.blur(1) });
  s.poly(q(0, 0.006), border);
  s.poly(q(0.12, 0.007), color);
  s.poly(q(0.2, 0.008), 'none', { stroke: border, strokeWidth: 1.2, opacity: 0.6 });
}

export type Facing = 'camera' | 'east' | 'west';

/**
 * A sofa `w` wide centred on (x, z). `facing` is where a seated guest looks: at the camera (−z),
 * east (+x) or west (−x); its back is on the other side.
 */
export function sofa(
  s: Scene,
  x: number,
  z: number,
  w: number,
  color: string,
  opts: { facing?: Facing; pillows?: string[] } = {},
): void {
  const d = 0.95;
  const facing = opts.facing ?? 'camera';
  // Local frame: u along the seat (−w/2…w/2), v from the front edge (0) to the back (d).
  const P = (u0: number, u1: number, v0: number, v1: number): [number, number, number, number] => {
    if (facing === 'camera') return [x + u0, x + u1, z - d / 2 + v0, z - d / 2 + v1];
    if (facing === 'east') return [x + d / 2 - v1, x + d / 2 - v0, z + u0, z + u1];
    return [x - d / 2 + v0, x - d / 2 + v1, z + u0, z + u1];
  };
  const parts: Array<[number, number, number, number, number, number, BoxFaces]> = [];
  const B = (u0: number, u1: number, v0: number, v1: number, y0: number, y1: number, c: string, foot = 0.18) => {
    const [a, b, c0, c1] = P(u0, u1, v0, v1);
    parts.push([a, b, y0, y1, c0, c1, { color: c, foot }]);
  };
  const [sx0, sx1, sz0, sz1] = P(-w / 2, w / 2, 0, d);
  s.contactShadow(sx0, sx1, sz0, sz1, 0.45, 0.1);
  s.castShadow(sx0, sx1, 0.8, sz0, sz1);
  const arm = 0.17;
  B(-w / 2 + arm, w / 2 - arm, 0.04, d - 0.2, 0.1, 0.4, shade(color, 0.92));
  B(-w / 2, w / 2, d - 0.2, d, 0.1, 0.84, color);
  const cushions = w > 1.2 ? 3 : 1;
  const cw = (w - arm * 2) / cushions;
  for (let i = 0; i < cushions; i++) {
    const u0 = -w / 2 + arm + i * cw + 0.008;
    B(u0, u0 + cw - 0.016, 0.02, d - 0.2, 0.4, 0.54, shade(color, 1.05), 0.08);
  }
  B(-w / 2, -w / 2 + arm, 0.0, d, 0.1, 0.64, color);
  B(w / 2 - arm, w / 2, 0.0, d, 0.1, 0.64, color);
  (opts.pillows ?? []).forEach((pc, i) => {
    const u = i === 0 ? -w / 2 + arm + 0.06 : w / 2 - arm - 0.48;
    B(u, u + 0.42, d - 0.34, d - 0.2, 0.54, 0.92, pc, 0.1);
  });
  for (const u of [-w / 2 + 0.05, w / 2 - 0.09])
    for (const v of [0.05, d - 0.09]) B(u, u + 0.04, v, v + 0.04, 0, 0.1, '#2a211b', 0);
  s.boxes(parts);
}

export function armchair(s: Scene, x: number, z: number, color: string, facing: Facing = 'camera'): void {
  sofa(s, x, z, 0.95, color, { facing });
}

export function coffeeTable(s: Scene, x: number, z: number, w: number, d: number, top: string, legs = '#2a2521'): void {
  s.contactShadow(x - w / 2, x + w / 2, z - d / 2, z + d / 2, 0.3, 0.05);
  for (const [lx, lz] of [
    [x - w / 2 + 0.05, z - d / 2 + 0.05],
    [x + w / 2 - 0.09, z - d / 2 + 0.05],
    [x - w / 2 + 0.05, z + d / 2 - 0.09],
    [x + w / 2 - 0.09, z + d / 2 - 0.09],
  ] as const)
    s.box(lx, lx + 0.04, 0, 0.36, lz, lz + 0.04, { color: legs });
  s.box(x - w / 2, x + w / 2, 0.36, 0.42, z - d / 2, z + d / 2, { color: top });
}

export function roundTable(s: Scene, x: number, z: number, r: number, h: number, top: string, base = '#2c2622'): void {
  s.roundShadow(x, z, r * 0.8, 0.3);
  s.cylinder(x, z, r * 0.35, r * 0.12, 0, 0.04, base);
  s.cylinder(x, z, 0.04, 0.04, 0.04, h - 0.03, base);
  s.cylinder(x, z, r, r, h - 0.03, h, top);
}

export function vase(s: Scene, x: number, y: number, z: number, color: string, stems = '#5c7048'): void {
  s.cylinder(x, z, 0.05, 0.07, y, y + 0.2, color);
  const top = s.project([x, y + 0.2, z]);
  if (!top) return;
  const k = s.scaleAt([x, y, z]);
  for (let i = 0; i < 6; i++) {
    const a = -Math.PI / 2 + (i - 2.5) * 0.28;
    s.line(top, [top[0] + Math.cos(a) * k * 0.28, top[1] + Math.sin(a) * k * 0.3], stems, Math.max(1, k * 0.008));
  }
}

export function bowl(s: Scene, x: number, y: number, z: number, color: string): void {
  s.cylinder(x, z, 0.08, 0.14, y, y + 0.06, color);
}

/** A stack of two books. */
export function books(s: Scene, x: number, y: number, z: number): void {
  s.box(x - 0.12, x + 0.12, y, y + 0.03, z - 0.09, z + 0.09, { color: '#c9b79a' });
  s.box(x - 0.1, x + 0.1, y + 0.03, y + 0.055, z - 0.08, z + 0.07, { color: '#4d5d5a' });
}

export function floorLamp(s: Scene, x: number, z: number, on = true): void {
  s.roundShadow(x, z, 0.2, 0.25);
  s.cylinder(x, z, 0.16, 0.16, 0, 0.02, '#2a2521');
  s.cylinder(x, z, 0.012, 0.012, 0.02, 1.35, '#2a2521');
  s.cylinder(x, z, 0.2, 0.13, 1.3, 1.62, on ? '#f6e7c8' : '#e9e0d0', { glow: on });
  if (on) {
    const p = s.project([x, 1.45, z]);
    if (p) {
      const k = s.scaleAt([x, 1.45, z]);
      s.ellipse(
        p,
        k * 0.9,
        k * 0.9,
        s.radial(p, k * 0.9, [
          [0, '#ffe6b0', 0.5],
          [1, '#ffe6b0', 0],
        ]),
        { blend: 'screen' },
      );
    }
  }
}

export function pendant(
  s: Scene,
  x: number,
  z: number,
  ceiling: number,
  drop: number,
  color = '#d8b36a',
  on = true,
): void {
  const y = ceiling - drop;
  const a = s.project([x, ceiling, z]);
  const b = s.project([x, y, z]);
  if (!a || !b) return;
  const k = s.scaleAt([x, y, z]);
  s.line(a, b, '#2a2521', Math.max(1, k * 0.006));
  s.cylinder(x, z, 0.2, 0.05, y - 0.18, y, color);
  if (on) {
    const g: Pt = [b[0], b[1] + k * 0.2];
    s.ellipse(g, k * 0.14, k * 0.03, '#fff6dc');
    s.ellipse(
      g,
      k * 0.9,
      k * 0.7,
      s.radial(g, k * 0.9, [
        [0, '#ffe9bd', 0.45],
        [1, '#ffe9bd', 0],
      ]),
      { blend: 'screen' },
    );
  }
}

/** A potted plant: a pot and a loose crown of leaves (drawn on screen at the pot's depth). */
export function plant(
  s: Scene,
  x: number,
  z: number,
  height: number,
  pot = '#cfc6b8',
  seed = 3,
  kind: 'leafy' | 'olive' | 'palm' = 'leafy',
): void {
  s.roundShadow(x, z, 0.25, 0.3);
  s.cylinder(x, z, 0.16, 0.2, 0, 0.42, pot);
  const base = s.project([x, 0.42, z]);
  if (!base) return;
  const k = s.scaleAt([x, 0.42, z]);
  const rnd = random(seed);
  const greens = kind === 'olive' ? ['#6f7d5a', '#8a9673', '#5b6848'] : ['#3f6b3a', '#4f7f44', '#5d8f4f', '#335a30'];
  if (kind === 'olive') {
    s.line(base, [base[0], base[1] - k * height * 0.55], '#5a4634', k * 0.025);
  }
  const leaves = kind === 'palm' ? 14 : kind === 'olive' ? 90 : 26;
  for (let i = 0; i < leaves; i++) {
    const g = greens[Math.floor(rnd() * greens.length)]!;
    if (kind === 'palm') {
      const a = -Math.PI / 2 + (rnd() - 0.5) * 2.6;
      const len = k * height * (0.55 + rnd() * 0.4);
      const end: Pt = [base[0] + Math.cos(a) * len, base[1] + Math.sin(a) * len * 0.9];
      const ctrl: Pt = [base[0] + Math.cos(a) * len * 0.5, base[1] + Math.sin(a) * len * 0.5 - len * 0.25];
      s.path(
        `M${base[0]} ${base[1]} Q${ctrl[0]} ${ctrl[1]} ${end[0]} ${end[1]} Q${ctrl[0] + k * 0.05} ${ctrl[1] + k * 0.05} ${base[0]} ${base[1]}Z`,
        g,
      );
      continue;
    }
    const spread = kind === 'olive' ? 0.35 : 0.45;
    const cx = base[0] + (rnd() - 0.5) * k * spread * (kind === 'olive' ? 1.4 : 1.2);
    const cy = base[1] - k * height * (kind === 'olive' ? 0.5 + rnd() * 0.5 : 0.15 + rnd() * 0.85);
    const len = k * (kind === 'olive' ? 0.06 : 0.22);
    s.ellipse([cx, cy], len, len * (kind === 'olive' ? 0.35 : 0.45), g, {}, rnd() * 180);
  }
}

/** Framed art on a wall: an abstract composition in the room's colours. */
export function art(
  s: Scene,
  room: Room,
  wall: Wall,
  at: number,
  y: number,
  w: number,
  h: number,
  colors: string[],
): void {
  const inset = 0.025;
  const quad = (m: number, d: number): Vec3[] => {
    if (wall === 'back')
      return [
        [at - w / 2 + m, y - h / 2 + m, room.z1 - d],
        [at + w / 2 - m, y - h / 2 + m, room.z1 - d],
        [at + w / 2 - m, y + h / 2 - m, room.z1 - d],
        [at - w / 2 + m, y + h / 2 - m, room.z1 - d],
      ];
    const x = wall === 'left' ? room.x0 + d : room.x1 - d;
    return [
      [x, y - h / 2 + m, at - w / 2 + m],
      [x, y - h / 2 + m, at + w / 2 - m],
      [x, y + h / 2 - m, at + w / 2 - m],
      [x, y + h / 2 - m, at - w / 2 + m],
    ];
  };
  s.poly(quad(-0.02, 0.005), '#000000', { opacity: 0.18, filter: s.blur(1) });
  s.poly(quad(0, inset), '#2e2a26');
  s.poly(quad(0.03, inset), '#f3eee4');
  const inner = quad(0.09, inset);
  const clip = s.clip3d(inner);
  const pts = s.projectPolygon(inner);
  if (pts.length < 3) return;
  const xs = pts.map((p) => p[0]);
  const ys = pts.map((p) => p[1]);
  const [l, r, t, b] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  s.clipped(clip, () => {
    s.rect(l, t, r - l, b - t, colors[0] ?? '#d8c7a8');
    s.ellipse([l + (r - l) * 0.35, t + (b - t) * 0.6], (r - l) * 0.45, (b - t) * 0.32, colors[1] ?? '#b5654a', {
      opacity: 0.85,
    });
    s.rect(l, t + (b - t) * 0.68, r - l, (b - t) * 0.4, colors[2] ?? '#5f6f63', { opacity: 0.9 });
  });
}

export function bed(
  s: Scene,
  x: number,
  z: number,
  w: number,
  linen: string,
  throwColor: string,
  frame: string,
  headboard: string,
): void {
  // Headboard against the back (z + length/2), foot towards the camera.
  const L = 2.1;
  const z0 = z - L / 2;
  const z1 = z + L / 2;
  s.contactShadow(x - w / 2, x + w / 2, z0, z1, 0.45, 0.1);
  s.box(x - w / 2 - 0.12, x + w / 2 + 0.12, 0, 1.25, z1, z1 + 0.1, { color: headboard, foot: 0.2 });
  s.box(x - w / 2, x + w / 2, 0.05, 0.32, z0, z1, { color: frame, foot: 0.15 });
  s.box(x - w / 2 + 0.03, x + w / 2 - 0.03, 0.32, 0.55, z0 + 0.03, z1 - 0.02, { color: linen, foot: 0.1 });
  // Duvet folded back, a throw across the foot.
  s.box(x - w / 2 + 0.02, x + w / 2 - 0.02, 0.55, 0.6, z0 + 0.02, z1 - 0.7, { color: shade(linen, 0.97) });
  s.box(x - w / 2, x + w / 2, 0.34, 0.62, z0 + 0.18, z0 + 0.62, { color: throwColor, foot: 0.12 });
  // Pillows.
  const n = w > 1.5 ? 2 : 1;
  for (let i = 0; i < n; i++) {
    const px = x - w / 2 + 0.12 + (i * (w - 0.24)) / n;
    const pw = (w - 0.24) / n - 0.06;
    s.box(px, px + pw, 0.55, 0.78, z1 - 0.42, z1 - 0.12, { color: shade(linen, 1.03), foot: 0.08 });
  }
  s.box(x - 0.28, x + 0.28, 0.58, 0.8, z1 - 0.58, z1 - 0.44, { color: throwColor, foot: 0.1 });
}

export function nightstand(s: Scene, x: number, z: number, wood: string, lamp = true): void {
  s.contactShadow(x - 0.25, x + 0.25, z - 0.2, z + 0.2, 0.3, 0.04);
  s.box(x - 0.25, x + 0.25, 0.05, 0.55, z - 0.2, z + 0.2, { color: wood, foot: 0.12 });
  if (!lamp) return;
  s.cylinder(x, z, 0.07, 0.05, 0.55, 0.85, '#d9cbb2');
  s.cylinder(x, z, 0.17, 0.12, 0.85, 1.1, '#f7ead0', { glow: true });
  const p = s.project([x, 0.97, z]);
  if (p) {
    const k = s.scaleAt([x, 0.97, z]);
    s.ellipse(
      p,
      k * 0.7,
      k * 0.7,
      s.radial(p, k * 0.7, [
        [0, '#ffe2a8', 0.5],
        [1, '#ffe2a8', 0],
      ]),
      { blend: 'screen' },
    );
  }
}

/** Kitchen units along the back wall from `from` to `to` (x): base cabinets, worktop, wall cabinets. */
export function kitchenRun(
  s: Scene,
  room: Room,
  from: number,
  to: number,
  fronts: string,
  worktop: string,
  splash: string,
  opts: { uppers?: boolean; fridge?: boolean } = {},
): void {
  const z1 = room.z1;
  const depth = 0.62;
  s.poly(
    [
      [from, 0.92, z1 - 0.005],
      [to, 0.92, z1 - 0.005],
      [to, 1.5, z1 - 0.005],
      [from, 1.5, z1 - 0.005],
    ],
    splash,
  );
  s.box(from, to, 0, 0.1, z1 - depth + 0.05, z1, { color: '#2a2521' });
  s.box(from, to, 0.1, 0.88, z1 - depth, z1, { color: fronts, foot: 0.12 });
  // Door gaps and handles.
  for (let x = from + 0.6; x < to - 0.05; x += 0.6) {
    const a = s.project([x, 0.12, z1 - depth - 0.001]);
    const b = s.project([x, 0.86, z1 - depth - 0.001]);
    if (a && b) s.line(a, b, shade(fronts, 0.7), 1.2);
    const h = s.project([x - 0.05, 0.8, z1 - depth - 0.01]);
    const h2 = s.project([x - 0.05, 0.62, z1 - depth - 0.01]);
    if (h && h2) s.line(h, h2, '#9a8b74', 2);
  }
  s.box(from - 0.01, to + 0.01, 0.88, 0.92, z1 - depth - 0.02, z1, { color: worktop });
  // Sink and tap.
  const sx = from + (to - from) * 0.35;
  s.poly(
    [
      [sx - 0.3, 0.921, z1 - 0.5],
      [sx + 0.3, 0.921, z1 - 0.5],
      [sx + 0.3, 0.921, z1 - 0.12],
      [sx - 0.3, 0.921, z1 - 0.12],
    ],
    shade(worktop, 0.75),
  );
  s.cylinder(sx, z1 - 0.08, 0.015, 0.015, 0.92, 1.2, '#b8b8b8');
  // Hob.
  const hx = from + (to - from) * 0.72;
  s.poly(
    [
      [hx - 0.3, 0.922, z1 - 0.52],
      [hx + 0.3, 0.922, z1 - 0.52],
      [hx + 0.3, 0.922, z1 - 0.08],
      [hx - 0.3, 0.922, z1 - 0.08],
    ],
    '#1b1c1e',
  );
  if (opts.uppers !== false) {
    s.box(from, to, 1.6, 2.3, z1 - 0.35, z1, { color: shade(fronts, 1.03) });
    for (let x = from + 0.6; x < to - 0.05; x += 0.6) {
      const a = s.project([x, 1.61, z1 - 0.351]);
      const b = s.project([x, 2.29, z1 - 0.351]);
      if (a && b) s.line(a, b, shade(fronts, 0.72), 1.2);
    }
    // Under-cabinet light on the splashback.
    const a = s.project([from, 1.55, z1]);
    const b = s.project([to, 1.55, z1]);
    if (a && b) s.line(a, b, '#fff2d2', 6, { opacity: 0.5, filter: s.blur(2) });
  }
  if (opts.fridge) s.box(to, to + 0.75, 0, 2.3, z1 - 0.66, z1, { color: '#c9ccce', foot: 0.1 });
}

export function island(
  s: Scene,
  x: number,
  z: number,
  w: number,
  d: number,
  body: string,
  top: string,
  stools: string,
): void {
  s.contactShadow(x - w / 2, x + w / 2, z - d / 2, z + d / 2, 0.4, 0.06);
  s.box(x - w / 2 + 0.05, x + w / 2 - 0.05, 0, 0.88, z - d / 2 + 0.05, z + d / 2, { color: body, foot: 0.12 });
  s.box(x - w / 2, x + w / 2, 0.88, 0.93, z - d / 2, z + d / 2, { color: top });
  for (let i = 0; i < 3; i++) {
    const sx = x - w / 2 + 0.35 + i * ((w - 0.7) / 2);
    const sz = z - d / 2 - 0.35;
    s.roundShadow(sx, sz, 0.2, 0.25);
    s.cylinder(sx, sz, 0.02, 0.02, 0, 0.62, '#2a2521');
    s.cylinder(sx, sz, 0.19, 0.19, 0.62, 0.68, stools);
  }
}

/** A majlis: floor cushions along a wall (left, right or back), with back cushions and arm bolsters. */
export function majlis(
  s: Scene,
  room: Room,
  wall: Wall,
  from: number,
  to: number,
  seat: string,
  back: string,
  trim: string,
): void {
  const depth = 0.75;
  if (wall === 'back') {
    const z1 = room.z1;
    s.contactShadow(from, to, z1 - depth, z1, 0.35, 0.05);
    s.box(from, to, 0, 0.22, z1 - depth, z1, { color: seat, foot: 0.12 });
    s.box(from, to, 0.2, 0.24, z1 - depth - 0.01, z1, { color: trim });
    s.box(from, to, 0.24, 0.7, z1 - 0.2, z1, { color: back, foot: 0.1 });
    for (let x = from + 0.9; x < to - 0.1; x += 0.9)
      s.box(x - 0.08, x + 0.08, 0.24, 0.46, z1 - 0.6, z1 - 0.2, { color: trim });
    return;
  }
  const inner = wall === 'left' ? room.x0 + depth : room.x1 - depth;
  const outer = wall === 'left' ? room.x0 : room.x1;
  const [a, b] = wall === 'left' ? [outer, inner] : [inner, outer];
  s.contactShadow(a, b, from, to, 0.35, 0.05);
  s.box(a, b, 0, 0.22, from, to, { color: seat, foot: 0.12 });
  s.box(a - (wall === 'right' ? 0.01 : 0), b + (wall === 'left' ? 0.01 : 0), 0.2, 0.24, from, to, { color: trim });
  const bx = wall === 'left' ? [outer, outer + 0.2] : [outer - 0.2, outer];
  s.box(bx[0]!, bx[1]!, 0.24, 0.7, from, to, { color: back, foot: 0.1 });
}

export function fireplace(s: Scene, room: Room, at: number, stone: string): void {
  const z = room.z1;
  s.box(at - 0.9, at + 0.9, 0, 2.1, z - 0.35, z, { color: stone, foot: 0.15 });
  s.box(at - 1.0, at + 1.0, 1.05, 1.12, z - 0.42, z, { color: shade(stone, 0.8) });
  const hearth: Vec3[] = [
    [at - 0.5, 0.25, z - 0.351],
    [at + 0.5, 0.25, z - 0.351],
    [at + 0.5, 0.85, z - 0.351],
    [at - 0.5, 0.85, z - 0.351],
  ];
  s.poly(hearth, '#1a1410');
  const pts = s.projectPolygon(hearth);
  if (pts.length === 4) {
    const cx = (pts[0]![0] + pts[1]![0]) / 2;
    const by = pts[0]![1];
    const k = s.scaleAt([at, 0.3, z]);
    s.ellipse(
      [cx, by - k * 0.12],
      k * 0.35,
      k * 0.2,
      s.radial([cx, by - k * 0.12], k * 0.35, [
        [0, '#ffd27a'],
        [0.5, '#f08a2c', 0.9],
        [1, '#b3401c', 0],
      ]),
    );
    s.ellipse(
      [cx, by - k * 0.2],
      k * 1.6,
      k * 1.1,
      s.radial([cx, by - k * 0.2], k * 1.6, [
        [0, '#ffb25a', 0.35],
        [1, '#ffb25a', 0],
      ]),
      { blend: 'screen' },
    );
  }
}

export function vanity(s: Scene, room: Room, at: number, w: number, wood: string, top: string): void {
  const z = room.z1;
  s.box(at - w / 2, at + w / 2, 0.3, 0.82, z - 0.5, z, { color: wood, foot: 0.1 });
  s.box(at - w / 2 - 0.02, at + w / 2 + 0.02, 0.82, 0.86, z - 0.52, z, { color: top });
  s.cylinder(at, z - 0.26, 0.2, 0.18, 0.86, 0.98, '#f6f6f4');
  s.cylinder(at, z - 0.06, 0.012, 0.012, 0.86, 1.12, '#b9b9b9');
  // A round mirror with a warm back-light.
  const ring = (r: number, d: number) =>
    Array.from({ length: 40 }, (_, i): Vec3 => {
      const a = (i / 40) * Math.PI * 2;
      return [at + Math.cos(a) * r, 1.6 + Math.sin(a) * r, z - d];
    });
  s.poly(ring(0.46, 0.01), '#ffe9c2', { opacity: 0.75, filter: s.blur(3) });
  const mp = s.projectPolygon(ring(0.4, 0.03));
  if (mp.length > 3) {
    const ys = mp.map((q) => q[1]);
    const xs = mp.map((q) => q[0]);
    s.screenPoly(
      mp,
      s.linear(
        [Math.min(...xs), Math.min(...ys)],
        [Math.max(...xs), Math.max(...ys)],
        [
          [0, '#b9c3c5'],
          [0.45, '#dfe5e5'],
          [0.5, '#eef2f2'],
          [1, '#a3aeb0'],
        ],
      ),
    );
  }
}

/** Wall tiles (a grid of joints) over part of a wall. */
export function tiles(
  s: Scene,
  room: Room,
  wall: Wall,
  from: number,
  to: number,
  y0: number,
  y1: number,
  color: string,
  size = 0.3,
): void {
  const q = wallQuad(room, wall, from, to, y0, y1, 0.004);
  s.poly(q, color);
  const joint = shade(color, 0.85);
  for (let y = y0 + size; y < y1; y += size) {
    const a = s.project(
      wall === 'back' ? [from, y, room.z1 - 0.005] : [wall === 'left' ? room.x0 + 0.005 : room.x1 - 0.005, y, from],
    );
    const b = s.project(
      wall === 'back' ? [to, y, room.z1 - 0.005] : [wall === 'left' ? room.x0 + 0.005 : room.x1 - 0.005, y, to],
    );
    if (a && b) s.line(a, b, joint, 1);
  }
  for (let t = from + size; t < to; t += size) {
    const a = s.project(
      wall === 'back' ? [t, y0, room.z1 - 0.005] : [wall === 'left' ? room.x0 + 0.005 : room.x1 - 0.005, y0, t],
    );
    const b = s.project(
      wall === 'back' ? [t, y1, room.z1 - 0.005] : [wall === 'left' ? room.x0 + 0.005 : room.x1 - 0.005, y1, t],
    );
    if (a && b) s.line(a, b, joint, 1);
  }
}

export function glassPanel(s: Scene, pts: Vec3[]): void {
  const p = s.projectPolygon(pts);
  if (p.length < 3) return;
  s.screenPoly(p, '#dbe8ea', { opacity: 0.18 });
  s.screenPoly(p, 'none', { stroke: '#c8d2d3', strokeWidth: 2, opacity: 0.7 });
}

/** A folded towel hanging from a rail on the left wall at z, its top at y. */
export function towel(s: Scene, room: Room, z: number, y: number, color: string): void {
  const x = room.x0;
  s.box(x, x + 0.06, y - 0.02, y + 0.02, z - 0.35, z + 0.35, { color: '#b9b9b9' });
  s.box(x + 0.01, x + 0.07, y - 0.62, y, z - 0.28, z + 0.28, { color, foot: 0.15 });
  s.box(x + 0.07, x + 0.08, y - 0.62, y - 0.5, z - 0.28, z + 0.28, { color: shade(color, 0.9) });
}

/** An arched niche (recess) in a wall, darker inside, with a lit sill. */
export function niche(
  s: Scene,
  room: Room,
  wall: Wall,
  from: number,
  to: number,
  bottom: number,
  top: number,
  color: string,
): void {
  const w: WindowSpec = { wall, from, to, bottom, top, view: { kind: 'garden' }, arch: true };
  const outline = openingOutline(room, w, 0.004);
  const pts = s.projectPolygon(outline);
  if (pts.length < 3) return;
  const ys = pts.map((p) => p[1]);
  s.screenPoly(
    pts,
    s.linear(
      [0, Math.min(...ys)],
      [0, Math.max(...ys)],
      [
        [0, shade(color, 0.68)],
        [1, shade(color, 0.86)],
      ],
    ),
  );
  const sill = openingOutline(room, { ...w, top: bottom + 0.001, arch: false }, 0.004);
  s.poly(sill, shade(color, 1.1));
}

/** Ceiling beams across the room (timber or palm trunks), every `every` metres along z. */
export function beams(s: Scene, room: Room, color: string, every = 0.6, size = 0.14): void {
  const H = room.spec.height;
  for (let z = room.z1 - 0.3; z > 0.2; z -= every)
    s.box(room.x0, room.x1, H - size, H, z - size / 2, z + size / 2, { color, solidBelow: false });
}

/** A brass coffee pot (dallah) on a tray with small cups. */
export function dallah(s: Scene, x: number, y: number, z: number): void {
  s.cylinder(x, z, 0.32, 0.32, y, y + 0.02, '#b08a48');
  s.cylinder(x - 0.08, z, 0.07, 0.05, y + 0.02, y + 0.14, '#c9a254');
  s.cylinder(x - 0.08, z, 0.05, 0.02, y + 0.14, y + 0.24, '#d6b060');
  const spout = s.project([x - 0.02, y + 0.16, z - 0.02]);
  const tip = s.project([x + 0.1, y + 0.22, z - 0.05]);
  if (spout && tip) s.line(spout, tip, '#b8923f', Math.max(1.5, s.scaleAt([x, y, z]) * 0.015));
  for (const [cx, cz] of [
    [x + 0.12, z - 0.08],
    [x + 0.18, z + 0.04],
    [x + 0.05, z + 0.12],
  ] as const)
    s.cylinder(cx, cz, 0.025, 0.035, y + 0.02, y + 0.06, '#f4efe6');
}

/** A patterned rug: a border, a field and a row of diamonds (kilim / sadu colours). */
export function patternedRug(
  s: Scene,
  x: number,
  z: number,
  w: number,
  d: number,
  field: string,
  border: string,
  motif: string,
): void {
  rug(s, x, z, w, d, field, border);
  const n = Math.max(3, Math.round(w / 0.5));
  for (let i = 0; i < n; i++) {
    const cx = x - w / 2 + 0.35 + (i * (w - 0.7)) / (n - 1);
    for (const cz of [z - d / 4, z + d / 4]) {
      s.poly(
        [
          [cx, 0.009, cz - 0.18],
          [cx + 0.14, 0.009, cz],
          [cx, 0.009, cz + 0.18],
          [cx - 0.14, 0.009, cz],
        ],
        motif,
      );
    }
  }
}

/** A crystal chandelier: rings of glowing drops and a warm halo. */
export function chandelier(s: Scene, x: number, y: number, z: number, r: number): void {
  const top = s.project([x, y + 0.9, z]);
  const c = s.project([x, y, z]);
  if (!top || !c) return;
  const k = s.scaleAt([x, y, z]);
  s.line(top, c, '#b59a5a', Math.max(1, k * 0.01));
  s.ellipse(
    c,
    k * r * 2.6,
    k * r * 2,
    s.radial(c, k * r * 2.6, [
      [0, '#fff0c8', 0.55],
      [1, '#fff0c8', 0],
    ]),
    { blend: 'screen' },
  );
  for (const [ring, ry] of [
    [r, 0],
    [r * 0.7, -0.25],
    [r * 0.4, -0.5],
  ] as const) {
    for (let i = 0; i < 16; i++) {
      const a = (i / 16) * Math.PI * 2;
      const p = s.project([x + Math.cos(a) * ring, y + ry, z + Math.sin(a) * ring]);
      if (!p) continue;
      s.ellipse(p, k * 0.035, k * 0.05, '#fff8e2');
    }
  }
  s.ellipse([c[0], c[1] - k * 0.2], k * r * 0.9, k * r * 0.35, '#ffe9b8', { opacity: 0.6, filter: s.blur(2) });
}

/** A banquet table: a white cloth to the floor, a centrepiece and chairs around. */
export function banquetTable(s: Scene, x: number, z: number, cloth: string, chair: string, flowers: string[]): void {
  const r = 0.85;
  const chairs = 8;
  const seat = (i: number) => {
    const a = (i / chairs) * Math.PI * 2;
    const cx = x + Math.cos(a) * (r + 0.28);
    const cz = z + Math.sin(a) * (r + 0.28);
    // A dressed banquet chair: a seat with its cover, and a slim back on the side away from the table.
    const alongX = Math.abs(Math.cos(a)) > Math.abs(Math.sin(a));
    const ox = alongX ? Math.sign(Math.cos(a)) * 0.17 : 0;
    const oz = alongX ? 0 : Math.sign(Math.sin(a)) * 0.17;
    const parts: Array<[number, number, number, number, number, number, BoxFaces]> = [
      [cx - 0.19, cx + 0.19, 0, 0.46, cz - 0.19, cz + 0.19, { color: chair, foot: 0.25 }],
      [
        cx + ox - (alongX ? 0.03 : 0.19),
        cx + ox + (alongX ? 0.03 : 0.19),
        0.46,
        0.98,
        cz + oz - (alongX ? 0.19 : 0.03),
        cz + oz + (alongX ? 0.19 : 0.03),
        { color: chair },
      ],
    ];
    s.boxes(parts);
  };
  const far = [...Array(chairs).keys()].filter((i) => Math.sin((i / chairs) * Math.PI * 2) > 0.1);
  const near = [...Array(chairs).keys()].filter((i) => Math.sin((i / chairs) * Math.PI * 2) <= 0.1);
  s.roundShadow(x, z, r * 1.1, 0.3);
  far.forEach(seat);
  s.cylinder(x, z, r, r, 0, 0.76, cloth, { top: shade(cloth, 1.02) });
  vase(s, x, 0.76, z, '#e8dcc0');
  const p = s.project([x, 1.05, z]);
  if (p) {
    const k = s.scaleAt([x, 1.05, z]);
    const rnd = random(Math.round(x * 31 + z * 17));
    for (let i = 0; i < 18; i++) {
      s.ellipse(
        [p[0] + (rnd() - 0.5) * k * 0.4, p[1] + (rnd() - 0.5) * k * 0.22],
        k * 0.05,
        k * 0.045,
        flowers[i % flowers.length]!,
      );
    }
  }
  near.forEach(seat);
}
