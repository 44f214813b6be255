import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { invitableRoleSchema } from '../schemas';
import { userKeys } from './keys';

/** The organisation's roles, each with whether the caller may give it (invitable_roles). */
export async function getInvitableRoles(signal?: AbortSignal) {
  return run(supabase.rpc('invitable_roles'), { signal, schema: z.array(invitableRoleSchema) });
}

export function invitableRolesQueryOptions() {
  return queryOptions({ queryKey: userKeys.roles(), queryFn: ({ signal }) => getInvitableRoles(signal) });
}

export function useInvitableRoles({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...invitableRolesQueryOptions(), enabled });
}
