import AxeBuilder from '@axe-core/playwright';
import { expect, preferLanguage, test } from './support/fixtures';
import { stackEnv } from './support/stack-env';

/**
 * Settings → Security → API keys and the public API (issue 14), in English and Arabic: the demo
 * owner creates a key, copies it from the page (the Copy button, then the clipboard), calls the
 * public API with it from outside the browser and gets the organisation's units; revokes it in
 * the page after confirming, and the next call is refused. Each language makes its own key.
 */
const TEXT = {
  en: {
    heading: 'API keys',
    name: 'Key name',
    create: 'Create key',
    copy: 'Copy',
    copied: 'The key is on your clipboard.',
    done: 'I have copied it',
    active: 'Active',
    revoked: 'Revoked',
    never: 'Never',
    revoke: (name: string) => `Revoke the key ${name}`,
    confirm: 'Revoke key',
    keyName: 'E2E channel manager',
  },
  ar: {
    heading: 'مفاتيح الواجهة البرمجية',
    name: 'اسم المفتاح',
    create: 'إنشاء مفتاح',
    copy: 'نسخ',
    copied: 'نُسخ المفتاح إلى الحافظة.',
    done: 'نسختُ المفتاح',
    active: 'فعّال',
    revoked: 'مُبطَل',
    never: 'لم يُستخدم بعد',
    revoke: (name: string) => `إبطال المفتاح ${name}`,
    confirm: 'إبطال المفتاح',
    keyName: 'مدير القنوات للاختبار',
  },
} as const;

async function callApi(base: string, path: string, key: string) {
  const response = await fetch(`${base}${path}`, { headers: { Authorization: `Bearer ${key}` } });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

for (const language of ['en', 'ar'] as const) {
  const text = TEXT[language];

  test(`create an API key, call the public API with it, revoke it (${language})`, async ({
    signedInPage: page,
    ownerSession,
  }) => {
    const name = `${text.keyName} ${Date.now().toString(36)}`;
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await preferLanguage(page, language);
    await page.goto('/dashboard/settings?tab=security');
    await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
    await expect(page.getByRole('heading', { name: text.heading })).toBeVisible({ timeout: 30_000 });

    // Create: the name is required, then the key is shown once.
    await page.getByLabel(text.name).fill(name);
    await page.getByRole('button', { name: text.create }).click();
    const reveal = page.getByTestId('api-key-reveal');
    await expect(reveal).toBeVisible();
    await expect(reveal.getByTestId('api-key-value')).toHaveAttribute('dir', 'ltr');
    const axe = await new AxeBuilder({ page })
      .include('[data-testid="api-keys"]')
      .options({ resultTypes: ['violations'] })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
      .analyze();
    expect(axe.violations.map((violation) => violation.id)).toEqual([]);

    // Copy it from the page.
    await reveal.getByRole('button', { name: text.copy, exact: true }).click();
    await expect(reveal.getByText(text.copied)).toBeVisible();
    const key = await page.evaluate(() => navigator.clipboard.readText());
    expect(key).toMatch(/^nzl_[0-9a-f]{64}$/);
    await expect(reveal.getByTestId('api-key-value')).toHaveValue(key);

    // Call the public API from outside the browser, at the address the card names.
    const base = (await page.getByTestId('api-url').textContent())?.trim() ?? '';
    expect(base).toBe(`${stackEnv().apiUrl}/functions/v1/api`);
    const units = await callApi(base, '/v1/units?limit=100', key);
    expect(units.status).toBe(200);
    const own = await fetch(`${stackEnv().apiUrl}/rest/v1/units?select=id`, {
      headers: { apikey: stackEnv().anonKey, Authorization: `Bearer ${ownerSession.access_token}` },
    });
    const ownIds = ((await own.json()) as Array<{ id: string }>).map((unit) => unit.id).sort();
    expect((units.body.data as Array<{ id: string }>).map((unit) => unit.id).sort()).toEqual(ownIds);

    // Gone from the page once dismissed; the list shows the key as active and used.
    await reveal.getByRole('button', { name: text.done }).click();
    await expect(reveal).toHaveCount(0);
    expect(await page.locator('body').textContent()).not.toContain(key);
    await page.reload();
    const row = page.getByRole('listitem', { name });
    await expect(row.getByTestId('api-key-state')).toHaveText(text.active, { timeout: 30_000 });
    await expect(row).toContainText(key.slice(0, 12));
    await expect(row.getByTestId('api-key-last-used')).not.toHaveText(text.never);

    // On a phone the list wraps: nothing sticks out sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(row).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

    // Revoke after confirming; the next call is refused.
    await row.getByRole('button', { name: text.revoke(name) }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: text.confirm, exact: true }).click();
    await expect(row.getByTestId('api-key-state')).toHaveText(text.revoked);
    await expect(row.getByRole('button')).toHaveCount(0);
    const refused = await callApi(base, '/v1/units', key);
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ error: { code: 'invalid_api_key' } });
  });
}
