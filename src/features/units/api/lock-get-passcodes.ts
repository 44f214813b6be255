import { queryOptions, useQuery } from '@tanstack/react-query';
import { lockPasscodePageSchema } from './lock-schema';
import { invokeLocks, LockRefusal } from './lock-invoke';
import { lockKeys } from './lock-keys';

/** The custom passcodes on the unit's lock, live from TTLock. */
export function getLockPasscodes(unitId: string) {
  return invokeLocks(unitId, 'passcodes', { method: 'GET' }, lockPasscodePageSchema);
}

export function lockPasscodesQueryOptions(unitId: string) {
  return queryOptions({
    queryKey: lockKeys.passcodes(unitId),
    queryFn: () => getLockPasscodes(unitId),
    // A refusal (no account, no gateway…) will not change by asking again.
    retry: (count, error) => !(error instanceof LockRefusal) && count < 2,
  });
}

export function useLockPasscodes(unitId: string, enabled = true) {
  return useQuery({ ...lockPasscodesQueryOptions(unitId), enabled });
}
