import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { TEAM_PAGE_SIZE, teamPageSchema, type TeamListParams, type TeamPage } from '../schemas';
import { userKeys } from './keys';

/**
 * One page of the organisation's members and pending invitations (team_members: searched, filtered
 * and counted on the server, with the last sign-in the auth service keeps). users.manage only.
 */
export async function getTeamMembers(params: TeamListParams, signal?: AbortSignal): Promise<TeamPage> {
  const request = supabase.rpc('team_members', {
    search: params.search.trim() || undefined,
    status: params.status,
    page_limit: TEAM_PAGE_SIZE,
    page_offset: (params.page - 1) * TEAM_PAGE_SIZE,
  });
  return run(request, { signal, schema: teamPageSchema });
}

export function teamMembersQueryOptions(params: TeamListParams) {
  return queryOptions({
    queryKey: userKeys.list(params),
    queryFn: ({ signal }) => getTeamMembers(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useTeamMembers(params: TeamListParams, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...teamMembersQueryOptions(params), enabled });
}
