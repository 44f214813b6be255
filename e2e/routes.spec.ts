import { expect, test } from './support/fixtures';

const SECTIONS = [
  'units',
  'bookings',
  'clients',
  'payments',
  'vendors',
  'tasks',
  'access',
  'users',
  'reports',
  'settings',
] as const;
const SECTION_TITLES: Record<(typeof SECTIONS)[number], string> = {
  units: 'Units',
  bookings: 'Bookings',
  clients: 'Clients',
  payments: 'Payments & invoices',
  vendors: 'Vendors',
  tasks: 'Tasks',
  access: 'Access',
  users: 'Users',
  reports: 'Reports',
  settings: 'Settings',
};

const PUBLIC_ROUTES: [string, string][] = [
  ['/', 'Run your rentals from one place'],
  ['/game', 'Destinations memory game'],
  ['/health', 'System health'],
  ['/login', 'Sign in'],
  ['/auth-diagnostics', 'Authentication diagnostics'],
  ['/reset-password', 'Reset password'],
  ['/verify', 'E-mail verification'],
  ['/org/demo?lang=en', 'Nuzl Demo Stays'],
];

test.describe('public routes (SPEC §2)', () => {
  for (const [path, title] of PUBLIC_ROUTES) {
    test(`${path} shows its screen`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    });
  }

  test('/org/demo shows the seeded active units and published reviews', async ({ page }) => {
    await page.goto('/org/demo?lang=en');
    await expect(page.getByTestId('public-unit').first()).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Guest reviews' })).toBeVisible();
  });

  test('/{slug} redirects a known organisation to /org/{slug}', async ({ page }) => {
    await page.goto('/demo');
    await expect(page).toHaveURL(/\/org\/demo$/);
    // A visitor who has chosen no language reads the site in its default language (Arabic).
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('نُزُل للإقامات');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  });

  test('/{slug} of an unknown organisation is not found', async ({ page }) => {
    await page.goto('/no-such-host');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
  });

  test('/org/{slug} of an unknown organisation says the page is not available', async ({ page }) => {
    await page.goto('/org/no-such-host');
    await expect(page.getByTestId('public-site-unavailable')).toBeVisible();
  });

  test('any other path shows "Page not found" with a way home', async ({ page }) => {
    await page.goto('/this/does/not/exist');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
    await page.getByRole('link', { name: 'Return home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Run your rentals from one place');
  });
});

test.describe('dashboard guard', () => {
  test('without a session, a dashboard route goes to /login and keeps where it was going', async ({ page }) => {
    await page.goto('/dashboard/clients?q=ali');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard%2Fclients%3Fq%3Dali$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in');
  });

  test('after sign-in, /login?redirect= comes back to the wanted page', async ({ page, ownerSession }) => {
    await page.goto('/dashboard/clients?q=ali');
    await expect(page).toHaveURL(/\/login\?redirect=/);
    // Sign in happens (here: the session the login screen would store), then the app returns.
    const key = `sb-${new URL(process.env.E2E_API_URL ?? '').hostname.split('.')[0]}-auth-token`;
    await page.evaluate(
      ([storageKey, value]) => {
        window.localStorage.setItem(storageKey, value);
        window.localStorage.setItem(
          'nuzl.onboarding',
          JSON.stringify({ isFirstTime: false, isCompleted: true, isSkipped: true }),
        );
      },
      [key, JSON.stringify(ownerSession)] as const,
    );
    await page.reload();
    await expect(page).toHaveURL(/\/dashboard\/clients\?q=ali$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Clients');
  });

  test('/super-admin needs a session', async ({ page }) => {
    await page.goto('/super-admin');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fsuper-admin$/);
  });
});

test.describe('dashboard routes (signed in)', () => {
  test('/dashboard shows the overview in the dashboard layout', async ({ signedInPage: page }) => {
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
    await expect(page.getByTestId('organization-name')).toHaveText('Nuzl Demo Stays');
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
    for (const group of ['Main', 'Operations', 'System']) {
      await expect(page.getByRole('heading', { level: 2, name: group })).toBeVisible();
    }
  });

  for (const section of SECTIONS) {
    test(`/dashboard/${section} shows its screen`, async ({ signedInPage: page }) => {
      await page.goto(`/dashboard/${section}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(SECTION_TITLES[section]);
      await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
    });

    test(`legacy /${section} redirects to /dashboard/${section} with its query`, async ({ signedInPage: page }) => {
      // A page that exists in every section's demo data: a page past the end (units has 12 active
      // units, one page) is stepped back by the screen itself, which is not what this test is about.
      await page.goto(`/${section}?status=active&page=1`);
      await expect(page).toHaveURL(new RegExp(`/dashboard/${section}\\?status=active&page=1$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(SECTION_TITLES[section]);
    });
  }

  for (const tab of ['organization', 'notifications', 'billing'] as const) {
    test(`/dashboard/settings?tab=${tab} opens that tab`, async ({ signedInPage: page }) => {
      await page.goto(`/dashboard/settings?tab=${tab}`);
      await expect(page.getByTestId(`settings-tab-${tab}`)).toHaveAttribute('aria-selected', 'true');
    });
  }

  test('/super-admin is "Page not found" for an owner (issue 14: only the super administrator’s)', async ({
    signedInPage: page,
  }) => {
    await page.goto('/super-admin');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
  });
});
