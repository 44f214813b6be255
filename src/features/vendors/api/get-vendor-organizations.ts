import { queryOptions, useQuery } from '@tanstack/react-query';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { vendorKeys } from './keys';

/** An organisation a vendor user works for, by name only (vendor_organizations()). */
export interface VendorOrganization {
  id: string;
  name: string;
  name_ar: string | null;
}

/**
 * The organisations the signed-in vendor user's vendor works for, for the header of its screens.
 * A vendor user is no member of them and reads nothing else of them: the database function
 * returns their names and nothing more.
 */
export async function getVendorOrganizations(signal?: AbortSignal): Promise<VendorOrganization[]> {
  const data = await run(supabase.rpc('vendor_organizations'), { signal });
  // Typed as text by the generator; an organisation without an Arabic name has null here.
  return data.map((row) => ({ id: row.id, name: row.name, name_ar: (row.name_ar as string | null) ?? null }));
}

export function vendorOrganizationsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: vendorKeys.organizations(userId),
    queryFn: ({ signal }) => getVendorOrganizations(signal),
    // Being added to or removed from an organisation is rare: no refetch on every focus.
    staleTime: 5 * 60_000,
  });
}

export function useVendorOrganizations(userId: string) {
  return useQuery(vendorOrganizationsQueryOptions(userId));
}
