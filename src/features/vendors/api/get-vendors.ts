import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { runCounted } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { VENDORS_PAGE_SIZE, type VendorFilters } from '../schemas';
import { vendorKeys } from './keys';

/** Characters with meaning in a PostgREST `or=(…)` filter or an ILIKE pattern are dropped. */
export function toVendorSearchPattern(search: string): string | null {
  const cleaned = search
    .replace(/[,()"\\*%_:]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return cleaned ? `*${cleaned}*` : null;
}

// organization_vendors is filtered by RLS to the caller's organisation: a row there means
// "this vendor works with us". `!inner` turns it into the "my vendors" filter.
const COLUMNS = '*, organization_vendors(organization_id, added_at)';
const MINE_COLUMNS = '*, organization_vendors!inner(organization_id, added_at)';

/** One page of the marketplace: verified first, then by rating. */
export async function getVendors(organizationId: string, filters: VendorFilters, signal?: AbortSignal) {
  const from = (filters.page - 1) * VENDORS_PAGE_SIZE;
  let query = supabase.from('vendors').select(filters.scope === 'mine' ? MINE_COLUMNS : COLUMNS, { count: 'exact' });
  if (filters.scope === 'mine') query = query.eq('organization_vendors.organization_id', organizationId);
  const pattern = toVendorSearchPattern(filters.search);
  if (pattern)
    query = query.or(
      `name.ilike.${pattern},name_ar.ilike.${pattern},city.ilike.${pattern},description.ilike.${pattern}`,
    );
  if (filters.category !== 'all') query = query.contains('categories', [filters.category]);
  if (filters.verified === 'verified') query = query.eq('verified', true);
  query = query
    .order('verified', { ascending: false })
    .order('rating', { ascending: false })
    .order('name')
    .range(from, from + VENDORS_PAGE_SIZE - 1);
  const { data, count } = await runCounted(query, { signal });
  return {
    vendors: data.map(({ organization_vendors: links, ...vendor }) => ({
      ...vendor,
      isMine: links.some((link) => link.organization_id === organizationId),
    })),
    total: count,
  };
}

export type VendorListItem = Awaited<ReturnType<typeof getVendors>>['vendors'][number];

export function vendorsQueryOptions(organizationId: string, filters: VendorFilters) {
  return queryOptions({
    queryKey: vendorKeys.list(organizationId, filters),
    queryFn: ({ signal }) => getVendors(organizationId, filters, signal),
    placeholderData: keepPreviousData,
  });
}

export function useVendors(organizationId: string, filters: VendorFilters) {
  return useQuery(vendorsQueryOptions(organizationId, filters));
}
