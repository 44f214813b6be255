import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import {
  ORGANIZATIONS_PAGE_SIZE,
  organizationPageSchema,
  type OrganizationListParams,
  type OrganizationPage,
} from '../schemas';
import { superAdminKeys } from './keys';

/** One page of the platform's organisations, searched, sorted and counted on the server (admin_organizations). */
export function getOrganizations(params: OrganizationListParams, signal?: AbortSignal): Promise<OrganizationPage> {
  const request = supabase.rpc('admin_organizations', {
    search: params.search.trim() || undefined,
    sort: params.sort,
    direction: params.direction,
    page_limit: ORGANIZATIONS_PAGE_SIZE,
    page_offset: (params.page - 1) * ORGANIZATIONS_PAGE_SIZE,
  });
  return run(request, { signal, schema: organizationPageSchema });
}

export function organizationsQueryOptions(params: OrganizationListParams) {
  return queryOptions({
    queryKey: superAdminKeys.organizationList(params),
    queryFn: ({ signal }) => getOrganizations(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useOrganizations(params: OrganizationListParams) {
  return useQuery(organizationsQueryOptions(params));
}
