import { signInWithPhone, useSession } from './support/auth';
import { expect, preferLanguage, test } from './support/fixtures';

/**
 * The UI follows the role (issue 14), in English and Arabic: the demo Team Member (units.read
 * without units.write; no finance, reports, users or access) sees only the sections the role
 * reads in the navigation — never a forbidden link, not even while the permissions load — and
 * on Units no "Add unit", a row menu of View and Calendar only, and a unit that opens read-only.
 */
const MEMBER_PHONE = '+966500000003';

const TEXT = {
  en: {
    allowed: ['Dashboard', 'Bookings', 'Units', 'Clients', 'Tasks', 'Vendors', 'Settings'],
    forbidden: ['Payments & invoices', 'Reports', 'Users', 'Access'],
    add: 'Add unit',
    menu: /^Actions for /,
    items: ['View', 'Calendar'],
    readOnly: 'Your role can view units but not change them. Ask an administrator if you need to.',
    save: 'Save',
  },
  ar: {
    allowed: ['لوحة التحكم', 'الحجوزات', 'الوحدات', 'العملاء', 'المهام', 'الموردون', 'الإعدادات'],
    forbidden: ['المدفوعات والفواتير', 'التقارير', 'المستخدمون', 'الصلاحيات'],
    add: 'إضافة وحدة',
    menu: /^إجراءات /,
    items: ['عرض', 'التقويم'],
    readOnly: 'دورك يتيح لك عرض الوحدات دون تعديلها. تواصل مع مسؤول المنشأة إن احتجت إلى ذلك.',
    save: 'حفظ',
  },
} as const;

let memberSession: ReturnType<typeof signInWithPhone> | null = null;

for (const language of ['en', 'ar'] as const) {
  const text = TEXT[language];

  test(`the Team Member sees no forbidden section and no unit changes (${language})`, async ({ page }) => {
    test.setTimeout(90_000);
    memberSession ??= signInWithPhone(MEMBER_PHONE);
    await useSession(page, await memberSession);
    await preferLanguage(page, language);
    await page.addInitScript(() =>
      window.localStorage.setItem(
        'nuzl.onboarding',
        JSON.stringify({ isFirstTime: false, isCompleted: true, isSkipped: true, currentStep: 0, steps: [] }),
      ),
    );

    // Every link the navigation ever renders is one the role may open: checked from the first frame.
    const seen = new Set<string>();
    await page.exposeFunction('recordNavLink', (name: string) => void seen.add(name));
    await page.addInitScript(() => {
      const record = () => {
        for (const link of Array.from(document.querySelectorAll('nav a'))) {
          (window as unknown as { recordNavLink: (name: string) => void }).recordNavLink(link.textContent ?? '');
        }
      };
      new MutationObserver(record).observe(document, { childList: true, subtree: true });
    });

    await page.goto('/dashboard/units');
    const nav = page.getByRole('navigation').first();
    for (const name of text.allowed) await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
    for (const name of text.forbidden) await expect(nav.getByRole('link', { name, exact: true })).toHaveCount(0);
    for (const name of text.forbidden) expect(seen.has(name), `${name} was shown`).toBe(false);

    await expect(page.getByRole('main').getByRole('button', { name: text.menu }).first()).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.getByRole('button', { name: text.add })).toHaveCount(0);
    await page.getByRole('main').getByRole('button', { name: text.menu }).first().click();
    await expect(page.getByRole('menuitem')).toHaveText([...text.items]);
    await page.getByRole('menuitem', { name: text.items[0] }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText(text.readOnly)).toBeVisible();
    await expect(dialog.getByRole('button', { name: text.save, exact: true })).toHaveCount(0);
  });
}
