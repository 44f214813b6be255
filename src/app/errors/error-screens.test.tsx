import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PublicSiteRouteError } from '@/features/public-site/components/public-site-route-error';
import { i18n } from '@/lib/i18n';
import { renderRoutes } from '@/test/render';
import { AppErrorBoundary } from './app-error-boundary';
import { RouteError } from './route-error';

let shouldThrow = true;
function Fragile() {
  if (shouldThrow) throw new Error('render exploded');
  return <h1>Recovered</h1>;
}

beforeEach(() => {
  shouldThrow = true;
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe('crash screen', () => {
  it('a route that throws shows "Something went wrong" with Try Again and Reload Page; Try Again recovers', async () => {
    renderRoutes([{ errorElement: <RouteError />, children: [{ path: '/', Component: Fragile }] }], '/');
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload Page' })).toBeInTheDocument();
    expect(screen.getByText(/^Error ID: ERR_\d+_[0-9a-z]+$/)).toBeInTheDocument();
    expect(screen.queryByTestId('technical-details')).not.toBeInTheDocument();
    shouldThrow = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'Recovered' })).toBeInTheDocument();
  });

  it('logs the crash with the same error ID it shows', async () => {
    renderRoutes([{ errorElement: <RouteError />, children: [{ path: '/', Component: Fragile }] }], '/');
    const shown = (await screen.findByText(/^Error ID: /)).textContent?.replace('Error ID: ', '');
    expect(console.error).toHaveBeenCalledWith(expect.stringContaining(`Error ID: ${shown}`), expect.any(Error));
  });

  it('the top-level boundary catches what happens outside the router, in Arabic too', async () => {
    await i18n.changeLanguage('ar');
    function Harness() {
      const [key, setKey] = useState(0);
      return (
        <I18nextProvider i18n={i18n}>
          <button onClick={() => setKey(key + 1)}>x</button>
          <AppErrorBoundary key={key}>
            <Fragile />
          </AppErrorBoundary>
        </I18nextProvider>
      );
    }
    render(<Harness />);
    expect(await screen.findByRole('heading', { name: 'حدث خطأ ما' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'حاول مرة أخرى' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'أعد تحميل الصفحة' })).toBeInTheDocument();
    shouldThrow = false;
    await userEvent.click(screen.getByRole('button', { name: 'حاول مرة أخرى' }));
    expect(await screen.findByRole('heading', { name: 'Recovered' })).toBeInTheDocument();
    await i18n.changeLanguage('en');
  });
});

describe('public site fallback', () => {
  const routes = [{ path: '/org/:slug', errorElement: <PublicSiteRouteError />, Component: Fragile }];

  it('shows the message, the path, Try Again and Open with Debug', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, search: '' });
    renderRoutes(routes, '/org/demo?ref=ad');
    expect(await screen.findByRole('heading', { name: "We're having trouble loading this site" })).toBeInTheDocument();
    expect(screen.getByTestId('public-site-path')).toHaveTextContent('/org/demo');
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Open with Debug' }));
    expect(assign).toHaveBeenCalledWith('/org/demo?ref=ad&debug=1');
    vi.unstubAllGlobals();
  });

  it('with ?debug=1 shows the technical details', async () => {
    renderRoutes(routes, '/org/demo?debug=1');
    expect(await screen.findByTestId('technical-details')).toHaveTextContent('render exploded');
    expect(screen.queryByRole('button', { name: 'Open with Debug' })).not.toBeInTheDocument();
  });
});
