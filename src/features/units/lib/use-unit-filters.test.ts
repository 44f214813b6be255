import { describe, expect, it } from 'vitest';
import { readUrlState } from '@/lib/url-state';
import { UNITS_URL, unitFiltersFrom } from './use-unit-filters';

describe('the units screen in the URL', () => {
  it('falls back to defaults for anything odd in the URL', () => {
    expect(unitFiltersFrom(new URLSearchParams('q=x&type=castle&status=gone&page=-2'))).toEqual({
      search: 'x',
      type: 'all',
      status: 'all',
      page: 1,
    });
    expect(unitFiltersFrom(new URLSearchParams('type=villa&status=inactive&page=3'))).toEqual({
      search: '',
      type: 'villa',
      status: 'inactive',
      page: 3,
    });
  });

  it('reads the editor and the view', () => {
    expect(readUrlState(UNITS_URL, new URLSearchParams('unit=abc-123&tab=photos&view=table'))).toMatchObject({
      unit: 'abc-123',
      tab: 'photos',
      view: 'table',
      creating: false,
    });
    expect(readUrlState(UNITS_URL, new URLSearchParams('new=1&tab=nope&view=grid'))).toMatchObject({
      creating: true,
      tab: 'details',
      view: 'cards',
    });
  });
});
