/**
 * The pictures: each a function that draws one scene (a room or a building) from a few choices
 * (palette, view, time of day), so the units can share a way of drawing and still look like
 * themselves.
 */
import { random, Scene, shade } from './kit';
import {
  backdrop,
  gableRoof,
  ground,
  hedge,
  lounger,
  palm,
  patch,
  pool,
  tree,
  umbrella,
  volume,
  wallLight,
  type BuildingStyle,
} from './exteriors';
import {
  armchair,
  art,
  banquetTable,
  beams,
  bed,
  books,
  bowl,
  chandelier,
  dallah,
  fireplace,
  glassPanel,
  majlis,
  niche,
  patternedRug,
  tiles,
  towel,
  vanity,
  coffeeTable,
  drawRoom,
  floorLamp,
  island,
  kitchenRun,
  roundTable,
  nightstand,
  pendant,
  plant,
  rug,
  sofa,
  vase,
  type RoomSpec,
} from './rooms';
import type { TimeOfDay, ViewSpec } from './views';

export interface Palette {
  wall: string;
  accentWall?: string;
  floor: RoomSpec['floor'];
  sofa: string;
  pillows: string[];
  rug: string;
  wood: string;
  accent: string;
  art: string[];
  linen?: string;
}

/** A final pass every photo gets: a soft vignette, like a real lens. */
export function finish(s: Scene, warmth = 0): void {
  const c: [number, number] = [s.w / 2, s.h / 2];
  s.rect(
    0,
    0,
    s.w,
    s.h,
    s.radial(
      c,
      s.w * 0.75,
      [
        [0.55, '#000000', 0],
        [1, '#000000', 0.28],
      ],
      0.85,
    ),
  );
  if (warmth) s.rect(0, 0, s.w, s.h, '#ffb060', { opacity: warmth, blend: 'soft-light' });
}

/**
 * A living room with a wall of glass at the back onto the view: sofa along the left wall facing
 * the armchairs, a rug and a low table between them, art, a lamp and plants.
 */
export function livingRoom(
  p: Palette,
  view: ViewSpec,
  opts: { balcony?: boolean; yaw?: number; seed?: number } = {},
): Scene {
  const time = view.time ?? 'day';
  const s = new Scene({ position: [0.5, 1.3, 0.1], yaw: opts.yaw ?? -6, fov: 74, horizon: 0.5 });
  const room = drawRoom(s, {
    width: 5.6,
    depth: 6.4,
    height: 3,
    wall: p.wall,
    floor: p.floor,
    downlights: true,
    sun: time === 'golden' ? [0.35, -0.35, -0.87] : [0.3, -0.6, -0.75],
    sunStrength: time === 'dusk' ? 0.12 : 0.65,
    windows: [
      {
        wall: 'back',
        from: -2.3,
        to: 2.3,
        bottom: opts.balcony ? 0.02 : 0.35,
        top: 2.8,
        view,
        panes: 4,
        curtains: shade(p.wall, 1.05),
        balcony: opts.balcony,
      },
    ],
  });
  art(s, room, 'left', 3.3, 1.75, 1.4, 0.95, p.art);
  plant(s, room.x1 - 0.4, room.z1 - 0.45, 1.5, '#d8d0c2', (opts.seed ?? 1) + 4, 'olive');
  plant(s, room.x0 + 0.45, room.z1 - 0.5, 1.2, shade(p.accent, 1.3), (opts.seed ?? 1) + 9, 'palm');
  rug(s, -0.4, 3.4, 2.6, 2.2, p.rug);
  sofa(s, room.x0 + 0.55, 3.4, 2.4, p.sofa, { facing: 'east', pillows: p.pillows });
  floorLamp(s, room.x0 + 0.4, 1.95, time !== 'day');
  coffeeTable(s, -0.55, 3.4, 0.7, 1.15, p.wood);
  books(s, -0.55, 0.42, 3.2);
  vase(s, -0.5, 0.42, 3.65, '#efe9de');
  roundTable(s, 1.45, 4.15, 0.25, 0.5, p.wood);
  armchair(s, 1.35, 3.2, p.accent, 'west');
  finish(s, time === 'golden' ? 0.08 : 0);
  return s;
}

/** A bedroom: bed against the back wall, nightstands with lamps, a window on the left. */
export function bedroom(p: Palette, view: ViewSpec, opts: { time?: TimeOfDay } = {}): Scene {
  const s = new Scene({ position: [0.9, 1.3, 0.1], yaw: -16, fov: 76, horizon: 0.52 });
  const room = drawRoom(s, {
    width: 4.6,
    depth: 5.2,
    height: 2.9,
    wall: p.wall,
    backWall: p.accentWall,
    floor: p.floor,
    sun: [0.75, -0.5, 0.1],
    sunStrength: (opts.time ?? view.time) === 'dusk' ? 0.1 : 0.5,
    windows: [
      {
        wall: 'left',
        from: 1.5,
        to: 3.9,
        bottom: 0.55,
        top: 2.55,
        view,
        panes: 2,
        curtains: shade(p.linen ?? '#efe9df', 0.98),
      },
    ],
  });
  art(s, room, 'back', 0.3, 2.05, 1.4, 0.6, p.art);
  nightstand(s, -0.95, room.z1 - 0.3, p.wood);
  nightstand(s, 1.55, room.z1 - 0.3, p.wood);
  bed(s, 0.3, room.z1 - 1.15, 1.8, p.linen ?? '#f3efe7', p.accent, shade(p.wood, 0.9), p.sofa);
  rug(s, 0.3, room.z1 - 2.4, 2.6, 1.1, p.rug);
  plant(s, room.x1 - 0.4, room.z1 - 0.35, 1.1, '#d8d0c2', 9, 'leafy');
  finish(s, (opts.time ?? view.time) === 'golden' ? 0.06 : 0);
  return s;
}

/** An open kitchen: units along the back wall, an island with stools, pendants. */
export function kitchen(p: Palette & { fronts: string; worktop: string; splash: string }, view: ViewSpec): Scene {
  const s = new Scene({ position: [-0.3, 1.35, 0], yaw: 4, fov: 74, horizon: 0.5 });
  const room = drawRoom(s, {
    width: 5,
    depth: 5.4,
    height: 2.9,
    wall: p.wall,
    floor: p.floor,
    downlights: true,
    sun: [0.7, -0.55, 0.2],
    sunStrength: 0.45,
    windows: [{ wall: 'left', from: 1.0, to: 3.2, bottom: 0.95, top: 2.4, view, panes: 2 }],
  });
  kitchenRun(s, room, -1.6, 1.5, p.fronts, p.worktop, p.splash, { fridge: true });
  island(s, 0, room.z1 - 2.1, 2.2, 0.9, shade(p.fronts, 0.92), p.worktop, p.wood);
  for (const x of [-0.6, 0.6]) pendant(s, x, room.z1 - 2.1, 2.9, 0.9, p.accent);
  plant(s, room.x1 - 0.4, 1.4, 1.1, '#d8d0c2', 4, 'leafy');
  vase(s, 0.4, 0.93, room.z1 - 2.05, '#e9e3d7');
  bowl(s, -0.3, 0.93, room.z1 - 2.1, p.accent);
  finish(s);
  return s;
}

export interface VillaOptions {
  view: ViewSpec;
  plaster: string;
  trim: string;
  wood: string;
  /** Ground beyond the garden (sand, grass, gravel). */
  ground: string;
  paving: string;
  lawn?: string;
  crenellations?: boolean;
  /** Two storeys, or one long single storey. */
  storeys?: 1 | 2;
  palms?: number;
  /** Rose beds along the front (Taif). */
  roses?: boolean;
  pool?: boolean;
  /** Turn the camera (degrees) for variety. */
  yaw?: number;
  seed?: number;
}

/** A villa seen from its garden: the house behind a pool or a lawn, palms, loungers, the view beyond. */
export function villaExterior(o: VillaOptions): Scene {
  const time = o.view.time ?? 'day';
  const lit = time === 'dusk';
  const s = new Scene({ position: [-2.5, 1.6, 0], yaw: o.yaw ?? 10, fov: 66, horizon: 0.62 });
  s.light = time === 'golden' ? [-0.75, 0.35, -0.55] : time === 'dusk' ? [0.5, 0.3, -0.8] : [-0.55, 0.7, -0.45];
  s.ambient = lit ? 0.55 : 0.62;
  backdrop(s, o.view);
  const haze = time === 'dusk' ? '#9d8a8c' : time === 'golden' ? '#e8cfa8' : '#dfe5e3';
  ground(s, o.ground, haze, 0.3, 70);
  const style: BuildingStyle = { plaster: o.plaster, trim: o.trim, glass: time, wood: o.wood, lit };
  const two = (o.storeys ?? 2) === 2;
  // Paving around the house and the pool.
  patch(s, -9, 13, 5, 16, o.paving, 0.004, { every: 0.8, along: 'x', color: shade(o.paving, 0.85) });
  if (o.lawn) {
    patch(s, -30, -9, 2, 30, o.lawn, 0.003);
    patch(s, -9, 13, 0.5, 5, o.lawn, 0.003);
  }
  // The house: a main volume, a lower wing, a pergola over the terrace.
  volume(
    s,
    {
      x0: 6,
      x1: 12,
      z0: 15,
      z1: 22,
      height: 3.6,
      windows: [[7, 11, 0.3, 2.7]],
      crenellations: o.crenellations,
      sideWindows: [],
    },
    style,
  );
  volume(
    s,
    {
      x0: -7,
      x1: 6,
      z0: 16,
      z1: 25,
      height: two ? 7.2 : 3.9,
      windows: two
        ? [
            [-6, -3.2, 0.3, 2.9],
            [-2.2, 1.5, 0.3, 2.9],
            [2.6, 4.6, 0.3, 2.9],
            [-6, -4, 4.1, 6.2],
            [-2.2, 0.2, 4.1, 6.2],
            [1.4, 4.6, 4.1, 6.2],
          ]
        : [
            [-6, -3.2, 0.3, 3.0],
            [-2.2, 1.5, 0.3, 3.0],
            [2.6, 4.6, 0.3, 3.0],
          ],
      crenellations: o.crenellations,
      screen: two ? [1.4, 4.6] : undefined,
    },
    style,
  );
  // Pergola over the ground-floor terrace.
  const pz0 = 13.2;
  for (const x of [-6.5, -2.5, 1.5]) s.box(x, x + 0.18, 0, 3.0, pz0, pz0 + 0.18, { color: o.trim });
  for (let z = pz0; z < 16; z += 0.35) s.box(-6.6, 1.8, 3.0, 3.12, z, z + 0.08, { color: o.wood });
  s.box(-6.6, 1.8, 3.0, 3.14, pz0, pz0 + 0.2, { color: o.trim });
  if (o.pool !== false) {
    pool(s, -5.5, 3.5, 7, 11.5, time, shade(o.paving, 1.06), lit);
    lounger(s, 5.2, 9.5);
    lounger(s, 6.4, 9.5);
    umbrella(s, 5.8, 12.2);
  }
  const rnd = random(o.seed ?? 5);
  if (o.roses) {
    hedge(s, -8.5, -1, 3.2, 4.2, 0.7, '#4f7340', 11, ['#d94a6a', '#e86f8a', '#c23456', '#f2a0b5']);
    hedge(s, 1, 9, 3.2, 4.2, 0.7, '#4f7340', 12, ['#d94a6a', '#e86f8a', '#c23456', '#f2a0b5']);
  } else {
    hedge(s, 8.5, 13, 13, 14.2, 1.1, '#4e7240', 13);
  }
  const palms = o.palms ?? 3;
  const spots: Array<[number, number]> = [
    [-8.5, 12],
    [10.5, 11],
    [-10, 19],
    [13, 17],
  ];
  spots.slice(0, palms).forEach(([x, z], i) => palm(s, x, z, 6.5 + rnd() * 2, (o.seed ?? 5) + i, i % 2 ? -0.4 : 0.35));
  if (lit) {
    for (const x of [-5.5, -1.5, 2.5]) wallLight(s, [x, 2.6, 15.95]);
  }
  finish(s, time === 'golden' ? 0.1 : 0);
  return s;
}

/** A beach chalet: a low white house with a wide glass front, its own pool, the sea behind. */
export function beachChalet(o: { view: ViewSpec; plaster: string; wood: string; seed?: number }): Scene {
  const time = o.view.time ?? 'golden';
  const lit = time === 'dusk';
  const s = new Scene({ position: [4, 1.7, -2], yaw: -16, fov: 66, horizon: 0.55 });
  s.light = [0.75, 0.35, -0.55];
  s.ambient = 0.6;
  backdrop(s, o.view);
  // Sand up to the water line, then the house on a deck, the pool in front.
  ground(s, '#e6cfa4', '#e9d6b4', 0.3, 45);
  const style: BuildingStyle = { plaster: o.plaster, trim: '#e8e4dc', glass: time, wood: o.wood, lit };
  patch(s, -10, 8, 4, 17, '#cfb08a', 0.02, { every: 0.3, along: 'z', color: '#a88660' });
  volume(
    s,
    {
      x0: -9,
      x1: 2,
      z0: 13,
      z1: 19,
      height: 3.4,
      windows: [
        [-8.2, -4.6, 0.2, 2.9],
        [-4, 1.2, 0.2, 2.9],
      ],
    },
    style,
  );
  volume(s, { x0: 2, x1: 7, z0: 14.5, z1: 19, height: 3.0, door: [3.6, 4.6], windows: [[5.2, 6.5, 1.0, 2.4]] }, style);
  // Shade sail / pergola.
  for (let x = -8.8; x < 1.9; x += 0.4) s.box(x, x + 0.1, 3.3, 3.4, 10.8, 13, { color: o.wood });
  for (const x of [-8.8, -3.5, 1.6]) s.box(x, x + 0.15, 0, 3.3, 10.8, 10.95, { color: o.wood });
  pool(s, -7, -0.5, 6, 9.8, time, '#efe6d4', lit);
  lounger(s, 1.4, 8);
  lounger(s, 2.6, 8);
  umbrella(s, 4.3, 8.5, '#f5efe2');
  palm(s, -9.5, 11.5, 7, (o.seed ?? 3) + 1, 0.5);
  palm(s, 6.5, 16, 8, (o.seed ?? 3) + 2, -0.4);
  finish(s, time === 'golden' ? 0.12 : 0.04);
  return s;
}

/** A stone chalet in the Asir mountains: gabled roof, timber balcony, green slopes and mist. */
export function mountainChalet(o: { view: ViewSpec; seed?: number }): Scene {
  const s = new Scene({ position: [-3, 1.7, 0], yaw: 12, fov: 64, horizon: 0.58 });
  s.light = [-0.6, 0.6, -0.5];
  backdrop(s, o.view);
  ground(s, '#6f8f55', '#cfd9d2', 0.3, 90);
  const stone = '#b8a58a';
  const style: BuildingStyle = { plaster: stone, trim: '#f2efe8', glass: o.view.time ?? 'day', wood: '#6e4a2f' };
  patch(s, -6, 8, 6, 13, '#a99a86', 0.004, { every: 0.6, along: 'x', color: '#8f826f' });
  volume(
    s,
    {
      x0: -5,
      x1: 6,
      z0: 13,
      z1: 20,
      height: 3.4,
      windows: [
        [-4.3, -1.5, 0.6, 2.6],
        [2.9, 5.2, 0.6, 2.6],
      ],
      door: [0.2, 1.3],
    },
    style,
  );
  // Horizontal stone courses on the front.
  for (let y = 0.3; y < 3.4; y += 0.3) {
    const a = s.project([-5, y, 12.99]);
    const b = s.project([6, y, 12.99]);
    if (a && b) s.line(a, b, shade(stone, 0.82), 1, { opacity: 0.5 });
  }
  gableRoof(s, -5, 6, 13, 20, 3.5, 6.2, '#7c4a36', stone);
  // Timber balcony in front.
  s.box(-5, 6, 0.5, 0.62, 11.4, 13, { color: '#7a5436' });
  for (let x = -5; x <= 6; x += 0.5) s.box(x, x + 0.06, 0.62, 1.6, 11.4, 11.48, { color: '#6e4a2f' });
  s.box(-5.05, 6.05, 1.6, 1.7, 11.35, 11.5, { color: '#7a5436' });
  const rnd = random(o.seed ?? 4);
  // Junipers on the slope.
  for (let i = 0; i < 7; i++) {
    const side = i % 2 ? 1 : -1;
    const x = side > 0 ? 9 + rnd() * 8 : -9 - rnd() * 8;
    const z = 14 + rnd() * 22;
    tree(s, x, z, 3.5 + rnd() * 2, '#3f5e36', i + 40);
  }
  hedge(s, -9, -6, 7, 8.5, 0.8, '#55743f', 31);
  finish(s);
  return s;
}

/** A mud-brick house of AlUla's old town: earthen walls, small openings, palm-trunk spouts. */
export function mudBrickHouse(o: { view: ViewSpec; seed?: number }): Scene {
  const time = o.view.time ?? 'golden';
  const s = new Scene({ position: [-2, 1.6, -6], yaw: 14, fov: 60, horizon: 0.68 });
  s.light = [-0.8, 0.4, -0.4];
  s.ambient = 0.58;
  backdrop(s, o.view);
  ground(s, '#c9a57a', '#e7c9a2', 0.3, 60);
  const mud = '#b9875a';
  const style: BuildingStyle = {
    plaster: mud,
    trim: '#7b5634',
    glass: time,
    wood: '#5e4027',
    lit: time === 'dusk',
    shutters: true,
  };
  volume(
    s,
    {
      x0: 1,
      x1: 7,
      z0: 9,
      z1: 15,
      height: 5.6,
      windows: [
        [2.2, 2.9, 3.4, 4.2],
        [4.6, 5.3, 3.4, 4.2],
      ],
      door: [3.3, 4.4],
    },
    style,
  );
  volume(
    s,
    {
      x0: -6,
      x1: 1,
      z0: 11,
      z1: 17,
      height: 4.2,
      windows: [
        [-4.5, -3.8, 1.4, 2.2],
        [-2.2, -1.5, 1.4, 2.2],
      ],
      color: shade(mud, 1.06),
    },
    style,
  );
  // Mud layers and a rough skyline along the parapets.
  const rnd = random(o.seed ?? 8);
  for (const [x0, x1, z, h] of [
    [1, 7, 8.98, 5.6],
    [-6, 1, 10.98, 4.2],
  ] as const) {
    for (let y = 0.45; y < h; y += 0.45) {
      const a = s.project([x0, y + (rnd() - 0.5) * 0.05, z]);
      const b = s.project([x1, y + (rnd() - 0.5) * 0.05, z]);
      if (a && b) s.line(a, b, shade(mud, 0.78), 1.4, { opacity: 0.45 });
    }
    // Rounded parapet shoulders.
    for (let x = x0 + 0.3; x < x1; x += 1.2) {
      const p = s.project([x, h + 0.18, z]);
      if (p) s.ellipse(p, s.scaleAt([x, h, z]) * 0.3, s.scaleAt([x, h, z]) * 0.15, shade(mud, 1.02));
    }
    // Palm-trunk water spouts.
    const spout = s.project([x0 + 1, h - 0.3, z - 0.5]);
    const wall = s.project([x0 + 1, h - 0.3, z]);
    if (spout && wall) s.line(wall, spout, '#6b5038', s.scaleAt([x0, h, z]) * 0.12);
  }
  palm(s, -8, 8, 7.5, (o.seed ?? 8) + 1, 0.5);
  palm(s, 9.5, 13, 8.5, (o.seed ?? 8) + 2, -0.3);
  palm(s, -4, 20, 7, (o.seed ?? 8) + 3, 0.2);
  finish(s, 0.1);
  return s;
}

/** A studio: kitchenette and bed along the back wall, a desk under the window, a rug. */
export function studio(p: Palette & { fronts: string; worktop: string }, view: ViewSpec): Scene {
  const s = new Scene({ position: [0.3, 1.35, 0.1], yaw: -10, fov: 76, horizon: 0.5 });
  const room = drawRoom(s, {
    width: 4.6,
    depth: 5.4,
    height: 2.8,
    wall: p.wall,
    backWall: p.accentWall,
    floor: p.floor,
    downlights: true,
    sun: [0.7, -0.5, 0.3],
    sunStrength: 0.55,
    windows: [
      { wall: 'left', from: 1.3, to: 3.1, bottom: 0.8, top: 2.4, view, panes: 2, curtains: shade(p.wall, 1.04) },
    ],
  });
  kitchenRun(s, room, -2.3, -0.5, p.fronts, p.worktop, shade(p.wall, 0.92), { uppers: true });
  art(s, room, 'back', 1.1, 1.75, 0.9, 0.6, p.art);
  nightstand(s, 2.0, room.z1 - 0.25, p.wood);
  bed(s, 1.05, room.z1 - 1.15, 1.4, p.linen ?? '#f3efe7', p.accent, shade(p.wood, 0.9), p.sofa);
  // Desk and chair under the window.
  s.contactShadow(room.x0, room.x0 + 0.6, 1.5, 2.9, 0.3, 0.04);
  s.box(room.x0 + 0.02, room.x0 + 0.6, 0.72, 0.76, 1.5, 2.9, { color: p.wood });
  for (const z of [1.55, 2.8]) s.box(room.x0 + 0.5, room.x0 + 0.55, 0, 0.72, z, z + 0.05, { color: '#2a2521' });
  books(s, room.x0 + 0.3, 0.76, 2.5);
  s.box(room.x0 + 0.75, room.x0 + 1.2, 0.45, 0.5, 1.95, 2.4, { color: p.accent });
  s.box(room.x0 + 1.15, room.x0 + 1.2, 0.5, 0.95, 1.95, 2.4, { color: p.accent });
  rug(s, 0.6, 2.2, 2.0, 1.4, p.rug);
  plant(s, room.x1 - 0.35, 1.2, 1.1, '#d8d0c2', 14, 'leafy');
  finish(s);
  return s;
}

/** A bathroom: stone tiles, a floating vanity under a lit round mirror, a glass shower, a towel. */
export function bathroom(
  p: { wall: string; tile: string; showerTile: string; floor: string; wood: string; top: string; towel: string },
  view: ViewSpec,
): Scene {
  const s = new Scene({ position: [0.1, 1.4, 0.1], yaw: 6, fov: 74, horizon: 0.5 });
  const room = drawRoom(s, {
    width: 3.4,
    depth: 3.9,
    height: 2.8,
    wall: p.wall,
    floor: { color: p.floor, kind: 'tile' },
    downlights: true,
    sun: [0.6, -0.6, 0.3],
    sunStrength: 0.35,
    windows: [{ wall: 'left', from: 1.4, to: 2.4, bottom: 1.7, top: 2.4, view, panes: 1 }],
  });
  tiles(s, room, 'back', room.x0, 0.55, 0, 2.8, p.tile, 0.6);
  tiles(s, room, 'back', 0.55, room.x1, 0, 2.8, p.showerTile, 0.3);
  tiles(s, room, 'right', room.z1 - 1.15, room.z1, 0, 2.8, p.showerTile, 0.3);
  vanity(s, room, -0.6, 1.3, p.wood, p.top);
  // Shower: a glass screen, a rain head, a niche with bottles.
  const sx = 0.55;
  s.cylinder(1.15, room.z1 - 0.45, 0.16, 0.16, 2.2, 2.22, '#b8b8b8');
  s.box(1.12, 1.16, 2.22, 2.8, room.z1 - 0.47, room.z1 - 0.43, { color: '#b8b8b8' });
  s.box(0.8, 1.5, 1.05, 1.4, room.z1 - 0.12, room.z1, { color: shade(p.showerTile, 0.65) });
  for (const [x, h, c] of [
    [0.95, 0.2, '#f1ece2'],
    [1.1, 0.16, '#6f8a7a'],
    [1.25, 0.22, '#d9c7a8'],
  ] as const)
    s.cylinder(x, room.z1 - 0.06, 0.035, 0.035, 1.05, 1.05 + h, c);
  glassPanel(s, [
    [sx, 0.02, room.z1 - 1.15],
    [sx, 0.02, room.z1],
    [sx, 2.15, room.z1],
    [sx, 2.15, room.z1 - 1.15],
  ]);
  towel(s, room, 2.9, 1.45, p.towel);
  plant(s, room.x0 + 0.35, 1.2, 0.9, '#efe9df', 21, 'leafy');
  finish(s);
  return s;
}

/** A wedding hall: marble, rows of dressed round tables, chandeliers, the stage (kosha) at the end. */
export function weddingHall(): Scene {
  const s = new Scene({ position: [0, 2.3, 0.3], yaw: 0, fov: 74, horizon: 0.48 });
  const room = drawRoom(s, {
    width: 20,
    depth: 30,
    height: 7.5,
    wall: '#efe4d2',
    ceiling: '#f3ead9',
    floor: { color: '#e8dfd0', kind: 'marble' },
    windows: [],
    sunStrength: 0,
  });
  s.light = [0, 0.8, -0.6];
  // Drapes along the walls.
  for (const side of ['left', 'right'] as const) {
    for (let z = 2; z < room.z1 - 1; z += 3) {
      const x = side === 'left' ? room.x0 + 0.05 : room.x1 - 0.05;
      const pts = s.projectPolygon([
        [x, 0, z],
        [x, 0, z + 1.6],
        [x, 7, z + 1.6],
        [x, 7, z],
      ]);
      if (pts.length < 3) continue;
      const xs = pts.map((q) => q[0]);
      const stops: Array<readonly [number, string, number?]> = [];
      for (let i = 0; i <= 6; i++) stops.push([i / 6, i % 2 ? '#e6d6bb' : '#f6eddc']);
      s.screenPoly(pts, s.linear([Math.min(...xs), 0], [Math.max(...xs), 0], stops));
    }
  }
  // The stage and its floral arch.
  const z1 = room.z1;
  s.box(-6, 6, 0, 0.7, z1 - 5, z1, { color: '#f1e8da' });
  s.box(-5.95, 5.95, 0.7, 0.74, z1 - 5, z1, { color: '#fffaf0' });
  const arch = s.project([0, 4.4, z1 - 0.5]);
  if (arch) {
    const k = s.scaleAt([0, 4.4, z1 - 0.5]);
    const rnd = random(77);
    for (let i = 0; i < 160; i++) {
      const a = Math.PI + rnd() * Math.PI;
      const r = 3.4 + (rnd() - 0.5) * 0.7;
      const px = arch[0] + Math.cos(a) * r * k;
      const py = arch[1] + Math.sin(a) * r * k * 0.9 + k * 1.5;
      const col = ['#ffffff', '#f7d7dc', '#f3c2cb', '#e9f0e0', '#fbe9d4'][i % 5]!;
      s.ellipse([px, py], k * 0.18, k * 0.15, col);
    }
    s.ellipse(
      [arch[0], arch[1] + k * 2.6],
      k * 4.5,
      k * 3,
      s.radial([arch[0], arch[1] + k * 2.6], k * 4.5, [
        [0, '#fff2d6', 0.6],
        [1, '#fff2d6', 0],
      ]),
      { blend: 'screen' },
    );
  }
  sofa(s, 0, z1 - 2.2, 2.6, '#f3e6cc', { pillows: ['#d8b36a', '#d8b36a'] });
  // The aisle runner.
  s.poly(
    [
      [-1.2, 0.006, 1],
      [1.2, 0.006, 1],
      [1.2, 0.006, z1 - 5],
      [-1.2, 0.006, z1 - 5],
    ],
    '#c9a15e',
  );
  // Tables, far rows first.
  for (let z = z1 - 8; z > 4; z -= 4.6) {
    for (const x of [-8, -4.2, 4.2, 8]) banquetTable(s, x, z, '#fbf7ef', '#efe3c8', ['#ffffff', '#f3c2cb', '#e9dcb8']);
  }
  for (let z = 6; z < z1 - 4; z += 7) for (const x of [-5.5, 0, 5.5]) chandelier(s, x, 5.6, z, 0.9);
  finish(s, 0.06);
  return s;
}

/** A majlis: floor seating along the walls, a patterned rug, arched niches, coffee ready. */
export function majlisRoom(
  p: {
    wall: string;
    seat: string;
    back: string;
    trim: string;
    rug: [string, string, string];
    floor: RoomSpec['floor'];
  },
  view: ViewSpec,
): Scene {
  const s = new Scene({ position: [0, 1.4, 0.1], yaw: 0, fov: 76, horizon: 0.5 });
  const room = drawRoom(s, {
    width: 6.4,
    depth: 6.6,
    height: 3.4,
    wall: p.wall,
    floor: p.floor,
    downlights: true,
    sun: [0.7, -0.5, 0.2],
    sunStrength: 0.55,
    windows: [{ wall: 'left', from: 2.2, to: 3.8, bottom: 0.9, top: 2.9, view, panes: 1, arch: true }],
  });
  for (const x of [-1.8, 0, 1.8]) niche(s, room, 'back', x - 0.45, x + 0.45, 1.2, 2.8, p.wall);
  majlis(s, room, 'back', room.x0, room.x1, p.seat, p.back, p.trim);
  majlis(s, room, 'right', 0.3, room.z1 - 0.76, p.seat, p.back, p.trim);
  majlis(s, room, 'left', 0.3, room.z1 - 0.76, p.seat, p.back, p.trim);
  patternedRug(s, 0, 3.6, 3.6, 3.2, p.rug[0], p.rug[1], p.rug[2]);
  dallah(s, 0, 0.01, 3.4);
  finish(s, 0.05);
  return s;
}

/** A mud-brick studio: earthen walls, palm-trunk ceiling, arched niches, a low bed and lantern light. */
export function mudStudio(view: ViewSpec): Scene {
  const s = new Scene({ position: [0.3, 1.35, 0.1], yaw: -6, fov: 74, horizon: 0.5 });
  const wall = '#c9a27a';
  const room = drawRoom(s, {
    width: 4.4,
    depth: 5,
    height: 3,
    wall,
    ceiling: '#b58a60',
    floor: { color: '#b99a78', kind: 'stone' },
    sun: [0.8, -0.45, 0.1],
    sunStrength: 0.6,
    windows: [{ wall: 'left', from: 1.8, to: 2.8, bottom: 1.0, top: 2.4, view, panes: 1, arch: true }],
  });
  beams(s, room, '#7a5a3c', 0.45, 0.12);
  niche(s, room, 'back', -1.6, -0.9, 1.0, 2.3, wall);
  niche(s, room, 'back', 1.1, 1.8, 1.0, 2.3, wall);
  // Low bed: a raised platform with a mattress and a woven throw.
  bed(s, 0.1, room.z1 - 1.15, 1.6, '#f1e9da', '#9c3b2e', '#8a6a4a', '#a47a52');
  patternedRug(s, 0.1, 2.1, 2.4, 1.4, '#b8442f', '#2f2a28', '#e9d6b0');
  // A lantern on the floor by the bed.
  const lx = -1.35;
  const lz = room.z1 - 0.6;
  s.cylinder(lx, lz, 0.14, 0.14, 0, 0.45, '#6b5134');
  s.cylinder(lx, lz, 0.11, 0.11, 0.05, 0.4, '#ffcf7a', { glow: true });
  const c = s.project([lx, 0.3, lz]);
  if (c) {
    const k = s.scaleAt([lx, 0.3, lz]);
    s.ellipse(
      c,
      k * 1.6,
      k * 1.2,
      s.radial(c, k * 1.6, [
        [0, '#ffb860', 0.5],
        [1, '#ffb860', 0],
      ]),
      { blend: 'screen' },
    );
  }
  plant(s, room.x1 - 0.35, 1.3, 1.2, '#a4754d', 31, 'palm');
  finish(s, 0.1);
  return s;
}

/** A mountain lounge: stone fireplace, timber ceiling, a wide window onto the valley. */
export function fireplaceLounge(p: Palette, view: ViewSpec): Scene {
  const s = new Scene({ position: [0.6, 1.35, 0.1], yaw: -12, fov: 76, horizon: 0.5 });
  const room = drawRoom(s, {
    width: 5.4,
    depth: 6,
    height: 3,
    wall: p.wall,
    ceiling: '#9a7656',
    floor: p.floor,
    sun: [0.75, -0.4, 0.2],
    sunStrength: 0.45,
    windows: [
      { wall: 'left', from: 1.0, to: 4.4, bottom: 0.5, top: 2.6, view, panes: 3, curtains: shade(p.wall, 1.03) },
    ],
  });
  beams(s, room, '#6e4e34', 0.9, 0.16);
  fireplace(s, room, 0.6, '#9d907e');
  rug(s, 0.2, 3.2, 2.6, 2.0, p.rug);
  coffeeTable(s, 0.2, 3.2, 1.0, 0.6, p.wood);
  books(s, 0.05, 0.42, 3.1);
  sofa(s, room.x1 - 0.55, 3.2, 2.3, p.sofa, { facing: 'west', pillows: p.pillows });
  armchair(s, -1.6, 2.6, p.accent, 'east');
  floorLamp(s, room.x1 - 0.4, 1.6, true);
  finish(s, 0.06);
  return s;
}
