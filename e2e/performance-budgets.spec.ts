/**
 * Issue 12's budgets that do not depend on the machine's speed, on a first visit (empty cache) to
 * each public route in English and Arabic, against the production build: the JavaScript the first
 * paint waits for (≤ 90 KB gzipped on `/` and `/org/<slug>`; `/login` reported), the requests
 * before the load event, font files against the faces the page shows, and layout shift after the
 * fonts arrived. docs/performance.md defines each figure; e2e/support/first-visit.ts measures them
 * (and so does `npm run bench -- --web`, with Lighthouse's timing scores beside them).
 *
 * Gzip sizes are node:zlib level 9 of the bytes served, so they do not depend on whether the
 * preview server compresses. The figures are attached to each test's report as JSON.
 */
import { expect, test } from '@playwright/test';
import { E2E_BASE_URL } from './support/constants';
import { FIRST_VISIT_BUDGETS, kb, measureFirstVisit, WEB_ROUTES } from './support/first-visit';

const face = (f: { family: string; weight: string; style: string; unicodeRange: string }) =>
  `${f.family} ${f.weight} ${f.style} [${f.unicodeRange.slice(0, 40)}]`;

for (const route of WEB_ROUTES) {
  test(`first visit to ${route.path} stays within the budgets`, async ({ browser }, testInfo) => {
    test.setTimeout(90_000);
    const visit = await measureFirstVisit(browser, E2E_BASE_URL, route);
    await testInfo.attach('first-visit.json', {
      body: JSON.stringify(visit, null, 2),
      contentType: 'application/json',
    });
    testInfo.annotations.push({
      type: 'first visit',
      description:
        `JS before first paint ${kb(visit.jsBeforeFirstPaint)}` +
        (visit.paintsWithoutJs ? ' (paints without JS)' : ` (${visit.scripts.map((s) => s.url).join(', ')})`) +
        `; requests before ready ${visit.requestsBeforeReady}; font files ${visit.fontFilesDownloaded}` +
        ` / shown ${visit.fontFacesShown.length} (Latin ${visit.fontFacesByScript.latin}, Arabic` +
        ` ${visit.fontFacesByScript.arabic}); CLS ${visit.cls.toFixed(3)}`,
    });

    expect(visit.heading, 'the page shows its main heading (h1) in the requested language').not.toBeNull();

    if (route.jsBudget) {
      expect
        .soft(
          visit.jsBeforeFirstPaint ?? Number.POSITIVE_INFINITY,
          `gzipped JS before first paint, ${kb(visit.jsBeforeFirstPaint)}: ${visit.scripts
            .map((s) => `${s.url} ${kb(s.gzip)}`)
            .join(', ')}`,
        )
        .toBeLessThanOrEqual(FIRST_VISIT_BUDGETS.jsBeforeFirstPaintKb * 1000);
    }

    expect
      .soft(visit.requestsBeforeReady, 'requests started before the load event and the heading (document included)')
      .toBeLessThanOrEqual(FIRST_VISIT_BUDGETS.requestsBeforeReady);

    expect
      .soft(
        visit.fontFilesDownloaded,
        `font files downloaded vs faces the rendered text needs (${visit.fontFacesShown.map(face).join('; ')}); ` +
          `loaded but not shown: ${visit.fontFacesUnused.map(face).join('; ') || 'none'}`,
      )
      .toBeLessThanOrEqual(visit.fontFacesShown.length);
    expect.soft(visit.fontFacesUnused.map(face), 'faces loaded that no rendered text needs').toEqual([]);
    for (const script of ['latin', 'arabic'] as const) {
      expect
        .soft(visit.fontFacesByScript[script], `${script} font faces loaded`)
        .toBeLessThanOrEqual(FIRST_VISIT_BUDGETS.fontFacesPerScript);
    }

    expect.soft(visit.cls, 'cumulative layout shift after load and fonts').toBeLessThanOrEqual(FIRST_VISIT_BUDGETS.cls);
  });
}
