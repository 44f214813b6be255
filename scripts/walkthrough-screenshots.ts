/**
 * Screenshots of the real product for the landing page's demo walkthrough (issue 12), so they show
 * what Nuzl does today and stay true as it changes:
 *
 *   npx tsx scripts/walkthrough-screenshots.ts [--quality 35]
 *
 * 1. An in-memory local stack with the demo seed (as e2e/global-setup.ts starts it).
 * 2. The production build pointed at it (dist-e2e-walkthrough/), served by `vite preview`.
 * 3. Chromium signed in as the demo owner (+966500000001, code 123456) opens each screen of
 *    src/features/landing/lib/walkthrough.ts in English and Arabic at a phone and a desktop width
 *    and writes WebP images (Chromium's own encoder, through the DevTools protocol) for every
 *    width of `srcset` to public/walkthrough/<language>/.
 *
 * The total is printed; keep it under 600 KB (lower --quality, or fewer widths in walkthrough.ts).
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { build, preview } from 'vite';
import { resolveChromium } from '../e2e/support/chromium';
import { freePort } from '../e2e/support/ports';
import { startStack } from '../supabase/local/index';
import {
  SHOT_FORMATS,
  SHOT_LANGUAGES,
  shotFile,
  WALKTHROUGH_SHOTS,
  type ShotFormat,
  type ShotLanguage,
  type WalkthroughShot,
} from '../src/features/landing/lib/walkthrough';

const ROOT = path.resolve(import.meta.dirname, '..');
const OUT_DIR = path.join(ROOT, 'dist-e2e-walkthrough');
const qualityArg = process.argv.indexOf('--quality');
const QUALITY = qualityArg > 0 ? Number(process.argv[qualityArg + 1]) : 35;
const OWNER_PHONE = '+966500000001';
/** `--debug <dir>`: also writes a PNG of each screen there, to look at. */
const debugArg = process.argv.indexOf('--debug');
const DEBUG_DIR = debugArg > 0 ? path.resolve(process.argv[debugArg + 1] ?? 'walkthrough-debug') : null;

interface Session {
  access_token: string;
  refresh_token: string;
  user: { id: string };
}

async function signIn(apiUrl: string, anonKey: string): Promise<Session> {
  const call = async <T>(route: string, body: unknown): Promise<T> => {
    const response = await fetch(`${apiUrl}/auth/v1${route}`, {
      method: 'POST',
      headers: { apikey: anonKey, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`POST /auth/v1${route} → ${response.status}: ${await response.text()}`);
    return (await response.json()) as T;
  };
  await call('/otp', { phone: OWNER_PHONE, create_user: false });
  return call<Session>('/verify', { type: 'sms', phone: OWNER_PHONE, token: '123456' });
}

/** The demo organisation's newest paid tax invoice: issued, so it carries its ZATCA QR code. */
async function paidInvoiceId(apiUrl: string, anonKey: string, token: string): Promise<string> {
  const response = await fetch(
    `${apiUrl}/rest/v1/invoices?select=id&document_type=eq.invoice&status=eq.paid&currency=eq.SAR&order=issued_at.desc&limit=1`,
    { headers: { apikey: anonKey, Authorization: `Bearer ${token}` } },
  );
  const [row] = (await response.json()) as Array<{ id: string }>;
  if (!row) throw new Error('The demo seed has no paid invoice');
  return row.id;
}

/** Opens a screen and waits until its data and fonts are on screen. */
async function open(page: Page, shot: WalkthroughShot, invoiceId: string): Promise<void> {
  const url = {
    overview: '/dashboard',
    bookings: '/dashboard/bookings?view=calendar',
    invoice: `/dashboard/payments/invoices/${invoiceId}`,
    booking_page: '/org/demo',
  }[shot];
  await page.goto(url);
  await page.waitForLoadState('networkidle');
  // What each shot is about, brought into view on a phone (vertically only: an RTL page keeps
  // its horizontal position): the figures under the quick actions, the invoice's QR code.
  const focus = { overview: 'stat-units', invoice: 'zatca-qr' }[shot as string];
  if (focus) {
    const target = page.getByTestId(focus).first();
    await target.waitFor();
    await target.evaluate((element, phone) => {
      const top = element.getBoundingClientRect().top + window.scrollY;
      window.scrollTo({ top: phone ? top - 72 : 0, behavior: 'instant' }); // below the sticky header
    }, page.viewportSize()!.width < 768);
  }
  await page.evaluate(() => document.fonts.ready);
  // Skeletons and spinners gone, animations settled.
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"], .animate-pulse, .animate-spin'));
  await page.waitForTimeout(400);
}

async function capture(page: Page, format: ShotFormat, width: number): Promise<Buffer> {
  const cdp = await page.context().newCDPSession(page);
  const viewport = SHOT_FORMATS[format];
  // The clip is in page coordinates: the part of the page the viewport shows now.
  const { x, y } = await page.evaluate(() => ({
    x: window.visualViewport!.pageLeft,
    y: window.visualViewport!.pageTop,
  }));
  const { data } = await cdp.send('Page.captureScreenshot', {
    format: 'webp',
    quality: QUALITY,
    clip: { x, y, width: viewport.width, height: viewport.height, scale: width / viewport.width },
    captureBeyondViewport: false,
  });
  await cdp.detach();
  return Buffer.from(data, 'base64');
}

async function newContext(
  browser: Awaited<ReturnType<typeof chromium.launch>>,
  baseURL: string,
  apiUrl: string,
  session: Session,
  language: ShotLanguage,
  format: ShotFormat,
): Promise<BrowserContext> {
  const { width, height } = SHOT_FORMATS[format];
  const context = await browser.newContext({
    baseURL,
    viewport: { width, height },
    deviceScaleFactor: 1,
    isMobile: format === 'phone',
    hasTouch: format === 'phone',
    locale: language === 'ar' ? 'ar-SA' : 'en-SA',
    reducedMotion: 'reduce',
  });
  const storageKey = `sb-${new URL(apiUrl).hostname.split('.')[0]}-auth-token`;
  await context.addInitScript(
    ([key, value, lang]) => {
      window.localStorage.setItem(key, value);
      window.localStorage.setItem('language', lang);
      window.localStorage.setItem(
        'nuzl.onboarding',
        JSON.stringify({ isFirstTime: false, isCompleted: true, isSkipped: true, currentStep: 0, steps: [] }),
      );
    },
    [storageKey, JSON.stringify(session), language] as const,
  );
  return context;
}

async function main(): Promise<void> {
  const started = Date.now();
  const stack = await startStack({ port: await freePort(54398), dataDir: null, seed: true, quiet: true });
  let server: Awaited<ReturnType<typeof preview>> | null = null;
  let browser: Awaited<ReturnType<typeof chromium.launch>> | null = null;
  try {
    process.env.VITE_SUPABASE_URL = stack.apiUrl;
    process.env.VITE_SUPABASE_ANON_KEY = stack.keys.anonKey;
    await build({ root: ROOT, mode: 'production', logLevel: 'warn', build: { outDir: OUT_DIR, emptyOutDir: true } });
    const port = await freePort(4398);
    server = await preview({
      root: ROOT,
      logLevel: 'warn',
      build: { outDir: OUT_DIR },
      preview: { host: '127.0.0.1', port, strictPort: true },
    });
    const baseURL = `http://127.0.0.1:${port}`;

    const session = await signIn(stack.apiUrl, stack.keys.anonKey);
    const invoiceId = await paidInvoiceId(stack.apiUrl, stack.keys.anonKey, session.access_token);
    const browserInfo = await resolveChromium();
    browser = await chromium.launch({ executablePath: browserInfo.executablePath, args: browserInfo.args });

    await rm(path.join(ROOT, 'public', 'walkthrough'), { recursive: true, force: true });
    let total = 0;
    for (const language of SHOT_LANGUAGES) {
      for (const format of ['phone', 'desktop'] as const) {
        const context = await newContext(browser, baseURL, stack.apiUrl, session, language, format);
        const page = await context.newPage();
        for (const shot of WALKTHROUGH_SHOTS) {
          try {
            await open(page, shot, invoiceId);
          } finally {
            if (DEBUG_DIR) await page.screenshot({ path: path.join(DEBUG_DIR, `${language}-${format}-${shot}.png`) });
          }
          for (const width of SHOT_FORMATS[format].widths) {
            const image = await capture(page, format, width);
            const file = path.join(ROOT, 'public', shotFile(shot, language, format, width));
            await mkdir(path.dirname(file), { recursive: true });
            await writeFile(file, image);
            total += image.length;
            console.log(`${path.relative(ROOT, file).padEnd(52)} ${(image.length / 1024).toFixed(1).padStart(6)} KB`);
          }
        }
        await context.close();
      }
    }
    console.log(
      `total ${(total / 1024).toFixed(1)} KB (budget 600 KB) in ${((Date.now() - started) / 1000).toFixed(0)} s`,
    );
  } finally {
    await browser?.close();
    if (server) await new Promise<void>((resolve) => server!.httpServer.close(() => resolve()));
    await stack.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
