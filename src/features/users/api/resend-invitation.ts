import { useMutation, useQueryClient } from '@tanstack/react-query';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { userKeys } from './keys';

/** Re-dates a pending invitation (7 days from now) and e-mails its link again (resend_invitation). */
export function resendInvitation(invitationId: string) {
  return run(supabase.rpc('resend_invitation', { invitation_id: invitationId }));
}

export function useResendInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendInvitation,
    meta: { errorTitle: 'users:toast.resend_failed' },
    onSettled: () => queryClient.invalidateQueries({ queryKey: userKeys.lists() }),
  });
}
