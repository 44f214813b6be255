import { useMemo } from 'react';
import { readUrlState, urlParam, type UrlStateDefinition } from '@/lib/url-state';
import { useUrlState } from '@/lib/use-url-state';
import { VENDOR_CATEGORIES, VENDOR_SCOPES, type VendorFilters } from '../schemas';

/** Search, category, "my vendors", verification and page live in the URL (shareable, Back works). */
export const VENDORS_URL = {
  search: urlParam.text({ filter: true }),
  category: urlParam.oneOf(['all', ...VENDOR_CATEGORIES] as const, 'all', { filter: true }),
  scope: urlParam.oneOf(VENDOR_SCOPES, 'all', { filter: true }),
  verified: urlParam.oneOf(['all', 'verified'] as const, 'all', { filter: true }),
  page: urlParam.page(),
} satisfies UrlStateDefinition;

/** Pure: the filters a URL describes (anything unknown falls back to its default). */
export function parseVendorFilters(params: URLSearchParams): VendorFilters {
  return readUrlState(VENDORS_URL, params);
}

export function useVendorFilters() {
  const { values, set, resetFilters } = useUrlState(VENDORS_URL);
  const filters: VendorFilters = useMemo(() => values, [values]);
  return { filters, set, resetFilters };
}
