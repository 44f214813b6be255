import { z } from 'zod';
import { MESSAGES } from './validation';

/**
 * The rules a new password must meet, shown ticked off next to the field wherever one is set
 * (a recovery link, an invitation, Settings → Security). The auth server's own minimum is 6;
 * ours is stricter on purpose.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const passwordRules = [
  { id: 'length', test: (value: string) => value.length >= PASSWORD_MIN_LENGTH },
  { id: 'letter', test: (value: string) => /\p{L}/u.test(value) },
  { id: 'digit', test: (value: string) => /\d/.test(value) },
] as const;
export type PasswordRuleId = (typeof passwordRules)[number]['id'];

/** A new password and its confirmation, each field's rule (extend it for a longer form). */
export const newPasswordFields = z.object({
  password: z
    .string()
    .min(1, { error: MESSAGES.required })
    .refine((value) => value === '' || passwordRules.every((rule) => rule.test(value)), {
      error: MESSAGES.passwordRules,
    }),
  confirm: z.string().min(1, { error: MESSAGES.required }),
});

/** The confirmation repeats the new password; the refusal is shown under the confirmation. */
export function requireConfirmation<S extends z.ZodType<{ password: string; confirm: string }>>(schema: S): S {
  return schema.refine((values) => values.password === values.confirm, {
    path: ['confirm'],
    error: MESSAGES.passwordMismatch,
  });
}

export const newPasswordSchema = requireConfirmation(newPasswordFields);
export type NewPasswordValues = z.infer<typeof newPasswordSchema>;
