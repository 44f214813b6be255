/**
 * Draws the demo units' photos (issue 13) and writes them where the local stack seeds the
 * `unit-photos` bucket from (supabase/config.toml `objects_path`):
 *
 *   npm run photos                      every unit of scripts/unit-photos/catalogue.ts
 *   npm run photos -- --sheet out.png   also a contact sheet of them all, to look at
 *
 * Each picture is an SVG drawn by scripts/unit-photos/ (rooms and buildings in perspective,
 * gradients, soft shadows; no photograph or image from anywhere else, so they are ours to
 * publish), rasterised by Chromium at 1200×800 — the "original" — and then put through what
 * an upload does to a photo in the browser (src/features/units/lib/resize-image.ts): fit within
 * MAX_PHOTO_EDGE on a white canvas, encoded as OUTPUT_TYPE at PHOTO_QUALITY by Chromium's own
 * encoder. So a seeded photo is byte for byte what uploading that original would have stored.
 *
 * Output: supabase/seed-photos/<organization id>/<unit id>/<photo id>.jpg, the path an upload
 * uses (`{organization}/{unit}/{file}`), named after the unit_photos row supabase/seed.sql
 * inserts for it, and beside it <photo id>.w640.jpg, its small copy (the same render fitted to
 * SMALL_PHOTO_WIDTH, as an upload stores it; the row's small_path). The total is printed and must stay under MAX_TOTAL_BYTES (the files are in git).
 * Uses the same Chromium as the browser tests (CHROMIUM_PATH, /usr/bin/chromium or @sparticuz/chromium).
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { resolveChromium } from '../e2e/support/chromium';
import {
  MAX_PHOTO_EDGE,
  OUTPUT_TYPE,
  PHOTO_QUALITY,
  SMALL_PHOTO_WIDTH,
  smallPhotoPath,
} from '../src/features/units/lib/resize-image';
import { CATALOGUE, photoId, unitId } from './unit-photos/catalogue';

const ROOT = path.resolve(import.meta.dirname, '..');
const SEED_PHOTOS_DIR = path.join(ROOT, 'supabase', 'seed-photos');
/** Every photo and small copy together; they are committed, and the public page downloads the main ones. */
const MAX_TOTAL_BYTES = 2.25 * 1024 * 1024;
/** The size each picture is drawn at, before the upload's resize (which never enlarges). */
const ORIGINAL_WIDTH = 1080;

const sheetArg = process.argv.indexOf('--sheet');
const SHEET = sheetArg > 0 ? path.resolve(process.argv[sheetArg + 1] ?? 'unit-photos.png') : null;

/**
 * In the page: the SVG becomes the original bitmap, which then goes through the upload's steps.
 * A string, so the bundler's helpers never reach the page.
 */
const RENDER = `async ({ svg, width, maxEdge, maxWidth, type, quality }) => {
  const image = new Image();
  image.src = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
  await image.decode();
  const original = document.createElement('canvas');
  original.width = width;
  original.height = Math.round((width * image.naturalHeight) / image.naturalWidth);
  original.getContext('2d').drawImage(image, 0, 0, original.width, original.height);
  const bitmap = await createImageBitmap(original);
  // resize-image.ts: fitSize() (fitWithin, then maxWidth for the small copy), then browserCodec.encode().
  const scale = Math.min(1, maxEdge / Math.max(bitmap.width, bitmap.height), maxWidth / bitmap.width);
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.imageSmoothingQuality = 'high';
  context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  const blob = await new Promise((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('Image could not be encoded'))), type, quality),
  );
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return { base64: btoa(binary), width: canvas.width, height: canvas.height };
}`;

/** A grid of every photo (decoded from the JPEGs written), as a PNG to look at. */
const SHEET_RENDER = `async ({ photos, columns, cell }) => {
  const rows = Math.ceil(photos.length / columns);
  const canvas = document.createElement('canvas');
  canvas.width = columns * cell;
  canvas.height = rows * Math.round((cell * 2) / 3);
  const context = canvas.getContext('2d');
  for (const [i, base64] of photos.entries()) {
    const bitmap = await createImageBitmap(await (await fetch('data:image/jpeg;base64,' + base64)).blob());
    const h = Math.round((cell * 2) / 3);
    context.drawImage(bitmap, (i % columns) * cell, Math.floor(i / columns) * h, cell - 4, h - 4);
  }
  const blob = await new Promise((resolve) => canvas.toBlob(resolve, 'image/png'));
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}`;

interface Rendered {
  base64: string;
  width: number;
  height: number;
}

async function render(page: Page, svg: string, maxWidth = Infinity): Promise<Rendered> {
  return page.evaluate(
    `(${RENDER})(${JSON.stringify({
      svg,
      width: ORIGINAL_WIDTH,
      maxEdge: MAX_PHOTO_EDGE,
      maxWidth: Number.isFinite(maxWidth) ? maxWidth : 1e9,
      type: OUTPUT_TYPE,
      quality: PHOTO_QUALITY,
    })})`,
  );
}

const { executablePath, args } = await resolveChromium();
const browser = await chromium.launch({ executablePath, args });
try {
  const page = await browser.newPage();
  await rm(SEED_PHOTOS_DIR, { recursive: true, force: true });
  let total = 0;
  const all: string[] = [];
  for (const unit of CATALOGUE) {
    const dir = path.join(SEED_PHOTOS_DIR, unit.organizationId, unitId(unit.n));
    await mkdir(dir, { recursive: true });
    const sizes: string[] = [];
    for (const [position, draw] of unit.photos.entries()) {
      const svg = draw().svg(ORIGINAL_WIDTH);
      const photo = await render(page, svg);
      const small = await render(page, svg, SMALL_PHOTO_WIDTH);
      const bytes = Buffer.from(photo.base64, 'base64');
      const smallBytes = Buffer.from(small.base64, 'base64');
      const file = `${photoId(unit.n, position)}.jpg`;
      await writeFile(path.join(dir, file), bytes);
      await writeFile(path.join(dir, smallPhotoPath(file)), smallBytes);
      total += bytes.length + smallBytes.length;
      all.push(photo.base64);
      sizes.push(
        `${photo.width}×${photo.height} ${(bytes.length / 1024).toFixed(0)} KB` +
          ` (${small.width}×${small.height} ${(smallBytes.length / 1024).toFixed(0)} KB)`,
      );
    }
    console.log(`${String(unit.n).padStart(2)} ${unit.name}: ${sizes.join(', ')}`);
  }
  console.log(`${all.length} photos, ${(total / 1024).toFixed(0)} KB in ${path.relative(ROOT, SEED_PHOTOS_DIR)}/`);
  if (SHEET) {
    const png = await page.evaluate(`(${SHEET_RENDER})(${JSON.stringify({ photos: all, columns: 6, cell: 300 })})`);
    await writeFile(SHEET, Buffer.from(png as string, 'base64'));
    console.log(`Contact sheet: ${SHEET}`);
  }
  if (total > MAX_TOTAL_BYTES) {
    throw new Error(
      `The photos take ${(total / 1024).toFixed(0)} KB, over ${MAX_TOTAL_BYTES / 1024} KB: draw less detail.`,
    );
  }
} finally {
  await browser.close();
}
