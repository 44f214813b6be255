import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { accountSettingsKeys } from './organization-keys';

/** The columns Settings → Organisation edits or shows. */
const COLUMNS =
  'id, name, name_ar, slug, default_timezone, default_currency, country, vat_number, commercial_registration, address_street, address_building_number, address_additional_number, address_district, address_city, address_region, address_postal_code, logo_url, updated_at';

export function getOrganizationSettings(organizationId: string, signal?: AbortSignal) {
  return run(supabase.from('organizations').select(COLUMNS).eq('id', organizationId).single(), { signal });
}

export type OrganizationSettingsRow = Awaited<ReturnType<typeof getOrganizationSettings>>;

export function organizationSettingsQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: accountSettingsKeys.organization(organizationId),
    queryFn: ({ signal }) => getOrganizationSettings(organizationId, signal),
  });
}

export function useOrganizationSettingsRow(organizationId: string) {
  return useQuery(organizationSettingsQueryOptions(organizationId));
}

/** Whether the member holds settings.manage (only to show the form read-only; RLS decides). */
export async function getCanManageSettings(signal?: AbortSignal) {
  const permissions = await run(supabase.rpc('my_permissions'), { signal, schema: z.array(z.string()) });
  return permissions.includes('settings.manage');
}

export function useCanManageSettings(userId: string) {
  return useQuery({
    queryKey: accountSettingsKeys.canManage(userId),
    queryFn: ({ signal }) => getCanManageSettings(signal),
  });
}
