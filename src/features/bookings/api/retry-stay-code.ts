import { useMutation, useQueryClient } from '@tanstack/react-query';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { bookingKeys } from './keys';

/** Tries the stay's failed door code again now (retry_stay_lock_code; the locks function acts after commit). */
export function retryStayCode(bookingId: string) {
  return run(supabase.rpc('retry_stay_lock_code', { booking_id: bookingId }));
}

export function useRetryStayCode(bookingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => retryStayCode(bookingId),
    meta: { errorTitle: 'locks:stay_codes.retry_failed' },
    // The function works after the commit: look again shortly.
    onSettled: () =>
      setTimeout(
        () => void queryClient.invalidateQueries({ queryKey: [...bookingKeys.detail(bookingId), 'stay-code'] }),
        1500,
      ),
  });
}
