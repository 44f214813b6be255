import { describe, expect, it } from 'vitest';
import { unitFiltersSchema } from './schemas';

// The unit's own rules are tested with the shared schema: src/domain/units.test.ts.
describe('unitFiltersSchema', () => {
  it('falls back to defaults for anything odd in the URL', () => {
    expect(unitFiltersSchema.parse({ search: 'x', type: 'castle', status: 'gone', page: '-2' })).toEqual({
      search: 'x',
      type: 'all',
      status: 'all',
      page: 1,
    });
    expect(unitFiltersSchema.parse({ search: '', type: 'villa', status: 'inactive', page: '3' })).toEqual({
      search: '',
      type: 'villa',
      status: 'inactive',
      page: 3,
    });
  });
});
