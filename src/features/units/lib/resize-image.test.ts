import { describe, expect, it, vi } from 'vitest';
import {
  fitSize,
  fitWithin,
  MAX_PHOTO_EDGE,
  OUTPUT_TYPE,
  resizeImage,
  SMALL_PHOTO_WIDTH,
  smallPhotoPath,
  type ImageCodec,
} from './resize-image';

describe('fitWithin', () => {
  it('scales the long edge down to the limit and keeps the proportions', () => {
    expect(fitWithin(4000, 3000, 1600)).toEqual({ width: 1600, height: 1200 });
    expect(fitWithin(3000, 4000, 1600)).toEqual({ width: 1200, height: 1600 });
    expect(fitWithin(4032, 1008, 1600)).toEqual({ width: 1600, height: 400 });
  });

  it('never enlarges a small image', () => {
    expect(fitWithin(800, 600, 1600)).toEqual({ width: 800, height: 600 });
    expect(fitWithin(1600, 1600, 1600)).toEqual({ width: 1600, height: 1600 });
  });

  it('keeps at least one pixel on an extreme panorama and refuses an empty image', () => {
    expect(fitWithin(100_000, 10, 1600)).toEqual({ width: 1600, height: 1 });
    expect(() => fitWithin(0, 100)).toThrow();
  });
});

describe('fitSize (the small copy)', () => {
  it('scales a wide or tall photo down to the width, keeping the proportions', () => {
    expect(fitSize(6000, 4000, MAX_PHOTO_EDGE, SMALL_PHOTO_WIDTH)).toEqual({ width: 640, height: 427 });
    expect(fitSize(3000, 4000, MAX_PHOTO_EDGE, SMALL_PHOTO_WIDTH)).toEqual({ width: 640, height: 853 });
  });

  it('never enlarges, and without maxWidth is fitWithin', () => {
    expect(fitSize(500, 300, MAX_PHOTO_EDGE, SMALL_PHOTO_WIDTH)).toEqual({ width: 500, height: 300 });
    expect(fitSize(4000, 3000)).toEqual(fitWithin(4000, 3000));
  });
});

describe('smallPhotoPath', () => {
  it('stores the small copy beside the photo', () => {
    expect(smallPhotoPath('o/u/p.jpg')).toBe('o/u/p.w640.jpg');
    expect(smallPhotoPath('o/u/p')).toBe('o/u/p.w640.jpg');
  });
});

function fakeCodec(width: number, height: number) {
  const close = vi.fn();
  const codec: ImageCodec = {
    decode: vi.fn(() => Promise.resolve({ width, height, source: {} as CanvasImageSource, close })),
    encode: vi.fn((_image, w: number, h: number, type: string) => Promise.resolve(new Blob([`${w}x${h}`], { type }))),
  };
  return { codec, close };
}

describe('resizeImage', () => {
  it('re-encodes a large photo as JPEG at the fitted size and releases the decoded image', async () => {
    const { codec, close } = fakeCodec(6000, 4000);
    const blob = await resizeImage(new Blob(['x'], { type: 'image/png' }), { codec });
    expect(codec.encode).toHaveBeenCalledWith(expect.anything(), MAX_PHOTO_EDGE, 1067, OUTPUT_TYPE, 0.85);
    expect(blob.type).toBe('image/jpeg');
    expect(blob.size).toBe('1600x1067'.length);
    expect(close).toHaveBeenCalledOnce();
  });

  it('encodes the small copy at most maxWidth wide', async () => {
    const { codec } = fakeCodec(1200, 800);
    await resizeImage(new Blob(['x']), { codec, maxWidth: SMALL_PHOTO_WIDTH });
    expect(codec.encode).toHaveBeenCalledWith(expect.anything(), 640, 427, OUTPUT_TYPE, 0.85);
  });

  it('releases the decoded image when encoding fails', async () => {
    const { codec, close } = fakeCodec(10, 10);
    codec.encode = () => Promise.reject(new Error('boom'));
    await expect(resizeImage(new Blob(['x']), { codec })).rejects.toThrow('boom');
    expect(close).toHaveBeenCalledOnce();
  });
});
