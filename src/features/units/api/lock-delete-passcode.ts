import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { invokeLocks } from './lock-invoke';
import { lockKeys } from './lock-keys';

/** Removes a passcode from the lock through its gateway. */
export function deleteLockPasscode(unitId: string, passcodeId: string) {
  return invokeLocks(
    unitId,
    `passcodes/${encodeURIComponent(passcodeId)}`,
    { method: 'DELETE' },
    z.object({ ok: z.literal(true) }),
  );
}

export function useDeleteLockPasscode(unitId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (passcodeId: string) => deleteLockPasscode(unitId, passcodeId),
    meta: { skipErrorToast: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: lockKeys.passcodes(unitId) }),
  });
}
