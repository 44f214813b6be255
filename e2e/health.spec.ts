import { expect, test } from './support/fixtures';

// Live checks: a function's first request boots Deno, which is slow on a loaded machine.
test.describe.configure({ timeout: 60_000 });

test('/health shows the version, the environment and a live check of each service', async ({ page }) => {
  await page.goto('/health');
  await expect(page.getByTestId('app-version')).toHaveText('0.1.0');
  // Served from 127.0.0.1: SPEC §9 calls that development.
  await expect(page.getByTestId('app-environment')).toHaveAttribute('data-environment', 'development');
  for (const service of ['auth', 'rest', 'storage', 'functions']) {
    const row = page.getByTestId(`service-${service}`);
    await expect(row).toHaveAttribute('data-status', 'up', { timeout: 30_000 });
    await expect(row).toContainText(/\d+ ms/);
  }
  await expect(page.getByTestId('overall-status')).toHaveText('All systems up');
});

test('/health reports a service that does not answer', async ({ page }) => {
  await page.route('**/storage/v1/bucket', (route) => route.abort('connectionrefused'));
  await page.goto('/health');
  await expect(page.getByTestId('service-storage')).toHaveAttribute('data-status', 'down', { timeout: 30_000 });
  await expect(page.getByTestId('service-auth')).toHaveAttribute('data-status', 'up');
  await expect(page.getByTestId('overall-status')).toHaveText('Degraded');
});
