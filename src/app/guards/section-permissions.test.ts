import { describe, expect, it } from 'vitest';
import { navGroups, visibleNavGroups } from '../layouts/nav-items';
import { canOpenSection, sectionOfPath } from './section-permissions';

const holding =
  (...keys: string[]) =>
  (key: string) =>
    keys.includes(key);

describe('section permissions', () => {
  it('finds the section of an address, sub-pages included', () => {
    expect(sectionOfPath('/dashboard/payments/invoices/42')).toBe('payments');
    expect(sectionOfPath('/dashboard/access')).toBe('access');
    expect(sectionOfPath('/dashboard')).toBeNull();
    expect(sectionOfPath('/dashboard/nowhere')).toBeNull();
  });

  it('opens a section with any one of its permissions; settings with none', () => {
    expect(canOpenSection('payments', holding('payments.read'))).toBe(true);
    expect(canOpenSection('payments', holding('invoices.read'))).toBe(true);
    expect(canOpenSection('payments', holding('bookings.read'))).toBe(false);
    expect(canOpenSection('access', holding('users.manage'))).toBe(false);
    expect(canOpenSection('settings', holding())).toBe(true);
  });
});

describe('visibleNavGroups', () => {
  const labels = (can: ((key: string) => boolean) | null) =>
    visibleNavGroups(navGroups, can).map((group) => [group.id, group.items.map((item) => item.labelKey)]);

  it('keeps only the overview, settings and the sections the role reads; empty groups go', () => {
    expect(labels(holding('bookings.read', 'units.read'))).toEqual([
      ['main', ['overview', 'bookings', 'units']],
      ['system', ['settings']],
    ]);
  });

  it('shows everything until the permissions are known', () => {
    expect(labels(null)).toEqual(navGroups.map((group) => [group.id, group.items.map((item) => item.labelKey)]));
  });
});
