import { queryOptions, useQuery } from '@tanstack/react-query';
import { run } from '@/lib/fetch';
import { supabase } from '@/lib/supabase';
import { lockKeys } from './lock-keys';

/** The door codes of the unit's stays (a code per stay), with what the locks function did. */
export function getLockStayCodes(unitId: string, signal?: AbortSignal) {
  return run(
    supabase
      .from('booking_lock_codes')
      .select(
        'id, booking_id, code, starts_at, ends_at, wanted, state, last_error, next_attempt_at, booking:bookings(booking_reference)',
      )
      .eq('unit_id', unitId)
      .gte('ends_at', new Date(Date.now() - 86_400_000).toISOString())
      .order('starts_at')
      .limit(50),
    { signal },
  );
}

export function lockStayCodesQueryOptions(unitId: string) {
  return queryOptions({
    queryKey: lockKeys.stayCodes(unitId),
    queryFn: ({ signal }) => getLockStayCodes(unitId, signal),
  });
}

export function useLockStayCodes(unitId: string) {
  return useQuery(lockStayCodesQueryOptions(unitId));
}
