import { useMutation, useQueryClient } from '@tanstack/react-query';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { userKeys } from './keys';

/** Cancels a pending invitation: its link stops working (the database allows only pending → revoked). */
export function cancelInvitation(invitationId: string) {
  return run(
    supabase.from('invitations').update({ status: 'revoked' }).eq('id', invitationId).select('id, status').single(),
  );
}

export function useCancelInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelInvitation,
    meta: { errorTitle: 'users:toast.cancel_failed' },
    onSettled: () => queryClient.invalidateQueries({ queryKey: userKeys.lists() }),
  });
}
