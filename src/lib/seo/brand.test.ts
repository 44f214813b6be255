import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { NUZL_LOGO, NUZL_OG_IMAGE } from './brand';

const publicDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../public');

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer) {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe("Nuzl's preview pictures (scripts/generate-og-image.ts)", () => {
  it.each([NUZL_OG_IMAGE, NUZL_LOGO])('$path is a PNG of the declared size, under 120 KB', (image) => {
    const bytes = readFileSync(path.join(publicDir, image.path));
    expect(pngSize(bytes)).toEqual({ width: image.width, height: image.height });
    expect(bytes.length).toBeLessThan(120 * 1024);
  });
});
