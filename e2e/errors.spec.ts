import { expect, preferLanguage, test } from './support/fixtures';

const ERROR_ID = /ERR_\d{13}_[0-9a-z]{6}/;

test.describe('crash screen', () => {
  test('a render crash shows "Something went wrong"; Try Again recovers', async ({ page }) => {
    await page.goto('/health?debug=1&simulate=crash');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Something went wrong');
    await expect(page.getByRole('button', { name: 'Reload Page' })).toBeVisible();
    await expect(page.getByTestId('technical-details')).toContainText('Simulated render crash');
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('System health');
  });

  test('Reload Page reloads', async ({ page }) => {
    await page.goto('/health?debug=1&simulate=crash');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Something went wrong');
    const reload = page.waitForEvent('load');
    await page.getByRole('button', { name: 'Reload Page' }).click();
    await reload;
  });

  test('the diagnostic switch does nothing without debug mode', async ({ page }) => {
    await page.goto('/health?simulate=crash');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('System health');
  });

  test('in Arabic', async ({ page }) => {
    await preferLanguage(page, 'ar');
    await page.goto('/health?debug=1&simulate=crash');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('حدث خطأ ما');
    await expect(page.getByRole('button', { name: 'حاول مرة أخرى' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'أعد تحميل الصفحة' })).toBeVisible();
  });
});

test.describe('"Error Reported" toast', () => {
  for (const kind of ['error', 'rejection'] as const) {
    test(`an unhandled ${kind} shows the toast, and the console has the same ID`, async ({ page }) => {
      const logged: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') logged.push(message.text());
      });
      await page.goto(`/health?debug=1&simulate=${kind}`);
      const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Error Reported' });
      await expect(toast).toBeVisible();
      const id = ERROR_ID.exec((await toast.textContent()) ?? '')?.[0];
      expect(id).toBeTruthy();
      await expect(toast).toContainText(`Error ID: ${id}`);
      expect(logged.some((line) => line.includes(`Error ID: ${id}`))).toBe(true);
      // SPEC §9: toasts last 4 seconds.
      await expect(toast).toBeHidden({ timeout: 7_000 });
    });
  }

  test('toasts sit at the reading end in RTL', async ({ page }) => {
    await preferLanguage(page, 'ar');
    await page.goto('/health?debug=1&simulate=error');
    const toaster = page.locator('[data-sonner-toaster]');
    await expect(toaster.locator('[data-sonner-toast]')).toContainText('تم تسجيل الخطأ');
    await expect(toaster).toHaveAttribute('dir', 'rtl');
    await expect(toaster).toHaveAttribute('data-x-position', 'left');
  });
});

test.describe('public site fallback', () => {
  test('a failing /org/{slug} shows its own fallback; Open with Debug shows the details; Try Again recovers', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    let failing = true;
    await page.route('**/rest/v1/rpc/public_site_page*', (route) =>
      failing ? route.abort('connectionrefused') : route.continue(),
    );
    await preferLanguage(page, 'en');
    await page.goto('/org/demo');
    // A network failure is retried 3 times with backoff (SPEC §9) before the fallback shows.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("We're having trouble loading this site", {
      timeout: 40_000,
    });
    await expect(page.getByTestId('public-site-path')).toHaveText('/org/demo');
    await expect(page.getByTestId('technical-details')).toHaveCount(0);

    await page.getByRole('button', { name: 'Open with Debug' }).click();
    await expect(page).toHaveURL(/\/org\/demo\?debug=1$/);
    await expect(page.getByTestId('technical-details')).toBeVisible();
    await expect(page.getByTestId('technical-details')).toContainText(ERROR_ID);

    failing = false;
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nuzl Demo Stays');
  });
});
