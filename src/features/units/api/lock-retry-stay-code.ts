import { useMutation, useQueryClient } from '@tanstack/react-query';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { lockKeys } from './lock-keys';

/** Tries a failed stay code again now (retry_stay_lock_code; the locks function acts after commit). */
export function retryStayCode(bookingId: string) {
  return run(supabase.rpc('retry_stay_lock_code', { booking_id: bookingId }));
}

export function useRetryStayCode(unitId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryStayCode,
    meta: { errorTitle: 'locks:stay_codes.retry_failed' },
    // The function works after the commit: look again shortly.
    onSettled: () =>
      setTimeout(() => void queryClient.invalidateQueries({ queryKey: lockKeys.stayCodes(unitId) }), 1500),
  });
}
