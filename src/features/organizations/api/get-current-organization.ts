import { queryOptions, useQuery } from '@tanstack/react-query';
import { AppError, toAppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { organizationKeys } from './keys';

export interface CurrentOrganization {
  id: string;
  name: string;
  slug: string;
}

/** The organisation of the signed-in user's profile (SPEC §1: data is scoped by it). */
export async function getCurrentOrganization(userId: string, signal?: AbortSignal): Promise<CurrentOrganization> {
  let query = supabase.from('profiles').select('organization_id, organizations(id, name, slug)').eq('user_id', userId);
  // TanStack Query is the one retry layer (SPEC §9 counts); postgrest-js must not retry too.
  query = query.retry(false);
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query.maybeSingle();
  if (error) throw toAppError(error);
  const organization = data?.organizations;
  if (!data?.organization_id || !organization) throw AppError.organizationRequired();
  return { id: organization.id, name: organization.name, slug: organization.slug };
}

export function currentOrganizationQueryOptions(userId: string) {
  return queryOptions({
    queryKey: organizationKeys.current(userId),
    queryFn: ({ signal }) => getCurrentOrganization(userId, signal),
  });
}

export function useCurrentOrganization(userId: string | undefined) {
  return useQuery({ ...currentOrganizationQueryOptions(userId ?? ''), enabled: Boolean(userId) });
}
