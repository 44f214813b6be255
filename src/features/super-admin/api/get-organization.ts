import { queryOptions, useQuery } from '@tanstack/react-query';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { organizationDetailSchema, type OrganizationDetail } from '../schemas';
import { superAdminKeys } from './keys';

/** One organisation with its owner, usage and the limits of every plan (admin_organization). */
export function getOrganization(id: string, signal?: AbortSignal): Promise<OrganizationDetail> {
  return run(supabase.rpc('admin_organization', { organization_id: id }), {
    signal,
    schema: organizationDetailSchema,
  });
}

export function organizationQueryOptions(id: string) {
  return queryOptions({
    queryKey: superAdminKeys.organization(id),
    queryFn: ({ signal }) => getOrganization(id, signal),
  });
}

export function useOrganization(id: string | null) {
  return useQuery({ ...organizationQueryOptions(id ?? ''), enabled: id !== null });
}
