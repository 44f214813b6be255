/**
 * The landing page's demo walkthrough (issue 12): screenshots of the real product with the demo
 * seed, in both languages, at a phone and a desktop width. scripts/walkthrough-screenshots.ts
 * takes them from these definitions and writes them to public/walkthrough/; the section shows
 * them with these sizes, so the page reserves their space before they load.
 *
 * Dependency-free on purpose: the script imports it under Node.
 */
export type WalkthroughShot = 'overview' | 'bookings' | 'invoice' | 'booking_page';
export type ShotFormat = 'phone' | 'desktop';
export type ShotLanguage = 'en' | 'ar';

export const WALKTHROUGH_SHOTS: readonly WalkthroughShot[] = ['overview', 'bookings', 'invoice', 'booking_page'];
export const SHOT_LANGUAGES: readonly ShotLanguage[] = ['en', 'ar'];

/** The viewport each format is captured at, and the image widths written for `srcset`. */
export const SHOT_FORMATS: Record<ShotFormat, { width: number; height: number; widths: readonly number[] }> = {
  phone: { width: 390, height: 780, widths: [390, 540] },
  desktop: { width: 1280, height: 800, widths: [640, 960] },
};

/** The folder under public/ (and the URL path) of the images. */
export const WALKTHROUGH_DIR = 'walkthrough';

export function shotFile(shot: WalkthroughShot, language: ShotLanguage, format: ShotFormat, width: number): string {
  return `${WALKTHROUGH_DIR}/${language}/${shot.replace('_', '-')}-${format}-${width}.webp`;
}

/** `srcset` of one shot in one format: every width written by the script. */
export function shotSrcSet(shot: WalkthroughShot, language: ShotLanguage, format: ShotFormat): string {
  return SHOT_FORMATS[format].widths.map((width) => `/${shotFile(shot, language, format, width)} ${width}w`).join(', ');
}

/** The height of an image `width` pixels wide in `format` (the aspect ratio of its viewport). */
export function shotHeight(format: ShotFormat, width: number): number {
  const { width: viewportWidth, height } = SHOT_FORMATS[format];
  return Math.round((height * width) / viewportWidth);
}
