import { useMutation, useQueryClient } from '@tanstack/react-query';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import type { InviteFormValues } from '../schemas';
import { userKeys } from './keys';

/**
 * Invites by e-mail (SPEC §2 Users). The database sets the inviter, token and expiry, checks the
 * role is one the caller may give and the plan has a seat, and e-mails the invitation after commit.
 */
export function inviteUser(values: InviteFormValues) {
  return run(
    supabase
      .from('invitations')
      .insert({ email: values.email, role_id: values.role_id, language: values.language })
      .select('id, email')
      .single(),
  );
}

export function useInviteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteUser,
    // The dialog shows the refusal next to the form (a plan limit with its way to upgrade).
    meta: { skipErrorToast: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: userKeys.lists() }),
  });
}
