import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { lockRecordPageSchema } from './lock-schema';
import { invokeLocks, LockRefusal } from './lock-invoke';
import { lockKeys } from './lock-keys';

/** One page (20) of the lock's records of the last 7 days (SPEC §9), newest first. */
export function getLockRecords(unitId: string, page: number) {
  return invokeLocks(unitId, `records?page=${page}`, { method: 'GET' }, lockRecordPageSchema);
}

export function lockRecordsQueryOptions(unitId: string, page: number) {
  return queryOptions({
    queryKey: lockKeys.records(unitId, page),
    queryFn: () => getLockRecords(unitId, page),
    placeholderData: keepPreviousData,
    retry: (count, error) => !(error instanceof LockRefusal) && count < 2,
  });
}

export function useLockRecords(unitId: string, page: number, enabled = true) {
  return useQuery({ ...lockRecordsQueryOptions(unitId, page), enabled });
}
