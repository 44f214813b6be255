import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { apiKeyKeys } from './api-key-keys';

/** What the list shows; never the hash (nor the key, which the database does not have). */
const API_KEY_COLUMNS = 'id, name, prefix, created_at, last_used_at, revoked_at, creator:profiles(full_name)';

// Parsed: the creator is an outer join (a removed profile leaves none), which the types cannot tell.
const apiKeyRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
  creator: z.object({ full_name: z.string().nullable() }).nullable(),
});

export type ApiKeyRow = z.infer<typeof apiKeyRowSchema>;

/**
 * The organisation's API keys, active ones first, newest first. RLS shows them to holders of
 * api_keys.manage only (anyone else reads an empty list).
 */
export async function getApiKeys(signal?: AbortSignal): Promise<ApiKeyRow[]> {
  const data = await run(
    supabase
      .from('api_keys')
      .select(API_KEY_COLUMNS)
      .order('revoked_at', { ascending: false, nullsFirst: true })
      .order('created_at', { ascending: false })
      .order('id'),
    { signal },
  );
  return z.array(apiKeyRowSchema).parse(data);
}

export function apiKeysQueryOptions() {
  return queryOptions({ queryKey: apiKeyKeys.list(), queryFn: ({ signal }) => getApiKeys(signal) });
}

export function useApiKeys(options: { enabled?: boolean } = {}) {
  return useQuery({ ...apiKeysQueryOptions(), enabled: options.enabled ?? true });
}
