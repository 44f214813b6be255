/**
 * Photos are resized in the browser before upload: a phone photo of 4–12 MB becomes a JPEG of a
 * few hundred KB, long edge at most 1600 px, which is all a listing page shows.
 */
export const MAX_PHOTO_EDGE = 1600;
export const PHOTO_QUALITY = 0.85;
export const OUTPUT_TYPE = 'image/jpeg';
/** The small copy of each photo (issue 13): at most this wide, for cards on phones. */
export const SMALL_PHOTO_WIDTH = 640;

/** Where a photo's small copy is stored: beside it, `.jpg` becoming `.w640.jpg`. */
export function smallPhotoPath(storagePath: string): string {
  return storagePath.replace(/(\.jpe?g)?$/i, `.w${SMALL_PHOTO_WIDTH}.jpg`);
}

/** The largest size with the same proportions that fits in `maxEdge` (never enlarged). */
export function fitWithin(
  width: number,
  height: number,
  maxEdge: number = MAX_PHOTO_EDGE,
): { width: number; height: number } {
  if (width <= 0 || height <= 0) throw new Error('Image has no size');
  const scale = Math.min(1, maxEdge / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

export interface DecodedImage {
  width: number;
  height: number;
  source: CanvasImageSource;
  close?: () => void;
}

export interface ImageCodec {
  decode(file: Blob): Promise<DecodedImage>;
  encode(image: DecodedImage, width: number, height: number, type: string, quality: number): Promise<Blob>;
}

/** The browser's own codec: createImageBitmap (honours EXIF orientation) and a canvas. */
export const browserCodec: ImageCodec = {
  async decode(file) {
    const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    return { width: bitmap.width, height: bitmap.height, source: bitmap, close: () => bitmap.close() };
  },
  encode(image, width, height, type, quality) {
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) return Promise.reject(new Error('Canvas 2D is not available'));
    // JPEG has no transparency: a transparent PNG gets a white background, not a black one.
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, width, height);
    context.imageSmoothingQuality = 'high';
    context.drawImage(image.source, 0, 0, width, height);
    return new Promise((resolve, reject) => {
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('Image could not be encoded'))), type, quality);
    });
  },
};

export interface ResizeOptions {
  maxEdge?: number;
  /** Also at most this wide (the small copy), keeping the proportions. */
  maxWidth?: number;
  quality?: number;
  codec?: ImageCodec;
}

/** The size `fitWithin(maxEdge)` gives, then also scaled down to `maxWidth` if wider. */
export function fitSize(
  width: number,
  height: number,
  maxEdge: number = MAX_PHOTO_EDGE,
  maxWidth?: number,
): { width: number; height: number } {
  const size = fitWithin(width, height, maxEdge);
  if (maxWidth === undefined || size.width <= maxWidth) return size;
  return { width: maxWidth, height: Math.max(1, Math.round((size.height * maxWidth) / size.width)) };
}

/** Decodes `file`, scales it to fit `maxEdge` (and `maxWidth`) and re-encodes it as JPEG. */
export async function resizeImage(file: Blob, options: ResizeOptions = {}): Promise<Blob> {
  const { maxEdge = MAX_PHOTO_EDGE, maxWidth, quality = PHOTO_QUALITY, codec = browserCodec } = options;
  const image = await codec.decode(file);
  try {
    const size = fitSize(image.width, image.height, maxEdge, maxWidth);
    return await codec.encode(image, size.width, size.height, OUTPUT_TYPE, quality);
  } finally {
    image.close?.();
  }
}
