/**
 * Which pictures each demo unit of supabase/seed.sql gets, in order: the first is its main photo.
 * Units are numbered as in the seed (unit n has id 50000000-0000-4000-8000-0000000000nn); a
 * photo's object name is its unit_photos id, `60000000-0000-4000-8000-` followed by n × 100 +
 * position in 12 digits (unit 7's second photo: …000000000701), so the seed can name it too.
 */
import type { Scene } from './kit';
import {
  bathroom,
  beachChalet,
  bedroom,
  fireplaceLounge,
  kitchen,
  livingRoom,
  majlisRoom,
  mountainChalet,
  mudBrickHouse,
  mudStudio,
  studio,
  villaExterior,
  weddingHall,
  type Palette,
} from './scenes';

export const ORG_DEMO = '20000000-0000-4000-8000-000000000001';
export const ORG_SECOND = '20000000-0000-4000-8000-000000000002';

export function unitId(n: number): string {
  return `50000000-0000-4000-8000-0000000000${String(n).padStart(2, '0')}`;
}

export function photoId(n: number, position: number): string {
  return `60000000-0000-4000-8000-${String(n * 100 + position).padStart(12, '0')}`;
}

export interface UnitPhotos {
  n: number;
  organizationId: string;
  /** What the unit is, for the reader of this file. */
  name: string;
  photos: Array<() => Scene>;
}

const olaya: Palette = {
  wall: '#ece6dc',
  floor: { color: '#b98a5e', kind: 'wood' },
  sofa: '#cfc5b4',
  pillows: ['#b5673f', '#4f6b5e'],
  rug: '#e4d9c6',
  wood: '#6f5139',
  accent: '#4f6b5e',
  art: ['#ead9bd', '#c0704c', '#4d6458'],
  linen: '#f4f0e8',
};

const diplomatic: Palette = {
  wall: '#e9e9e6',
  accentWall: '#6a7a7e',
  floor: { color: '#c9a57c', kind: 'wood' },
  sofa: '#5f6f73',
  pillows: ['#c9a25b', '#f1efe9'],
  rug: '#dcd6cc',
  wood: '#8a6a4c',
  accent: '#c9a25b',
  art: ['#e7e2d8', '#5f6f73', '#c9a25b'],
  linen: '#f5f5f2',
};

const corniche: Palette = {
  wall: '#f1efe9',
  floor: { color: '#e4ddd2', kind: 'marble' },
  sofa: '#e9e4da',
  pillows: ['#3d7ea6', '#d9a441'],
  rug: '#d9e1e2',
  wood: '#9b7a5a',
  accent: '#3d7ea6',
  art: ['#dfe9ec', '#3d7ea6', '#e2c28a'],
  linen: '#f6f4ef',
};

const obhur: Palette = {
  wall: '#f4f1ea',
  floor: { color: '#d8c8ad', kind: 'tile' },
  sofa: '#efe9de',
  pillows: ['#4b8fa6', '#e3b26a'],
  rug: '#e7dfd0',
  wood: '#a47c55',
  accent: '#4b8fa6',
  art: ['#f0e9dc', '#4b8fa6', '#e3b26a'],
};

const alula: Palette = {
  wall: '#e8d8c2',
  accentWall: '#c79a6c',
  floor: { color: '#cdb496', kind: 'stone' },
  sofa: '#b98a5e',
  pillows: ['#a1502f', '#efe3d0'],
  rug: '#d9c4a4',
  wood: '#6e4e34',
  accent: '#a1502f',
  art: ['#efdcc0', '#b5653e', '#7a5a3c'],
  linen: '#f3ebdf',
};

const abha: Palette = {
  wall: '#efe8dc',
  floor: { color: '#9c7350', kind: 'wood' },
  sofa: '#8a9a7b',
  pillows: ['#c66a3d', '#efe6d4'],
  rug: '#d8cdb8',
  wood: '#5e4430',
  accent: '#b05a36',
  art: ['#efe4d0', '#b05a36', '#5f7352'],
};

const khobar: Palette = {
  wall: '#eceae6',
  floor: { color: '#a98262', kind: 'wood' },
  sofa: '#2f4a63',
  pillows: ['#e4c58a', '#f0ede6'],
  rug: '#d9d5cd',
  wood: '#6b4e36',
  accent: '#c9974e',
  art: ['#e6e1d6', '#2f4a63', '#c9974e'],
};

const halfMoon: Palette = {
  wall: '#f2efe8',
  accentWall: '#c9d6d8',
  floor: { color: '#e7e0d4', kind: 'marble' },
  sofa: '#8fa8ae',
  pillows: ['#5a8fa3', '#d7b37a'],
  rug: '#ddd5c5',
  wood: '#8f6d4e',
  accent: '#5a8fa3',
  art: ['#eef0ea', '#5a8fa3', '#d7b37a'],
  linen: '#f7f5f0',
};

const taif: Palette = {
  wall: '#f1e9e4',
  accentWall: '#d9b8b4',
  floor: { color: '#b38b66', kind: 'wood' },
  sofa: '#c9a09a',
  pillows: ['#b45a6a', '#f3e6e1'],
  rug: '#e8dcd6',
  wood: '#7a5a42',
  accent: '#b45a6a',
  art: ['#f3e6e1', '#c0566b', '#6f8a5d'],
  linen: '#f7f2ee',
};

const rawdah: Palette = {
  wall: '#f3f0ea',
  floor: { color: '#c7a17a', kind: 'wood' },
  sofa: '#b9c3c0',
  pillows: ['#e0a458', '#f5f1ea'],
  rug: '#e6e0d4',
  wood: '#8a6a4c',
  accent: '#e0a458',
  art: ['#f2ece0', '#e0a458', '#7d9a93'],
};

const narjis: Palette = {
  wall: '#eeece8',
  floor: { color: '#dedad3', kind: 'marble' },
  sofa: '#8d8f8c',
  pillows: ['#cfae6f', '#f2f0eb'],
  rug: '#d6d2cb',
  wood: '#5c4736',
  accent: '#cfae6f',
  art: ['#ecebe6', '#8d8f8c', '#cfae6f'],
};

export const CATALOGUE: UnitPhotos[] = [
  {
    n: 1,
    organizationId: ORG_DEMO,
    name: 'Olaya Skyline Apartment',
    photos: [
      () => livingRoom(olaya, { kind: 'skyline', time: 'golden', seed: 3 }),
      () => bedroom(olaya, { kind: 'skyline', time: 'day', seed: 5 }),
      () =>
        kitchen({ ...olaya, fronts: '#e9e4da', worktop: '#d9d4cc', splash: '#cfc6b6' }, { kind: 'city', time: 'day' }),
    ],
  },
  {
    n: 2,
    organizationId: ORG_DEMO,
    name: 'Hittin Family Villa',
    photos: [
      () =>
        villaExterior({
          view: { kind: 'garden', time: 'day', seed: 2 },
          plaster: '#efe8dc',
          trim: '#d9cfbf',
          wood: '#8a6242',
          ground: '#d9c6a0',
          paving: '#e2d8c6',
          lawn: '#86a85a',
          seed: 2,
        }),
      () =>
        majlisRoom(
          {
            wall: '#efe6d8',
            seat: '#e9dcc4',
            back: '#c9a86a',
            trim: '#8a5a2b',
            rug: ['#9c2f2b', '#2e2624', '#e8d2a6'],
            floor: { color: '#e8e0d2', kind: 'marble' },
          },
          { kind: 'garden', time: 'day', seed: 4 },
        ),
    ],
  },
  {
    n: 3,
    organizationId: ORG_DEMO,
    name: 'Diplomatic Quarter Studio',
    photos: [
      () => studio({ ...diplomatic, fronts: '#f1f0ec', worktop: '#d8d6d0' }, { kind: 'garden', time: 'day', seed: 6 }),
      () =>
        bathroom(
          {
            wall: '#efece6',
            tile: '#dccfbd',
            showerTile: '#8d8a84',
            floor: '#a39a8e',
            wood: '#8a6a4c',
            top: '#f3f2ef',
            towel: '#c9a25b',
          },
          { kind: 'garden', time: 'day' },
        ),
    ],
  },
  {
    n: 4,
    organizationId: ORG_DEMO,
    name: 'Al Malqa Wedding Hall',
    photos: [
      () => weddingHall(),
      () =>
        majlisRoom(
          {
            wall: '#efe4d2',
            seat: '#c8a46a',
            back: '#8e6b3a',
            trim: '#5d4424',
            rug: ['#7a1f2b', '#d8b36a', '#f1e3c4'],
            floor: { color: '#e6dccb', kind: 'marble' },
          },
          { kind: 'city', time: 'dusk', seed: 8 },
        ),
    ],
  },
  {
    n: 5,
    organizationId: ORG_DEMO,
    name: 'Corniche Sea View Apartment',
    photos: [
      () => livingRoom(corniche, { kind: 'sea', time: 'day', seed: 5 }, { balcony: true }),
      () => bedroom(corniche, { kind: 'sea', time: 'golden', seed: 9 }),
    ],
  },
  {
    n: 6,
    organizationId: ORG_DEMO,
    name: 'Obhur Beach Chalet',
    photos: [
      () =>
        beachChalet({ view: { kind: 'sea', time: 'golden', seed: 6 }, plaster: '#f4f1ea', wood: '#9a7250', seed: 6 }),
      () => livingRoom(obhur, { kind: 'sea', time: 'dusk', seed: 12 }, { balcony: true, yaw: 6, seed: 6 }),
    ],
  },
  {
    n: 7,
    organizationId: ORG_DEMO,
    name: 'AlUla Desert Villa',
    photos: [
      () =>
        villaExterior({
          view: { kind: 'cliffs', time: 'dusk', seed: 7 },
          plaster: '#d9b48a',
          trim: '#b98f63',
          wood: '#6e4e34',
          ground: '#d8b487',
          paving: '#cfb08c',
          crenellations: true,
          palms: 2,
          seed: 7,
          yaw: 6,
        }),
      () => bedroom(alula, { kind: 'cliffs', time: 'golden', seed: 7 }),
    ],
  },
  {
    n: 8,
    organizationId: ORG_DEMO,
    name: 'Old Town AlUla Studio',
    photos: [
      () => mudStudio({ kind: 'cliffs', time: 'day', seed: 8 }),
      () => mudBrickHouse({ view: { kind: 'cliffs', time: 'golden', seed: 3 }, seed: 8 }),
    ],
  },
  {
    n: 9,
    organizationId: ORG_DEMO,
    name: 'Abha Mountain Chalet',
    photos: [
      () => fireplaceLounge(abha, { kind: 'mountains', time: 'day', seed: 9 }),
      () => mountainChalet({ view: { kind: 'mountains', time: 'day', seed: 4 }, seed: 9 }),
    ],
  },
  {
    n: 10,
    organizationId: ORG_DEMO,
    name: 'Khobar Waterfront Apartment',
    photos: [
      () => livingRoom(khobar, { kind: 'bay', time: 'day', seed: 10 }, { balcony: true, yaw: -10, seed: 10 }),
      () =>
        kitchen(
          { ...khobar, fronts: '#2f4a63', worktop: '#eeebe5', splash: '#dcd7cf' },
          { kind: 'bay', time: 'day', seed: 10 },
        ),
    ],
  },
  {
    n: 11,
    organizationId: ORG_DEMO,
    name: 'Half Moon Bay Villa',
    photos: [
      () =>
        villaExterior({
          view: { kind: 'sea', time: 'golden', seed: 11 },
          plaster: '#f5f2ec',
          trim: '#e2dccf',
          wood: '#9a7250',
          ground: '#e3cfa7',
          paving: '#e9e1d2',
          lawn: '#8aae5c',
          storeys: 1,
          palms: 4,
          seed: 11,
          yaw: 14,
        }),
      () => bedroom(halfMoon, { kind: 'sea', time: 'day', seed: 11 }),
    ],
  },
  {
    n: 12,
    organizationId: ORG_DEMO,
    name: 'Taif Rose Garden Villa',
    photos: [
      () =>
        villaExterior({
          view: { kind: 'mountains', time: 'golden', seed: 12 },
          plaster: '#ece3d6',
          trim: '#cdbfa9',
          wood: '#7a5a42',
          ground: '#a9a36f',
          paving: '#ddd3c2',
          lawn: '#7d9f52',
          crenellations: true,
          roses: true,
          pool: false,
          palms: 1,
          seed: 12,
        }),
      () => bedroom(taif, { kind: 'garden', time: 'golden', seed: 12 }),
    ],
  },
  {
    n: 13,
    organizationId: ORG_SECOND,
    name: 'Al Rawdah Apartment',
    photos: [
      () => livingRoom(rawdah, { kind: 'city', time: 'day', seed: 13 }, { yaw: 4, seed: 13 }),
      () =>
        kitchen(
          { ...rawdah, fronts: '#f4f1ea', worktop: '#cfc8bc', splash: '#e0d9cc' },
          { kind: 'city', time: 'day', seed: 13 },
        ),
    ],
  },
  {
    n: 14,
    organizationId: ORG_SECOND,
    name: 'Al Narjis Villa',
    photos: [
      () =>
        villaExterior({
          view: { kind: 'garden', time: 'dusk', seed: 14 },
          plaster: '#e9e6e0',
          trim: '#5b5a57',
          wood: '#7a5a42',
          ground: '#c9b89a',
          paving: '#d9d4cb',
          lawn: '#6f9450',
          palms: 2,
          seed: 14,
          yaw: -4,
        }),
      () => livingRoom(narjis, { kind: 'garden', time: 'golden', seed: 14 }, { yaw: -2, seed: 14 }),
    ],
  },
];
