import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { PasscodeInput } from './lock-schema';
import { invokeLocks } from './lock-invoke';
import { lockKeys } from './lock-keys';

const createdSchema = z.object({ id: z.string() });

/** Creates a custom passcode on the lock through its gateway (datetime-local values → ISO). */
export function createLockPasscode(unitId: string, input: PasscodeInput) {
  const temporary = input.kind === 'temporary';
  return invokeLocks(
    unitId,
    'passcodes',
    {
      method: 'POST',
      body: {
        name: input.name.trim(),
        code: input.code.trim(),
        kind: input.kind,
        starts_at: temporary ? new Date(input.starts_at).toISOString() : null,
        ends_at: temporary ? new Date(input.ends_at).toISOString() : null,
      },
    },
    createdSchema,
  );
}

export function useCreateLockPasscode(unitId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PasscodeInput) => createLockPasscode(unitId, input),
    meta: { skipErrorToast: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: lockKeys.passcodes(unitId) }),
  });
}
