import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { legacySections } from '@/config/paths';
import { fakeSession, renderRoutes } from '@/test/render';
import { routes } from './router';

// Every route is a lazy chunk compiled on first use; real screens are heavy on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

const signedIn = { status: 'signed_in', session: fakeSession() } as const;

const publicScreens: [string, string][] = [
  ['/', 'Run your rentals from one place'],
  ['/game', 'Destinations memory game'],
  ['/login', 'Sign in'],
  ['/auth-diagnostics', 'Authentication diagnostics'],
  ['/reset-password', 'Reset password'],
  ['/verify', 'E-mail verification'],
];

const dashboardScreens: [string, string][] = [
  ['/dashboard', 'Dashboard'],
  ['/dashboard/units', 'Units'],
  ['/dashboard/bookings', 'Bookings'],
  ['/dashboard/clients', 'Clients'],
  ['/dashboard/payments', 'Payments & invoices'],
  ['/dashboard/vendors', 'Vendors'],
  ['/dashboard/tasks', 'Tasks'],
  ['/dashboard/access', 'Access'],
  ['/dashboard/users', 'Users'],
  ['/dashboard/reports', 'Reports'],
  ['/dashboard/settings', 'Settings'],
];

describe('route table (SPEC §2)', () => {
  it.each(publicScreens)('%s shows its screen', async (path, title) => {
    renderRoutes(routes, path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
  });

  it.each(dashboardScreens)('%s shows its screen inside the dashboard layout when signed in', async (path, title) => {
    renderRoutes(routes, path, { session: signedIn });
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
    expect(screen.getByTestId('organization-name')).toHaveTextContent('Nuzl Demo Stays');
  });

  it('/super-admin needs a session too, and is "Page not found" without the super-administrator claim', async () => {
    const { router } = renderRoutes(routes, '/super-admin');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    renderRoutes(routes, '/super-admin', { session: signedIn });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  });

  it.each(legacySections.map((section) => [section]))(
    'legacy /%s redirects to /dashboard/… keeping the query',
    async (section) => {
      const { router } = renderRoutes(routes, `/${section}?status=active&page=2#top`, { session: signedIn });
      await waitFor(() => expect(router.state.location.pathname).toBe(`/dashboard/${section}`));
      expect(router.state.location.search).toBe('?status=active&page=2');
      expect(router.state.location.hash).toBe('#top');
    },
  );

  it('shows "Page not found" with a way home for unknown paths', async () => {
    const { router } = renderRoutes(routes, '/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Return home' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});

describe('dashboard guard', () => {
  it('sends a visitor without a session to /login?redirect=… with the wanted location', async () => {
    const { router } = renderRoutes(routes, '/dashboard/bookings?status=active');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/dashboard/bookings?status=active');
    expect(router.state.location.state).toEqual({ from: '/dashboard/bookings?status=active' });
  });

  it('waits while the session is being restored instead of bouncing to /login', async () => {
    const { router } = renderRoutes(routes, '/dashboard', { session: { status: 'loading', session: null } });
    expect(await screen.findByRole('status')).toHaveTextContent('Checking your session…');
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('sends a signed-in user from /login back to the redirect target', async () => {
    const { router } = renderRoutes(routes, '/login?redirect=%2Fdashboard%2Fclients%3Fq%3Dali', { session: signedIn });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/clients'));
    expect(router.state.location.search).toBe('?q=ali');
  });

  it('refuses an external redirect target', async () => {
    const { router } = renderRoutes(routes, '/login?redirect=https%3A%2F%2Fevil.example', { session: signedIn });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});

describe('settings tabs', () => {
  it.each(['organization', 'notifications', 'billing'])('?tab=%s opens that tab', async (tab) => {
    renderRoutes(routes, `/dashboard/settings?tab=${tab}`, { session: signedIn });
    const trigger = await screen.findByTestId(`settings-tab-${tab}`);
    expect(trigger).toHaveAttribute('aria-selected', 'true');
  });

  it('offers the eleven tabs and writes the chosen one to the address', async () => {
    const { router } = renderRoutes(routes, '/dashboard/settings', { session: signedIn });
    const list = await screen.findByRole('tablist', { name: 'Settings sections' });
    expect(
      within(list)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual([
      'Profile',
      'Integrations',
      'OTA connections',
      'Security',
      'Billing',
      'Notifications',
      'Messages',
      'Automation',
      'Organization',
      'Public site',
      'Roles',
    ]);
    expect(screen.getByTestId('settings-tab-profile')).toHaveAttribute('aria-selected', 'true');
    await userEvent.click(screen.getByTestId('settings-tab-public_site'));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=public_site'));
    // Roles are managed on the Access screen: the tab leads there.
    await userEvent.click(screen.getByTestId('settings-tab-roles'));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=roles'));
    expect(await screen.findByRole('link', { name: 'Open Access' })).toHaveAttribute('href', '/dashboard/access');
  });
});
