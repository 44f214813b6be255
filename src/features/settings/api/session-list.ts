import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { sessionKeys } from './session-keys';

// Parsed: the generator cannot tell that user_agent and ip may be null (a session started by a
// script, or by an auth service behind a proxy that passed no address).
const sessionRowSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  last_active_at: z.string().nullable(),
  user_agent: z.string().nullable(),
  ip: z.string().nullable(),
  aal: z.string().nullable(),
  is_current: z.boolean(),
});

export type SessionRow = z.infer<typeof sessionRowSchema>;

/**
 * The signed-in user's own sessions (my_sessions(): auth.sessions of auth.uid() only), the one of
 * this browser first (the access token's session_id).
 */
export async function getMySessions(signal?: AbortSignal): Promise<SessionRow[]> {
  return run(supabase.rpc('my_sessions'), { signal, schema: z.array(sessionRowSchema) });
}

export function mySessionsQueryOptions() {
  return queryOptions({ queryKey: sessionKeys.list(), queryFn: ({ signal }) => getMySessions(signal) });
}

export function useMySessions() {
  return useQuery(mySessionsQueryOptions());
}
