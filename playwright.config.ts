import { defineConfig, devices } from '@playwright/test';
import { resolveChromium } from './e2e/support/chromium';
import { freePort } from './e2e/support/ports';

// Ports: fixed by default (54329 stack, 4179 app), another free one when taken. Chosen once in
// the main process; workers inherit the environment and load this file with the same values.
process.env.E2E_STACK_PORT ??= String(await freePort(54329));
process.env.E2E_PREVIEW_PORT ??= String(await freePort(4179));
const { E2E_BASE_URL } = await import('./e2e/support/constants');

const chromium = await resolveChromium();

/**
 * Browser tests against the production build (`vite build`) served by `vite preview`, talking
 * to an in-memory local Supabase stack with the demo seed. e2e/global-setup.ts starts both.
 */
export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : [['list']],
  use: {
    baseURL: E2E_BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: chromium.executablePath, args: chromium.args },
  },
  projects: [
    {
      name: 'desktop',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: { executablePath: chromium.executablePath, args: chromium.args },
      },
    },
    {
      name: 'phone',
      testMatch: /layout\.spec\.ts/,
      use: { ...devices['Pixel 7'], launchOptions: { executablePath: chromium.executablePath, args: chromium.args } },
    },
  ],
});
