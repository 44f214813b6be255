import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lockAccountTestSchema } from '../lib/integration-schema';
import { integrationKeys } from './integration-keys';
import { invokeIntegration } from './integrations-invoke';

/** "Test connection": the locks function signs in to TTLock with the organisation's account. */
export function testLockIntegration() {
  return invokeIntegration('locks/account/test', lockAccountTestSchema);
}

export function useTestLockIntegration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: testLockIntegration,
    meta: { skipErrorToast: true },
    // The test records the status and its time either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: integrationKeys.list() }),
  });
}
