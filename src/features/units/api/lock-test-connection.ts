import { useMutation } from '@tanstack/react-query';
import { lockConnectionSchema } from './lock-schema';
import { invokeLocks } from './lock-invoke';

/** Signs in to TTLock with the stored account and reads the lock (the "Test connection" button). */
export function testLockConnection(unitId: string) {
  return invokeLocks(unitId, 'test', { method: 'POST' }, lockConnectionSchema);
}

export function useTestLockConnection(unitId: string) {
  return useMutation({ mutationFn: () => testLockConnection(unitId), meta: { skipErrorToast: true } });
}
