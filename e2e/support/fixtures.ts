import { test as base, expect, type Page } from '@playwright/test';
import { signInWithPhone, useSession } from './auth';

type Session = Awaited<ReturnType<typeof signInWithPhone>>;

/**
 * `ownerSession`: the demo owner of organisation 1, signed in once by the global setup.
 * `signedInPage`: a page that starts with that session stored.
 */
export const test = base.extend<{ signedInPage: Page }, { ownerSession: Session }>({
  ownerSession: [
    async ({}, use) => {
      const stored = process.env.E2E_OWNER_SESSION;
      await use(stored ? (JSON.parse(stored) as Session) : await signInWithPhone());
    },
    { scope: 'worker' },
  ],
  signedInPage: async ({ page, ownerSession }, use) => {
    await useSession(page, ownerSession);
    // The onboarding wizard (its own feature, tested on its own) opens on a first visit and
    // would cover the frame under test: this owner has been through it.
    await page.addInitScript(() =>
      window.localStorage.setItem(
        'nuzl.onboarding',
        JSON.stringify({ isFirstTime: false, isCompleted: true, isSkipped: true, currentStep: 0, steps: [] }),
      ),
    );
    await use(page);
  },
});

export { expect };

/** Stores a language choice before the app loads, as a returning visitor would have it. */
export async function preferLanguage(page: Page, language: 'en' | 'ar'): Promise<void> {
  await page.addInitScript((lng) => {
    if (!window.sessionStorage.getItem('e2e-language-set')) {
      window.localStorage.setItem('language', lng);
      window.sessionStorage.setItem('e2e-language-set', '1');
    }
  }, language);
}
