/**
 * What a window (or an open sky) shows, drawn in screen space across the whole frame and clipped
 * by the caller: the sky, then the distance at the eye level of the scene's camera, so a view
 * lines up with the room's perspective.
 */
import { mix, random, shade, type Pt, type Scene } from './kit';

export type TimeOfDay = 'day' | 'golden' | 'dusk';

export type ViewKind = 'skyline' | 'sea' | 'cliffs' | 'mountains' | 'garden' | 'city' | 'bay';

export interface ViewSpec {
  kind: ViewKind;
  time?: TimeOfDay;
  seed?: number;
}

const SKIES: Record<TimeOfDay, { top: string; mid: string; horizon: string; sun: string; haze: string }> = {
  day: { top: '#3f7dc0', mid: '#86b6e0', horizon: '#d6e6f0', sun: '#fffbea', haze: '#e2eaee' },
  golden: { top: '#5a86b8', mid: '#a9bccb', horizon: '#f2c88f', sun: '#fff0c8', haze: '#eccaa0' },
  dusk: { top: '#27365e', mid: '#7a6a8c', horizon: '#f0a877', sun: '#ffd9a0', haze: '#d99a80' },
};

/** The sky from the top of the frame to a little below the horizon, with a sun glow at `sunX`. */
export function sky(s: Scene, time: TimeOfDay, sunX = 0.72, clouds = true, seed = 1): void {
  const c = SKIES[time];
  const h = s.horizon;
  s.rect(
    0,
    0,
    s.w,
    h + 40,
    s.linear(
      [0, 0],
      [0, h + 40],
      [
        [0, c.top],
        [0.55, c.mid],
        [0.92, c.horizon],
        [1, c.haze],
      ],
    ),
  );
  const sun: Pt = [s.w * sunX, h - (time === 'day' ? 260 : time === 'golden' ? 90 : 30)];
  s.rect(
    0,
    0,
    s.w,
    h + 40,
    s.radial(
      sun,
      560,
      [
        [0, c.sun, 0.85],
        [0.25, c.sun, 0.35],
        [1, c.sun, 0],
      ],
      0.6,
    ),
  );
  if (!clouds) return;
  const rnd = random(seed * 7919);
  for (let i = 0; i < 7; i++) {
    const x = rnd() * s.w;
    const y = h * (0.12 + rnd() * 0.55);
    const w = 90 + rnd() * 200;
    s.ellipse([x, y], w, 10 + rnd() * 14, time === 'dusk' ? '#f4c3a4' : '#ffffff', {
      opacity: 0.35 + rnd() * 0.25,
      filter: s.blur(3),
    });
  }
}

/** Riyadh at eye level: a haze of towers, the tall one with its arched crown and a pyramid tower. */
function skyline(s: Scene, time: TimeOfDay, seed: number): void {
  sky(s, time, 0.3, true, seed);
  const h = s.horizon;
  const rnd = random(seed);
  const far = time === 'dusk' ? '#6b6078' : '#a9aeb6';
  const near = time === 'dusk' ? '#3f3a4d' : '#7c828c';
  // Distant blocks.
  for (let x = -20; x < s.w + 20;) {
    const w = 18 + rnd() * 50;
    const top = h - 10 - rnd() * 45;
    s.rect(x, top, w, h - top + 60, mix(far, SKIES[time].haze, 0.35 + rnd() * 0.2));
    x += w + rnd() * 6;
  }
  // The tall tower with the arch at its crown, and a pyramid-topped tower.
  const tx = s.w * 0.58;
  const base = h + 30;
  const towerH = 175;
  const tw = 44;
  const tower = s.linear(
    [tx - tw, 0],
    [tx + tw, 0],
    [
      [0, shade(near, 1.25)],
      [0.5, shade(near, 1.05)],
      [1, shade(near, 0.8)],
    ],
  );
  s.path(
    `M${tx - tw} ${base} L${tx - tw * 0.78} ${base - towerH} Q${tx} ${base - towerH - 60} ${tx + tw * 0.78} ${base - towerH} L${tx + tw} ${base} Z`,
    tower,
  );
  s.path(
    `M${tx - tw * 0.5} ${base - towerH + 6} Q${tx} ${base - towerH + 90} ${tx + tw * 0.5} ${base - towerH + 6} Q${tx} ${base - towerH - 34} ${tx - tw * 0.5} ${base - towerH + 6}Z`,
    SKIES[time].mid,
  );
  s.rect(tx - tw * 0.45, base - towerH + 70, tw * 0.9, 3, shade(near, 0.7));
  const px = s.w * 0.3;
  s.path(
    `M${px - 22} ${base} L${px - 22} ${base - 120} L${px} ${base - 170} L${px + 22} ${base - 120} L${px + 22} ${base} Z`,
    shade(near, 1.1),
  );
  s.ellipse([px, base - 136], 7, 7, time === 'dusk' ? '#f3c98a' : '#d9dde2');
  // Nearer towers, with lit windows at dusk.
  for (let i = 0; i < 6; i++) {
    const x = ((i + rnd() * 0.8) / 6) * s.w;
    if (Math.abs(x - tx) < 120) continue;
    const w = 40 + rnd() * 60;
    const top = h - 30 - rnd() * 90;
    s.rect(
      x,
      top,
      w,
      h - top + 80,
      s.linear(
        [x, 0],
        [x + w, 0],
        [
          [0, shade(near, 1.1)],
          [1, shade(near, 0.86)],
        ],
      ),
    );
    // Glass bands catching the sky.
    for (let by = top + 8; by < h + 20; by += 16) s.rect(x + 3, by, w - 6, 5, SKIES[time].mid, { opacity: 0.25 });
    if (time === 'dusk') {
      for (let wy = top + 10; wy < h + 40; wy += 11) {
        for (let wx = x + 6; wx < x + w - 6; wx += 9) {
          if (rnd() < 0.32) s.rect(wx, wy, 4, 5, '#ffd48a', { opacity: 0.75 });
        }
      }
    }
  }
  s.rect(
    0,
    h - 20,
    s.w,
    100,
    s.linear(
      [0, h - 20],
      [0, h + 80],
      [
        [0, SKIES[time].haze, 0],
        [1, SKIES[time].haze, 0.6],
      ],
    ),
  );
}

function sea(s: Scene, time: TimeOfDay, seed: number, shore: boolean): void {
  sky(s, time, 0.62, true, seed);
  const h = s.horizon;
  const c = SKIES[time];
  const water = time === 'dusk' ? '#3b4a72' : time === 'golden' ? '#3f7f9c' : '#2f7fa8';
  s.rect(
    0,
    h,
    s.w,
    s.h - h,
    s.linear(
      [0, h],
      [0, s.h],
      [
        [0, mix(water, c.horizon, 0.35)],
        [0.25, water],
        [1, shade(water, 0.7)],
      ],
    ),
  );
  // Glitter under the sun.
  const rnd = random(seed + 3);
  const sunX = s.w * 0.62;
  for (let i = 0; i < 60; i++) {
    const y = h + 3 + Math.pow(rnd(), 1.6) * (s.h - h) * 0.5;
    const spread = 40 + (y - h) * 1.3;
    const x = sunX + (rnd() - 0.5) * spread * 2;
    s.rect(x, y, 6 + rnd() * 22, 1.4, c.sun, { opacity: 0.35 + rnd() * 0.4 });
  }
  s.rect(0, h - 2, s.w, 4, mix(c.horizon, '#ffffff', 0.3), { opacity: 0.6, filter: s.blur(1) });
  if (shore) {
    // A strip of beach and a low promenade at the bottom of the view.
    const y = h + (s.h - h) * 0.55;
    s.path(`M0 ${y + 30} Q${s.w * 0.4} ${y - 10} ${s.w} ${y + 10} L${s.w} ${s.h} L0 ${s.h}Z`, '#e3cfa7');
    s.path(`M0 ${y + 30} Q${s.w * 0.4} ${y - 10} ${s.w} ${y + 10}`, 'none', {
      stroke: '#f6f1e3',
      strokeWidth: 3,
      opacity: 0.8,
    });
  }
}

/** AlUla: sandstone outcrops in warm layers, sand and a few palms below. */
function cliffs(s: Scene, time: TimeOfDay, seed: number): void {
  sky(s, time, 0.25, false, seed);
  const h = s.horizon;
  const rnd = random(seed);
  const tones = time === 'dusk' ? ['#8a5a55', '#a0604a', '#7a4438'] : ['#c8895a', '#b56f45', '#9c5a38'];
  tones.forEach((tone, layer) => {
    let d = `M-10 ${h + 40}`;
    let x = -10;
    const baseTop = h - 150 + layer * 55;
    while (x < s.w + 10) {
      const w = 60 + rnd() * 160;
      const top = baseTop - rnd() * 90;
      // Flat-topped rock with rounded shoulders, like the cliffs around Hegra.
      d += ` L${x + 8} ${top + 30} Q${x + 12} ${top} ${x + w * 0.3} ${top} L${x + w * 0.7} ${top + rnd() * 10} Q${x + w - 8} ${top + 4} ${x + w - 4} ${top + 40}`;
      x += w;
    }
    d += ` L${s.w + 10} ${h + 80} L-10 ${h + 80} Z`;
    const fill = s.linear(
      [0, baseTop - 90],
      [0, h + 40],
      [
        [0, shade(tone, 1.2)],
        [0.6, tone],
        [1, shade(tone, 0.8)],
      ],
    );
    s.path(d, fill);
    // Vertical erosion streaks.
    for (let i = 0; i < 26; i++) {
      const sx = rnd() * s.w;
      s.rect(sx, baseTop - 40 + rnd() * 40, 2 + rnd() * 3, 90 + rnd() * 60, shade(tone, 0.78), { opacity: 0.35 });
    }
  });
  const sand = time === 'dusk' ? '#b98b6e' : '#e0b583';
  s.rect(
    0,
    h + 30,
    s.w,
    s.h - h,
    s.linear(
      [0, h + 30],
      [0, s.h],
      [
        [0, sand],
        [1, shade(sand, 0.85)],
      ],
    ),
  );
}

/** Asir: green ridges fading into mist, a valley below. */
function mountains(s: Scene, time: TimeOfDay, seed: number): void {
  sky(s, time, 0.7, true, seed);
  const h = s.horizon;
  const rnd = random(seed);
  const mist = '#dfe6e4';
  const ridges = ['#8fa79e', '#6f8f7c', '#4f7560', '#3a5e48'];
  ridges.forEach((tone, i) => {
    const base = h - 120 + i * 60;
    let d = `M-10 ${s.h}`;
    for (let x = -10; x <= s.w + 40; x += 40) {
      const y = base - Math.sin((x / s.w) * Math.PI * (1.2 + i * 0.4) + i) * (50 - i * 6) - rnd() * 18;
      d += ` L${x} ${y}`;
    }
    d += ` L${s.w + 40} ${s.h} Z`;
    s.path(
      d,
      s.linear(
        [0, base - 60],
        [0, base + 160],
        [
          [0, tone],
          [1, mix(tone, mist, 0.5)],
        ],
      ),
    );
    s.rect(0, base + 10, s.w, 90, mist, { opacity: 0.28, filter: s.blur(4) });
  });
}

function palmSilhouette(s: Scene, x: number, y: number, size: number, color: string): void {
  s.path(
    `M${x - size * 0.05} ${y} Q${x + size * 0.05} ${y - size * 0.5} ${x + size * 0.02} ${y - size} L${x + size * 0.07} ${y - size} Q${x + size * 0.12} ${y - size * 0.5} ${x + size * 0.06} ${y}Z`,
    shade(color, 0.9),
  );
  for (let i = 0; i < 9; i++) {
    const a = -Math.PI + (i / 8) * Math.PI;
    const ex = x + Math.cos(a) * size * 0.55;
    const ey = y - size + Math.sin(a) * size * 0.28 + size * 0.2;
    const cx = x + Math.cos(a) * size * 0.3;
    const cy = y - size - size * 0.18;
    s.path(
      `M${x + size * 0.04} ${y - size} Q${cx} ${cy} ${ex} ${ey} Q${cx} ${cy + size * 0.08} ${x + size * 0.04} ${y - size + size * 0.04}Z`,
      color,
    );
  }
}

/** A garden: hedge, lawn and palms before a sky (villas, ground-floor rooms). */
function garden(s: Scene, time: TimeOfDay, seed: number): void {
  sky(s, time, 0.65, true, seed);
  const h = s.horizon;
  const rnd = random(seed);
  s.rect(
    0,
    h - 70,
    s.w,
    120,
    s.linear(
      [0, h - 70],
      [0, h + 50],
      [
        [0, '#c9c0ae'],
        [1, '#b6aa93'],
      ],
    ),
  );
  for (let i = 0; i < 5; i++) palmSilhouette(s, rnd() * s.w, h + 20, 180 + rnd() * 120, '#4d6b3c');
  s.rect(
    0,
    h - 10,
    s.w,
    70,
    s.linear(
      [0, h - 10],
      [0, h + 60],
      [
        [0, '#4f7a3d'],
        [1, '#3d5f30'],
      ],
    ),
  );
  s.rect(
    0,
    h + 55,
    s.w,
    s.h,
    s.linear(
      [0, h + 55],
      [0, s.h],
      [
        [0, '#7fa658'],
        [1, '#6a8f47'],
      ],
    ),
  );
}

/** Low-rise city: beige blocks and a few palms (Jeddah, Khobar streets). */
function city(s: Scene, time: TimeOfDay, seed: number): void {
  sky(s, time, 0.4, true, seed);
  const h = s.horizon;
  const rnd = random(seed);
  for (let row = 0; row < 3; row++) {
    for (let x = -30; x < s.w + 30;) {
      const w = 60 + rnd() * 110;
      const top = h - 40 - rnd() * (60 + row * 30) + row * 40;
      const tone = mix('#d9c6a5', '#efe6d6', rnd() * 0.6 + row * 0.1);
      s.rect(
        x,
        top,
        w,
        s.h,
        s.linear(
          [x, 0],
          [x + w, 0],
          [
            [0, tone],
            [1, shade(tone, 0.86)],
          ],
        ),
      );
      for (let wy = top + 12; wy < top + 120; wy += 22) {
        for (let wx = x + 10; wx < x + w - 14; wx += 20) s.rect(wx, wy, 8, 11, shade(tone, 0.62), { opacity: 0.8 });
      }
      x += w + 8 + rnd() * 20;
    }
  }
  for (let i = 0; i < 4; i++) palmSilhouette(s, rnd() * s.w, h + 90, 120 + rnd() * 60, '#55703f');
}

/** A calm bay: water with a far shore, lower than the open sea view. */
function bay(s: Scene, time: TimeOfDay, seed: number): void {
  sea(s, time, seed, false);
  const h = s.horizon;
  const rnd = random(seed + 11);
  for (let x = -10; x < s.w;) {
    const w = 20 + rnd() * 60;
    const top = h - 6 - rnd() * 26;
    s.rect(x, top, w, h - top + 1, mix('#9aa5ad', SKIES[time].haze, 0.45));
    x += w + rnd() * 14;
  }
}

export function drawView(s: Scene, view: ViewSpec): void {
  const time = view.time ?? 'day';
  const seed = view.seed ?? 1;
  switch (view.kind) {
    case 'skyline':
      return skyline(s, time, seed);
    case 'sea':
      return sea(s, time, seed, true);
    case 'cliffs':
      return cliffs(s, time, seed);
    case 'mountains':
      return mountains(s, time, seed);
    case 'garden':
      return garden(s, time, seed);
    case 'city':
      return city(s, time, seed);
    case 'bay':
      return bay(s, time, seed);
  }
}
