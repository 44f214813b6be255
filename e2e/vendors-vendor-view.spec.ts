import { test as base, type Page } from '@playwright/test';
import { signInWithPhone, useSession } from './support/auth';
import { expect as baseExpect, preferLanguage } from './support/fixtures';

// These screens share two cores with the stack and other suites: allow for a slow machine.
const expect = baseExpect.configure({ timeout: 20_000 });

/**
 * Issue 7: the demo cleaning vendor (+966500000004) signs in and sees only its assigned tasks,
 * with the unit address, a map link, dates and the checklist; it starts and completes a task
 * and attaches a photo; nothing else of the organisation is reachable.
 */
type Session = Awaited<ReturnType<typeof signInWithPhone>>;
const VENDOR_PHONE = '+966500000004';

const test = base.extend<{ vendorPage: Page }, { vendorSession: Session }>({
  // One sign-in per worker, as the owner fixture does (the auth service limits code requests).
  vendorSession: [async ({}, use) => use(await signInWithPhone(VENDOR_PHONE)), { scope: 'worker' }],
  vendorPage: async ({ page, vendorSession }, use) => {
    await useSession(page, vendorSession);
    await use(page);
  },
});

// A 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

// organization: the header names the organisation the vendor works for (it belongs to none);
// generated: the title the database writes for a check-out cleaning task, in the reader's language.
const COPY = {
  en: {
    organization: 'Nuzl Demo Stays',
    generated: /^Cleaning: /,
    otherLanguage: /^تنظيف: /,
    forOrganization: 'For Nuzl Demo Stays',
    title: 'My tasks',
    tasks: 'Tasks',
    map: 'Open in maps',
    start: 'Start task',
    complete: 'Mark complete',
    addPhotos: 'Add photos',
    uploaded: 'Photos added',
    checklist: 'Checklist',
    done: 'Completed',
    photo: 'Photo 1 of the result',
  },
  ar: {
    organization: 'نُزُل للإقامات',
    generated: /^تنظيف: /,
    otherLanguage: /^Cleaning: /,
    forOrganization: 'لصالح نُزُل للإقامات',
    title: 'مهامي',
    tasks: 'المهام',
    map: 'فتح في الخرائط',
    start: 'ابدأ المهمة',
    complete: 'تم الإنجاز',
    addPhotos: 'إضافة صور',
    uploaded: 'أُضيفت الصور',
    checklist: 'قائمة التحقق',
    done: 'مكتملة',
    photo: 'الصورة 1 للنتيجة',
  },
} as const;

// Both languages work on the same seeded tasks: one after the other.
test.describe.configure({ mode: 'serial', timeout: 90_000 });

for (const language of ['en', 'ar'] as const) {
  const c = COPY[language];
  test(`the vendor sees only its tasks and works on one (${language})`, async ({ vendorPage: page }) => {
    await preferLanguage(page, language);
    // Signing in lands on the dashboard: a vendor is taken to its own tasks.
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/dashboard\/tasks$/);
    await expect(page.getByRole('heading', { level: 1, name: c.title })).toBeVisible();
    await expect(page.getByTestId('organization-name')).toHaveText(c.organization);
    // The navigation holds only Tasks; other sections send it back.
    const nav = page.getByRole('navigation').first();
    await expect(nav.getByRole('link')).toHaveCount(1);
    await expect(nav.getByRole('link', { name: c.tasks })).toBeVisible();
    for (const section of ['bookings', 'clients', 'vendors', 'units']) {
      await page.goto(`/dashboard/${section}`);
      await expect(page).toHaveURL(/\/dashboard\/tasks$/);
    }

    const cards = page.getByTestId('vendor-task');
    await expect(cards.first()).toBeVisible();
    // Every card carries an address and a map link; some carry a guest stay (checkout cleaning).
    const count = await cards.count();
    for (let i = 0; i < count; i += 1) {
      await expect(cards.nth(i).getByTestId('vendor-task-address')).not.toBeEmpty();
    }
    await expect(cards.first().getByRole('link', { name: c.map })).toHaveAttribute('href', /google\.com\/maps/);
    // The seeded check-out cleaning tasks read in the vendor's language, with the organisation's name.
    const titles = cards.getByRole('heading', { level: 3 });
    await expect(titles.filter({ hasText: c.generated }).first()).toBeVisible();
    await expect(titles.filter({ hasText: c.otherLanguage })).toHaveCount(0);
    await expect(cards.first()).toContainText(c.forOrganization);

    // Start and complete a pending task, with a photo of the result.
    const pending = cards.filter({ has: page.getByRole('button', { name: c.start }) }).first();
    const id = await pending.getAttribute('data-task-id');
    const card = page.locator(`[data-task-id="${id}"]`);
    await card.getByRole('button', { name: c.start }).click();
    await expect(card.getByRole('button', { name: c.start })).toHaveCount(0);
    await card.getByTestId('task-photo-input').setInputFiles({ name: 'after.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByText(c.uploaded)).toBeVisible();
    await expect(card.getByRole('img', { name: c.photo })).toBeVisible();
    await card.getByRole('button', { name: c.complete }).click();
    await expect(page.getByRole('region', { name: c.done }).locator(`[data-task-id="${id}"]`)).toBeVisible();
  });
}
