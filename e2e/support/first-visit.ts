/**
 * A first visit to a public page, measured in Chromium with an empty cache (issue 12). Shared by
 * the CI gate (e2e/performance-budgets.spec.ts) and `npm run bench -- --web`; docs/performance.md
 * defines each figure. None of them depends on the machine's speed:
 *
 * - JS before first paint: the page's main heading is the visible `h1` it shows once settled
 *   (JavaScript on), under `<html lang>` of the requested language. 0 when the page's final URL,
 *   loaded with JavaScript off, already shows that same heading in that language; else the gzipped
 *   bytes (node:zlib level 9 of the served body) of the same-origin scripts requested before that
 *   heading first stood visible in the DOM. Requested, not finished: what starts downloading
 *   before the paint shares the visitor's bandwidth with it, and a start time does not race
 *   against the heading the way an end time would. Comparing the text keeps a prerendered page
 *   that is every path's fallback (the landing under /org/demo) from counting as that path's paint.
 * - Requests before ready: the document plus every resource the page started before it was ready,
 *   i.e. its HTML was parsed (DOMContentLoaded) and its heading stood in the DOM. Not the load
 *   event: a hydrating page's dynamic imports start before or after it depending on the machine's
 *   speed, which made the count vary (21 to 47 for the same /ar); what the HTML and the heading
 *   need does not.
 * - Font faces: the font files downloaded once the page and its fonts settled, against the faces
 *   its rendered text needs (family, weight, style and unicode-range of each character), and the
 *   faces loaded per script (a face whose unicode-range covers Arabic letters is Arabic).
 * - CLS: layout shifts seen by a `layout-shift` PerformanceObserver from the start until the page,
 *   its data and its fonts settled, as the largest session window (1 s gap, 5 s cap), like web-vitals.
 */
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContextOptions, Page } from '@playwright/test';

export type Language = 'en' | 'ar';

export interface WebRoute {
  /** Path and query as a visitor opens it. */
  path: string;
  language: Language;
  /** A selector shown once the page's content is there (`/org/demo` is measured with its units). */
  ready?: string;
  /** Whether the 90 KB budget of JS before first paint applies (issue 12: `/` and `/org/<slug>`). */
  jsBudget: boolean;
}

/** A unit card's link on the public site page: the page is measured with its units shown. */
const UNITS_SHOWN = 'main a[href*="/units/"]';

/**
 * The routes of the web bench and the CI gate. A language other than the page's default is asked
 * for with `?lang=` (issue 12); where the app does not read that parameter itself (main before
 * issue 12), `firstVisitInitScript` stores it as the visitor's choice before the page's own
 * scripts run, as a returning visitor would have it. The demo site's default language is Arabic
 * (supabase/seed.sql), so its English page is `?lang=en`. The prerendered Arabic twins of `/` and
 * `/login` are `/ar` and `/ar/login`, to which `?lang=ar` redirects.
 */
export const WEB_ROUTES: readonly WebRoute[] = [
  { path: '/', language: 'en', jsBudget: true },
  { path: '/login', language: 'en', jsBudget: false },
  { path: '/org/demo?lang=en', language: 'en', ready: UNITS_SHOWN, jsBudget: true },
  // The Arabic twins of the prerendered pages have their own addresses (scripts/vite/public-entries.ts);
  // the demo site's default language is Arabic, so its bare address is the Arabic page.
  { path: '/ar', language: 'ar', jsBudget: true },
  { path: '/ar/login', language: 'ar', jsBudget: false },
  { path: '/org/demo', language: 'ar', ready: UNITS_SHOWN, jsBudget: true },
];

/** The budgets that do not depend on the machine's speed (issue 12), checked in CI. */
export const FIRST_VISIT_BUDGETS = {
  /** Gzipped KB (1,000 bytes) of JavaScript the first paint of `/` and `/org/<slug>` waits for. */
  jsBeforeFirstPaintKb: 90,
  /**
   * Requests started before the page was ready (HTML parsed, heading shown), the document
   * included. A page that paints from its HTML needs the document, one stylesheet, its entry and
   * the chunks that imports, up to 2 faces per script it shows and the icon: about 12; a page
   * drawn from data adds its data call, route chunks and the images above the fold. 25 leaves
   * that room and still catches what issue 12 found: about 90 requests, the dashboard, bookings,
   * clients and phone chunks among them, before the landing showed its heading.
   */
  requestsBeforeReady: 25,
  /** Font files loaded per script (Latin, Arabic): "no 5 faces on a page that shows 2". */
  fontFacesPerScript: 2,
  /** Cumulative layout shift after load and after the fonts arrived. */
  cls: 0.02,
} as const;

/** The default mobile device of Lighthouse (Moto G Power): the same viewport for every pass. */
export const MOBILE_CONTEXT: BrowserContextOptions = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
};

export interface FontFaceInfo {
  family: string;
  weight: string;
  style: string;
  unicodeRange: string;
}

export interface FirstVisit {
  url: string;
  /** The main heading painted with JavaScript off, in the requested language. */
  paintsWithoutJs: boolean;
  /** Where the visit ended (after client-side redirects such as `/?lang=ar` → `/ar`). */
  finalUrl: string;
  /** The page's main heading once settled (JavaScript on), or null if it showed none. */
  heading: string | null;
  /** ms after the final document's navigation start at which that heading first stood visible. */
  headingAt: number | null;
  /** Gzipped bytes of JS before first paint (see the file comment); null when no heading appeared. */
  jsBeforeFirstPaint: number | null;
  /** The scripts counted, with their gzipped sizes. */
  scripts: Array<{ url: string; gzip: number }>;
  /** Every same-origin script fetched during the visit, gzipped, for comparison. */
  jsTotal: number;
  requestsBeforeReady: number;
  requestsTotal: number;
  /** Font files downloaded (woff2, woff, ttf, otf) by the time the page settled. */
  fontFilesDownloaded: number;
  /** Faces the rendered text needs: each downloaded face should be one of them. */
  fontFacesShown: FontFaceInfo[];
  /** Faces loaded although no rendered text needs them. */
  fontFacesUnused: FontFaceInfo[];
  /** Faces loaded, by the script their unicode-range serves. */
  fontFacesByScript: { latin: number; arabic: number };
  cls: number;
}

declare global {
  interface Window {
    __firstVisit?: {
      /** First time each visible `h1` text stood in the DOM under the requested language. */
      headings: Record<string, number>;
      shifts: Array<{ value: number; startTime: number }>;
    };
  }
}

/**
 * Runs in every document before its own scripts: stores `?lang` as the visitor's language (see
 * WEB_ROUTES), records when each visible `h1` text first stands in the DOM under `<html lang>` of
 * the requested language, and collects layout shifts.
 */
export function firstVisitInitScript(expected: Language): void {
  const wanted = new URLSearchParams(location.search).get('lang');
  if (wanted === 'en' || wanted === 'ar') {
    try {
      localStorage.setItem('language', wanted);
    } catch {
      /* storage disabled */
    }
  }
  const state: NonNullable<Window['__firstVisit']> = { headings: {}, shifts: [] };
  window.__firstVisit = state;
  const check = () => {
    if (document.documentElement.lang !== expected) return;
    const now = performance.now();
    for (const h1 of Array.from(document.querySelectorAll('h1'))) {
      const text = (h1.textContent ?? '').replace(/\s+/g, ' ').trim();
      if (text && !(text in state.headings) && h1.checkVisibility({ visibilityProperty: true })) {
        state.headings[text] = now;
      }
    }
  };
  // Attributes too: a page may be revealed by a class or attribute on an ancestor.
  new MutationObserver(check).observe(document, {
    childList: true,
    subtree: true,
    characterData: true,
    attributes: true,
  });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
      if (!entry.hadRecentInput) state.shifts.push({ value: entry.value, startTime: entry.startTime });
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

/** CLS as web-vitals computes it: the largest session window (shifts < 1 s apart, at most 5 s long). */
export function sessionWindowCls(shifts: ReadonlyArray<{ value: number; startTime: number }>): number {
  let best = 0;
  let current = 0;
  let first = 0;
  let last = 0;
  for (const s of [...shifts].sort((a, b) => a.startTime - b.startTime)) {
    if (current > 0 && s.startTime - last < 1000 && s.startTime - first < 5000) {
      current += s.value;
    } else {
      current = s.value;
      first = s.startTime;
    }
    last = s.startTime;
    best = Math.max(best, current);
  }
  return best;
}

/** `U+0600-06FF, U+0750-077F, U+4??` → inclusive code-point ranges (an empty string covers everything). */
export function parseUnicodeRange(range: string): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (const part of range.split(',')) {
    const m = /^\s*U\+([0-9a-f?]+)(?:-([0-9a-f]+))?\s*$/i.exec(part);
    if (!m) continue;
    const [, from = '', to] = m;
    if (from.includes('?')) out.push([parseInt(from.replace(/\?/g, '0'), 16), parseInt(from.replace(/\?/g, 'f'), 16)]);
    else out.push([parseInt(from, 16), parseInt(to ?? from, 16)]);
  }
  return out.length > 0 ? out : [[0, 0x10ffff]];
}

/** Whether a face serves Arabic letters (ا U+0627). */
export function coversArabic(unicodeRange: string): boolean {
  return parseUnicodeRange(unicodeRange).some(([a, b]) => 0x627 >= a && 0x627 <= b);
}

/**
 * In the page: the loaded faces and the faces its rendered text needs. For each character of each
 * rendered text node (and each form control's value or placeholder), CSS font matching over the
 * element's font-family list: the first family with @font-face rules whose nearest weight (CSS
 * Fonts 4 §5.2) and style has a face covering the character is the one the browser uses.
 */
function facesInPage(): { shown: FontFaceInfo[]; loaded: FontFaceInfo[] } {
  const parseRanges = (range: string): Array<[number, number]> => {
    const out: Array<[number, number]> = [];
    for (const part of range.split(',')) {
      const m = /^\s*U\+([0-9a-f?]+)(?:-([0-9a-f]+))?\s*$/i.exec(part);
      if (!m) continue;
      const from = m[1] ?? '';
      if (from.includes('?'))
        out.push([parseInt(from.replace(/\?/g, '0'), 16), parseInt(from.replace(/\?/g, 'f'), 16)]);
      else out.push([parseInt(from, 16), parseInt(m[2] ?? from, 16)]);
    }
    return out.length > 0 ? out : [[0, 0x10ffff]];
  };
  const unquote = (s: string) => s.trim().replace(/^["']|["']$/g, '');
  const all: FontFace[] = [];
  document.fonts.forEach((face) => all.push(face));
  const faces = all.map((face) => ({
    face,
    family: unquote(face.family).toLowerCase(),
    weight: Number.parseInt(face.weight, 10) || 400,
    ranges: parseRanges(face.unicodeRange),
  }));
  const info = (f: FontFace): FontFaceInfo => ({
    family: unquote(f.family),
    weight: f.weight,
    style: f.style,
    unicodeRange: f.unicodeRange,
  });
  const nearestWeight = (available: number[], wanted: number): number | undefined => {
    const sorted = [...new Set(available)].sort((a, b) => a - b);
    if (sorted.includes(wanted)) return wanted;
    const below = sorted.filter((w) => w < wanted).reverse();
    const above = sorted.filter((w) => w > wanted);
    if (wanted >= 400 && wanted <= 500) {
      const upTo500 = above.filter((w) => w <= 500);
      return upTo500[0] ?? below[0] ?? above[0];
    }
    return wanted < 400 ? (below[0] ?? above[0]) : (above[0] ?? below[0]);
  };
  const needed = new Set<FontFace>();
  const memo = new Map<string, FontFace | null>();
  const pick = (families: string[], weight: number, style: string, cp: number): FontFace | null => {
    const key = `${families.join(',')}|${weight}|${style}|${cp}`;
    const known = memo.get(key);
    if (known !== undefined) return known;
    let chosen: FontFace | null = null;
    for (const family of families) {
      const ofFamily = faces.filter((f) => f.family === family);
      if (ofFamily.length === 0) continue;
      const styled = ofFamily.filter((f) => f.face.style === style);
      const pool = styled.length > 0 ? styled : ofFamily;
      const w = nearestWeight(
        pool.map((f) => f.weight),
        weight,
      );
      const covering = pool.filter((f) => f.weight === w && f.ranges.some(([a, b]) => cp >= a && cp <= b));
      const face = covering[covering.length - 1];
      if (face) {
        chosen = face.face;
        break;
      }
    }
    memo.set(key, chosen);
    return chosen;
  };
  const visit = (el: Element, text: string) => {
    if (!text.trim() || !el.checkVisibility({ visibilityProperty: true })) return;
    // Spaces count: a face is fetched for the space between two Arabic words when the Arabic
    // subset's unicode-range leaves U+0020 to the Latin one. Line breaks and tabs collapse.
    const style = getComputedStyle(el);
    const families = style.fontFamily.split(',').map((f) => unquote(f).toLowerCase());
    const weight = Number.parseInt(style.fontWeight, 10) || 400;
    for (const ch of new Set(text.replace(/[\t\n\r\f]+/g, ' '))) {
      const cp = ch.codePointAt(0) ?? 0;
      const face = pick(families, weight, style.fontStyle, cp);
      if (face) needed.add(face);
    }
  };
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (parent && !parent.closest('script, style, noscript, template')) visit(parent, node.textContent ?? '');
  }
  for (const control of Array.from(
    document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea'),
  )) {
    if (control.type !== 'hidden') visit(control, control.value || control.placeholder);
  }
  return {
    shown: [...needed].map(info),
    loaded: faces.filter((f) => f.face.status === 'loaded' || f.face.status === 'loading').map((f) => info(f.face)),
  };
}

const FONT_FILE = /\.(woff2?|ttf|otf)(\?|$)/i;
const SCRIPT_FILE = /\.m?js(\?|$)/i;

async function settle(page: Page, route: WebRoute): Promise<void> {
  if (route.ready) await page.locator(route.ready).first().waitFor({ state: 'visible', timeout: 20_000 });
  // Idle network: the data calls answered and any prefetch done; then the fonts and two frames.
  await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
  await page.evaluate(async () => {
    await document.fonts.ready;
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
  await page.waitForTimeout(500);
}

/** The visible `h1` texts of the page, whitespace collapsed (run in the page or read from it). */
async function visibleHeadings(page: Page): Promise<string[]> {
  const texts: string[] = [];
  for (const h1 of await page.locator('h1').all()) {
    if (await h1.isVisible()) texts.push(((await h1.textContent()) ?? '').replace(/\s+/g, ' ').trim());
  }
  return texts.filter(Boolean);
}

/** The web bench serves HTTP/2 with a self-signed certificate. */
function tlsOf(url: string): { ignoreHTTPSErrors?: boolean } {
  return url.startsWith('https:') ? { ignoreHTTPSErrors: true } : {};
}

/** Whether `url` shows `heading` as its main heading in `language` with JavaScript off. */
async function paintsWithoutJavaScript(
  browser: Browser,
  url: string,
  language: Language,
  heading: string,
): Promise<boolean> {
  const context = await browser.newContext({ ...MOBILE_CONTEXT, ...tlsOf(url), javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'load' });
    if ((await page.locator('html').getAttribute('lang')) !== language) return false;
    return (await visibleHeadings(page))[0] === heading;
  } finally {
    await context.close();
  }
}

/** Both passes for one route, each in a fresh context (empty cache, no storage). */
export async function measureFirstVisit(browser: Browser, baseURL: string, route: WebRoute): Promise<FirstVisit> {
  const url = new URL(route.path, baseURL).href;
  const origin = new URL(baseURL).origin;

  const context = await browser.newContext({ ...MOBILE_CONTEXT, ...tlsOf(baseURL) });
  try {
    // Under tsx (the bench), esbuild's keepNames wraps named functions in __name(): the functions
    // this file sends to the page call it, so the page gets a no-op one first.
    await context.addInitScript({ content: 'globalThis.__name ??= (fn) => fn;' });
    await context.addInitScript(firstVisitInitScript, route.language);
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'load' });
    await page
      .locator('h1')
      .first()
      .waitFor({ state: 'visible', timeout: 20_000 })
      .catch(() => undefined);
    await settle(page, route);
    const finalUrl = page.url();
    const heading =
      (await page.locator('html').getAttribute('lang')) === route.language
        ? (await visibleHeadings(page))[0]
        : undefined;

    const timing = await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
      const resources = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((r) => ({
        url: r.name,
        startTime: r.startTime,
        responseEnd: r.responseEnd,
      }));
      const state = window.__firstVisit;
      return {
        parsedAt: nav?.domContentLoadedEventStart ?? Number.POSITIVE_INFINITY,
        resources,
        headings: state?.headings ?? {},
        shifts: state?.shifts ?? [],
      };
    });
    const headingAt = heading === undefined ? null : (timing.headings[heading] ?? null);
    const paintsWithoutJs =
      heading !== undefined && (await paintsWithoutJavaScript(browser, finalUrl, route.language, heading));
    const fonts = await page.evaluate(facesInPage);

    const sameOriginScripts = [
      ...new Set(
        timing.resources
          .filter((r) => r.url.startsWith(origin) && SCRIPT_FILE.test(new URL(r.url).pathname))
          .map((r) => r.url),
      ),
    ];
    const gzip = new Map<string, number>();
    for (const scriptUrl of sameOriginScripts) {
      const response = await context.request.get(scriptUrl);
      gzip.set(scriptUrl, gzipSync(await response.body(), { level: 9 }).length);
    }
    const beforeHeading =
      headingAt === null
        ? []
        : sameOriginScripts.filter((u) => timing.resources.some((r) => r.url === u && r.startTime < headingAt));
    const scripts = beforeHeading.map((u) => ({ url: u.slice(origin.length), gzip: gzip.get(u) ?? 0 }));
    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

    return {
      url,
      finalUrl,
      paintsWithoutJs,
      heading: heading ?? null,
      headingAt,
      jsBeforeFirstPaint: paintsWithoutJs ? 0 : headingAt === null ? null : sum(scripts.map((s) => s.gzip)),
      scripts: paintsWithoutJs ? [] : scripts,
      jsTotal: sum([...gzip.values()]),
      requestsBeforeReady:
        1 +
        timing.resources.filter((r) => r.startTime < Math.max(timing.parsedAt, headingAt ?? Number.POSITIVE_INFINITY))
          .length,
      requestsTotal: 1 + timing.resources.length,
      fontFilesDownloaded: new Set(timing.resources.filter((r) => FONT_FILE.test(r.url)).map((r) => r.url)).size,
      fontFacesShown: fonts.shown,
      fontFacesUnused: fonts.loaded.filter(
        (l) =>
          !fonts.shown.some(
            (s) =>
              s.family === l.family &&
              s.weight === l.weight &&
              s.style === l.style &&
              s.unicodeRange === l.unicodeRange,
          ),
      ),
      fontFacesByScript: {
        arabic: fonts.loaded.filter((f) => coversArabic(f.unicodeRange)).length,
        latin: fonts.loaded.filter((f) => !coversArabic(f.unicodeRange)).length,
      },
      cls: sessionWindowCls(timing.shifts),
    };
  } finally {
    await context.close();
  }
}

/** "12.3 KB" (1 KB = 1,000 bytes, as the budget is written). */
export function kb(bytes: number | null): string {
  return bytes === null ? 'n/a' : `${(bytes / 1000).toFixed(1)} KB`;
}
