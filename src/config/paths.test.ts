import { describe, expect, it } from 'vitest';
import { getSafeRedirect, paths } from './paths';

describe('paths', () => {
  it('builds hrefs', () => {
    expect(paths.login.getHref('/dashboard/bookings?status=active')).toBe(
      '/login?redirect=%2Fdashboard%2Fbookings%3Fstatus%3Dactive',
    );
    expect(paths.dashboard.settings.getHref('billing')).toBe('/dashboard/settings?tab=billing');
    expect(paths.publicSite.getHref('demo')).toBe('/org/demo');
    expect(paths.getStarted.getHref('advanced', 'yearly')).toBe('/login?plan=advanced&billing=yearly');
    expect([paths.terms.getHref(), paths.privacy.getHref()]).toEqual(['/terms', '/privacy']);
  });
});

describe('getSafeRedirect', () => {
  it('keeps in-app paths with their query and hash', () => {
    expect(getSafeRedirect('/dashboard/bookings?status=active#top')).toBe('/dashboard/bookings?status=active#top');
  });
  it.each([
    'https://evil.example/',
    '//evil.example/x',
    '/\\evil.example',
    'javascript:alert(1)',
    '',
    null,
    undefined,
    'dashboard',
  ])('refuses %s', (value) => {
    expect(getSafeRedirect(value)).toBeNull();
  });
});
