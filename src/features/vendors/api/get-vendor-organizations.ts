import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { vendorKeys } from './keys';

/**
 * The organisations a vendor user works for, by name only (vendor_organizations()). Typed as
 * text by the generator; an organisation without an Arabic name has null there.
 */
const vendorOrganizationsSchema = z.array(
  z.object({ id: z.string(), name: z.string(), name_ar: z.string().nullable() }),
);

export type VendorOrganization = z.infer<typeof vendorOrganizationsSchema>[number];

/**
 * The organisations the signed-in vendor user's vendor works for, for the header of its screens.
 * A vendor user is no member of them and reads nothing else of them: the database function
 * returns their names and nothing more.
 */
export async function getVendorOrganizations(signal?: AbortSignal): Promise<VendorOrganization[]> {
  return run(supabase.rpc('vendor_organizations'), { signal, schema: vendorOrganizationsSchema });
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
