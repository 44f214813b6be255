import { describe, expect, it } from 'vitest';
import { navigationFor, type NavigationState } from './nav-items';

const can = (keys: string[]) => (key: string) => keys.includes(key);
const labels = (state: NavigationState) =>
  state.status === 'ready' ? state.groups.flatMap((group) => group.items.map((item) => item.labelKey)) : state.status;

describe('navigationFor', () => {
  it('shows placeholders until the profile is known', () => {
    expect(navigationFor(undefined, { status: 'success', can: can([]) })).toEqual({ status: 'loading' });
  });

  it("shows placeholders until a staff member's permissions are known, never every section", () => {
    expect(navigationFor('staff', { status: 'pending', can: can([]) })).toEqual({ status: 'loading' });
  });

  it('shows only the sections the role reads once known', () => {
    expect(labels(navigationFor('staff', { status: 'success', can: can(['units.read', 'tasks.read']) }))).toEqual([
      'overview',
      'units',
      'tasks',
      'settings',
    ]);
  });

  it('keeps only the overview when the permissions cannot be read', () => {
    expect(labels(navigationFor('staff', { status: 'error', can: can(['units.read']) }))).toEqual(['overview']);
  });

  it('a vendor sees its tasks whatever the role query says', () => {
    expect(labels(navigationFor('vendor', { status: 'pending', can: can([]) }))).toEqual(['tasks']);
  });
});
