/**
 * Draws Nuzl's link-preview card (public/og-image.png, 1200×630) and square logo
 * (public/logo-512.png) in Chromium from an HTML card: brand colour #1f5f5a, the IBM Plex Sans
 * faces the app ships (SIL Open Font Licence), nothing else — so the pictures are ours to publish.
 * src/lib/seo/brand.ts names them. Re-run after changing the card:
 *
 *   npx tsx scripts/generate-og-image.ts
 *
 * Uses the same Chromium as the browser tests (CHROMIUM_PATH, /usr/bin/chromium or @sparticuz/chromium).
 */
import { readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium } from '@playwright/test';
import { resolveChromium } from '../e2e/support/chromium';

const require = createRequire(import.meta.url);
const root = new URL('..', import.meta.url);
/** The card must stay small: link previews are fetched by crawlers on slow connections. */
const MAX_BYTES = 120 * 1024;

function font(file: string): string {
  const data = readFileSync(require.resolve(file)).toString('base64');
  return `url(data:font/woff2;base64,${data}) format('woff2')`;
}

const fonts = `
  @font-face { font-family: Plex; font-weight: 600; src: ${font('@fontsource/ibm-plex-sans/files/ibm-plex-sans-latin-600-normal.woff2')}; }
  @font-face { font-family: Plex; font-weight: 700; src: ${font('@fontsource/ibm-plex-sans/files/ibm-plex-sans-latin-700-normal.woff2')}; }
  @font-face { font-family: PlexArabic; font-weight: 600; src: ${font('@fontsource/ibm-plex-sans-arabic/files/ibm-plex-sans-arabic-arabic-600-normal.woff2')}; }
  @font-face { font-family: PlexArabic; font-weight: 700; src: ${font('@fontsource/ibm-plex-sans-arabic/files/ibm-plex-sans-arabic-arabic-700-normal.woff2')}; }
  * { margin: 0; box-sizing: border-box; }
  html, body { width: 100%; height: 100%; }
  body { background: #1f5f5a; color: #fff; font-family: Plex, PlexArabic, sans-serif; overflow: hidden; }
  [lang=ar] { font-family: PlexArabic, sans-serif; }
  .mark { display: grid; place-items: center; background: #fff; color: #1f5f5a; font-family: PlexArabic; font-weight: 700; }
`;

/** A row of arches (doorways of an inn, نُزُل) along the bottom edge, in a lighter teal. */
const arches = Array.from({ length: 9 }, (_, i) => {
  const x = i * 140 - 30;
  return `<path d="M${x} 630 V520 a55 55 0 0 1 110 0 V630 Z" fill="#25706a"/>`;
}).join('');

const card = `<!doctype html><html><head><meta charset="utf-8"><style>${fonts}
  .card { position: relative; width: 1200px; height: 630px; display: flex; flex-direction: column;
          align-items: center; padding-top: 92px; gap: 26px; }
  .card svg { position: absolute; inset: auto 0 0 0; }
  .mark { width: 112px; height: 112px; border-radius: 26px; font-size: 66px; line-height: 1; padding-bottom: 8px; }
  .names { display: flex; align-items: baseline; gap: 40px; font-size: 92px; font-weight: 700; line-height: 1.1; }
  .dot { width: 12px; height: 12px; border-radius: 50%; background: #9fd3c9; align-self: center; }
  .tag { text-align: center; font-size: 34px; font-weight: 600; color: #d8efea; line-height: 1.45; }
</style></head><body>
  <div class="card">
    <svg width="1200" height="630" viewBox="0 0 1200 630" aria-hidden="true">${arches}</svg>
    <div class="mark" lang="ar">ن</div>
    <div class="names"><span>Nuzl</span><span class="dot"></span><span lang="ar">نُزُل</span></div>
    <div class="tag">
      <div>Short-term rental management, in Arabic and English</div>
      <div lang="ar" dir="rtl">إدارة الإيجارات قصيرة المدى، بالعربية والإنجليزية</div>
    </div>
  </div>
</body></html>`;

const logo = `<!doctype html><html><head><meta charset="utf-8"><style>${fonts}
  body { background: transparent; }
  .mark { width: 512px; height: 512px; border-radius: 112px; background: #1f5f5a; color: #fff;
          font-size: 300px; line-height: 1; padding-bottom: 36px; }
</style></head><body><div class="mark" lang="ar">ن</div></body></html>`;

const { executablePath, args } = await resolveChromium();
const browser = await chromium.launch({ executablePath, args });
try {
  const outputs: [string, string, number, number][] = [
    ['public/og-image.png', card, 1200, 630],
    ['public/logo-512.png', logo, 512, 512],
  ];
  for (const [file, html, width, height] of outputs) {
    const page = await browser.newPage({ viewport: { width, height }, deviceScaleFactor: 1 });
    await page.setContent(html);
    await page.evaluate(() => document.fonts.ready);
    const path = new URL(file, root).pathname;
    await page.screenshot({ path, omitBackground: file.includes('logo'), clip: { x: 0, y: 0, width, height } });
    await page.close();
    const bytes = statSync(path).size;
    console.log(`${file}: ${width}×${height}, ${(bytes / 1024).toFixed(1)} KB`);
    if (bytes > MAX_BYTES) throw new Error(`${file} is over ${MAX_BYTES / 1024} KB`);
  }
} finally {
  await browser.close();
}
