import { queryOptions, useQuery } from '@tanstack/react-query';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { accountSettingsKeys } from './organization-keys';

/** The member's own profile row as Settings → Profile edits it. */
export function getProfile(userId: string, signal?: AbortSignal) {
  return run(
    supabase.from('profiles').select('full_name, phone, email, preferred_language').eq('user_id', userId).single(),
    { signal },
  );
}

export function profileQueryOptions(userId: string) {
  return queryOptions({
    queryKey: accountSettingsKeys.profile(userId),
    queryFn: ({ signal }) => getProfile(userId, signal),
  });
}

export function useProfile(userId: string) {
  return useQuery(profileQueryOptions(userId));
}
