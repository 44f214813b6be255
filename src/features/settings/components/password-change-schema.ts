import { z } from 'zod';
import { newPasswordFields, requireConfirmation } from '@/domain/password';
import { MESSAGES } from '@/domain/validation';

/**
 * SPEC §5: the password change requires current, new and confirm password. The new password
 * and its confirmation follow the shared rules (src/domain/password.ts), as a recovery link does.
 */
export const passwordChangeSchema = requireConfirmation(
  newPasswordFields.extend({ current: z.string().min(1, { error: MESSAGES.required }) }),
).refine((values) => values.password === '' || values.password !== values.current, {
  path: ['password'],
  error: MESSAGES.passwordSame,
});
export type PasswordChangeValues = z.infer<typeof passwordChangeSchema>;
