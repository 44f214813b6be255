import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '@/lib/auth';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { sessionKeys } from './session-keys';

/**
 * Ends one other session of the signed-in user (sign_out_session(): its refresh tokens go with
 * it, so that browser is signed out at its next refresh). Someone else's session, or one already
 * gone, is 404; this browser's own session is refused (signing out here is the auth service's).
 */
export async function signOutSession(sessionId: string): Promise<void> {
  await run(supabase.rpc('sign_out_session', { target: sessionId }));
}

export function useSignOutSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOutSession,
    retry: false,
    meta: {
      errorTitle: 'settings:security.sessions.errors.sign_out_one_failed',
      errorReasons: { PT404: 'settings:security.sessions.errors.already_gone' },
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionKeys.list() }),
  });
}

/** Every session but this one ends (auth service POST /logout?scope=others); this one stays. */
export function useSignOutOtherSessions() {
  const queryClient = useQueryClient();
  const { signOut } = useAuth();
  return useMutation({
    mutationFn: () => signOut('others'),
    retry: false,
    meta: { errorTitle: 'settings:security.sessions.errors.sign_out_others_failed' },
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionKeys.list() }),
  });
}
