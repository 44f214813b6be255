import type { Page } from '@playwright/test';
import { signInWithPhone, useSession } from './support/auth';
import { expect, preferLanguage, test } from './support/fixtures';

/**
 * Access (issue 14), in English and Arabic: the demo owner creates a custom role granting Reports
 * (which the built-in Team Member role lacks) and assigns it to the demo team member; the member
 * then finds Reports in the navigation next to their Team Member sections, never Payments, Users
 * or Access, and a direct URL to one of those says "Permission denied. Contact administrator.".
 * The owner deletes the role after confirming. Each language makes its own role; the member keeps
 * Team Member, so the other specs that sign in as them see what they always saw.
 */
const TEXT = {
  en: {
    heading: 'Access',
    create: 'New role',
    assigned: 'Faisal Al-Otaibi now has the role',
    oneUser: '1 user',
    visible: ['Dashboard', 'Bookings', 'Units', 'Clients', 'Tasks', 'Reports', 'Settings'],
    hidden: ['Payments & invoices', 'Users', 'Access'],
    denied: 'Permission denied. Contact administrator.',
    delete: 'Delete',
    roleName: 'E2E analysts',
  },
  ar: {
    heading: 'الصلاحيات',
    create: 'دور جديد',
    assigned: 'أصبح لدى Faisal Al-Otaibi دور',
    oneUser: 'مستخدم واحد',
    visible: ['لوحة التحكم', 'الحجوزات', 'الوحدات', 'العملاء', 'المهام', 'التقارير', 'الإعدادات'],
    hidden: ['المدفوعات والفواتير', 'المستخدمون', 'الصلاحيات'],
    denied: 'ليست لديك صلاحية. تواصل مع مسؤول النظام.',
    delete: 'حذف',
    roleName: 'محللو الاختبار',
  },
} as const;

const MEMBER_PHONE = '+966500000003';

async function skipOnboarding(page: Page) {
  await page.addInitScript(() =>
    window.localStorage.setItem(
      'nuzl.onboarding',
      JSON.stringify({ isFirstTime: false, isCompleted: true, isSkipped: true, currentStep: 0, steps: [] }),
    ),
  );
}

for (const language of ['en', 'ar'] as const) {
  const text = TEXT[language];

  test(`owner creates a custom role and assigns it; the member sees only what it allows (${language})`, async ({
    signedInPage: page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const name = `${text.roleName} ${Date.now().toString(36)}`;
    await preferLanguage(page, language);
    await page.goto('/dashboard/access');
    await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
    await expect(page.getByRole('heading', { level: 1, name: text.heading })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('access-summary')).toBeVisible();

    await page.getByRole('button', { name: text.create }).click();
    const dialog = page.getByTestId('role-dialog');
    await dialog.getByTestId('role-name').fill(name);
    await dialog.getByTestId('permission-reports.view').check();
    await dialog.getByTestId('role-save').click();
    await expect(dialog).toBeHidden();

    const card = page.locator(`[data-testid="role-card"][data-role="${name}"]`);
    await expect(card).toBeVisible();
    await card.getByTestId('assign-member').selectOption({ label: 'Faisal Al-Otaibi' });
    await card.getByTestId('assign-role').click();
    await expect(page.getByText(`${text.assigned} ${name}`)).toBeVisible();
    await expect(card.getByTestId('role-holder-count')).toHaveText(text.oneUser);

    // The member, in a browser of their own.
    const context = await browser.newContext();
    try {
      const member = await context.newPage();
      await useSession(member, await signInWithPhone(MEMBER_PHONE));
      await skipOnboarding(member);
      await preferLanguage(member, language);
      await member.setViewportSize({ width: 1280, height: 900 });
      await member.goto('/dashboard');
      const nav = member.getByRole('navigation', { name: language === 'en' ? 'Main navigation' : 'التنقل الرئيسي' });
      for (const label of text.visible) await expect(nav.getByRole('link', { name: label })).toBeVisible();
      for (const label of text.hidden) await expect(nav.getByRole('link', { name: label })).toHaveCount(0);
      await nav.getByRole('link', { name: text.visible[5] }).click();
      await expect(member).toHaveURL(/\/dashboard\/reports$/);
      await expect(member.getByTestId('permission-denied')).toHaveCount(0);
      for (const path of ['/dashboard/access', '/dashboard/payments', '/dashboard/users']) {
        await member.goto(path);
        await expect(member.getByTestId('permission-denied')).toContainText(text.denied);
      }
    } finally {
      await context.close();
    }

    // Delete the role again, after confirming.
    await card.getByRole('button', { name: text.delete }).click();
    await page.getByTestId('access-confirm-action').click();
    await expect(card).toHaveCount(0);
  });
}

for (const language of ['en', 'ar'] as const) {
  test(`the roles and the permission groups fit a 390 px phone (${language})`, async ({ signedInPage: page }) => {
    await preferLanguage(page, language);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/dashboard/access');
    await expect(page.getByTestId('access-summary')).toBeVisible({ timeout: 30_000 });
    const noSideways = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(await noSideways()).toBe(true);
    await page.getByRole('button', { name: TEXT[language].create }).click();
    const dialog = page.getByTestId('role-dialog');
    const box = await dialog.getByTestId('permission-units.write').boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await dialog.getByTestId('permission-units.write').check();
    await expect(dialog.getByTestId('permission-units.write')).toBeChecked();
    expect(await noSideways()).toBe(true);
  });
}
