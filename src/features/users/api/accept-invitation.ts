import { useMutation, useQueryClient } from '@tanstack/react-query';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { userKeys } from './keys';

/**
 * Joins the signed-in account to the inviting organisation (accept_invitation): only the account
 * whose verified e-mail is the invited address, while the invitation is pending and unexpired.
 */
export function acceptInvitation(token: string) {
  return run(supabase.rpc('accept_invitation', { token }));
}

export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptInvitation,
    // The page shows the refusal in place (another account, already a member, expired …).
    meta: { skipErrorToast: true },
    retry: false,
    onSettled: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
