import { describe, expect, it } from 'vitest';
import { parseVendorFilters } from './use-vendor-filters';

describe('the marketplace in the URL', () => {
  it('reads marketplace filters from the URL with safe fallbacks', () => {
    expect(
      parseVendorFilters(new URLSearchParams('category=security&scope=mine&verified=verified&search=hemaya')),
    ).toEqual({
      category: 'security',
      scope: 'mine',
      verified: 'verified',
      search: 'hemaya',
      page: 1,
    });
    expect(parseVendorFilters(new URLSearchParams('category=plumbing&scope=everyone'))).toMatchObject({
      category: 'all',
      scope: 'all',
    });
  });
});
