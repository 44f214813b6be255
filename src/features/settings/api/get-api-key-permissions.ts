import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { apiKeyKeys } from './api-key-keys';

/**
 * Whether the signed-in member may create, see and revoke API keys (`api_keys.manage`, from
 * my_permissions): only for what the screen offers — the database checks every call itself.
 */
export async function getApiKeyPermissions(signal?: AbortSignal) {
  const permissions = await run(supabase.rpc('my_permissions'), { signal, schema: z.array(z.string()) });
  return { canManage: permissions.includes('api_keys.manage') };
}

export function useApiKeyPermissions() {
  return useQuery(
    queryOptions({ queryKey: apiKeyKeys.permissions(), queryFn: ({ signal }) => getApiKeyPermissions(signal) }),
  );
}
