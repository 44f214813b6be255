/**
 * `npm run bench -- --web [--runs 3] [--json] [--no-lighthouse] [--only /,/ar] [--reports dir] [--http1]` (issue 12):
 * the public pages' first visit, measured as a static host would serve them. `--only` keeps the routes
 * named (paths of WEB_ROUTES); `--reports` writes each kept Lighthouse report there as JSON, for the
 * Lighthouse viewer or a look at the LCP element's phases and the requests before it.
 *
 * 1. A local stack with the demo seed on a free port (in memory, like the browser tests).
 * 2. `vite build` of the app pointed at that stack (VITE_SUPABASE_URL / _ANON_KEY) and at the
 *    server's own origin (VITE_SITE_URL), into dist-bench-web/, with every plugin of
 *    vite.config.ts, so a build-time prerender is included.
 * 3. The build served by scripts/bench/web/static-server.ts: brotli/gzip, long caching of /assets/,
 *    HTTP/2 over TLS with a throwaway certificate as production hosts serve it (`--http1`: plain
 *    HTTP/1.1, where Lighthouse's simulation opens a new connection, with its slow start, for
 *    each parallel file).
 * 4. Lighthouse (default config: mobile, simulated throttling) on each route of WEB_ROUTES, in a
 *    fresh Chromium per run; with --runs N the run with the median performance score is kept.
 * 5. The machine-independent figures of the CI gate (e2e/support/first-visit.ts) in Playwright.
 *
 * It prints a table per route with the budget beside each figure (✗ marks a miss) and a summary
 * table for docs/performance.md. A missed budget never fails the process: the timing figures vary
 * with the machine's load, and the e2e suite gates the others.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { build } from 'vite';
import { resolveChromium } from '../../e2e/support/chromium';
import {
  FIRST_VISIT_BUDGETS,
  kb,
  measureFirstVisit,
  MOBILE_CONTEXT,
  WEB_ROUTES,
  type FirstVisit,
  type WebRoute,
} from '../../e2e/support/first-visit';
import { startStack } from '../../supabase/local/index';
import { serveStatic } from './web/static-server';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const WEB_BENCH_DIST = 'dist-bench-web';

/** Issue 12's Lighthouse budgets. */
export const LIGHTHOUSE_BUDGETS = {
  performance: 95,
  accessibility: 100,
  'best-practices': 100,
  seo: 100,
  lcpMs: 2000,
  tbtMs: 100,
  cls: 0.02,
} as const;

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];

export interface LighthouseFigures {
  scores: Record<Category, number | null>;
  fcpMs: number | null;
  lcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
  speedIndexMs: number | null;
  requests: number | null;
  /** Lighthouse's label of the LCP element (its text, or its tag). */
  lcpElement: string | null;
  /** Audits under 100 % that count in a category, per category: what to fix. */
  failing: Record<Category, string[]>;
  warnings: string[];
  /** Every run's performance score, when --runs > 1. */
  performanceRuns: number[];
}

export interface WebBenchRow {
  route: WebRoute;
  /** null with --no-lighthouse. */
  lighthouse: LighthouseFigures | { error: string } | null;
  firstVisit: FirstVisit | { error: string };
  misses: string[];
}

/**
 * Until the app reads `?lang` itself, the visitor's language choice is stored from it before the
 * page's scripts run (as `firstVisitInitScript` does for the Playwright pass). A string, not a
 * function: tsx's transform would add helpers the page does not have.
 */
const LANGUAGE_FROM_QUERY = `(() => {
  const lang = new URLSearchParams(location.search).get('lang');
  if (lang === 'en' || lang === 'ar') { try { localStorage.setItem('language', lang); } catch {} }
})();`;

type LighthouseResult = LighthouseFigures & { report: unknown };

async function lighthouseRun(executablePath: string, args: string[], url: string): Promise<LighthouseResult> {
  const browser = await puppeteer.launch({ executablePath, args, headless: true, defaultViewport: null });
  try {
    const page = await browser.newPage();
    await page.evaluateOnNewDocument(LANGUAGE_FROM_QUERY);
    const result = await lighthouse(
      url,
      { logLevel: 'error', output: 'json', onlyCategories: [...CATEGORIES], maxWaitForLoad: 60_000 },
      undefined,
      page,
    );
    if (!result) throw new Error('Lighthouse returned no result');
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
    const numeric = (id: string) => lhr.audits[id]?.numericValue ?? null;
    const requests = lhr.audits['network-requests']?.details;
    const lcp = lhr.audits['largest-contentful-paint-element']?.details;
    const lcpTable =
      lcp && 'items' in lcp ? (lcp.items[0] as { items?: Array<{ node?: { nodeLabel?: string } }> }) : undefined;
    const scores = {} as Record<Category, number | null>;
    const failing = {} as Record<Category, string[]>;
    for (const c of CATEGORIES) {
      const category = lhr.categories[c];
      scores[c] = category?.score == null ? null : Math.round(category.score * 100);
      failing[c] = (category?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => `${ref.id} ${Math.round((lhr.audits[ref.id]?.score ?? 0) * 100)}`);
    }
    return {
      scores,
      fcpMs: numeric('first-contentful-paint'),
      lcpMs: numeric('largest-contentful-paint'),
      tbtMs: numeric('total-blocking-time'),
      cls: numeric('cumulative-layout-shift'),
      speedIndexMs: numeric('speed-index'),
      requests: requests && 'items' in requests && Array.isArray(requests.items) ? requests.items.length : null,
      lcpElement: lcpTable?.items?.[0]?.node?.nodeLabel ?? null,
      failing,
      warnings: lhr.runWarnings.map(String),
      performanceRuns: [scores.performance ?? 0],
      report: lhr,
    };
  } finally {
    await browser.close();
  }
}

/**
 * A throwaway certificate for 127.0.0.1 (the default, HTTP/2 serving): browsers speak HTTP/2 only over TLS, and
 * production hosts serve the app over HTTP/2. Needs the `openssl` command.
 */
function selfSignedCertificate(): { key: string; cert: string } | null {
  const dir = mkdtempSync(path.join(tmpdir(), 'nuzl-bench-tls-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    return {
      key: readFileSync(path.join(dir, 'key.pem'), 'utf8'),
      cert: readFileSync(path.join(dir, 'cert.pem'), 'utf8'),
    };
  } catch {
    return null;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `runs` Lighthouse runs; the one with the median performance score is reported. */
async function lighthouseMedian(
  executablePath: string,
  args: string[],
  url: string,
  runs: number,
): Promise<LighthouseResult> {
  const all: LighthouseResult[] = [];
  for (let i = 0; i < runs; i++) all.push(await lighthouseRun(executablePath, args, url));
  const sorted = [...all].sort((a, b) => (a.scores.performance ?? 0) - (b.scores.performance ?? 0));
  const median = sorted[Math.floor((sorted.length - 1) / 2)]!;
  return { ...median, performanceRuns: all.map((r) => r.scores.performance ?? 0) };
}

function errorOf(err: unknown): { error: string } {
  return { error: err instanceof Error ? err.message.split('\n')[0]! : String(err) };
}

/** One line per figure: label, value, budget, and ✗ when the value misses it. */
interface Line {
  figure: string;
  value: string;
  budget: string;
  miss: boolean;
}

function linesFor(row: WebBenchRow): Line[] {
  const lines: Line[] = [];
  const lh = row.lighthouse;
  if (lh === null) {
    // --no-lighthouse: the first-visit figures only.
  } else if ('error' in lh) {
    lines.push({ figure: 'Lighthouse', value: `failed: ${lh.error}`, budget: '', miss: true });
  } else {
    for (const c of CATEGORIES) {
      const v = lh.scores[c];
      const runs =
        c === 'performance' && lh.performanceRuns.length > 1 ? ` (runs ${lh.performanceRuns.join(', ')})` : '';
      lines.push({
        figure: c,
        value: `${v ?? 'n/a'}${runs}`,
        budget: `≥ ${LIGHTHOUSE_BUDGETS[c]}`,
        miss: v === null || v < LIGHTHOUSE_BUDGETS[c],
      });
    }
    const s = (ms: number | null) => (ms === null ? 'n/a' : `${(ms / 1000).toFixed(2)} s`);
    lines.push({ figure: 'FCP', value: s(lh.fcpMs), budget: '', miss: false });
    lines.push({
      figure: 'LCP',
      value: `${s(lh.lcpMs)}${lh.lcpElement ? ` ("${lh.lcpElement.slice(0, 40)}")` : ''}`,
      budget: `≤ ${s(LIGHTHOUSE_BUDGETS.lcpMs)}`,
      miss: lh.lcpMs === null || lh.lcpMs > LIGHTHOUSE_BUDGETS.lcpMs,
    });
    lines.push({
      figure: 'TBT',
      value: lh.tbtMs === null ? 'n/a' : `${Math.round(lh.tbtMs)} ms`,
      budget: `≤ ${LIGHTHOUSE_BUDGETS.tbtMs} ms`,
      miss: lh.tbtMs === null || lh.tbtMs > LIGHTHOUSE_BUDGETS.tbtMs,
    });
    lines.push({
      figure: 'CLS (Lighthouse)',
      value: lh.cls === null ? 'n/a' : lh.cls.toFixed(3),
      budget: `≤ ${LIGHTHOUSE_BUDGETS.cls}`,
      miss: lh.cls === null || lh.cls > LIGHTHOUSE_BUDGETS.cls,
    });
    lines.push({
      figure: 'requests (Lighthouse, whole visit)',
      value: String(lh.requests ?? 'n/a'),
      budget: '',
      miss: false,
    });
  }
  const fv = row.firstVisit;
  if ('error' in fv) {
    lines.push({ figure: 'first visit (Playwright)', value: `failed: ${fv.error}`, budget: '', miss: true });
  } else {
    const js = fv.jsBeforeFirstPaint;
    lines.push({
      figure: 'JS before first paint (gzip)',
      value: `${kb(js)}${fv.paintsWithoutJs ? ' (paints without JS)' : ` (${fv.scripts.length} files)`}`,
      budget: row.route.jsBudget ? `≤ ${FIRST_VISIT_BUDGETS.jsBeforeFirstPaintKb} KB` : 'reported',
      miss: row.route.jsBudget && (js === null || js > FIRST_VISIT_BUDGETS.jsBeforeFirstPaintKb * 1000),
    });
    lines.push({ figure: 'JS of the whole visit (gzip)', value: kb(fv.jsTotal), budget: '', miss: false });
    lines.push({
      figure: 'requests before ready',
      value: String(fv.requestsBeforeReady),
      budget: `≤ ${FIRST_VISIT_BUDGETS.requestsBeforeReady}`,
      miss: fv.requestsBeforeReady > FIRST_VISIT_BUDGETS.requestsBeforeReady,
    });
    lines.push({
      figure: 'font files downloaded',
      value: String(fv.fontFilesDownloaded),
      budget: `≤ ${fv.fontFacesShown.length} shown`,
      miss: fv.fontFilesDownloaded > fv.fontFacesShown.length,
    });
    const perScript = FIRST_VISIT_BUDGETS.fontFacesPerScript;
    lines.push({
      figure: 'font faces Latin / Arabic',
      value: `${fv.fontFacesByScript.latin} / ${fv.fontFacesByScript.arabic}`,
      budget: `≤ ${perScript} / ${perScript}`,
      miss: fv.fontFacesByScript.latin > perScript || fv.fontFacesByScript.arabic > perScript,
    });
    lines.push({
      figure: 'CLS (observer, fonts settled)',
      value: fv.cls.toFixed(3),
      budget: `≤ ${FIRST_VISIT_BUDGETS.cls}`,
      miss: fv.cls > FIRST_VISIT_BUDGETS.cls,
    });
  }
  return lines;
}

function printRow(row: WebBenchRow): void {
  const lines = linesFor(row);
  const w = (k: 'figure' | 'value' | 'budget') => Math.max(k.length, ...lines.map((l) => l[k].length));
  const [wf, wv, wb] = [w('figure'), w('value'), w('budget')];
  const fv0 = row.firstVisit;
  const heading =
    'error' in fv0
      ? ''
      : `${fv0.finalUrl !== fv0.url ? ` → ${new URL(fv0.finalUrl).pathname}${new URL(fv0.finalUrl).search}` : ''} — h1 "${fv0.heading ?? '(none)'}"`;
  console.log(`\n${row.route.path} (${row.route.language})${heading}`);
  console.log(`  ${'figure'.padEnd(wf)}  ${'value'.padEnd(wv)}  ${'budget'.padEnd(wb)}`);
  for (const l of lines)
    console.log(`  ${l.figure.padEnd(wf)}  ${l.value.padEnd(wv)}  ${l.budget.padEnd(wb)}  ${l.miss ? '✗' : ''}`);
  const lh = row.lighthouse;
  if (lh && !('error' in lh)) {
    for (const c of CATEGORIES) if (lh.failing[c].length) console.log(`  ${c} misses: ${lh.failing[c].join(', ')}`);
    for (const warning of lh.warnings) console.log(`  Lighthouse warning: ${warning}`);
  }
  const fv = row.firstVisit;
  if (!('error' in fv)) {
    if (fv.scripts.length)
      console.log(`  scripts before first paint: ${fv.scripts.map((s) => `${s.url} ${kb(s.gzip)}`).join(', ')}`);
    const face = (f: { family: string; weight: string; unicodeRange: string }) =>
      `${f.family} ${f.weight} [${f.unicodeRange.slice(0, 16)}…]`;
    console.log(`  faces shown: ${fv.fontFacesShown.map(face).join('; ') || 'none'}`);
    if (fv.fontFacesUnused.length)
      console.log(`  faces loaded but not shown: ${fv.fontFacesUnused.map(face).join('; ')}`);
  }
}

/** The summary as a Markdown table, the columns of docs/performance.md (✗ after a missed budget). */
function markdown(rows: WebBenchRow[]): string {
  const out = [
    '| Route | Perf (runs) | A11y | BP | SEO | FCP s | LCP s | TBT ms | CLS | JS before paint KB gz | Requests (LH / before ready) | Font files / shown | Faces Latin / Arabic | CLS (observer) |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const row of rows) {
    const lines = new Map(linesFor(row).map((l) => [l.figure, l]));
    /** The value's first word (or `fmt` of the line), ✗ when it missed. */
    const cell = (figure: string, fmt: (l: Line) => string = (l) => l.value.split(' ')[0]!) => {
      const l = lines.get(figure);
      return l ? `${fmt(l)}${l.miss ? ' ✗' : ''}` : '—';
    };
    const lh = row.lighthouse && !('error' in row.lighthouse) ? row.lighthouse : null;
    const fv = 'error' in row.firstVisit ? null : row.firstVisit;
    const perf = cell('performance', (l) =>
      lh && lh.performanceRuns.length > 1 ? `${l.value.split(' ')[0]} (${lh.performanceRuns.join(', ')})` : l.value,
    );
    const fonts = fv
      ? `${fv.fontFilesDownloaded} / ${fv.fontFacesShown.length}${fv.fontFilesDownloaded > fv.fontFacesShown.length ? ' ✗' : ''}`
      : '—';
    const cells = [
      `\`${row.route.path}\``,
      perf,
      cell('accessibility'),
      cell('best-practices'),
      cell('seo'),
      cell('FCP'),
      cell('LCP'),
      cell('TBT'),
      cell('CLS (Lighthouse)'),
      cell('JS before first paint (gzip)'),
      `${lh?.requests ?? '—'} / ${cell('requests before ready')}`,
      fonts,
      cell('font faces Latin / Arabic', (l) => l.value),
      cell('CLS (observer, fonts settled)'),
    ];
    out.push(`| ${cells.join(' | ')} |`);
  }
  return out.join('\n');
}

export async function runWebBench(opts: {
  json: boolean;
  runs: number;
  lighthouse: boolean;
  only?: string[];
  reports?: string;
  http2?: boolean;
}): Promise<void> {
  const routes = WEB_ROUTES.filter((r) => !opts.only || opts.only.includes(r.path));
  if (routes.length === 0) throw new Error(`--only names none of ${WEB_ROUTES.map((r) => r.path).join(', ')}`);
  const log = (line: string) => {
    if (!opts.json) console.log(line);
  };
  const loadBefore = loadavg()[0]!;
  const t0 = performance.now();
  const stack = await startStack({ port: 0, dataDir: null, seed: true, quiet: true });
  let closeServer: (() => Promise<void>) | undefined;
  try {
    log(`stack ${stack.apiUrl} (demo seed) ready in ${Math.round(performance.now() - t0)} ms; building…`);
    // The server reads files per request, so it can start first: the build then knows the site's
    // origin (absolute canonical and hreflang URLs, as a deploy with VITE_SITE_URL has them).
    const outDir = path.join(ROOT, WEB_BENCH_DIST);
    const tls = opts.http2 ? selfSignedCertificate() : null;
    if (opts.http2 && !tls) log('no `openssl` command: serving over HTTP/1.1 without TLS');
    const server = await serveStatic(outDir, tls ? { tls } : {});
    closeServer = server.close;
    process.env.VITE_SUPABASE_URL = stack.apiUrl;
    process.env.VITE_SUPABASE_ANON_KEY = stack.keys.anonKey;
    process.env.VITE_SITE_URL = server.url;
    await build({ root: ROOT, mode: 'production', logLevel: 'warn', build: { outDir, emptyOutDir: true } });
    log(`build in ${WEB_BENCH_DIST}/ served at ${server.url} (brotli/gzip)`);

    const chromiumFound = await resolveChromium();
    const { executablePath, source } = chromiumFound;
    // The HTTP/2 server's certificate is self-signed.
    const args = tls ? [...chromiumFound.args, '--ignore-certificate-errors'] : chromiumFound.args;
    const rows: WebBenchRow[] = [];
    for (const route of routes) {
      const url = new URL(route.path, server.url).href;
      if (opts.lighthouse) log(`Lighthouse ${route.path} (${opts.runs} run${opts.runs > 1 ? 's' : ''})…`);
      const result = opts.lighthouse
        ? await lighthouseMedian(executablePath, args, url, opts.runs).catch(errorOf)
        : null;
      let lh: WebBenchRow['lighthouse'] = result;
      if (result && 'report' in result) {
        const { report, ...figures } = result;
        lh = figures;
        if (opts.reports) {
          await mkdir(opts.reports, { recursive: true });
          const file = path.join(opts.reports, `${route.path.replace(/[^a-z0-9]+/gi, '_') || '_'}.report.json`);
          await writeFile(file, JSON.stringify(report));
          log(`  report: ${file}`);
        }
      }
      rows.push({ route, lighthouse: lh, firstVisit: { error: 'not measured' }, misses: [] });
    }
    const browser = await chromium.launch({ executablePath, args });
    const chromiumVersion = browser.version();
    try {
      for (const row of rows) {
        log(`first visit ${row.route.path}…`);
        row.firstVisit = await measureFirstVisit(browser, server.url, row.route).catch(errorOf);
        row.misses = linesFor(row)
          .filter((l) => l.miss)
          .map((l) => l.figure);
      }
    } finally {
      await browser.close();
    }

    const machine = {
      cpus: cpus().length,
      loadAverage: { before: Number(loadBefore.toFixed(2)), after: Number(loadavg()[0]!.toFixed(2)) },
      node: process.version,
      chromium: `${chromiumVersion} (${source})`,
      lighthouse: (createRequire(import.meta.url)('lighthouse/package.json') as { version: string }).version,
      viewport: MOBILE_CONTEXT.viewport,
    };
    if (opts.json) {
      console.log(
        JSON.stringify({ machine, budgets: { ...LIGHTHOUSE_BUDGETS, ...FIRST_VISIT_BUDGETS }, rows }, null, 2),
      );
      return;
    }
    console.log(
      `\nWeb bench: Lighthouse ${machine.lighthouse} (mobile, simulated throttling), Chromium ${machine.chromium}, ` +
        `Node ${machine.node}, ${machine.cpus} CPUs, load average ${machine.loadAverage.before} → ${machine.loadAverage.after}`,
    );
    for (const row of rows) printRow(row);
    console.log(`\n${markdown(rows)}\n`);
    console.log(
      "✗ = misses its budget. Timing figures vary with the machine's load; this command never fails on them.",
    );
  } finally {
    await closeServer?.();
    await stack.stop();
  }
}
