/**
 * Hijri dates and Ministry of Tourism licences (issue 17), in English and Arabic:
 *   - a team member turns Hijri dates on in Settings → Profile; the stays list then shows each
 *     Gregorian date with its Umm al-Qura date beside it, and the booking form's date picker says
 *     which Hijri day the chosen day is;
 *   - a unit whose licence expires in 10 days is flagged on the units list and on the dashboard;
 *   - the public unit page shows its licence number.
 * The member's own preference is used (not the organisation's), and reset afterwards, so browser
 * tests running beside this one keep seeing Gregorian dates only.
 */
import { signInWithPhone, useSession } from './support/auth';
import { expect, preferLanguage, test } from './support/fixtures';
import { createUnit, deleteUnitsNamed, rest, uniqueName } from './units-helpers';

const MEMBER = { id: '10000000-0000-4000-8000-000000000003', phone: '+966500000003' };

const WORDS = {
  en: { era: 'AH', dates: 'Hijri dates', checkIn: 'Check-in', licence: 'Tourism licence no.' },
  ar: { era: 'هـ', dates: 'التاريخ الهجري', checkIn: 'الوصول', licence: 'رقم ترخيص السياحة' },
} as const;

const dayFromToday = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

for (const language of ['en', 'ar'] as const) {
  const words = WORDS[language];

  test(`Hijri dates beside Gregorian ones once turned on (${language})`, async ({ page }) => {
    const session = await signInWithPhone(MEMBER.phone);
    await useSession(page, session);
    await page.addInitScript(() =>
      window.localStorage.setItem(
        'nuzl.onboarding',
        JSON.stringify({ isFirstTime: false, isCompleted: true, isSkipped: true, currentStep: 0, steps: [] }),
      ),
    );
    await preferLanguage(page, language);
    try {
      await page.goto('/dashboard/settings?tab=profile');
      const card = page.getByTestId('profile-hijri');
      await expect(card).toBeVisible({ timeout: 30_000 });
      await card.getByLabel(words.dates).selectOption('show');
      await expect(card.getByTestId('hijri-saved')).toBeVisible();

      await page.goto('/dashboard/bookings');
      const hijri = page.getByTestId('hijri-date').first();
      await expect(hijri).toBeVisible({ timeout: 30_000 });
      await expect(hijri).toContainText(words.era);
      await expect(hijri).toContainText(/14\d\d/);
      // Latin digits in Arabic too.
      expect(await hijri.textContent()).not.toMatch(/[٠-٩]/);

      await page.goto('/dashboard/bookings?new=1');
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible({ timeout: 30_000 });
      const day = dayFromToday(40);
      await dialog.getByTestId('check-in').fill(day);
      const hint = dialog.getByTestId('hijri-hint').first();
      await expect(hint).toContainText(words.era);
      const expectedYear = new Intl.DateTimeFormat('en-u-ca-islamic-umalqura', { year: 'numeric', timeZone: 'UTC' })
        .formatToParts(new Date(`${day}T12:00:00Z`))
        .find((part) => part.type === 'year')?.value;
      await expect(hint).toContainText(String(expectedYear));
    } finally {
      await rest(session.access_token, 'PATCH', `profiles?user_id=eq.${MEMBER.id}`, { hijri_dates: null });
    }
  });

  test(`a licence expiring in 10 days is flagged on the units list and dashboard; the public page shows its number (${language})`, async ({
    signedInPage: page,
    ownerSession,
  }) => {
    await preferLanguage(page, language);
    const token = ownerSession.access_token;
    const prefix = uniqueName(`Licence ${language}`);
    const number = `MT-E2E-${Date.now().toString(36).toUpperCase()}`;
    try {
      const unit = await createUnit(token, {
        name: prefix,
        name_ar: `${prefix} عربي`,
        price_per_night: 450,
        address_city: 'Riyadh',
        tourism_licence_number: number,
        tourism_licence_issued_on: dayFromToday(-355),
        tourism_licence_expires_on: dayFromToday(10),
      });

      // The list's "Needs attention" filter keeps it.
      await page.goto(`/dashboard/units?view=table&licence=attention&q=${encodeURIComponent(prefix)}`);
      const row = page.getByTestId('units-table').getByRole('row').filter({ hasText: prefix });
      const flag = row.getByTestId('licence-flag');
      await expect(flag).toBeVisible({ timeout: 30_000 });
      await expect(flag).toHaveAttribute('data-status', 'expiring');
      await expect(flag).toContainText('10');

      await page.goto('/dashboard');
      const card = page.getByTestId('licence-attention');
      await expect(card).toBeVisible({ timeout: 30_000 });
      const item = card.getByRole('listitem').filter({ hasText: prefix });
      await expect(item.getByTestId('licence-flag')).toHaveAttribute('data-status', 'expiring');
      await item.getByRole('link').click();
      await expect(page.getByTestId('unit-licence')).toBeVisible();
      await expect(page.getByTestId('licence-number')).toHaveValue(number);

      await page.goto(`/org/demo/units/${unit.id}`);
      const licence = page.getByTestId('unit-licence');
      await expect(licence).toBeVisible({ timeout: 30_000 });
      await expect(licence).toContainText(words.licence);
      await expect(licence).toContainText(number);
    } finally {
      await deleteUnitsNamed(token, prefix);
    }
  });
}
