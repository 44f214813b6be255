import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { notificationKeys } from './notification-keys';

const roleSchema = z.object({ id: z.string(), key: z.string().nullable(), name: z.string() });
export type RecipientRole = z.infer<typeof roleSchema>;

/** The organisation's roles a rule can send to: built-in first (admin, manager, member), then custom by name. */
export async function getRecipientRoles(signal?: AbortSignal): Promise<RecipientRole[]> {
  const roles = await run(supabase.from('roles').select('id, key, name').order('name'), {
    signal,
    schema: z.array(roleSchema),
  });
  const order = (role: RecipientRole) => (role.key ? ['admin', 'manager', 'member'].indexOf(role.key) : 3);
  return [...roles].sort((a, b) => order(a) - order(b));
}

export function recipientRolesQueryOptions() {
  return queryOptions({ queryKey: notificationKeys.roles(), queryFn: ({ signal }) => getRecipientRoles(signal) });
}

export function useRecipientRoles() {
  return useQuery(recipientRolesQueryOptions());
}
