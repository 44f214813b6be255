/**
 * The demo units' photos (issue 13): every seeded unit has a main photo and its gallery as
 * unit_photos rows that name real objects of the unit-photos bucket, stored as an upload stores
 * them ({organization}/{unit}/{file}.jpg, a JPEG of at most 1600 px); the stack put the bytes there
 * from supabase/seed-photos/ (config.toml objects_path) and nothing in that folder goes unused.
 * A visitor fetches the main photo of each unit the public page lists, as the page's <img> does.
 * Every photo has its small copy beside it (small_path: {file}.w640.jpg, at most 640 px wide).
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PHOTO_EDGE, SMALL_PHOTO_WIDTH, smallPhotoPath } from '../../src/features/units/lib/resize-image';
import { MAX_UNIT_PHOTOS } from '../../src/features/units/lib/photos';
import { parseSize } from '../local/storage/limits';
import { createTestStack, type TestStack } from './helpers/test-stack';
import { anon, ORG1, ORG2, service, type Db } from './fixtures/db-accounts';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const SEED_PHOTOS = path.join(ROOT, 'supabase', 'seed-photos');
const BUCKET = 'unit-photos';

let stack: TestStack;
let svc: Db;
let visitor: Db;

beforeAll(async () => {
  stack = await createTestStack({ seed: true });
  svc = service(stack);
  visitor = anon(stack);
});
afterAll(() => stack?.stop());

/** Width and height from a JPEG's start-of-frame marker. */
function jpegSize(bytes: Uint8Array): { width: number; height: number } {
  let i = 2;
  while (i + 9 < bytes.length) {
    if (bytes[i] !== 0xff) throw new Error('not a JPEG segment');
    const marker = bytes[i + 1]!;
    const length = (bytes[i + 2]! << 8) | bytes[i + 3]!;
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: (bytes[i + 5]! << 8) | bytes[i + 6]!, width: (bytes[i + 7]! << 8) | bytes[i + 8]! };
    }
    i += 2 + length;
  }
  throw new Error('no frame in JPEG');
}

async function seededFiles(): Promise<string[]> {
  const entries = await readdir(SEED_PHOTOS, { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile() && !e.name.startsWith('.'))
    .map((e) => path.relative(SEED_PHOTOS, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
}

describe('seeded unit photos', () => {
  it('every unit of the demo organisations has one main photo first, and at most four', async () => {
    const { data: units } = await svc
      .from('units')
      .select('id, organization_id')
      .in('organization_id', [ORG1, ORG2])
      .throwOnError();
    const { data: photos } = await svc
      .from('unit_photos')
      .select('unit_id, organization_id, storage_path, is_main, position')
      .throwOnError();
    expect(units.length).toBeGreaterThan(0);
    for (const unit of units) {
      const own = photos.filter((p) => p.unit_id === unit.id).sort((a, b) => a.position - b.position);
      expect(own.length, `photos of unit ${unit.id}`).toBeGreaterThanOrEqual(2);
      expect(own.length).toBeLessThanOrEqual(MAX_UNIT_PHOTOS);
      expect(own.map((p) => p.position)).toEqual(own.map((_, i) => i));
      expect(
        own.filter((p) => p.is_main).map((p) => p.position),
        `main photo of unit ${unit.id}`,
      ).toEqual([0]);
      for (const p of own) {
        expect(p.organization_id).toBe(unit.organization_id);
        // The path an upload uses: the storage policies allow the organisation's own folder only.
        expect(p.storage_path).toMatch(new RegExp(`^${unit.organization_id}/${unit.id}/[0-9a-f-]{36}\\.jpg$`));
      }
    }
  });

  it('every photo row names an object in the bucket, a JPEG like an upload, with the shipped bytes', async () => {
    const { data: photos } = await svc.from('unit_photos').select('storage_path').throwOnError();
    for (const { storage_path } of photos) {
      const { data, error } = await svc.storage.from(BUCKET).download(storage_path);
      expect(error, `object ${storage_path}`).toBeNull();
      const bytes = new Uint8Array(await data!.arrayBuffer());
      expect(data!.type).toBe('image/jpeg');
      const { width, height } = jpegSize(bytes);
      expect(Math.max(width, height)).toBeLessThanOrEqual(MAX_PHOTO_EDGE);
      expect(Buffer.from(bytes).equals(await readFile(path.join(SEED_PHOTOS, storage_path)))).toBe(true);
    }
  });

  it('every photo row names its small copy beside it: a JPEG at most 640 px wide, with the shipped bytes', async () => {
    const { data: photos } = await svc.from('unit_photos').select('storage_path, small_path').throwOnError();
    for (const { storage_path, small_path } of photos) {
      expect(small_path, `small copy of ${storage_path}`).toBe(smallPhotoPath(storage_path));
      const { data, error } = await svc.storage.from(BUCKET).download(small_path!);
      expect(error, `object ${small_path}`).toBeNull();
      const bytes = new Uint8Array(await data!.arrayBuffer());
      expect(data!.type).toBe('image/jpeg');
      const small = jpegSize(bytes);
      const full = jpegSize(await readFile(path.join(SEED_PHOTOS, storage_path)));
      expect(small.width).toBeLessThanOrEqual(SMALL_PHOTO_WIDTH);
      expect(small.width).toBeLessThan(full.width);
      // The same proportions as the photo (within rounding).
      expect(Math.abs(small.height - (full.height * small.width) / full.width)).toBeLessThanOrEqual(1);
      expect(Buffer.from(bytes).equals(await readFile(path.join(SEED_PHOTOS, small_path!)))).toBe(true);
    }
  });

  it("a small copy must lie in its photo's own {organization}/{unit}/ folder", async () => {
    const { data: photo } = await svc.from('unit_photos').select('id, storage_path').limit(1).single().throwOnError();
    const [org, unit] = photo.storage_path.split('/');
    for (const bad of [
      `${ORG2}/${unit}/x.w640.jpg`,
      `${org}/other/x.w640.jpg`,
      `${org}/${unit}/a/x.jpg`,
      photo.storage_path,
    ]) {
      const { error } = await svc.from('unit_photos').update({ small_path: bad }).eq('id', photo.id);
      expect(error?.message, bad).toMatch(/unit_photos_small_path_check/);
    }
  });

  it('every file shipped in supabase/seed-photos is a seeded photo or its small copy (none is left over)', async () => {
    const { data: photos } = await svc.from('unit_photos').select('storage_path, small_path').throwOnError();
    expect(await seededFiles()).toEqual(
      photos.flatMap((p) => [p.storage_path, p.small_path].filter((x): x is string => x !== null)).sort(),
    );
  });

  it("a visitor fetches the main photo of every unit on an enabled site's public page", async () => {
    for (const slug of ['demo', 'second']) {
      const { data, error } = await visitor.rpc('public_site_page', { p_slug: slug });
      expect(error).toBeNull();
      const units = (
        data as { units: Array<{ id: string; main_photo: string | null; main_photo_small: string | null }> }
      ).units;
      expect(units.length).toBeGreaterThan(0);
      for (const unit of units) {
        expect(unit.main_photo, `main photo of ${unit.id} on /org/${slug}`).toEqual(expect.any(String));
        // What the page's <img> asks for: the public URL, no key, no session.
        const response = await fetch(`${stack.apiUrl}/storage/v1/object/public/${BUCKET}/${unit.main_photo}`);
        expect(response.status, unit.main_photo!).toBe(200);
        expect(response.headers.get('content-type')).toBe('image/jpeg');
        expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(1000);
        // And its small copy, which the card's srcset offers a phone.
        expect(unit.main_photo_small).toBe(smallPhotoPath(unit.main_photo!));
        const small = await fetch(`${stack.apiUrl}/storage/v1/object/public/${BUCKET}/${unit.main_photo_small}`);
        expect(small.status, unit.main_photo_small!).toBe(200);
        expect(small.headers.get('content-type')).toBe('image/jpeg');
        expect(jpegSize(new Uint8Array(await small.arrayBuffer())).width).toBeLessThanOrEqual(SMALL_PHOTO_WIDTH);
      }
      // The unit's own page reads its gallery rows as the visitor, then each picture.
      const { data: gallery } = await visitor
        .from('unit_photos')
        .select('storage_path, small_path, is_main')
        .eq('unit_id', units[0]!.id)
        .throwOnError();
      expect(gallery.filter((p) => p.is_main)).toHaveLength(1);
      for (const p of gallery) {
        for (const object of [p.storage_path, p.small_path!]) {
          const response = await fetch(`${stack.apiUrl}/storage/v1/object/public/${BUCKET}/${object}`);
          expect(response.status, object).toBe(200);
        }
      }
    }
  });
});

describe('the unit-photos bucket in config.toml', () => {
  it('repeats the settings of the migration that creates it (the stack brings the bucket in line with config)', async () => {
    const bare = await createTestStack();
    try {
      // No storage request yet, so the row is still as the migration made it.
      const { rows } = await bare.db.query<{
        public: boolean;
        file_size_limit: string | number;
        allowed_mime_types: string[];
      }>(`select public, file_size_limit, allowed_mime_types from storage.buckets where id = $1`, [BUCKET]);
      const configured = bare.stack.config.storage.buckets[BUCKET] as {
        public: boolean;
        file_size_limit: string;
        allowed_mime_types: string[];
      };
      expect(rows[0]).toBeDefined();
      expect(configured.public).toBe(rows[0]!.public);
      expect(parseSize(configured.file_size_limit)).toBe(Number(rows[0]!.file_size_limit));
      expect(configured.allowed_mime_types).toEqual(rows[0]!.allowed_mime_types);
    } finally {
      await bare.stop();
    }
  });
});
